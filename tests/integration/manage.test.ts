// Restaurant management behaviour: slugs and redirects, the change history, owners, the
// verification date, and cleaning up files.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  setPermanentlyClosed,
  setVerificationDate,
  updateRestaurant,
} from "../../app/features/restaurants/editing/manage.server";
import { listAvailableOwners, listOwners } from "../../app/features/restaurants/editing/owners.server";
import { restaurantToFormValues, rowToRestaurant } from "../../app/features/restaurants/core/mapping";
import { SYSTEM } from "../../app/lib/permissions.server";
import { recordUpload } from "../../app/features/restaurants/editing/uploads.server";
import type { AppServices } from "../../app/lib/context";
import { action as indexAction } from "../../app/routes/dashboard/index";
import { action as editorAction } from "../../app/routes/dashboard/restaurant";
import { loader as publicLoader } from "../../app/routes/restaurant";
import { insertRestaurant } from "../../database/factories";
import { en, type MessageKey } from "../../app/locales/en";
import { he } from "../../app/locales/he";
import { restaurantChanges, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
let admin: string;
let adminId: string;
const removed: string[] = [];

const values = (overrides: Record<string, unknown> = {}) => ({
  nameEn: "Harbor Grill",
  nameHe: "גריל הנמל",
  address: "5 Port St",
  kashrut: "rabanut",
  phoneNumber: "03-5550101",
  openingHours: "",
  wazeLink: "",
  menuLink: "",
  bookingLink: "https://book.example/harbor",
  onlineOrderLink: "",
  woltLink: "",
  kashrutWebsite: "",
  photo: "/uploads/restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-1200.webp",
  teuda: "",
  descriptionEn: "By the sea",
  descriptionHe: "",
  tags: ["Fish", "Grill"],
  menuImages: [],
  isPermanentlyClosed: false,
  ...overrides,
});

async function signIn(email: string, role: "admin" | "owner") {
  const { id, cookie } = await signedInUser(services, { email, role });
  return { id, cookie };
}

async function save(id: string | undefined, body: Record<string, unknown>) {
  return callRoute(editorAction, services, id ? `/dashboard/edit/${id}` : "/dashboard/add", {
    cookie: admin,
    params: id ? { id } : {},
    json: { intent: "save", values: body },
  });
}

const byName = async (name: string) =>
  (await database.db.select().from(restaurants).where(eq(restaurants.name_en, name)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { files: { remove: async (url) => void removed.push(url) } });
  ({ cookie: admin, id: adminId } = await signIn("manager@example.com", "admin"));
});

/** A photo the admin has just uploaded (recorded as POST /api/uploads does), not yet attached. */
async function uploadedPhoto(hex: string): Promise<string> {
  const url = `/uploads/restaurant-images/${hex.repeat(24 / hex.length)}-1200.webp`;
  await recordUpload(database.db, { url, kind: "photo", uploadedBy: adminId });
  return url;
}
afterAll(async () => {
  await database?.destroy();
});
// Every test starts without restaurants, history or uploads and makes what it needs; the admin stays.
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  await database.db.delete(uploads);
  removed.length = 0;
});

/** "Harbor Grill" as the admin creates it, with a photo they have just uploaded. */
async function createHarborGrill(hex = "a") {
  expect((await save(undefined, values({ photo: await uploadedPhoto(hex) }))).status).toBe(302);
  return (await byName("Harbor Grill"))!;
}

