import { useLanguage } from "../../../lib/i18n/use-language";
import { KASHRUT_LABELS, tagLabel, type Kashrut } from "../constants";

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
