// A stored or imported value checked whole as Pesach plans (ADR 023): the import refuses a row
// whose plans break a rule, and the fuzz suite holds what is stored to them. Apart from pesach.ts
// so the home page does not carry the certificate bodies.
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  CERTIFICATE_NUMBER_MAX,
  PESACH_STATUSES,
  type CertificateFacts,
  type PesachPlan,
  type PesachPlans,
  type PesachStatus,
} from "../../../../database/lifecycle";
import { isCalendarDay, isIsoDay } from "../../../lib/dates";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const YEAR = /^20\d\d$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function certificateOf(value: unknown): CertificateFacts | undefined | null {
  if (value === undefined) return undefined;
  if (!isObject(value) || !(CERTIFICATE_BODIES as readonly unknown[]).includes(value.body)) return null;
  if (value.level !== undefined && !(CERTIFICATE_LEVELS as readonly unknown[]).includes(value.level)) return null;
  if (value.number !== undefined && (typeof value.number !== "string" || value.number.length > CERTIFICATE_NUMBER_MAX)) return null;
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
