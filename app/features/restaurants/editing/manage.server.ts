// Changing restaurants from the dashboard. Every change is recorded in restaurant_changes with
// who, when and which fields changed (old and new values). Every function that writes checks that
// its actor may (assertCan: AppError "forbidden", nothing changed) — the routes check first for
// their redirects and answers, but a new caller cannot skip it. Scripts act as SYSTEM. The writes
// that make a restaurant's public history take an optional `now`, the time the change is recorded
// at (the demo data back-dates its listings' past with it); by default, the present.
import { and, asc, desc, eq, inArray, like, notInArray, or } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { profiles, userRoles } from "../../../../database/schema/people";
import {
  restaurantChanges,
  restaurantOwners,
  restaurants,
  restaurantSlugRedirects,
  type ChangeAction,
  type FieldChanges,
  type NewRestaurantRow,
  type RestaurantRow,
} from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { isUuid } from "../../../lib/ids";
import { AppError } from "../../../lib/errors";
import type { ActorRole } from "../../../lib/permissions";
import { assertCan, hasRestaurantAccess, isSystem } from "../../../lib/permissions.server";
import { attachedTo, attachFiles, checkFiles, namedFiles, releaseFiles } from "./uploads.server";
import { formValuesToRow, rowToRestaurant, slugFromName } from "../mapping";
import type { Restaurant, RestaurantFormValues } from "../types";

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
/** An owner link that cannot be made or removed (not an owner, already linked, no such link): 400. */
export class OwnerLinkError extends AppError {
  override name = "OwnerLinkError";
  constructor(reason: string) {
    super("invalid", "owners.addFailed", { subject: reason });
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;

/** Columns compared for the history (everything a person edits). */
const TRACKED = [
  "slug",
  "name_en",
  "name_he",
  "address",
  "phone_number",
  "opening_hours",
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
] as const satisfies readonly (keyof RestaurantRow)[];

export function diffRows(before: Partial<RestaurantRow> | undefined, after: Partial<RestaurantRow> | undefined): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of TRACKED) {
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = { old, new: next };
  }
  return changes;
}

