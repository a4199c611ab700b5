// A kashrut certificate's state on a given day (issue 29): not given, valid until its last day,
// "renewal pending" for a grace period after it (rabbinate certificates are renewed in batches,
// often all on one date, and the new one may not be known yet), then expired. Pure and
// browser-safe. The day is Tel Aviv's calendar day, sent by the page's loader as freshness does
// (ADR 014): the server's HTML and the hydrated page agree, and a cached page is at most the page
// cache's lifetime behind.
import type { CertificateFacts } from "../../../../database/lifecycle";
import { addDays, isCalendarDay } from "../../../lib/dates";

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

/** A body that supervises (not "none"). */
export function supervises(facts: Pick<CertificateFacts, "body"> | undefined): boolean {
  return facts !== undefined && facts.body !== "none";
}

/**
 * The state on `clock.today`: none without a supervising body or a date; valid up to and including
 * `validUntil`; renewal pending for `graceDays` days after it; expired from then on.
 */
export function certificateState(facts: CertificateDates | undefined, clock: CertificateClock): CertificateState {
  const until = facts?.validUntil;
  if (!facts || !supervises(facts) || !until || !isCalendarDay(until) || !isCalendarDay(clock.today)) return { kind: "none" };
  if (clock.today <= until) return { kind: "valid", until };
  const expiredOn = addDays(until, 1);
  const grace = Math.max(0, Math.floor(clock.graceDays ?? 0));
  return clock.today <= addDays(until, grace) ? { kind: "renewalPending", until, expiredOn } : { kind: "expired", until, expiredOn };
}

/**
 * The "Valid certificate" filter: valid, or renewal pending (the site does not call it expired
 * yet, so it does not drop out during the grace period). The database's condition
 * (search-query.server.ts) is the same: a supervising body and `valid_until >= today − grace`.
 */
export function hasValidCertificate(facts: CertificateDates | undefined, clock: CertificateClock): boolean {
  const kind = certificateState(facts, clock).kind;
  return kind === "valid" || kind === "renewalPending";
}

/** The earliest last valid day that still passes the filter on `clock.today`. */
export function oldestPassingDay(clock: CertificateClock): string {
  return addDays(clock.today, -Math.max(0, Math.floor(clock.graceDays ?? 0)));
}
