// The restaurant page's Pesach section in season (issue 29): open or closed, kitniyot, the Pesach
// certificate and the Chol HaMoed hours with their dates.
import type { PesachPlan } from "../../../../../database/lifecycle";
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { PesachSeason } from "../pesach";
import { bodyMessage } from "../../certificate/wording-page";

export interface PesachPageData extends PesachSeason {
  cholHamoed: { from: string; to: string };
  plan: PesachPlan;
}

export function PesachSection({ pesach }: { pesach: PesachPageData }) {
  const { language, t } = useLanguage();
  const { plan } = pesach;
  const day = (iso: string) => formatLongDate(iso, language);
  return (
    <section aria-labelledby="pesach-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="pesach-section">
      <h2 id="pesach-title" className="text-xl font-bold">
        {t("pesach.title", { year: pesach.year })}
      </h2>
      <p className="text-sm text-stone-700">
        {day(pesach.firstDay)} – {day(pesach.lastDay)}
      </p>
      <p className="mt-2 font-semibold" data-testid="pesach-status">
        {t(`pesach.status.${plan.status}`)}
      </p>
      {plan.status !== "closed" && plan.kitniyot !== undefined ? <p>{plan.kitniyot ? t("pesach.kitniyot") : t("pesach.noKitniyot")}</p> : null}
      {plan.status === "kosher" && plan.certificate ? (
        <p>
          {t(bodyMessage(plan.certificate.body))}
          {plan.certificate.level === "mehadrin" ? ` · ${t("pesach.mehadrin")}` : ""}
          {plan.certificate.validUntil ? ` · ${t("pesach.validUntil", { date: day(plan.certificate.validUntil) })}` : ""}
        </p>
      ) : null}
      {plan.status !== "closed" && plan.cholHamoed?.length ? (
        <p>
          {t("pesach.cholHamoed", { from: day(pesach.cholHamoed.from), to: day(pesach.cholHamoed.to) })}:{" "}
          {plan.cholHamoed.map((range) => (
            <span key={range.from} dir="ltr" className="me-2 inline-block">
              {range.from}–{range.to}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
