import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KASHRUT_VALUES, TAG_NAMES } from "../../app/features/restaurants/constants";
import { rowToRestaurant } from "../../app/features/restaurants/mapping";
import type { Restaurant } from "../../app/features/restaurants/types";
import { blogs } from "../../database/schema/blogs";
import { profiles, userRoles } from "../../database/schema/people";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { namedFiles } from "../../app/features/restaurants/uploads.server";
import { DEMO_ACCOUNTS, loadDemoData, loadDemoDataIfEmpty } from "../../server/demo-data";
import { createLocalStorage } from "../../server/storage";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let uploadsDir: string;
let list: Restaurant[];

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(tmpdir(), "kta-uploads-"));
  const loaded = await loadDemoDataIfEmpty({
    db: database.db,
    auth: createTestAuth(database.db),
    storage: createLocalStorage(uploadsDir),
    isProduction: false,
  });
  expect(loaded).toBe(true);
  list = (await database.db.select().from(restaurants)).map(rowToRestaurant);
});
afterAll(async () => {
  await database?.destroy();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe("demo data", () => {
  it("has about 40 restaurants, English and Hebrew, covering every kashrut value and most tags", () => {
    expect(list.length).toBeGreaterThanOrEqual(35);
    expect(list.length).toBeLessThanOrEqual(45);
    expect(new Set(list.map((r) => r.kashrut))).toEqual(new Set(KASHRUT_VALUES));
    const tags = new Set(list.flatMap((r) => r.tags));
    expect(tags.size).toBeGreaterThan(TAG_NAMES.length * 0.75);
    expect(list.filter((r) => r.name.he).length).toBeGreaterThan(list.length * 0.8);
    expect(list.filter((r) => r.description?.he).length).toBeGreaterThan(list.length * 0.8);
  });

  it("says it is fictional", () => {
    for (const restaurant of list) expect(restaurant.description?.en).toMatch(/fictional demo/i);
  });

  it("has some closed, some without photo, and each link type both present and absent", () => {
    expect(list.some((r) => r.isPermanentlyClosed)).toBe(true);
    expect(list.some((r) => !r.isPermanentlyClosed)).toBe(true);
    expect(list.some((r) => !r.photo)).toBe(true);
    for (const key of ["wazeLink", "bookingLink", "woltLink", "onlineOrderLink", "kashrutWebsite", "teuda"] as const) {
      expect(list.some((r) => r[key]), `${key} present`).toBe(true);
      expect(list.some((r) => !r[key]), `${key} absent`).toBe(true);
    }
  });

  it("has every menu kind: none, link, PDF and images", () => {
    const kinds = new Set(
      list.map((r) =>
        r.menuImages.length > 0 ? "images" : r.menuLink?.endsWith(".pdf") ? "pdf" : r.menuLink ? "link" : "none",
      ),
    );
    expect(kinds).toEqual(new Set(["none", "link", "pdf", "images"]));
  });

  it("generates its photos and PDFs locally, as WebP in every listed width", () => {
    const photo = list.find((r) => r.photo)!.photo!;
    const base = photo.replace(/-1200\.webp$/, "");
    for (const width of [400, 800, 1200]) {
      expect(existsSync(path.join(uploadsDir, `${base}-${width}.webp`.replace(/^\/uploads\//, "")))).toBe(true);
    }
    const pdf = list.find((r) => r.menuLink?.endsWith(".pdf"))!.menuLink!;
    expect(existsSync(path.join(uploadsDir, pdf.replace(/^\/uploads\//, "")))).toBe(true);
  });

  it("records every generated file as an upload attached to its restaurant (so an owner may keep it, and its deletion follows the rules)", async () => {
    const rows = await database.db.select().from(restaurants);
    const recorded = await database.db.select().from(uploads);
    const expected = rows.flatMap((row) => namedFiles(row).map((file) => ({ url: file.url, kind: file.kind, restaurant_id: row.id, uploaded_by: null })));
    expect(expected.length).toBeGreaterThan(30);
    expect(recorded.map(({ url, kind, restaurant_id, uploaded_by }) => ({ url, kind, restaurant_id, uploaded_by }))).toEqual(expect.arrayContaining(expected));
    expect(recorded).toHaveLength(expected.length);
  });

  it("has the spec's two sample posts", async () => {
    const titles = (await database.db.select({ title: blogs.title }).from(blogs)).map((b) => b.title);
    expect(titles.sort()).toEqual(["Top 5 Kosher Restaurants in Tel Aviv", "Understanding Kashrut Certifications"]);
  });

  it("creates a demo admin and a demo owner linked to restaurants, who can sign in", async () => {
    const auth = createTestAuth(database.db);
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      const { user } = await auth.api.signInEmail({ body: { email: account.email, password: account.password } });
      const [row] = await database.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
      expect(row?.role).toBe(role);
      const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(profile?.firstName).toBe(account.firstName);
    }
    expect(await database.db.$count(restaurantOwners)).toBeGreaterThan(0);
  });

  it("is not loaded twice", async () => {
    const again = await loadDemoDataIfEmpty({
      db: database.db,
      auth: createTestAuth(database.db),
      storage: createLocalStorage(uploadsDir),
      isProduction: false,
    });
    expect(again).toBe(false);
    expect(await database.db.$count(restaurants)).toBe(list.length);
  });

  it("is refused in production", async () => {
    await expect(
      loadDemoData({ db: database.db, auth: createTestAuth(database.db), storage: createLocalStorage(uploadsDir), isProduction: true }),
    ).rejects.toThrow(/refused when NODE_ENV=production/);
  });
});
