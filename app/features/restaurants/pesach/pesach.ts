// Pesach on the directory (ADR 023), pure and browser-safe: the season a page is given by the
// server (season.server.ts decides it with @hebcal/core), what a card and a page show of a
// restaurant's plan (its form in the search index is in search-index.ts). (The plans' checks are in plans.ts:
// the home page does not carry them.)
import type { PesachPlan, PesachPlans } from "../../../../database/lifecycle";
import { addDays } from "../../../lib/dates";

/** The season starts this many days before Pesach's first day, and ends with its last day. */
export const SEASON_LEAD_DAYS = 30;

/** A Pesach as pages get it: its year (the key of a restaurant's plans) and its first and last days in Tel Aviv. */
export interface PesachSeason {
  year: string;
  firstDay: string;
  lastDay: string;
}

/** Chol HaMoed in Israel: the days between the first and the last (16–20 Nisan). */
export function cholHamoedOf({ firstDay, lastDay }: PesachSeason): { from: string; to: string } {
  return { from: addDays(firstDay, 1), to: addDays(lastDay, -1) };
}

/** The home page's filter: `?pesach=kosher`, heard only in season. */
export const PESACH_PARAM = "pesach";
export const PESACH_KOSHER = "kosher";

/** A restaurant's plan for the season's Pesach, if it has one. */
export function planFor(
  plans: PesachPlans | undefined,
  season: PesachSeason | null | undefined,
): PesachPlan | undefined {
  return season ? plans?.[season.year] : undefined;
}

/** What a card carries: only the season's year, its status and Chol HaMoed's hours (out of season: nothing). */
export function forCardPesach(plans: PesachPlans | undefined, season: PesachSeason | null): PesachPlans | undefined {
  const plan = planFor(plans, season);
  return plan && season
    ? { [season.year]: { status: plan.status, ...(plan.cholHamoed ? { cholHamoed: plan.cholHamoed } : {}) } }
    : undefined;
}

/** Kosher for the season's Pesach: what the filter keeps. */
export function kosherForPesach(plans: PesachPlans | undefined, year: string): boolean {
  return plans?.[year]?.status === "kosher";
}

/** What the restaurant page shows in season: the season's days and the restaurant's plan; null without one. */
export function pesachPageData(
  plans: PesachPlans | undefined,
  season: PesachSeason | null,
): (PesachSeason & { cholHamoed: { from: string; to: string }; plan: PesachPlan }) | null {
  const plan = planFor(plans, season);
  return plan && season ? { ...season, cholHamoed: cholHamoedOf(season), plan } : null;
}
