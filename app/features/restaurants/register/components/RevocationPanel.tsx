// The editor page's panel for a listing on the Rabbinate's list of revoked certificates (admins only,
// ADR 033): says so, and clears it. A plain form: it works without JavaScript too. Cleared, the page
// comes back with a toast and without this panel; a refusal is said here.
import { useId } from "react";
import { useFetcher } from "react-router";
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";

/** The action's answer when it does not go back to the page: a refusal. */
export interface RevocationAnswer {
  ok: false;
  error: MessageKey;
}

/** Nothing for a listing that is not revoked. */
export function RevocationPanel({ revokedOn }: { revokedOn: string | undefined }) {
  const { language, t } = useLanguage();
  const fetcher = useFetcher<RevocationAnswer>();
  const id = useId();
  const answer = fetcher.data;
  if (!revokedOn) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-amber-300 bg-amber-50 p-5"
      data-testid="revocation-panel"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("registerAdmin.revokedTitle")}
      </h2>
      <p className="mt-1 text-stone-800">
        {t("registerAdmin.revokedText", { date: formatLongDate(revokedOn, language) })}
      </p>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="clearRevocation" />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="min-h-11 rounded-lg border border-stone-400 bg-white px-4 font-medium hover:bg-stone-50 disabled:opacity-60"
        >
          {t("registerAdmin.clear")}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-2 text-sm text-stone-800">
        {answer ? t(answer.error) : null}
      </p>
    </section>
  );
}
