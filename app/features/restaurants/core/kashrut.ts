// What the site may claim about a listing's kashrut, from its kashrut value and its certificate's
// state on the page's day: supervised (say "kosher"), renewal pending (say so), expired or unknown
// (never say "kosher" or "verified", never a reassuring mark). Titles, descriptions, the questions
// and answers and the badges all read this one answer. Pure and browser-safe.
import type { CertificateBody } from "../../../../database/lifecycle";
import type { Kashrut } from "./constants";
import type { CertificateState } from "./certificate-status";

export type KashrutStanding = "supervised" | "renewalPending" | "expired" | "revoked" | "unknown";

/**
 * A certificate on the Rabbinate's revoked list wins over everything (never "kosher", ADR 033); then an expired one; then an unknown kashrut or "no supervising body"
 * is unknown; then a certificate past its last day within the grace period is pending; else supervised
 * (a known kashrut with a valid certificate, or without a date given).
 */
export function kashrutStanding(
  kashrut: Kashrut,
  body: CertificateBody | undefined,
  state: CertificateState,
): KashrutStanding {
  if (state.kind === "revoked") return "revoked";
  if (state.kind === "expired") return "expired";
  if (kashrut === "unknown" || body === "none") return "unknown";
  return state.kind === "renewalPending" ? "renewalPending" : "supervised";
}

/** True where a reassuring mark (a check, green) must not sit beside the kashrut. */
export const isDoubtful = (standing: KashrutStanding) =>
  standing === "expired" || standing === "revoked" || standing === "unknown";
