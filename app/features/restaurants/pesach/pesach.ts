// Pesach on the directory (issue 29), pure and browser-safe: the season a page is given by the
// server (season.server.ts decides it with @hebcal/core), what a card and a page show of a
// restaurant's plan, the plans' shape checks, and their compact form in the search index.
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  PESACH_STATUSES,
  type CertificateFacts,
  type PesachPlan,
  type PesachPlans,
  type PesachStatus,
} from "../../../../database/lifecycle";
import { addDays, isCalendarDay, isIsoDay } from "../../../lib/dates";

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
export function planFor(plans: PesachPlans | undefined, season: PesachSeason | null | undefined): PesachPlan | undefined {
  return season ? plans?.[season.year] : undefined;
}

/** What a card carries: only the season's year, only its status (out of season: nothing). */
export function forCardPesach(plans: PesachPlans | undefined, season: PesachSeason | null): PesachPlans | undefined {
  const plan = planFor(plans, season);
  return plan && season ? { [season.year]: { status: plan.status } } : undefined;
}

/** Kosher for the season's Pesach: what the filter keeps. */
export function kosherForPesach(plans: PesachPlans | undefined, year: string): boolean {
  return plans?.[year]?.status === "kosher";
}

const CODE: Record<PesachStatus, string> = { kosher: "k", closed: "c", not_kosher: "n" };
const STATUS_OF: Record<string, PesachStatus> = { k: "kosher", c: "closed", n: "not_kosher" };

/** The index's form of a restaurant's plans: each year and its status, "2027k,2028c" ("" without). */
export function encodeIndexPesach(plans: PesachPlans | undefined): string {
  return Object.entries(plans ?? {})
    .map(([year, plan]) => `${year}${CODE[plan.status]}`)
    .join(",");
}

export function decodeIndexPesach(value: unknown): PesachPlans | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const plans: PesachPlans = {};
  for (const part of value.split(",")) {
    const match = /^(\d{4})([kcn])$/.exec(part);
    const status = match ? STATUS_OF[match[2] as string] : undefined;
    if (match && status) plans[match[1] as string] = { status };
  }
  return Object.keys(plans).length > 0 ? plans : undefined;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const YEAR = /^20\d\d$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function certificateOf(value: unknown): CertificateFacts | undefined | null {
  if (value === undefined) return undefined;
  if (!isObject(value) || !(CERTIFICATE_BODIES as readonly unknown[]).includes(value.body)) return null;
  if (value.level !== undefined && !(CERTIFICATE_LEVELS as readonly unknown[]).includes(value.level)) return null;
  if (value.number !== undefined && (typeof value.number !== "string" || value.number.length > 40)) return null;
  if (value.validUntil !== undefined && !(isIsoDay(value.validUntil) && isCalendarDay(value.validUntil))) return null;
  return value as unknown as CertificateFacts;
}

/** One plan checked whole (a stored value, an imported cell): null when anything in it is wrong. */
export function pesachPlanOf(value: unknown): PesachPlan | null {
  if (!isObject(value) || !(PESACH_STATUSES as readonly unknown[]).includes(value.status)) return null;
  const status = value.status as PesachStatus;
  if (value.kitniyot !== undefined && typeof value.kitniyot !== "boolean") return null;
  const certificate = certificateOf(value.certificate);
  if (certificate === null || (certificate && status !== "kosher")) return null;
  const hours = value.cholHamoed;
  if (hours !== undefined) {
    if (!Array.isArray(hours) || hours.length > 3) return null;
    if (!hours.every((range) => isObject(range) && TIME.test(String(range.from)) && TIME.test(String(range.to)))) return null;
  }
  return {
    status,
    ...(typeof value.kitniyot === "boolean" && status !== "closed" ? { kitniyot: value.kitniyot } : {}),
    ...(certificate ? { certificate } : {}),
    ...(Array.isArray(hours) && hours.length > 0 && status !== "closed"
      ? { cholHamoed: (hours as { from: string; to: string }[]).map(({ from, to }) => ({ from, to })) }
      : {}),
  };
}

/** Plans per year checked whole; null when any is wrong (an import's cell is then refused). */
export function pesachPlansOf(value: unknown): PesachPlans | null {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) return null;
  const plans: PesachPlans = {};
  for (const [year, plan] of Object.entries(value)) {
    const checked = YEAR.test(year) ? pesachPlanOf(plan) : null;
    if (!checked) return null;
    plans[year] = checked;
  }
  return plans;
}

/** What the restaurant page shows in season: the season's days and the restaurant's plan; null without one. */
export function pesachPageData(
  plans: PesachPlans | undefined,
  season: PesachSeason | null,
): (PesachSeason & { cholHamoed: { from: string; to: string }; plan: PesachPlan }) | null {
  const plan = planFor(plans, season);
  return plan && season ? { ...season, cholHamoed: cholHamoedOf(season), plan } : null;
}
