// Said above a form whose unsaved changes were restored from the browser's draft: the person keeps
// them (the notice goes) or discards them (the form shows the saved values again and the draft is
// removed). Texts are the page's words.

const BUTTON =
  "min-h-11 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50";

export function DraftNotice({
  message,
  keepLabel,
  discardLabel,
  onKeep,
  onDiscard,
}: {
  message: string;
  keepLabel: string;
  discardLabel: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="draft-notice"
    >
      <p className="me-auto font-medium">{message}</p>
      <button type="button" onClick={onKeep} className={BUTTON}>
        {keepLabel}
      </button>
      <button type="button" onClick={onDiscard} className={BUTTON}>
        {discardLabel}
      </button>
    </div>
  );
}