async function record(
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

/** `base`, or `base-2`, `base-3`… — the first not used by another restaurant. */
async function uniqueSlug(db: DbOrTx, base: string, exceptId?: string): Promise<string> {
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
function isSlugFor(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

/**
 * Refuses (AppError "forbidden") unless `actor` may edit this restaurant: the spec's
 * has_restaurant_access, the same rule (and look-up) the dashboard's guards use.
 */
export async function mayEdit(db: Db, actor: Actor | null, id: string): Promise<Actor> {
  if (!actor || !(await hasRestaurantAccess(db, actor, id))) throw new AppError("forbidden", "access.denied");
  return actor;
}

/** Files a restaurant refers to (photo, certificate, PDF menu, menu images). */
export function filesOf(row: Pick<RestaurantRow, "photo" | "teuda" | "menu_link" | "menu_images">): string[] {
  return namedFiles(row).map((file) => file.url);
}

/**
 * Adds a restaurant. Its files must be unattached uploads of `actor` (FileNotAllowedError
 * otherwise, and nothing is saved); they are attached to it.
 */
export async function createRestaurant(db: Db, actor: Actor | null, values: RestaurantFormValues): Promise<Restaurant> {
  assertCan(actor, "restaurant:create");
  return db.transaction(async (tx) => {
    const row = formValuesToRow(values);
    const fresh = await checkFiles(tx, actor, null, namedFiles(row), new Set());
    const slug = await uniqueSlug(tx, slugFromName(values.nameEn));
    const [created] = await tx
      .insert(restaurants)
      .values({ ...row, slug })
      .returning();
    if (!created) throw new Error("insert returned nothing");
    await attachFiles(tx, created.id, fresh);
    // An owner who adds a restaurant may edit it.
    if (actor.role === "owner") await tx.insert(restaurantOwners).values({ restaurant_id: created.id, user_id: actor.id });
    await tx.delete(restaurantSlugRedirects).where(eq(restaurantSlugRedirects.old_slug, slug));
    await record(tx, actor, created, "create", diffRows(undefined, created));
    return rowToRestaurant(created);
  });
}

export interface UpdateResult {
  restaurant: Restaurant;
  /** Files the restaurant no longer refers to and nothing else uses, for the caller to delete after the save. */
  removedFiles: string[];
}

/**
 * Saves a restaurant's form. A file it names must be one the restaurant already names, one
 * attached to it, or an unattached upload of `actor` (FileNotAllowedError otherwise, and nothing
 * is saved). Files it stops naming are detached; those nothing else names are returned.
 */
export async function updateRestaurant(db: Db, actor: Actor | null, id: string, values: RestaurantFormValues, now?: Date): Promise<UpdateResult> {
  const editor = await mayEdit(db, actor, id);
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    // lastVerified is kept from the existing record (spec); it has its own control.
    const row = formValuesToRow(values, { lastVerified: existing.last_verified ?? undefined });
    const fresh = await checkFiles(tx, editor, id, namedFiles(row), new Set(filesOf(existing)));
    const base = slugFromName(values.nameEn);
    const slug = isSlugFor(existing.slug, base) ? existing.slug : await uniqueSlug(tx, base, id);
    const [updated] = await tx
      .update(restaurants)
      .set({ ...row, slug, updated_at: now ?? new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    if (!updated) throw new RestaurantNotFoundError(id);
    if (slug !== existing.slug) {
      // The old address keeps working: it redirects permanently to the new one.
      await tx.delete(restaurantSlugRedirects).where(eq(restaurantSlugRedirects.old_slug, slug));
      await tx
        .insert(restaurantSlugRedirects)
        .values({ old_slug: existing.slug, restaurant_id: id })
        .onConflictDoUpdate({ target: restaurantSlugRedirects.old_slug, set: { restaurant_id: id, created_at: now ?? new Date() } });
    }
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, editor, updated, "update", changes, now);
    await attachFiles(tx, id, fresh);
    const kept = new Set(filesOf(updated));
    const removedFiles = await releaseFiles(
      tx,
      id,
      filesOf(existing).filter((url) => !kept.has(url)),
    );
    return { restaurant: rowToRestaurant(updated), removedFiles };
  });
}

/**
 * Deletes a restaurant (its owner links and redirects go with it); returns those of its files
 * that nothing else names, for the caller to delete after the transaction.
 */
export async function deleteRestaurant(db: Db, actor: Actor | null, id: string): Promise<string[]> {
  assertCan(actor, "restaurant:delete");
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    const files = [...filesOf(existing), ...(await attachedTo(tx, id))];
    await tx.delete(restaurants).where(eq(restaurants.id, id));
    await record(tx, actor, existing, "delete", diffRows(existing, undefined));
    return releaseFiles(tx, id, files);
  });
}

export async function setVerificationDate(db: Db, actor: Actor | null, id: string, date: string | null, now?: Date): Promise<Restaurant> {
  assertCan(actor, "verification:set");
  return changeFields(db, actor, id, { last_verified: date }, "verify", now);
}

/**
 * Marks a restaurant permanently closed (or open again), as the form's checkbox would: one field,
 * recorded in the history like any edit (the report queue's "Mark closed").
 */
export async function setPermanentlyClosed(db: Db, actor: Actor | null, id: string, closed: boolean, now?: Date): Promise<Restaurant> {
  return changeFields(db, await mayEdit(db, actor, id), id, { is_permanently_closed: closed }, "update", now);
}

/**
 * Sets some fields of one restaurant through the change path every write takes: the row locked,
 * updated with a new `updated_at` (the database announces the change: live updates, caches), and
 * the fields that changed recorded in the history, at `now` when given. The caller has checked `editor` may.
 */
