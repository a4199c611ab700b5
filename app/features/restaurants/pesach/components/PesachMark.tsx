// A card's Pesach mark in season (ADR 023): "Kosher for Pesach" or "Closed for Pesach"; nothing
// for a place open but not kosher for Pesach, or without a plan.
import type { PesachStatus } from "../../../../../database/lifecycle";
import { useLanguage } from "../../../../lib/i18n/use-language";

export function PesachMark({ status }: { status: PesachStatus | undefined }) {
  const { t } = useLanguage();
  const kosher = status === "kosher";
  return kosher || status === "closed" ? (
    <span
      className={`rounded px-2 py-0.5 font-medium ${kosher ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-800"}`}
      data-testid="pesach-mark"
    >
      {t(kosher ? "pesach.kosher" : "pesach.closed")}
    </span>
  ) : null;
}
