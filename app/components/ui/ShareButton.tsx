import { useLanguage } from "../../lib/i18n/use-language";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * Share the page (issue 30): the browser's own share sheet where it has one ("Share"), else "Copy
 * link" with a confirmation announced politely in the status region beside the button. The link is
 * the page's canonical URL, in the page's language. Nothing is drawn before the page is hydrated, so
 * there is no dead button without JavaScript. What a click does, the confirmation included, loads
 * with the click (`share.ts`): this part is on every first visit (the shared chunk), so it stays small.
 */
export function ShareButton() {
  const { t } = useLanguage();
  return useHydrated() ? (
    <p className="mt-4">
      <button
        type="button"
        className="me-3 min-h-11 font-medium text-brand-800 underline"
        onClick={({ currentTarget }) => void import("./share").then((module) => module.share(currentTarget, t))}
      >
        {t("share" in navigator ? "share.button" : "share.copy")}
      </button>
      <span role="status" />
    </p>
  ) : null;
}
