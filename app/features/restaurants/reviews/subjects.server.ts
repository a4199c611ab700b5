// What every part of reviews asks about the place and the person: the restaurant as permissions see
// it (its linked owners), and the account as the review rules see it (verified, how old, its name).
import { eq } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import type { RestaurantResource } from "../../../lib/permissions";

/** A listing a review is about: its id, slug and names, and its linked owners for `can`. */
export interface ReviewedPlace extends RestaurantResource {
  id: string;
  slug: string;
  nameEn: string;
  nameHe: string | null;
}

/** The listing at `slug` (null when there is none), with its owners. */
export async function reviewedPlace(db: Db, slug: string): Promise<ReviewedPlace | null> {
  const [row] = await db
    .select({ id: restaurants.id, slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  if (!row) return null;
  const owners = await db
    .select({ userId: restaurantOwners.user_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.restaurant_id, row.id));
  return { ...row, ownerIds: owners.map((owner) => owner.userId) };
}

/** An account as the review rules read it: from the database, never from the session's copy. */
export interface Reviewer {
  id: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
}

export async function reviewerOf(db: Db, userId: string): Promise<Reviewer | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Younger than the new-account age (REVIEW_NEW_ACCOUNT_DAYS) at `now`. */
export function isNewAccount(reviewer: Pick<Reviewer, "createdAt">, newAccountDays: number, now: Date): boolean {
  return now.getTime() - reviewer.createdAt.getTime() < newAccountDays * 86_400_000;
}
