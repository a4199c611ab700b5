// Reading restaurants.
import { asc, eq } from "drizzle-orm";
import { restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { rowToRestaurant } from "./mapping";
import { compareForListing } from "./presentation";
import type { Restaurant } from "./types";

export async function listRestaurants(db: Db): Promise<Restaurant[]> {
  const rows = await db.select().from(restaurants).orderBy(asc(restaurants.name_en));
  return rows.map(rowToRestaurant).sort(compareForListing);
}

export async function getRestaurantBySlug(db: Db, slug: string): Promise<Restaurant | undefined> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, slug)).limit(1);
  return row ? rowToRestaurant(row) : undefined;
}
