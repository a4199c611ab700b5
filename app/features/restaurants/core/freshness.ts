// How fresh a listing's verification is: never verified, verified within the allowed
// age (VERIFICATION_MAX_AGE_DAYS, default 180), or overdue. Pure and browser-safe. Days are
// calendar days in Tel Aviv, whatever the server's or the visitor's time zone; the page's loader
// says which day it is (`today`), so the server's HTML and the hydrated page agree, and a cached
// page is at most the page cache's lifetime behind (ADR 014).

import { isIsoDay, telAvivDay } from "../../../lib/dates";

export type Freshness = "never" | "fresh" | "overdue";

/** The day a freshness is judged on, and the allowed age: sent with the pages that show it. */
export interface FreshnessClock {
  today: string;
  maxAgeDays: number;
  /** The certificates' grace period after their last day (CERTIFICATE_GRACE_DAYS; certificate-status.ts). */
  graceDays?: number;
  /** The city-wide batch date of the Rabbinate's certificates, when there is one (certificate-status.ts). */
  batchDay?: string;
}

/** The clock a page is judged on: today in Tel Aviv, and the configured allowed age. */
export function freshnessClock(maxAgeDays: number, now = new Date(), graceDays?: number): FreshnessClock {
  return { today: telAvivDay(now), maxAgeDays, ...(graceDays === undefined ? {} : { graceDays }) };
}

const DAY_MS = 86_400_000;

function dayNumber(day: string | undefined): number | undefined {
  return isIsoDay(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : undefined;
}

/** Fresh when verified at most `maxAgeDays` days before `today`; a date in the future counts as today. */
export function freshnessOf(lastVerified: string | undefined, { today, maxAgeDays }: FreshnessClock): Freshness {
  const verified = dayNumber(lastVerified);
  const now = dayNumber(today);
  if (verified === undefined || now === undefined) return "never";
  return now - verified <= maxAgeDays ? "fresh" : "overdue";
}
