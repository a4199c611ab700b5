import { useLanguage } from "../../../lib/i18n/use-language";
import { KASHRUT_LABELS, tagLabel, type Kashrut } from "../constants";
import type { Freshness } from "../freshness";

export function KashrutBadge({ kashrut, large = false }: { kashrut: Kashrut; large?: boolean }) {
  const { language, t } = useLanguage();
  const label = KASHRUT_LABELS[kashrut][language];
  return (
    <span
      className={
        large
          ? "inline-flex items-center rounded-md bg-brand-100 px-2.5 py-1 text-sm font-semibold text-brand-800"
          : "rounded bg-brand-100 px-2 py-0.5 font-medium text-brand-800"
      }
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
export const WARNING_PATH = "M12 8v5M12 16.5v.5M10.3 3.9L2.5 18a2 2 0 0 0 1.7 3h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z";

/**
 * A card's mark for how fresh its verification is (issue 14): a check for "verified recently", a
 * warning for "overdue", nothing for a listing never verified (the restaurant page says so). Both
 * say it in words (visible short text, the full sentence for screen readers), not only by colour,
 * and sit in the badge row, so they move nothing around.
 */
export function FreshnessMark({ freshness }: { freshness: Freshness }) {
  const { t } = useLanguage();
  if (freshness === "never") return null;
  const fresh = freshness === "fresh";
  return (
    <span
      data-testid="freshness-mark"
      data-freshness={freshness}
      className={
        fresh
          ? "inline-flex items-center gap-1 rounded bg-emerald-50 px-1.5 py-0.5 font-medium text-emerald-800"
          : "inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-900"
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
        {fresh ? (
          <path d="M5 12l5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d={WARNING_PATH} strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <span aria-hidden="true">{fresh ? t("freshness.cardFresh") : t("freshness.cardOverdue")}</span>
      <span className="sr-only">{fresh ? t("freshness.cardFreshLong") : t("freshness.cardOverdueLong")}</span>
    </span>
  );
}
