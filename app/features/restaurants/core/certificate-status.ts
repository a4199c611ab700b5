// A kashrut certificate's state on a given day (ADR 023): not given, valid until its last day,
// "renewal pending" for a grace period after it (rabbinate certificates are renewed in batches,
// often all on one date, and the new one may not be known yet), then expired. Pure and
// browser-safe. The day is Tel Aviv's calendar day, sent by the page's loader as freshness does
// (ADR 014): the server's HTML and the hydrated page agree, and a cached page is at most the page
// cache's lifetime behind.
import type { CertificateFacts } from "../../../../database/lifecycle";
import { addDays, isIsoDay } from "../../../lib/dates";

export type CertificateState =
  | { kind: "none" }
  /** Valid until `until` (its last valid day), inclusive. */
  | { kind: "valid"; until: string }
  /** Past `until`, within the grace period: not yet called expired. `expiredOn` is the day after `until`. */
  | { kind: "renewalPending"; until: string; expiredOn: string }
  | { kind: "expired"; until: string; expiredOn: string };

/** The day certificates are judged on and the grace period (CERTIFICATE_GRACE_DAYS). */
export interface CertificateClock {
  today: string;
  /** Days after the last valid day during which it says "renewal pending"; 0 or absent: none. */
  graceDays?: number;
}

/** The facts that matter for the state (a card carries only these). */
export type CertificateDates = Pick<CertificateFacts, "body" | "validUntil">;

/**
 * The state on `clock.today`: none without a supervising body or a date; valid up to and including
 * `validUntil`; renewal pending for `graceDays` days after it; expired from then on.
 */
export function certificateState(facts: CertificateDates | undefined, clock: CertificateClock): CertificateState {
  // Stored dates are real days (the form's rules, the database's date column); the shape is checked for an old or damaged index.
  const until = facts?.validUntil;
  const { today } = clock;
  if (facts?.body === "none" || !isIsoDay(until) || !isIsoDay(today)) return { kind: "none" };
  if (today <= until) return { kind: "valid", until };
  const expiredOn = addDays(until, 1);
  return { kind: today <= addDays(until, graceOf(clock)) ? "renewalPending" : "expired", until, expiredOn };
}

/** The configuration's whole days, 0 or more (server/config.ts). */
const graceOf = (clock: CertificateClock) => clock.graceDays ?? 0;

/** The earliest last valid day that still passes the filter on `clock.today` (today − grace). */
export function oldestPassingDay(clock: CertificateClock): string {
  return addDays(clock.today, -graceOf(clock));
}
