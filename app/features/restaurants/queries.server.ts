// Reading restaurants.
import { asc } from "drizzle-orm";
import { restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { rowToRestaurant } from "./mapping";
import type { Restaurant } from "./types";

/** Spec ordering: restaurants with a photo first, then tzohar first; then by English name. */
export function compareForListing(a: Restaurant, b: Restaurant): number {
  const photo = Number(Boolean(b.photo)) - Number(Boolean(a.photo));
  if (photo !== 0) return photo;
  const tzohar = Number(b.kashrut === "tzohar") - Number(a.kashrut === "tzohar");
  if (tzohar !== 0) return tzohar;
  return a.name.en.localeCompare(b.name.en, "en");
}

export async function listRestaurants(db: Db): Promise<Restaurant[]> {
  const rows = await db.select().from(restaurants).orderBy(asc(restaurants.name_en));
  return rows.map(rowToRestaurant).sort(compareForListing);
}
