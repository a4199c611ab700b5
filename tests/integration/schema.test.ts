import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBlog, buildRestaurant, createUser } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { profiles, userRoles } from "../../database/schema/people";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

function newUser(email: string) {
  return createUser(database.db, createTestAuth(database.db), {
    email,
    password: "correct-horse-battery",
    firstName: "Test",
  });
}

describe("restaurants table", () => {
  it("fills the spec's defaults: empty tags and menu images, not closed, timestamps", async () => {
    const [row] = await database.db
      .insert(restaurants)
      .values({ slug: "defaults", name_en: "Defaults", address: "1 Test St", kashrut: "rabanut" })
      .returning();
    expect(row).toMatchObject({ tags: [], menu_images: [], is_permanently_closed: false, last_verified: null });
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.created_at).toBeInstanceOf(Date);
    expect(row!.updated_at).toBeInstanceOf(Date);
  });

  it("keeps an optional Hebrew address and hours note beside the English (null when not given)", async () => {
    const [row] = await database.db
      .insert(restaurants)
      .values({
        slug: "hebrew-address",
        name_en: "Hebrew Address",
        address: "1 Test St",
        address_he: "רחוב הבדיקה 1",
        opening_hours_he: "בשישי עד 14:00",
        kashrut: "rabanut",
      })
      .returning();
    expect(row).toMatchObject({
      address: "1 Test St",
      address_he: "רחוב הבדיקה 1",
      opening_hours: null,
      opening_hours_he: "בשישי עד 14:00",
    });
  });

  it("stores tags as a text array and menu images as JSON, and reads them back", async () => {
    const menu = [{ url: "/uploads/m-800.webp", name: "Menu", size: 1234, type: "image/webp" }];
    const [row] = await database.db
      .insert(restaurants)
      .values(buildRestaurant({ tags: ["Meat", "Middle Eastern"], menu_images: menu, last_verified: "2026-02-03" }))
      .returning();
    const [read] = await database.db.select().from(restaurants).where(eq(restaurants.id, row!.id));
    expect(read!.tags).toEqual(["Meat", "Middle Eastern"]);
    expect(read!.menu_images).toEqual(menu);
    expect(read!.last_verified).toBe("2026-02-03");
  });

  it("refuses a duplicate slug", async () => {
    await database.db.insert(restaurants).values(buildRestaurant({ slug: "taken" }));
    await expect(database.db.insert(restaurants).values(buildRestaurant({ slug: "taken" }))).rejects.toThrow();
  });
});

describe("restaurant_owners", () => {
  it("links a user to a restaurant once, and goes away with either", async () => {
    const user = await newUser("owner-link@example.com");
    const [restaurant] = await database.db.insert(restaurants).values(buildRestaurant()).returning();
    await database.db.insert(restaurantOwners).values({ restaurant_id: restaurant!.id, user_id: user.id });
    await expect(
      database.db.insert(restaurantOwners).values({ restaurant_id: restaurant!.id, user_id: user.id }),
    ).rejects.toThrow();

    await database.db.delete(restaurants).where(eq(restaurants.id, restaurant!.id));
    expect(await database.db.$count(restaurantOwners, eq(restaurantOwners.user_id, user.id))).toBe(0);
  });
});

describe("accounts", () => {
  it("makes every new account a guest with a profile holding its e-mail", async () => {
    const user = await newUser("new-guest@example.com");
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(role?.role).toBe("guest");
    expect(profile?.email).toBe("new-guest@example.com");
  });

  it("signs in with the password it was created with, and not with another", async () => {
    await newUser("sign-in@example.com");
    const auth = createTestAuth(database.db);
    const ok = await auth.api.signInEmail({
      body: { email: "sign-in@example.com", password: "correct-horse-battery" },
    });
    expect(ok.user.email).toBe("sign-in@example.com");
    await expect(
      auth.api.signInEmail({ body: { email: "sign-in@example.com", password: "wrong-password-123" } }),
    ).rejects.toThrow();
  });
});

describe("blogs", () => {
  it("refuses a duplicate slug but allows several posts without one", async () => {
    await database.db.insert(blogs).values(buildBlog({ slug: "same" }));
    await expect(database.db.insert(blogs).values(buildBlog({ slug: "same" }))).rejects.toThrow();
    await database.db.insert(blogs).values([buildBlog({ slug: null }), buildBlog({ slug: null })]);
    expect(await database.db.$count(blogs)).toBeGreaterThanOrEqual(3);
  });
});
