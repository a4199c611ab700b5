// A card's Pesach mark in season (issue 29): "Kosher for Pesach" or "Closed for Pesach"; nothing
// for a place open but not kosher for Pesach, or without a plan.
import type { PesachStatus } from "../../../../../database/lifecycle";
import { useLanguage } from "../../../../lib/i18n/use-language";

export function PesachMark({ status }: { status: PesachStatus | undefined }) {
  const { t } = useLanguage();
  if (status === "kosher")
    return (
      <span className="rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-900" data-testid="pesach-mark" data-status="kosher">
        {t("pesach.kosher")}
      </span>
    );
  if (status === "closed")
    return (
      <span className="rounded bg-stone-200 px-2 py-0.5 font-medium text-stone-800" data-testid="pesach-mark" data-status="closed">
        {t("pesach.closed")}
      </span>
    );
  return null;
}