describe("a restaurant's location", () => {
  it("is saved with the form, rounded to six decimals, in the history, the public page and the search index", async () => {
    const grill = await createHarborGrill();
    expect(grill.latitude).toBeNull();
    expect(
      (await save(grill.id, values({ photo: grill.photo, latitude: "32.07123456", longitude: "34.7633" }))).status,
    ).toBe(302);
    const saved = (await byName("Harbor Grill"))!;
    expect([saved.latitude, saved.longitude]).toEqual([32.071235, 34.7633]);
    const history = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, grill.id));
    expect(history.find((entry) => entry.action === "update")?.changes).toMatchObject({
      latitude: { old: null, new: 32.071235 },
      longitude: { old: null, new: 34.7633 },
    });
    const page = await callRoute(publicLoader, services, `/en/restaurant/${saved.slug}`, {
      params: { slug: saved.slug },
    });
    expect((page.data as { restaurant: { location?: unknown } }).restaurant.location).toEqual({
      lat: 32.071235,
      lng: 34.7633,
    });
    const listed = (await services.publicRestaurants()).find((restaurant) => restaurant.id === grill.id);
    expect(listed?.location).toEqual({ lat: 32.071235, lng: 34.7633 });

    // Cleared: both empty, stored as none.
    expect((await save(grill.id, values({ photo: grill.photo, latitude: "", longitude: "" }))).status).toBe(302);
    expect((await byName("Harbor Grill"))?.latitude).toBeNull();
  });

  it("outside Israel, or half given, is refused with its message in both languages and changes nothing", async () => {
    const grill = await createHarborGrill();
    await save(grill.id, values({ photo: grill.photo, latitude: "32.08", longitude: "34.78" }));
    for (const [latitude, longitude, message] of [
      ["35.1264", "33.4299", "form.locationOutside"],
      ["32.08", "", "form.locationIncomplete"],
      ["north", "34.78", "form.locationInvalid"],
    ] as const) {
      const outcome = await save(grill.id, values({ photo: grill.photo, nameEn: "Harbor Grill", latitude, longitude }));
      expect(outcome.status).toBe(400);
      const { errors } = outcome.data as { errors: Record<string, MessageKey> };
      expect(errors.latitude).toBe(message);
      expect(en[message]).toBeTruthy();
      expect(he[message]).toBeTruthy();
      expect([(await byName("Harbor Grill"))?.latitude, (await byName("Harbor Grill"))?.longitude]).toEqual([
        32.08, 34.78,
      ]);
    }
  });
});

