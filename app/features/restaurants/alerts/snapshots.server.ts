// The alerts' snapshots of saved places (ADR 024): taken when alerts are turned on (every saved
// place) and when an account with alerts on saves a place (keepPlaces). Apart from the settings
// (alerts.server.ts) because the saved places' code, which every page's root loader reaches, needs
// only this.
import { and, eq, inArray, sql } from "drizzle-orm";
import { alertSettings, alertSnapshots } from "../../../../database/schema/alerts";
import { restaurants } from "../../../../database/schema/restaurants";
import { savedPlaces } from "../../../../database/schema/saved";
import type { Db } from "../../../../database/types";
import { telAvivDay } from "../../../lib/dates";
import { isCertificateExpired, type PlaceFacts } from "./changes";

/**
 * When an account with alerts on saves places, records their facts as they are now (called by
 * keepPlaces in the same transaction): a change after the save is news, one before it is not.
 * Without alerts on, nothing (turning them on snapshots every saved place).
 */
export async function snapshotNewlySaved(
  db: Db,
  userId: string,
  restaurantIds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  if (restaurantIds.length === 0) return;
  const [settings] = await db
    .select({ enabled: alertSettings.enabled })
    .from(alertSettings)
    .where(eq(alertSettings.user_id, userId));
  if (!settings?.enabled) return;
  await snapshotSavedPlaces(db, userId, now, restaurantIds);
}

/** Records the facts of the places the account saved (all, or those named), as they are at `now`. */
export async function snapshotSavedPlaces(db: Db, userId: string, now: Date, only?: readonly string[]): Promise<void> {
  const today = telAvivDay(now);
  const rows = await db
    .select({
      id: restaurants.id,
      kashrut: restaurants.kashrut,
      body: restaurants.certificate_body,
      level: restaurants.certificate_level,
      closed: restaurants.is_permanently_closed,
      validUntil: restaurants.certificate_valid_until,
    })
    .from(savedPlaces)
    .innerJoin(restaurants, eq(restaurants.id, savedPlaces.restaurant_id))
    .where(
      only
        ? and(eq(savedPlaces.user_id, userId), inArray(savedPlaces.restaurant_id, [...only]))
        : eq(savedPlaces.user_id, userId),
    );
  await writeSnapshots(
    db,
    userId,
    rows.map((row) => ({
      restaurantId: row.id,
      facts: {
        kashrut: row.kashrut,
        certificateBody: row.body,
        certificateLevel: row.level,
        closed: row.closed,
        certificateExpired: isCertificateExpired(row.body, row.validUntil, today),
      },
    })),
    now,
  );
}

/** Records these facts as the account's snapshots of these places (the first, or replacing the one there is). */
export async function writeSnapshots(
  db: Db,
  userId: string,
  places: readonly { restaurantId: string; facts: PlaceFacts }[],
  now: Date,
): Promise<void> {
  if (places.length === 0) return;
  await db
    .insert(alertSnapshots)
    .values(
      places.map(({ restaurantId, facts }) => ({
        user_id: userId,
        restaurant_id: restaurantId,
        kashrut: facts.kashrut,
        certificate_body: facts.certificateBody,
        certificate_level: facts.certificateLevel,
        closed: facts.closed,
        certificate_expired: facts.certificateExpired,
        taken_at: now,
      })),
    )
    .onConflictDoUpdate({
      target: [alertSnapshots.user_id, alertSnapshots.restaurant_id],
      set: {
        kashrut: sql`excluded.kashrut`,
        certificate_body: sql`excluded.certificate_body`,
        certificate_level: sql`excluded.certificate_level`,
        closed: sql`excluded.closed`,
        certificate_expired: sql`excluded.certificate_expired`,
        taken_at: sql`excluded.taken_at`,
      },
    });
}
