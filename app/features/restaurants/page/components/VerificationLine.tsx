import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { type Freshness, WARNING_PATH } from "../../core";

/**
 * When the information was last verified, by the kashrut badge: the date when fresh,
 * "Not verified yet" without one, and in words with a warning sign when it is overdue.
 */
export function VerificationLine({
  lastVerified,
  freshness,
}: {
  lastVerified: string | undefined;
  freshness: Freshness;
}) {
  const { language, t } = useLanguage();
  const date = lastVerified ? formatLongDate(lastVerified, language) : "";
  if (freshness === "overdue") {
    return (
      <p
        data-testid="verification"
        data-freshness={freshness}
        className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 h-4 w-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
        >
          <path d={WARNING_PATH} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("freshness.overdue", { date })}
      </p>
    );
  }
  return (
    <p data-testid="verification" data-freshness={freshness} className="mt-3 text-sm text-stone-700">
      {freshness === "fresh" ? t("restaurant.lastVerified", { date }) : t("freshness.never")}
    </p>
  );
}
