// Our kashrut in OpenStreetMap's terms (ADR 025): the value of `diet:kosher`. Pure and browser-safe.
import type { CertificateFacts } from "../../../../database/lifecycle";
import { certificateState, type CertificateClock, type Kashrut } from "../core";

/** OSM's `diet:kosher`: `only` (everything served is kosher) or `yes` (kosher food is served, the supervision unconfirmed). */
export type DietKosher = "only" | "yes";

/**
 * The one rule (docs/open-data.md):
 * 1. a current certificate (valid, or within the renewal grace period) → `only`;
 * 2. an expired certificate, or one on the Rabbinate's list of revoked certificates → `yes`;
 * 3. no supervising body (`none`) or kashrut `unknown` → `yes`;
 * 4. otherwise (a kashrut of rabanut, mehadrin or tzohar, no certificate date given) → `only`.
 */
export function dietKosher(
  kashrut: Kashrut,
  certificate: CertificateFacts | undefined,
  clock: CertificateClock,
): DietKosher {
  const state = certificateState(certificate, clock);
  if (state.kind === "valid" || state.kind === "renewalPending") return "only";
  if (state.kind === "expired" || state.kind === "revoked") return "yes";
  if (certificate?.body === "none" || kashrut === "unknown") return "yes";
  return "only";
}
