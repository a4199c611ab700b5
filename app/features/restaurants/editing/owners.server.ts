// Who owns a restaurant: the owner links an admin adds and removes (each recorded in the history).
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { profiles, userRoles } from "../../../../database/schema/people";
import { restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { isUuid } from "../../../lib/ids";
import { AppError } from "../../../lib/errors";
import { mayBeLinkedAsOwner, OWNER_LINK_ROLES } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { record, RestaurantNotFoundError, type Actor } from "./changes.server";

/** An owner link that cannot be made or removed (not an owner, already linked, no such link): 400. */
export class OwnerLinkError extends AppError {
  override name = "OwnerLinkError";
  constructor(reason: string) {
    super("invalid", "owners.addFailed", { subject: reason });
  }
}

export interface OwnerLink {
  id: string;
  userId: string;
  userEmail: string;
  createdAt: Date;
}

export async function listOwners(db: Db, restaurantId: string): Promise<OwnerLink[]> {
  const rows = await db
    .select({
      id: restaurantOwners.id,
      userId: restaurantOwners.user_id,
      email: profiles.email,
      createdAt: restaurantOwners.created_at,
    })
    .from(restaurantOwners)
    .leftJoin(profiles, eq(profiles.id, restaurantOwners.user_id))
    .where(eq(restaurantOwners.restaurant_id, restaurantId))
    .orderBy(asc(restaurantOwners.created_at));
  // Spec: the owner's e-mail from profiles, or "Unknown" if none.
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    userEmail: row.email ?? "Unknown",
    createdAt: row.createdAt,
  }));
}

/** Users who may be linked as owners (mayBeLinkedAsOwner: the owner role) not yet linked to this restaurant (spec). */
export async function listAvailableOwners(db: Db, restaurantId: string): Promise<{ id: string; email: string }[]> {
  const linked = db
    .select({ id: restaurantOwners.user_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.restaurant_id, restaurantId));
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(userRoles.role, [...OWNER_LINK_ROLES]), notInArray(users.id, linked)))
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
    if (!candidate || !mayBeLinkedAsOwner(candidate))
      throw new OwnerLinkError("only users with the owner role can be linked");
    const inserted = await tx
      .insert(restaurantOwners)
      .values({ restaurant_id: restaurantId, user_id: userId })
      .onConflictDoNothing()
      .returning();
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

export async function restaurantIdsOwnedBy(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: restaurantOwners.restaurant_id })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.user_id, userId), inArray(restaurantOwners.restaurant_id, ids)));
  return new Set(rows.map((row) => row.id));
}
