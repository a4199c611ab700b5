// Admin-only panels on the edit page: who owns the restaurant, when it was verified, what changed.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useEffectEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";

/** A panel action's answer: what was done, or the failure (the error model's `error` key). */
export type PanelResponse = { ok: true; message: MessageKey } | { ok: false; error: MessageKey };

/** Shows the toast a panel action answered with, once per answer. */
function useAnswerToast(fetcher: { state: string; data?: PanelResponse | undefined }, onOk?: () => void) {
  const { t } = useLanguage();
  const announce = useEffectEvent((data: PanelResponse) => {
    if (data.ok) {
      toast.success(t(data.message));
      onOk?.();
    } else toast.error(t("editor.errorTitle"), { description: t(data.error) });
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) announce(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

export interface OwnerView {
  id: string;
  userEmail: string;
}

export function OwnershipPanel({
  restaurantName,
  owners,
  available,
}: {
  restaurantName: string;
  owners: OwnerView[];
  available: { id: string; email: string }[];
}) {
  const { dir, t } = useLanguage();
  const adder = useFetcher<PanelResponse>();
  const remover = useFetcher<PanelResponse>();
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState("");
  const selectId = useId();
  useAnswerToast(adder, () => {
    setOpen(false);
    setUserId("");
  });
  useAnswerToast(remover);

  return (
    <section aria-labelledby="owners-title" className="rounded-xl border border-stone-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="owners-title" className="text-lg font-semibold">
            {t("owners.title")}
          </h2>
          <p className="text-sm text-stone-700">{t("owners.subtitle", { name: restaurantName })}</p>
        </div>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
            {t("owners.add")}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
            <Dialog.Content
              dir={dir}
              className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2"
            >
              <Dialog.Title className="text-lg font-semibold">{t("owners.dialogTitle")}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-700">{t("owners.dialogBody")}</Dialog.Description>
              {available.length === 0 ? (
                <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t("owners.noAvailable")}</p>
              ) : (
                <div className="mt-4">
                  <label htmlFor={selectId} className="block text-sm font-medium">
                    {t("owners.user")}
                  </label>
                  <select
                    id={selectId}
                    value={userId}
                    onChange={(event) => setUserId(event.target.value)}
                    className="mt-1 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2"
                    dir="ltr"
                  >
                    <option value="">{t("owners.chooseUser")}</option>
                    {available.map((user) => (
                      <option key={user.id} value={user.id}>
                        {user.email}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="mt-6 flex justify-end gap-2">
                <Dialog.Close className="min-h-11 rounded-lg border border-stone-300 px-4 font-medium hover:bg-stone-50">
                  {t("manage.cancel")}
                </Dialog.Close>
                <button
                  type="button"
                  disabled={userId === "" || adder.state !== "idle"}
                  onClick={() => {
                    if (userId === "") {
                      toast.error(t("owners.selectUser"));
                      return;
                    }
                    void adder.submit({ intent: "addOwner", userId }, { method: "post" });
                  }}
                  className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {t("owners.add")}
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      {owners.length === 0 ? (
        <p className="mt-4 text-sm text-stone-700">{t("owners.none")}</p>
      ) : (
        <table className="mt-4 w-full text-sm">
          <thead className="text-stone-700">
            <tr>
              <th scope="col" className="py-2 text-start font-semibold">
                {t("owners.email")}
              </th>
              <th scope="col" className="py-2 text-start font-semibold">
                {t("owners.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {owners.map((owner) => (
              <tr key={owner.id} className="border-t border-stone-100" data-testid="owner-row">
                <td className="py-2" dir="ltr">
                  {owner.userEmail === "Unknown" ? t("owners.unknownEmail") : owner.userEmail}
                </td>
                <td className="py-2">
                  <button
                    type="button"
                    disabled={remover.state !== "idle"}
                    aria-label={t("owners.removeNamed", { email: owner.userEmail })}
                    onClick={() => void remover.submit({ intent: "removeOwner", linkId: owner.id }, { method: "post" })}
                    className="min-h-9 rounded-md border border-red-300 px-3 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
                  >
                    {t("owners.remove")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function VerificationPicker({ lastVerified }: { lastVerified: string | undefined }) {
  const { language, t } = useLanguage();
  const fetcher = useFetcher<PanelResponse>();
  const id = useId();
  const saving = fetcher.state !== "idle";
  useAnswerToast(fetcher);
  const save = (date: string) => void fetcher.submit({ intent: "verify", date }, { method: "post" });
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("verification.section")}
      </h2>
      <p className="mt-1 text-stone-800" data-testid="verification-text">
        {lastVerified
          ? t("verification.lastVerified", { date: formatLongDate(lastVerified, language) })
          : t("verification.notYet")}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            {t("verification.choose")}
          </label>
          <input
            id={id}
            type="date"
            value={lastVerified ?? ""}
            disabled={saving}
            onChange={(event) => {
              if (event.target.value) save(event.target.value);
            }}
            className="mt-1 min-h-11 rounded-lg border border-stone-300 px-3"
          />
        </div>
        <button
          type="button"
          disabled={saving || !lastVerified}
          onClick={() => save("")}
          className="min-h-11 rounded-lg border border-stone-300 px-4 font-medium hover:bg-stone-50 disabled:opacity-60"
        >
          {t("verification.clear")}
        </button>
      </div>
    </section>
  );
}

export interface HistoryEntry {
  id: string;
  action: string;
  actorEmail: string;
  createdAt: string;
  changes: Record<string, { old: unknown; new: unknown }>;
}

const show = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "—"
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  const { language, t } = useLanguage();
  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="history-title" className="text-lg font-semibold">
        {t("history.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t("history.empty")}</p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="history">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-stone-100 p-3 text-sm">
              <p>
                <strong>{t(`history.${entry.action}` as MessageKey)}</strong> ·{" "}
                <span dir="ltr">{entry.actorEmail}</span>, {formatLongDate(entry.createdAt, language)}
              </p>
              {Object.keys(entry.changes).length > 0 ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-brand-800">{Object.keys(entry.changes).join(", ")}</summary>
                  <table className="mt-2 w-full text-xs">
                    <thead>
                      <tr>
                        <th scope="col" className="text-start">
                          {t("history.field")}
                        </th>
                        <th scope="col" className="text-start">
                          {t("history.old")}
                        </th>
                        <th scope="col" className="text-start">
                          {t("history.new")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(entry.changes).map(([field, change]) => (
                        <tr key={field} className="border-t border-stone-100 align-top">
                          <td className="py-1 pe-2 font-mono">{field}</td>
                          <td className="py-1 pe-2 break-all" dir="auto">
                            {show(change.old)}
                          </td>
                          <td className="py-1 break-all" dir="auto">
                            {show(change.new)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
