// What the site may claim about a listing's kashrut, from its kashrut value and its certificate's
// state on the page's day: supervised (say "kosher"), renewal pending (say so), expired or unknown
// (never say "kosher" or "verified", never a reassuring mark). Titles, descriptions, the questions
// and answers and the badges all read this one answer. Pure and browser-safe.
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
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

/**
 * One kashrut model (ADR 032): the spec's kashrut value is derived from the certificate's facts, never
 * typed beside them. The same rule as the CASE in drizzle/0020_kashrut_model_and_register.sql (a test
 * holds the two equal on every pair): the Tel Aviv Rabbinate is "rabanut", or "mehadrin" at that level;
 * every Badatz is "mehadrin"; Tzohar is "tzohar"; another private supervision at the mehadrin level is
 * "mehadrin"; anything else (another private body at the regular level, "none", no body) is "unknown".
 */
export function deriveKashrut(
  body: CertificateBody | null | undefined,
  level: CertificateLevel | null | undefined,
): Kashrut {
  if (body === "rabbinate_tel_aviv") return level === "mehadrin" ? "mehadrin" : "rabanut";
  if (body?.startsWith("badatz_")) return "mehadrin";
  if (body === "tzohar") return "tzohar";
  if (body === "private_other" && level === "mehadrin") return "mehadrin";
  return "unknown";
}

/** A supervising body and level, as the certificate's columns hold them (null: not given). */
export interface ImpliedCertificate {
  body: CertificateBody | null;
  level: CertificateLevel | null;
}

/**
 * What a spec kashrut value says about the certificate when nothing else does (an old import, a
 * suggestion, "keep the Kashrut value" when settling a disagreement), as the migration read today's
 * data: in Tel Aviv, "Rabanut" and "Mehadrin" without more are the city Rabbinate's; "Tzohar" is
 * Tzohar; "Unknown" is no body. `deriveKashrut` of the result gives the value back.
 */
export function impliedCertificate(kashrut: Kashrut): ImpliedCertificate {
  switch (kashrut) {
    case "rabanut":
      return { body: "rabbinate_tel_aviv", level: "regular" };
    case "mehadrin":
      return { body: "rabbinate_tel_aviv", level: "mehadrin" };
    case "tzohar":
      return { body: "tzohar", level: null };
    default:
      return { body: null, level: null };
  }
}
