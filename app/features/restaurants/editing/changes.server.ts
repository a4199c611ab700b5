// The change records: every change to a restaurant is recorded in restaurant_changes with who,
// when and which fields changed (old and new values), and read back for the dashboard's history.
import { desc, eq } from "drizzle-orm";
import {
  restaurantChanges,
  type ChangeAction,
  type FieldChanges,
  type RestaurantRow,
} from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { ActorRole } from "../../../lib/permissions";
import { isSystem } from "../../../lib/permissions.server";

/** Who makes a change: a signed-in viewer, or SYSTEM (permissions.server.ts) for scripts. */
export interface Actor {
  id: string;
  email: string;
  role: ActorRole;
}

/** No such restaurant (or not an id at all): 404. */
export class RestaurantNotFoundError extends AppError {
  override name = "RestaurantNotFoundError";
  constructor(id: string) {
    super("notFound", "editor.loadFailed", { subject: id });
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Columns compared for the history (everything a person edits). */
const TRACKED = [
  "slug",
  "name_en",
  "name_he",
  "address",
  "address_he",
  "phone_number",
  "opening_hours",
  "opening_hours_he",
  "kashrut",
  "tags",
  "photo",
  "description_en",
  "description_he",
  "last_verified",
  "waze_link",
  "menu_link",
  "booking_link",
  "teuda",
  "online_order_link",
  "wolt_link",
  "menu_images",
  "is_permanently_closed",
  "kashrut_website",
  "hours",
  "latitude",
  "longitude",
  // The kashrut certificate.
  "certificate_body",
  "certificate_level",
  "certificate_number",
  "certificate_valid_until",
  // The Rabbinate's register (ADR 033): a revocation, and the register a certificate's facts came from.
  "certificate_revoked_on",
  "register_published_on",
  // Pesach
  "pesach",
  // The practical facts
  "price_level",
  "delivery",
  "takeaway",
  "catering",
  "wheelchair",
] as const satisfies readonly (keyof RestaurantRow)[];

export function diffRows(
  before: Partial<RestaurantRow> | undefined,
  after: Partial<RestaurantRow> | undefined,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of TRACKED) {
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = { old, new: next };
  }
  return changes;
}

export async function record(
  db: DbOrTx,
  actor: Actor,
  restaurant: { id: string; name_en: string },
  action: ChangeAction,
  changes: FieldChanges,
  now?: Date,
): Promise<void> {
  await db.insert(restaurantChanges).values({
    restaurant_id: restaurant.id,
    restaurant_name: restaurant.name_en,
    // The system is no user; its changes are recorded under its name only.
    actor_id: isSystem(actor) ? null : actor.id,
    actor_email: actor.email,
    action,
    changes,
    // Without a time given, the database's (the column's default).
    ...(now ? { created_at: now } : {}),
  });
}

export async function listHistory(db: Db, restaurantId: string, limit = 50) {
  return db
    .select()
    .from(restaurantChanges)
    .where(eq(restaurantChanges.restaurant_id, restaurantId))
    .orderBy(desc(restaurantChanges.created_at))
    .limit(limit);
}
