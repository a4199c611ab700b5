// Rabbinate listings that a complete register does not list. PLACEHOLDER: the signatures the review
// page calls; the bodies land with their own change.
import type { Actor } from "../editing/index.server";
import type { RegisterServices } from "./services";

/**
 * For a complete register an admin applies: flags every listing under the Rabbinate that none of its
 * entries is paired with (register_missing) and e-mails its owners once; the public state is
 * unchanged. Returns the flagged listings' ids. A partial (overridden) list flags nothing.
 */
export async function flagMissing(_services: RegisterServices, _actor: Actor, _snapshotId: string): Promise<string[]> {
  throw new Error("flagMissing is not built yet");
}

/** An admin's decision on a flagged listing: "kept" (still certified) or "ended" (its certificate ends today). */
export async function decideMissing(
  _services: RegisterServices,
  _actor: Actor,
  _snapshotId: string,
  _restaurantId: string,
  _decision: "kept" | "ended",
): Promise<void> {
  throw new Error("decideMissing is not built yet");
}
