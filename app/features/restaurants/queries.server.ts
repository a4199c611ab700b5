// Reading restaurants.
import { asc, eq } from "drizzle-orm";
import { restaurantOwners, restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { can, type Subject } from "../../lib/permissions";
import { rowToRestaurant } from "./mapping";
import { compareForListing } from "./presentation";
import type { Restaurant } from "./types";

export async function listRestaurants(db: Db): Promise<Restaurant[]> {
  const rows = await db.select().from(restaurants).orderBy(asc(restaurants.name_en));
  return rows.map(rowToRestaurant).sort(compareForListing);
}

export async function getRestaurantBySlug(db: Db, slug: string): Promise<Restaurant | undefined> {
  // From the URL: a NUL character cannot be in a stored slug (and PostgreSQL refuses to compare one).
  if (slug.includes("\u0000")) return undefined;
  const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, slug)).limit(1);
  return row ? rowToRestaurant(row) : undefined;
}

/** The restaurants a dashboard user may manage: all for an admin, the linked ones for an owner. */
export async function listRestaurantsForUser(db: Db, user: Subject & { id: string }): Promise<Restaurant[]> {
  if (can(user, "restaurant:edit")) return listRestaurants(db);
  if (!can(user, "dashboard:enter")) return [];
  const rows = await db
    .select({ restaurant: restaurants })
    .from(restaurants)
    .innerJoin(restaurantOwners, eq(restaurantOwners.restaurant_id, restaurants.id))
    .where(eq(restaurantOwners.user_id, user.id))
    .orderBy(asc(restaurants.name_en));
  return rows.map((row) => rowToRestaurant(row.restaurant));
}