describe("saving a restaurant", () => {
  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const outcome = await save(
      undefined,
      // The kashrut value is derived from the certificate (ADR 032): only one off the list is refused.
      values({ nameEn: "H", address: "", kashrut: "kosher-ish", wazeLink: "javascript:alert(1)" }),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.data as { errors: Record<string, string> }).errors).toEqual({
      nameEn: "form.nameEnMin",
      address: "form.addressMin",
      kashrut: "form.kashrutRequired",
      wazeLink: "form.linkInvalid",
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      url: `/uploads/restaurant-menus/${"b".repeat(23)}${i % 10}-800.webp`,
      name: `p${i}`,
    }));
    expect(
      ((await save(undefined, values({ menuImages: eleven }))).data as { errors: Record<string, string> }).errors
        .menuImages,
    ).toBe("upload.maxFiles");
    expect(await database.db.$count(restaurants)).toBe(0);
  });

  it("says what is wrong with a too-long file address, in both languages, and stores nothing", async () => {
    const outcome = await save(
      undefined,
      values({ photo: `/uploads/restaurant-images/${"a".repeat(2000)}-1200.webp` }),
    );
    expect(outcome.status).toBe(400);
    const { error, errors } = outcome.data as { error: MessageKey; errors: Record<string, MessageKey> };
    expect(error).toBe("form.invalid");
    expect(Object.keys(errors)).toEqual(["photo"]);
    // The page shows t(errors.photo): before, zod's own English text, which is no key (an empty message).
    expect(en[errors.photo!]?.trim()).toBeTruthy();
    expect(he[errors.photo!]?.trim()).toBeTruthy();
    expect(await database.db.$count(restaurants)).toBe(0);
  });

  it("creates with a URL-safe slug, a suffix on collision, and a 'create' history entry", async () => {
    await uploadedPhoto("a");
    expect((await save(undefined, values())).location).toBe("/dashboard");
    expect((await save(undefined, values({ nameEn: "Harbor  Grill!", photo: await uploadedPhoto("e") }))).status).toBe(
      302,
    );
    const slugs = (await database.db.select({ slug: restaurants.slug }).from(restaurants)).map((r) => r.slug).sort();
    expect(slugs).toEqual(["harbor-grill", "harbor-grill-2"]);
    const first = await byName("Harbor Grill");
    const [entry] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, first!.id));
    expect(entry).toMatchObject({ action: "create", actor_email: "manager@example.com" });
    expect(entry!.changes.name_en).toEqual({ old: null, new: "Harbor Grill" });
  });

  it("on rename keeps lastVerified, records old and new values, and redirects the old URL permanently", async () => {
    const row = await createHarborGrill();
    await database.db.update(restaurants).set({ last_verified: "2026-04-01" }).where(eq(restaurants.id, row!.id));
    expect((await save(row!.id, values({ nameEn: "Harbor House", photo: "" }))).status).toBe(302);
    const renamed = await byName("Harbor House");
    expect(renamed).toMatchObject({ slug: "harbor-house", last_verified: "2026-04-01", photo: null });

    const history = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, row!.id));
    const update = history.find((h) => h.action === "update");
    expect(update?.changes).toMatchObject({
      name_en: { old: "Harbor Grill", new: "Harbor House" },
      slug: { old: "harbor-grill", new: "harbor-house" },
    });
    expect(update?.changes.last_verified).toBeUndefined();

    const old = await callRoute(publicLoader, services, "/he/restaurant/harbor-grill", {
      params: { slug: "harbor-grill" },
    });
    expect(old.status).toBe(301);
    expect(old.location).toBe("/he/restaurant/harbor-house");
    // The photo it no longer uses is deleted.
    expect(removed).toContain("/uploads/restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-1200.webp");
  });

  it("a new restaurant may take a freed slug, and then the old redirect no longer applies", async () => {
    const renamed = await createHarborGrill();
    expect((await save(renamed.id, values({ nameEn: "Harbor House", photo: "" }))).status).toBe(302);
    expect((await save(undefined, values({ nameEn: "Harbor Grill", photo: await uploadedPhoto("f") }))).status).toBe(
      302,
    );
    const page = await callRoute(publicLoader, services, "/en/restaurant/harbor-grill", {
      params: { slug: "harbor-grill" },
    });
    expect(page.status).toBe(200);
    expect((page.data as { restaurant: { name: { en: string } } }).restaurant.name.en).toBe("Harbor Grill");
  });

  it("renamed to a name whose slug begins the old one, takes the new slug and redirects the old URL", async () => {
    expect((await save(undefined, values({ nameEn: "Pizza Hut", photo: "" }))).status).toBe(302);
    const row = await byName("Pizza Hut");
    expect(row?.slug).toBe("pizza-hut");
    expect((await save(row!.id, values({ nameEn: "Pizza", photo: "" }))).status).toBe(302);
    expect((await byName("Pizza"))?.slug).toBe("pizza");
    const old = await callRoute(publicLoader, services, "/en/restaurant/pizza-hut", { params: { slug: "pizza-hut" } });
    expect(old.status).toBe(301);
    expect(old.location).toBe("/en/restaurant/pizza");
  });

  it("saved unchanged, keeps the numbered slug it got because its plain slug was taken", async () => {
    expect((await save(undefined, values({ nameEn: "Falafel", photo: "" }))).status).toBe(302);
    expect((await save(undefined, values({ nameEn: "Falafel!", photo: "" }))).status).toBe(302);
    const second = await byName("Falafel!");
    expect(second?.slug).toBe("falafel-2");
    expect((await save(second!.id, values({ nameEn: "Falafel!", photo: "" }))).status).toBe(302);
    expect((await byName("Falafel!"))?.slug).toBe("falafel-2");
  });
});