export async function changeFields(
  db: Db,
  editor: Actor,
  id: string,
  fields: Partial<NewRestaurantRow>,
  action: ChangeAction,
  now?: Date,
): Promise<Restaurant> {
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    const [updated] = await tx
      .update(restaurants)
      .set({ ...fields, updated_at: now ?? new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    if (!updated) throw new RestaurantNotFoundError(id);
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, editor, updated, action, changes, now);
    return rowToRestaurant(updated);
  });
}

export async function getRestaurantById(db: Db, id: string): Promise<Restaurant | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return row ? rowToRestaurant(row) : undefined;
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

export interface OwnerLink {
  id: string;
  userId: string;
  userEmail: string;
  createdAt: Date;
}

export async function listOwners(db: Db, restaurantId: string): Promise<OwnerLink[]> {
  const rows = await db
    .select({ id: restaurantOwners.id, userId: restaurantOwners.user_id, email: profiles.email, createdAt: restaurantOwners.created_at })
    .from(restaurantOwners)
    .leftJoin(profiles, eq(profiles.id, restaurantOwners.user_id))
    .where(eq(restaurantOwners.restaurant_id, restaurantId))
    .orderBy(asc(restaurantOwners.created_at));
  // Spec: the owner's e-mail from profiles, or "Unknown" if none.
  return rows.map((row) => ({ id: row.id, userId: row.userId, userEmail: row.email ?? "Unknown", createdAt: row.createdAt }));
}

/** Users with the owner role not yet linked to this restaurant (spec). */
export async function listAvailableOwners(db: Db, restaurantId: string): Promise<{ id: string; email: string }[]> {
  const linked = db.select({ id: restaurantOwners.user_id }).from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, restaurantId));
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, "owner"), notInArray(users.id, linked)))
    .orderBy(asc(users.email));
}

export async function addOwner(db: Db, actor: Actor | null, restaurantId: string, userId: string): Promise<void> {
  assertCan(actor, "owners:manage");
  if (!isUuid(restaurantId)) throw new RestaurantNotFoundError(restaurantId);
  // User ids are text; one with a NUL character cannot exist (nor be queried).
  if (userId.includes("\u0000")) throw new OwnerLinkError("no such user");
  await db.transaction(async (tx) => {
    const [restaurant] = await tx.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw new RestaurantNotFoundError(restaurantId);
    const [candidate] = await tx
      .select({ email: users.email, role: userRoles.role })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, userId));
    if (candidate?.role !== "owner") throw new OwnerLinkError("only users with the owner role can be linked");
    const inserted = await tx.insert(restaurantOwners).values({ restaurant_id: restaurantId, user_id: userId }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new OwnerLinkError("already linked");
    await record(tx, actor, restaurant, "owner_add", { owner: { old: null, new: candidate.email } });
  });
}

export async function removeOwner(db: Db, actor: Actor | null, restaurantId: string, linkId: string): Promise<void> {
  assertCan(actor, "owners:manage");
  if (!isUuid(restaurantId)) throw new RestaurantNotFoundError(restaurantId);
  if (!isUuid(linkId)) throw new OwnerLinkError("no such link");
  await db.transaction(async (tx) => {
    const [restaurant] = await tx.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw new RestaurantNotFoundError(restaurantId);
    const [removed] = await tx
      .delete(restaurantOwners)
      .where(and(eq(restaurantOwners.id, linkId), eq(restaurantOwners.restaurant_id, restaurantId)))
      .returning();
    if (!removed) throw new OwnerLinkError("no such link");
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, removed.user_id));
    await record(tx, actor, restaurant, "owner_remove", { owner: { old: owner?.email ?? removed.user_id, new: null } });
  });
}

export async function listHistory(db: Db, restaurantId: string, limit = 50) {
  return db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, restaurantId)).orderBy(desc(restaurantChanges.created_at)).limit(limit);
}

export async function restaurantIdsOwnedBy(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: restaurantOwners.restaurant_id })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.user_id, userId), inArray(restaurantOwners.restaurant_id, ids)));
  return new Set(rows.map((row) => row.id));
}
