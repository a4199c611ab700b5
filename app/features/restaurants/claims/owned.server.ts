// Whether a listing has owners (ADR 023): the restaurant page offers "Is this your restaurant?" when
// not. Its own small module: the public restaurant page imports nothing else of claims.
import { eq } from "drizzle-orm";
import { restaurantOwners } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";

/** Whether the listing has any owner linked (the restaurant page shows "Is this your restaurant?" when not). */
export async function hasOwners(db: Db, restaurantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurantOwners.id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.restaurant_id, restaurantId))
    .limit(1);
  return row !== undefined;
}
