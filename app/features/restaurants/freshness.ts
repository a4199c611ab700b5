// How fresh a listing's verification is (issue 14): never verified, verified within the allowed
// age (VERIFICATION_MAX_AGE_DAYS, default 180), or overdue. Pure and browser-safe. Days are
// calendar days in Tel Aviv, whatever the server's or the visitor's time zone; the page's loader
// says which day it is (`today`), so the server's HTML and the hydrated page agree, and a cached
// page is at most the page cache's lifetime behind (ADR 014).

export type Freshness = "never" | "fresh" | "overdue";

/** The day a freshness is judged on, and the allowed age: sent with the pages that show it. */
export interface FreshnessClock {
  today: string;
  maxAgeDays: number;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(isoDay: string): number | undefined {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return undefined;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The calendar day (YYYY-MM-DD) in Tel Aviv at the given instant. */
export function telAvivDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Fresh when verified at most `maxAgeDays` days before `today`; a date in the future counts as today. */
export function freshnessOf(lastVerified: string | undefined, { today, maxAgeDays }: FreshnessClock): Freshness {
  const verified = lastVerified ? dayNumber(lastVerified) : undefined;
  const now = dayNumber(today);
  if (verified === undefined || now === undefined) return "never";
  return now - verified <= maxAgeDays ? "fresh" : "overdue";
}
