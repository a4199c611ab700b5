// A file input that speaks the page's language. The browser's own control says
// "Choose File / No file chosen" in the browser's language, whatever the page's. The native input
// stays, visually hidden but in the tab order, so the keyboard and screen readers use it as
// always (its name is the field's label); what the eye sees is a button in the page's language
// and the chosen file's name, and the button shows the input's focus ring.
import { useRef, type ChangeEvent, type InputHTMLAttributes } from "react";
import { useLanguage } from "../../../../lib/i18n/use-language";

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "accept" | "multiple" | "disabled" | "aria-invalid" | "aria-describedby"
>;

export function FilePicker({
  chosen,
  onChange,
  ...input
}: InputProps & { id: string; chosen: string | null; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useLanguage();
  const native = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-1 flex min-w-0 items-center gap-3">
      <input ref={native} type="file" {...input} onChange={onChange} className="peer sr-only" />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={input.disabled}
        onClick={() => native.current?.click()}
        className="min-h-10 shrink-0 rounded-md bg-brand-100 px-3 text-sm font-medium text-brand-900 hover:bg-brand-200 disabled:opacity-60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
      >
        {input.multiple ? t("upload.chooseFiles") : t("upload.chooseFile")}
      </button>
      <span
        className="min-w-0 text-sm break-all text-stone-700"
        dir="auto"
        data-testid="file-picker-chosen"
        aria-hidden="true"
      >
        {chosen ?? t("upload.noFileChosen")}
      </span>
    </div>
  );
}
