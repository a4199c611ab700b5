import { cn } from "../../../../lib/cn";
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { KASHRUT_LABELS, tagLabel, type Kashrut } from "../constants";
import type { Freshness } from "../freshness";

/**
 * The kashrut label. `doubtful` (unknown kashrut, or an expired supervision): grey, not the brand's
 * green, which would read as a reassurance.
 */
export function KashrutBadge({
  kashrut,
  large = false,
  doubtful = false,
}: {
  kashrut: Kashrut;
  large?: boolean;
  doubtful?: boolean;
}) {
  const { language, t } = useLanguage();
  const label = KASHRUT_LABELS[kashrut][language];
  return (
    <span
      data-doubtful={doubtful || undefined}
      className={cn(
        large
          ? "inline-flex items-center rounded-md px-2.5 py-1 text-sm font-semibold"
          : "rounded px-2 py-0.5 font-medium",
        doubtful ? "bg-stone-100 text-stone-800" : "bg-brand-100 text-brand-800",
      )}
    >
      {large ? t("restaurant.kashrut", { kashrut: label }) : label}
    </span>
  );
}

export function ClosedBadge({ large = false }: { large?: boolean }) {
  const { t } = useLanguage();
  return (
    <span
      className={
        large
          ? "inline-flex items-center rounded-md bg-red-700 px-2.5 py-1 text-sm font-semibold text-white"
          : "rounded bg-red-700 px-2 py-0.5 font-medium text-white"
      }
    >
      {t("restaurant.permanentlyClosed")}
    </span>
  );
}

/**
 * Card tags: the first `max`, and how many more there are (the home page's cards and the
 * dashboard's list; here, not in search/filters.ts, so that other pages do not carry the filters).
 */
export function visibleTags(tags: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** Tags in the page language, with a "+N" counter for the ones not shown. */
export function TagList({ tags, more }: { tags: string[]; more: number }) {
  const { language, t } = useLanguage();
  return (
    <>
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-stone-100 px-2 py-0.5 text-stone-700">
          {tagLabel(tag, language)}
        </span>
      ))}
      {more > 0 ? (
        <span className="text-stone-600" dir="ltr">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">{t("card.moreTags", { count: more })}</span>
        </span>
      ) : null}
    </>
  );
}

/** A warning triangle with an exclamation mark (24 × 24 viewBox, stroked). */
export const WARNING_PATH =
  "M12 8v5M12 16.5v.5M10.3 3.9L2.5 18a2 2 0 0 0 1.7 3h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z";

/**
 * A card's line for when its details were last checked: "Checked 2 November 2026" in plain grey
 * (no check mark, no green: it says nothing about kashrut, and sits beside an unknown or expired
 * one too), or a warning when the check is overdue; nothing for a listing never checked (the
 * restaurant page says so). In words, not only by colour, and in the badge row, so nothing moves.
 */
export function FreshnessMark({ freshness, lastVerified }: { freshness: Freshness; lastVerified: string | undefined }) {
  const { language, t } = useLanguage();
  if (freshness === "never" || !lastVerified) return null;
  if (freshness === "fresh") {
    return (
      <span
        data-testid="freshness-mark"
        data-freshness={freshness}
        className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-700"
      >
        {t("freshness.cardFresh", { date: formatLongDate(lastVerified, language) })}
      </span>
    );
  }
  return (
    <span
      data-testid="freshness-mark"
      data-freshness={freshness}
      className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-900"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-3.5 w-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d={WARNING_PATH} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span aria-hidden="true">{t("freshness.cardOverdue")}</span>
      <span className="sr-only">{t("freshness.cardOverdueLong")}</span>
    </span>
  );
}
