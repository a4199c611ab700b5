// The register's list of revoked certificates, applied. PLACEHOLDER: the signatures the review page
// calls; the bodies land with the revocations' own change.
import type { Actor } from "../editing/index.server";
import type { RegisterServices } from "./services";

/**
 * Applies a revoked list (an admin's one action): every listing paired with one of its entries
 * (exact, probable, or confirmed by an admin) reads "certificate revoked per the Rabbinate's list
 * of {published_on}" at once (`certificate_revoked_on`), recorded in its history; returns how many.
 * A later register cannot undo it; only `clearRevocation` can.
 */
export async function applyRevocations(
  _services: RegisterServices,
  _actor: Actor,
  _snapshotId: string,
): Promise<number> {
  throw new Error("applyRevocations is not built yet");
}

/** Clears a listing's revocation (admins only), recorded in its history. */
export async function clearRevocation(
  _services: RegisterServices,
  _actor: Actor,
  _restaurantId: string,
): Promise<void> {
  throw new Error("clearRevocation is not built yet");
}
