// Saving a restaurant's structured hours (ADR 016) through the restaurants' change path. Apart
// from manage.server.ts so the public pages, which read restaurants through it, do not carry the
// hours editor's rules and messages.
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { WeeklyHours } from "./hours";
import { parseWeeklyHours } from "./hours-schema";
import { mayEdit, saveRestaurantHours, type Actor } from "../editing/index.server";
import type { Restaurant } from "../core";

/**
 * Saves a restaurant's structured hours, or clears them (null), through the normal change
 * path: the editor's permission, a history record, the database's change announcement. Invalid
 * hours are refused (AppError "invalid", with each day's message) and nothing changes.
 */
export async function setRestaurantHours(db: Db, actor: Actor | null, id: string, value: unknown): Promise<Restaurant> {
  // The actor first: one who may not edit this restaurant is refused whatever the hours (saveRestaurantHours checks again).
  const editor = await mayEdit(db, actor, id);
  let hours: WeeklyHours | null = null;
  if (value !== null) {
    const parsed = parseWeeklyHours(value);
    if (!parsed.ok) throw new AppError("invalid", parsed.error, { fieldErrors: parsed.errors });
    hours = parsed.hours;
  }
  return saveRestaurantHours(db, editor, id, hours);
}
