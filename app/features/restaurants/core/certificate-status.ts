// A kashrut certificate's state on a given day (ADR 023): not given, valid until its last day,
// "renewal pending" for a grace period after it (rabbinate certificates are renewed in batches,
// often all on one date, and the new one may not be known yet), then expired. Pure and
// browser-safe. The day is Tel Aviv's calendar day, sent by the page's loader as freshness does
// (ADR 014): the server's HTML and the hydrated page agree, and a cached page is at most the page
// cache's lifetime behind.
// Two readings come from the Rabbinate's register (ADR 033): a certificate on its list of revoked
// certificates reads "revoked" whatever its date; and on the days after the city-wide batch date
// (most Rabbinate certificates share one last day, `batchDay`) a certificate ending that day reads
// as the city's pending renewal, not as its own failure. A register published after a certificate's
// last day that did not renew it (an admin ended it) leaves it no grace.
import type { CertificateFacts } from "../../../../database/lifecycle";
import { addDays, isIsoDay } from "../../../lib/dates";

export type CertificateState =
  | { kind: "none" }
  /** Valid until `until` (its last valid day), inclusive. */
  | { kind: "valid"; until: string }
  /** Past `until`, within the grace period: not yet called expired. `expiredOn` is the day after `until`. */
  | {
      kind: "renewalPending";
      until: string;
      expiredOn: string;
      /** Its last day is the city's batch date: the Rabbinate renews all its certificates around then. */
      batch?: true;
    }
  | { kind: "expired"; until: string; expiredOn: string }
  /** On the Rabbinate's list of revoked certificates published on `revokedOn`, until an admin clears it. */
  | { kind: "revoked"; revokedOn: string };

/** The day certificates are judged on and the grace period (CERTIFICATE_GRACE_DAYS). */
export interface CertificateClock {
  today: string;
  /** Days after the last valid day during which it says "renewal pending"; 0 or absent: none. */
  graceDays?: number;
  /**
   * The city-wide batch date: the last day most Rabbinate certificates share (certificate/batch-day.server.ts);
   * absent when there is none.
   */
  batchDay?: string;
}

/** The facts that matter for the state (a card carries only these). */
export type CertificateDates = Pick<CertificateFacts, "body" | "validUntil" | "revokedOn" | "registerPublishedOn">;

/**
 * The state on `clock.today`: revoked when the Rabbinate's revoked list named it; none without a
 * supervising body or a date; valid up to and including `validUntil`; renewal pending for
 * `graceDays` days after it (marked `batch` when that day is the city's batch date and the body the
 * Rabbinate); expired from then on, or at once when a later register did not renew it.
 */
export function certificateState(facts: CertificateDates | undefined, clock: CertificateClock): CertificateState {
  if (facts && facts.body !== "none" && isIsoDay(facts.revokedOn))
    return { kind: "revoked", revokedOn: facts.revokedOn };
  // Stored dates are real days (the form's rules, the database's date column); the shape is checked for an old or damaged index.
  const until = facts?.validUntil;
  const { today } = clock;
  if (facts?.body === "none" || !isIsoDay(until) || !isIsoDay(today)) return { kind: "none" };
  if (today <= until) return { kind: "valid", until };
  const expiredOn = addDays(until, 1);
  const ended = isIsoDay(facts?.registerPublishedOn) && facts.registerPublishedOn > until;
  if (ended || today > addDays(until, graceOf(clock))) return { kind: "expired", until, expiredOn };
  const batch = facts?.body === "rabbinate_tel_aviv" && until === clock.batchDay;
  return { kind: "renewalPending", until, expiredOn, ...(batch ? { batch: true as const } : {}) };
}

/** The configuration's whole days, 0 or more (server/config.ts). */
const graceOf = (clock: CertificateClock) => clock.graceDays ?? 0;

/** The earliest last valid day that still passes the filter on `clock.today` (today − grace). */
export function oldestPassingDay(clock: CertificateClock): string {
  return addDays(clock.today, -graceOf(clock));
}
