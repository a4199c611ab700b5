// Saved places in an account (ADR 024). Any signed-in account keeps its own list (the rule book's
// `saved:keep`, asked here as well as by the route); a visitor without an account keeps theirs on the
// device (device.ts) until signing in merges it here. Places are named by slug, as pages and cards
// name them; a slug that no longer names a restaurant is skipped, never an error.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { restaurants } from "../../../../database/schema/restaurants";
import { savedPlaces } from "../../../../database/schema/saved";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { isPlaceSlug, MAX_SAVED } from "./device";
import { snapshotNewlySaved } from "../alerts/index.server";

/** The account a list belongs to: the acting viewer, who must be allowed and must be an account. */
function ownerOf(actor: Subject | null): string {
  assertCan(actor, "saved:keep");
  if (!actor?.id) throw new AppError("forbidden", "access.denied");
  return actor.id;
}

/** The slugs an account has saved, the latest first. */
export async function savedSlugs(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: restaurants.slug })
    .from(savedPlaces)
    .innerJoin(restaurants, eq(restaurants.id, savedPlaces.restaurant_id))
    .where(eq(savedPlaces.user_id, userId))
    .orderBy(desc(savedPlaces.created_at), restaurants.slug)
    .limit(MAX_SAVED);
  return rows.map((row) => row.slug);
}

/**
 * Saves the places named (a device's whole list when signing in merges it, or one place), and
 * forgets those named in `remove`. An account keeps at most MAX_SAVED places: past it nothing of
 * the request is saved and it is refused with a message.
 */
export async function keepPlaces(
  db: Db,
  actor: Subject | null,
  { add = [], remove = [] }: { add?: readonly string[]; remove?: readonly string[] },
): Promise<void> {
  const userId = ownerOf(actor);
  const forget = remove.filter(isPlaceSlug);
  await db.transaction(async (tx) => {
    if (forget.length > 0) {
      const gone = tx.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.slug, forget));
      await tx
        .delete(savedPlaces)
        .where(and(eq(savedPlaces.user_id, userId), inArray(savedPlaces.restaurant_id, gone)));
    }
    const wanted = [...new Set(add.filter(isPlaceSlug))].slice(0, MAX_SAVED);
    if (wanted.length === 0) return;
    const found = await tx.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.slug, wanted));
    if (found.length === 0) return;
    const added = await tx
      .insert(savedPlaces)
      .values(found.map((row) => ({ user_id: userId, restaurant_id: row.id })))
      .onConflictDoNothing()
      .returning({ id: savedPlaces.restaurant_id });
    // With alerts on, a newly saved place's facts are recorded now: what changes after is news.
    await snapshotNewlySaved(
      tx,
      userId,
      added.map((row) => row.id),
    );
    // Past the most a list keeps, the whole request is undone (the transaction rolls back).
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedPlaces)
      .where(eq(savedPlaces.user_id, userId));
    if (count > MAX_SAVED) throw new AppError("invalid", "saved.tooMany", { values: { max: MAX_SAVED } });
  });
}
