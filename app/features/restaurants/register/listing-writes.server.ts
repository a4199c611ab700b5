// The register's writes to a listing, through the change path every write takes: the row locked,
// updated with a new `updated_at` (the database announces the change: caches, live pages, the batch
// date), and what changed recorded in restaurant_changes under the admin who applied it.
import { eq } from "drizzle-orm";
import { restaurants, type NewRestaurantRow, type RestaurantRow } from "../../../../database/schema/restaurants";
import { isUuid } from "../../../lib/ids";
import { diffRows, record, RestaurantNotFoundError, type Actor, type DbOrTx } from "../editing/index.server";

/**
 * Sets `fields(row)` on the listing `id` inside the caller's transaction, recorded at `now`; returns
 * the row before and after (the same row when `fields` returns nothing to change, as when the locked
 * row shows the change is no longer due). RestaurantNotFoundError without it.
 */
export async function changeListing(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  fields: (row: RestaurantRow) => Partial<NewRestaurantRow> | null,
  now: Date = new Date(),
): Promise<{ before: RestaurantRow; after: RestaurantRow }> {
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  const [before] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
  if (!before) throw new RestaurantNotFoundError(id);
  const set = fields(before);
  if (!set) return { before, after: before };
  const [after] = await tx
    .update(restaurants)
    .set({ ...set, updated_at: now })
    .where(eq(restaurants.id, id))
    .returning();
  if (!after) throw new RestaurantNotFoundError(id);
  const changes = diffRows(before, after);
  if (Object.keys(changes).length > 0) await record(tx, actor, after, "update", changes, now);
  return { before, after };
}