describe("owners and verification", () => {
  it("lists available owners (owner role, not linked), adds and removes them with history", async () => {
    const row = await insertRestaurant(database.db, { name_en: "Harbor House" });
    const owner = await signIn("owner-one@example.com", "owner");
    await signIn("another-admin@example.com", "admin");
    expect((await listAvailableOwners(database.db, row!.id)).map((u) => u.email)).toEqual(["owner-one@example.com"]);

    const edit = (form: Record<string, string>) =>
      callRoute(editorAction, services, `/dashboard/edit/${row!.id}`, { cookie: admin, params: { id: row!.id }, form });
    expect((await edit({ intent: "addOwner", userId: "" })).data).toEqual({ ok: false, error: "owners.selectUser" });
    expect((await edit({ intent: "addOwner", userId: owner.id })).data).toEqual({ ok: true, message: "owners.added" });
    expect((await edit({ intent: "addOwner", userId: owner.id })).data).toEqual({
      ok: false,
      error: "owners.addFailed",
    });
    const owners = await listOwners(database.db, row!.id);
    expect(owners.map((o) => o.userEmail)).toEqual(["owner-one@example.com"]);
    expect(await listAvailableOwners(database.db, row!.id)).toEqual([]);
    expect((await edit({ intent: "removeOwner", linkId: owners[0]!.id })).data).toEqual({
      ok: true,
      message: "owners.removed",
    });
    expect(await listOwners(database.db, row!.id)).toEqual([]);

    const actions = (
      await database.db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, row!.id))
    ).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(["owner_add", "owner_remove"]));
  });

  it("sets and clears the verification date at once, with history", async () => {
    const row = await insertRestaurant(database.db, { name_en: "Harbor House", last_verified: "2026-04-01" });
    const edit = (date: string) =>
      callRoute(editorAction, services, `/dashboard/edit/${row!.id}`, {
        cookie: admin,
        params: { id: row!.id },
        form: { intent: "verify", date },
      });
    expect((await edit("2026-11-20")).data).toEqual({ ok: true, message: "verification.success" });
    expect((await byName("Harbor House"))?.last_verified).toBe("2026-11-20");
    expect((await edit("not-a-date")).data).toEqual({ ok: false, error: "verification.failed" });
    expect((await edit("")).data).toEqual({ ok: true, message: "verification.success" });
    expect((await byName("Harbor House"))?.last_verified).toBeNull();
    const verifies = (
      await database.db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, row!.id))
    ).filter((h) => h.action === "verify");
    expect(verifies.map((v) => v.changes.last_verified)).toEqual(
      expect.arrayContaining([
        { old: "2026-04-01", new: "2026-11-20" },
        { old: "2026-11-20", new: null },
      ]),
    );
  });
});

describe("deleting", () => {
  it("removes the restaurant and its files, keeps its history", async () => {
    const row = await createHarborGrill("f");
    removed.length = 0;
    await database.db
      .update(restaurants)
      .set({
        teuda: "/uploads/restaurant-images/cccccccccccccccccccccccc-800.webp",
        menu_link: "/uploads/restaurant-menus/pdf_dddddddddddddddddddddddd.pdf",
      })
      .where(eq(restaurants.id, row!.id));
    const outcome = await callRoute(indexAction, services, "/dashboard", {
      cookie: admin,
      form: { intent: "delete", id: row!.id },
    });
    expect(outcome.status).toBe(302);
    expect(await database.db.$count(restaurants, eq(restaurants.id, row!.id))).toBe(0);
    expect(removed).toEqual(
      expect.arrayContaining([
        "/uploads/restaurant-images/ffffffffffffffffffffffff-1200.webp",
        "/uploads/restaurant-images/cccccccccccccccccccccccc-800.webp",
        "/uploads/restaurant-menus/pdf_dddddddddddddddddddddddd.pdf",
      ]),
    );
    const history = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, row!.id));
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(["create", "delete"]));
    const missing = await callRoute(indexAction, services, "/dashboard", {
      cookie: admin,
      form: { intent: "delete", id: row!.id },
    });
    expect(missing.data).toEqual({ error: "manage.deleteFailed" });
  });
});

