// A restaurant's address (its slug): made unique from its English name, kept when a save leaves the
// name's slug the same; renames leave a row in restaurant_slug_redirects.
import { eq, like, or } from "drizzle-orm";
import { restaurants, restaurantSlugRedirects } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import type { DbOrTx } from "./changes.server";

/** `base`, or `base-2`, `base-3`… — the first not used by another restaurant. */
export async function uniqueSlug(db: DbOrTx, base: string, exceptId?: string): Promise<string> {
  const taken = await db
    .select({ id: restaurants.id, slug: restaurants.slug })
    .from(restaurants)
    .where(or(eq(restaurants.slug, base), like(restaurants.slug, `${base}-%`)));
  const used = new Set(taken.filter((row) => row.id !== exceptId).map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Whether `slug` is one uniqueSlug could have made from `base` (`base` or `base-<n>`), so a save
 * that leaves the name's slug the same keeps the address. `pizza-hut` is not one for `pizza`.
 */
export function isSlugFor(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

/** Where an old slug now lives, if the restaurant was renamed. */
export async function findSlugRedirect(db: Db, oldSlug: string): Promise<string | undefined> {
  if (oldSlug.includes("\u0000")) return undefined;
  const [row] = await db
    .select({ slug: restaurants.slug })
    .from(restaurantSlugRedirects)
    .innerJoin(restaurants, eq(restaurants.id, restaurantSlugRedirects.restaurant_id))
    .where(eq(restaurantSlugRedirects.old_slug, oldSlug));
  return row?.slug;
}
