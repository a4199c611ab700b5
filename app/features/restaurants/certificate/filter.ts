// The "Valid certificate" filter's rule (ADR 023), apart from core/certificate-status.ts so that only the filtering
// code (matching.ts, loaded with the search index after the first paint) carries it.
import { certificateState, type CertificateClock, type CertificateDates } from "../core";

/**
 * The "Valid certificate" filter: valid, or renewal pending (the site does not call it expired
 * yet, so it does not drop out during the grace period). The database's condition
 * (search-query.server.ts) is the same: a supervising body and `valid_until >= today − grace`.
 */
export function hasValidCertificate(facts: CertificateDates | undefined, clock: CertificateClock): boolean {
  const kind = certificateState(facts, clock).kind;
  return kind === "valid" || kind === "renewalPending";
}
