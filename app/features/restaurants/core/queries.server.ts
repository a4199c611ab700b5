// Reading restaurants.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { userRoles } from "../../../../database/schema/people";
import { restaurantChanges, restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import { reviewTotals } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import { can, type Subject } from "../../../lib/permissions";
import { rowToRestaurant } from "./mapping";
import { compareForListing } from "./listing-order";
import { publicHistory, type PublicEvent } from "./public-history";
import type { Restaurant } from "./types";

export async function listRestaurants(db: Db): Promise<Restaurant[]> {
  // With their published reviews' totals (kept by the database: review_totals, by primary key).
  const rows = await db
    .select({ restaurant: restaurants, count: reviewTotals.count, stars: reviewTotals.stars })
    .from(restaurants)
    .leftJoin(reviewTotals, eq(reviewTotals.restaurant_id, restaurants.id))
    .orderBy(asc(restaurants.name_en));
  return rows
    .map(({ restaurant, count, stars }) => ({
      ...rowToRestaurant(restaurant),
      ...(count ? { rating: { count, stars: stars ?? 0 } } : {}),
    }))
    .sort(compareForListing);
}

/** A restaurant's page data by slug, with when its record last changed (for search engines). */
export async function getRestaurantBySlug(
  db: Db,
  slug: string,
): Promise<{ restaurant: Restaurant; updatedAt: Date } | undefined> {
  // From the URL: a NUL character cannot be in a stored slug (and PostgreSQL refuses to compare one).
  if (slug.includes("\u0000")) return undefined;
  const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, slug)).limit(1);
  return row ? { restaurant: rowToRestaurant(row), updatedAt: row.updated_at } : undefined;
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

/** How many recorded changes the public history looks through (the newest). */
const PUBLIC_HISTORY_DEPTH = 200;

/** The restaurant's public history (public-history.ts): kashrut, closing, verification; dates only. */
export async function loadPublicHistory(db: Db, restaurantId: string): Promise<PublicEvent[]> {
  const records = await db
    .select({
      action: restaurantChanges.action,
      changes: restaurantChanges.changes,
      createdAt: restaurantChanges.created_at,
    })
    .from(restaurantChanges)
    .where(
      and(eq(restaurantChanges.restaurant_id, restaurantId), inArray(restaurantChanges.action, ["update", "verify"])),
    )
    .orderBy(desc(restaurantChanges.created_at))
    .limit(PUBLIC_HISTORY_DEPTH);
  return publicHistory(records);
}

/** The e-mail addresses of the accounts linked to a restaurant as its owners (for the notices they are sent). */
export async function ownerEmailsOf(db: Db, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(restaurantOwners)
    .innerJoin(users, eq(users.id, restaurantOwners.user_id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(restaurantOwners.restaurant_id, restaurantId), eq(userRoles.role, "owner")));
  return [...new Set(rows.map((row) => row.email))];
}
