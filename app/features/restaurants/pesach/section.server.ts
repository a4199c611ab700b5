// The restaurant page's Pesach section in season (ADR 023), written on the server in the page's
// language: the page then carries its words, not the code and the catalogue that make them (a
// section of a few lines that never changes in the browser; the first visit's budget, ADR 020).
import type { PesachPlans } from "../../../../database/lifecycle";
import { formatLongDate } from "../../../lib/dates";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { bodySentence } from "../certificate/index.server";
import { pesachPageData, type PesachSeason } from "./pesach";

/** What the section says: its title and days, the status, further lines, and Chol HaMoed's hours. */
export interface PesachText {
  title: string;
  days: string;
  status: string;
  lines: string[];
  cholHamoed: { label: string; ranges: string[] } | null;
}

export function pesachSectionOf(
  plans: PesachPlans | undefined,
  season: PesachSeason | null,
  language: Language,
): PesachText | null {
  const data = pesachPageData(plans, season);
  if (!data) return null;
  const t = translator(language);
  const day = (iso: string) => formatLongDate(iso, language);
  const { plan } = data;
  const lines: string[] = [];
  if (plan.status !== "closed" && plan.kitniyot !== undefined)
    lines.push(t(plan.kitniyot ? "pesach.kitniyot" : "pesach.noKitniyot"));
  if (plan.status === "kosher" && plan.certificate) {
    const { body, level, validUntil } = plan.certificate;
    lines.push(
      [
        t(bodySentence(body)),
        ...(level === "mehadrin" ? [t("pesach.mehadrin")] : []),
        ...(validUntil ? [t("pesach.validUntil", { date: day(validUntil) })] : []),
      ].join(" · "),
    );
  }
  return {
    title: t("pesach.title", { year: data.year }),
    days: `${day(data.firstDay)} – ${day(data.lastDay)}`,
    status: t(`pesach.status.${plan.status}`),
    lines,
    cholHamoed:
      plan.status !== "closed" && plan.cholHamoed?.length
        ? {
            label: t("pesach.cholHamoed", { from: day(data.cholHamoed.from), to: day(data.cholHamoed.to) }),
            ranges: plan.cholHamoed.map((range) => `${range.from}–${range.to}`),
          }
        : null,
  };
}
