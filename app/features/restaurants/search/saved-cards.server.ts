// The cards of saved places (the saved page's list): an account's list or a device's, shown as the
// directory shows its results. Here in search, beside the cards it reads, so that the saved part (the
// list kept, the save button every card carries) needs nothing of search.
import { desc, eq, inArray } from "drizzle-orm";
import { restaurants } from "../../../../database/schema/restaurants";
import { savedPlaces } from "../../../../database/schema/saved";
import type { Db } from "../../../../database/types";
import { isPlaceSlug, MAX_SAVED } from "../saved";
import { cardsByIds } from "./search-query.server";
import type { ListedRestaurant } from "./search-index";

/** The cards of an account's saved places, the latest first. */
export async function savedCards(db: Db, userId: string): Promise<ListedRestaurant[]> {
  const rows = await db
    .select({ id: savedPlaces.restaurant_id })
    .from(savedPlaces)
    .where(eq(savedPlaces.user_id, userId))
    .orderBy(desc(savedPlaces.created_at), savedPlaces.restaurant_id)
    .limit(MAX_SAVED);
  return cardsByIds(
    db,
    rows.map((row) => row.id),
  );
}

/** The cards of the given slugs, in their order (a device's list, shown before any account holds it). */
export async function cardsForSlugs(db: Db, slugs: readonly string[]): Promise<ListedRestaurant[]> {
  const wanted = [...new Set(slugs.filter(isPlaceSlug))].slice(0, MAX_SAVED);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: restaurants.id, slug: restaurants.slug })
    .from(restaurants)
    .where(inArray(restaurants.slug, wanted));
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  return cardsByIds(
    db,
    wanted.flatMap((slug) => idOf.get(slug) ?? []),
  );
}
