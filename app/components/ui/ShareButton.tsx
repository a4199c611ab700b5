import { useLanguage } from "../../lib/i18n/use-language";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * Share the page: the browser's own share sheet where it has one ("Share"), else "Copy
 * link" with a confirmation announced politely in the status region beside the button. The link is
 * the page's canonical URL, in the page's language. The button is not drawn before the page is
 * hydrated, so there is no dead button without JavaScript; its line keeps its height, so nothing
 * moves when it appears. What a click does, the confirmation included, loads with the click
 * (`share.ts`): this part is on the first visit of the pages that show it, so it stays small.
 */
export function ShareButton() {
  const { t } = useLanguage();
  const hydrated = useHydrated();
  // The line keeps its height before the button is drawn, so nothing below it moves when it is.
  return (
    <p className="mt-4 min-h-11">
      {hydrated ? (
        <button
          type="button"
          className="me-3 min-h-11 font-medium text-brand-800 underline"
          onClick={({ currentTarget }) => void import("./share").then((module) => module.share(currentTarget, t))}
        >
          {t("share" in navigator ? "share.button" : "share.copy")}
        </button>
      ) : null}
      <span role="status" />
    </p>
  );
}
