// Saving a restaurant's structured hours (issue 15) through the restaurants' change path. Apart
// from manage.server.ts so the public pages, which read restaurants through it, do not carry the
// hours editor's rules and messages.
import { eq } from "drizzle-orm";
import { restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import type { WeeklyHours } from "./hours";
import { parseWeeklyHours } from "./hours-schema";
import { diffRows, mayEdit, record, RestaurantNotFoundError, type Actor } from "./manage.server";
import { rowToRestaurant } from "./mapping";
import type { Restaurant } from "./types";

/**
 * Saves a restaurant's structured hours (issue 15), or clears them (null), through the normal change
 * path: the editor's permission, a history record, the database's change announcement. Invalid
 * hours are refused (AppError "invalid", with each day's message) and nothing changes.
 */
export async function setRestaurantHours(db: Db, actor: Actor | null, id: string, value: unknown): Promise<Restaurant> {
  const editor = await mayEdit(db, actor, id);
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  let hours: WeeklyHours | null = null;
  if (value !== null) {
    const parsed = parseWeeklyHours(value);
    if (!parsed.ok) throw new AppError("invalid", parsed.error, { fieldErrors: parsed.errors });
    hours = parsed.hours;
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    const [updated] = await tx.update(restaurants).set({ hours, updated_at: new Date() }).where(eq(restaurants.id, id)).returning();
    if (!updated) throw new RestaurantNotFoundError(id);
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, editor, updated, "update", changes);
    return rowToRestaurant(updated);
  });
}

