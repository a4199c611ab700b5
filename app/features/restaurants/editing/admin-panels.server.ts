// What the restaurant editor shows admins under the form: the owners linked to the listing, the
// accounts that may be linked, the change history and the verification date.
import type { Db } from "../../../../database/types";
import type { Restaurant } from "../core";
import { listHistory } from "./changes.server";
import { listAvailableOwners, listOwners } from "./owners.server";

/** The admins' panels for `restaurant` (the caller has checked owners:manage). */
export async function adminPanels(db: Db, restaurant: Restaurant) {
  return {
    owners: (await listOwners(db, restaurant.id)).map(({ id, userEmail }) => ({ id, userEmail })),
    available: await listAvailableOwners(db, restaurant.id),
    history: (await listHistory(db, restaurant.id)).map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorEmail: entry.actor_email,
      createdAt: entry.created_at.toISOString(),
      changes: entry.changes,
    })),
    lastVerified: restaurant.lastVerified,
  };
}
