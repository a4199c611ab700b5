// Factories for valid records, shared by tests and the demo data.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "./schema/auth";
import type { NewBlogRow } from "./schema/blogs";
import { profiles, userRoles } from "./schema/people";
import { restaurants, type NewRestaurantRow, type RestaurantRow } from "./schema/restaurants";
import type { Db } from "./types";

let sequence = 0;
const next = () => ++sequence;

/** A restaurant ready to insert; every required column filled, optionals empty. */
export function buildRestaurant(overrides: Partial<NewRestaurantRow> = {}): NewRestaurantRow {
  const n = next();
  const name = overrides.name_en ?? `Test Kitchen ${n}`;
  return {
    slug: overrides.slug ?? `${name.toLowerCase().replace(/\s+/g, "-")}-${n}`,
    name_en: name,
    name_he: `מטבח בדיקה ${n}`,
    address: `${n} Test Street, Tel Aviv`,
    kashrut: "rabanut",
    tags: [],
    menu_images: [],
    is_permanently_closed: false,
    ...overrides,
  };
}

/** Inserts a restaurant built from `overrides` and returns the stored row. */
export async function insertRestaurant(db: Db, overrides: Partial<NewRestaurantRow> = {}): Promise<RestaurantRow> {
  const [row] = await insertRestaurants(db, [overrides]);
  if (!row) throw new Error("the restaurant was not inserted");
  return row;
}

/** Inserts several restaurants in one statement (in the order given) and returns the stored rows. */
export async function insertRestaurants(db: Db, list: Partial<NewRestaurantRow>[]): Promise<RestaurantRow[]> {
  if (list.length === 0) return [];
  return db
    .insert(restaurants)
    .values(list.map((overrides) => buildRestaurant(overrides)))
    .returning();
}

/** A full stored row (as a select returns it), for pure mapping tests. */
export function buildRestaurantRow(overrides: Partial<RestaurantRow> = {}): RestaurantRow {
  const base = buildRestaurant();
  const now = new Date("2026-01-01T10:00:00Z");
  return {
    id: randomUUID(),
    slug: base.slug,
    name_en: base.name_en,
    name_he: base.name_he ?? null,
    address: base.address,
    address_he: null,
    phone_number: null,
    opening_hours: null,
    opening_hours_he: null,
    kashrut: base.kashrut,
    tags: [],
    photo: null,
    description_en: null,
    description_he: null,
    last_verified: null,
    waze_link: null,
    menu_link: null,
    booking_link: null,
    teuda: null,
    online_order_link: null,
    wolt_link: null,
    menu_images: [],
    is_permanently_closed: false,
    kashrut_website: null,
    hours: null,
    latitude: null,
    longitude: null,
    certificate_body: null,
    certificate_level: null,
    certificate_number: null,
    certificate_valid_until: null,
    kosher_kind: null,
    register_published_on: null,
    certificate_revoked_on: null,
    pesach: {},
    price_level: null,
    delivery: false,
    takeaway: false,
    catering: false,
    wheelchair: null,
    search_text: null,
    search_words: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function buildBlog(overrides: Partial<NewBlogRow> = {}): NewBlogRow {
  const n = next();
  return {
    title: `Test post ${n}`,
    subtitle: `Subtitle of test post ${n}`,
    image: "/images/blog-placeholder.svg",
    content: `## Heading ${n}\n\nSome text.`,
    slug: `test-post-${n}`,
    ...overrides,
  };
}

export type UserRole = (typeof userRoles.$inferInsert)["role"] & string;

/** What createUser needs of the auth service: its sign-up (so passwords are hashed as at sign-in). */
export interface SignUpAuth {
  api: {
    signUpEmail(input: { body: { email: string; password: string; name: string } }): Promise<{ user: { id: string } }>;
  };
}

export interface NewUser {
  role?: UserRole;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  emailVerified?: boolean;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  role: UserRole;
}

/** The password of factory-made users unless one is given (long and uncommon, so any check accepts it). */
export const FACTORY_PASSWORD = "olive-branch-factory-2026";

/**
 * An account made through the auth service's own sign-up (a guest with a profile, as every new
 * account), then given `role`, a complete profile (names and phone) and, if asked, a verified e-mail.
 */
export async function createUser(db: Db, auth: SignUpAuth, options: NewUser = {}): Promise<CreatedUser> {
  const n = next();
  const role = options.role ?? "guest";
  const email = options.email ?? `${role}-${n}-${randomUUID().slice(0, 8)}@factory.example`;
  const password = options.password ?? FACTORY_PASSWORD;
  const firstName = options.firstName ?? `${role.charAt(0).toUpperCase()}${role.slice(1)} ${n}`;
  const { user } = await auth.api.signUpEmail({ body: { email, password, name: firstName } });
  if (role !== "guest")
    await db.update(userRoles).set({ role, updatedAt: new Date() }).where(eq(userRoles.userId, user.id));
  if (options.emailVerified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  // A complete profile, as the sign-up form requires (first and last name, phone).
  await db
    .update(profiles)
    .set({ firstName, lastName: options.lastName ?? "Tester", phoneNumber: options.phoneNumber ?? "03-5550000" })
    .where(eq(profiles.id, user.id));
  return { id: user.id, email, password, role };
}