describe("public history", () => {
  it("shows the restaurant page kashrut changes, closing, reopening and verifications, with dates and nothing about who", async () => {
    expect((await save(undefined, values({ nameEn: "Public Record Grill", photo: "" }))).status).toBe(302);
    const row = (await byName("Public Record Grill"))!;
    const fresh = await callRoute(publicLoader, services, `/en/restaurant/${row.slug}`, { params: { slug: row.slug } });
    expect((fresh.data as { history: unknown[] }).history).toEqual([]);

    expect(
      (
        await save(
          row.id,
          values({ nameEn: "Public Record Grill", photo: "", kashrut: "mehadrin", phoneNumber: "03-5550199" }),
        )
      ).status,
    ).toBe(302);
    const verify = await callRoute(editorAction, services, `/dashboard/edit/${row.id}`, {
      cookie: admin,
      params: { id: row.id },
      form: { intent: "verify", date: "2026-10-01" },
    });
    expect(verify.status).toBe(200);
    expect(
      (
        await save(
          row.id,
          values({ nameEn: "Public Record Grill", photo: "", kashrut: "mehadrin", isPermanentlyClosed: true }),
        )
      ).status,
    ).toBe(302);

    const page = await callRoute(publicLoader, services, `/he/restaurant/${row.slug}`, { params: { slug: row.slug } });
    const history = (page.data as { history: { kind: string; day: string }[] }).history;
    expect(history.map((event) => event.kind)).toEqual(["closed", "verified", "kashrut"]);
    expect(history[1]).toEqual({ kind: "verified", day: "2026-10-01" });
    expect(history[2]).toMatchObject({ kind: "kashrut", from: "rabanut", to: "mehadrin" });
    // Dates only: no actor, no e-mail, no other field (the phone number changed too).
    expect(JSON.stringify(history)).not.toMatch(/manager@example\.com|03-5550199|actor/);
  });
});

describe("changes at a given time (the demo's back-dated history)", () => {
  it("are recorded, and mark the restaurant changed, at the `now` given; without one, at the present", async () => {
    const row = await insertRestaurant(database.db, { name_en: "Back Dated Bistro", kashrut: "rabanut" });
    const times = [
      new Date("2025-11-02T09:15:00Z"),
      new Date("2025-12-24T16:40:00Z"),
      new Date("2026-01-05T08:00:00Z"),
    ];
    // A new authority is a new body on the certificate; the kashrut value follows it (ADR 032).
    const form = { ...restaurantToFormValues(rowToRestaurant(row)), certificateBody: "tzohar", certificateLevel: "" };
    await updateRestaurant(database.db, SYSTEM, row.id, form, times[0]);
    await setPermanentlyClosed(database.db, SYSTEM, row.id, true, times[1]);
    await setVerificationDate(database.db, SYSTEM, row.id, "2026-01-05", times[2]);
    const recorded = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, row.id));
    expect(recorded.map((change) => change.created_at.toISOString()).sort()).toEqual(
      times.map((time) => time.toISOString()),
    );
    expect((await byName("Back Dated Bistro"))?.updated_at).toEqual(times[2]);

    const page = await callRoute(publicLoader, services, `/en/restaurant/${row.slug}`, { params: { slug: row.slug } });
    expect((page.data as { history: unknown[] }).history).toEqual([
      { kind: "verified", day: "2026-01-05" },
      { kind: "closed", day: "2025-12-24" },
      { kind: "kashrut", day: "2025-11-02", from: "rabanut", to: "tzohar" },
    ]);

    const before = Date.now();
    await setPermanentlyClosed(database.db, SYSTEM, row.id, false);
    const [latest] = (
      await database.db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, row.id))
    ).sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
    expect(latest?.created_at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });
});
