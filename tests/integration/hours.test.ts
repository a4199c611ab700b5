// Structured opening hours (ADR 016) saved and loaded through the normal change path, on PGlite
// and PostgreSQL: valid hours round-trip, invalid ones are refused with a message and change
// nothing, only an editor of the restaurant may save them, and the change is in the history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyWeek, type WeeklyHours } from "../../app/features/restaurants/hours/hours";
import { setRestaurantHours } from "../../app/features/restaurants/hours/hours.server";
import { getRestaurantById } from "../../app/features/restaurants/editing/manage.server";
import { SYSTEM } from "../../app/lib/permissions.server";
import { createUser, insertRestaurant } from "../../database/factories";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let restaurantId: string;
let owner: { id: string; email: string; role: "owner" };
let stranger: { id: string; email: string; role: "owner" };

const hours: WeeklyHours = {
  ...emptyWeek(),
  days: [
    [{ from: "12:00", to: "23:00" }],
    [],
    [],
    [],
    [{ from: "18:00", to: "02:00" }],
    [{ from: "11:00", to: "15:00" }],
    [{ from: "17:00", to: "23:30" }],
  ],
  beforeRest: { kind: "candles", minutes: 45 },
  afterRest: { kind: "havdalah", minutes: 60 },
};

beforeAll(async () => {
  database = await createTestDatabase();
  const auth = createTestAuth(database.db);
  const restaurant = await insertRestaurant(database.db, {
    slug: "hours-place",
    name_en: "Hours Place",
    opening_hours: "Closed on Independence Day",
  });
  restaurantId = restaurant.id;
  const linked = await createUser(database.db, auth, { email: "hours-owner@example.com", role: "owner" });
  const other = await createUser(database.db, auth, { email: "hours-stranger@example.com", role: "owner" });
  owner = { id: linked.id, email: linked.email, role: "owner" };
  stranger = { id: other.id, email: other.email, role: "owner" };
  await database.db.insert(restaurantOwners).values({ restaurant_id: restaurantId, user_id: owner.id });
});
afterAll(async () => {
  await database?.destroy();
});

const stored = async () => (await database.db.select().from(restaurants).where(eq(restaurants.id, restaurantId)))[0]!;

describe("structured hours", () => {
  it("a linked owner saves them; they load as saved, the free-text note stays, the history has the change", async () => {
    const saved = await setRestaurantHours(database.db, owner, restaurantId, hours);
    expect(saved.hours).toEqual(hours);
    expect((await getRestaurantById(database.db, restaurantId))?.hours).toEqual(hours);
    expect((await stored()).opening_hours).toBe("Closed on Independence Day");
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, restaurantId));
    expect(change).toMatchObject({
      action: "update",
      actor_email: owner.email,
      changes: { hours: { old: null, new: hours } },
    });
  });

  it("invalid hours are refused with the day's message and change nothing", async () => {
    const before = await stored();
    const overlapping = {
      ...hours,
      days: [
        [
          { from: "12:00", to: "15:00" },
          { from: "14:00", to: "16:00" },
        ],
        [],
        [],
        [],
        [],
        [],
        [],
      ],
    };
    await expect(setRestaurantHours(database.db, owner, restaurantId, overlapping)).rejects.toMatchObject({
      code: "invalid",
      messageKey: "hours.overlap",
      fieldErrors: { "days.0": "hours.overlap" },
    });
    await expect(setRestaurantHours(database.db, owner, restaurantId, "Sun–Thu 12–23")).rejects.toMatchObject({
      code: "invalid",
    });
    expect(await stored()).toEqual(before);
  });

  it("an owner not linked to the restaurant is refused; the system may clear them", async () => {
    const before = await stored();
    await expect(setRestaurantHours(database.db, stranger, restaurantId, emptyWeek())).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await stored()).toEqual(before);
    await setRestaurantHours(database.db, SYSTEM, restaurantId, null);
    expect((await stored()).hours).toBeNull();
  });
});

describe("the hours editor's page (/dashboard/edit/:id/hours)", () => {
  it("loads for a linked owner and an admin, with the week's Shabbat windows for the preview; others are turned away", async () => {
    const { loader } = await import("../../app/routes/dashboard/hours");
    const { callRoute, signedInUser } = await import("../setup/routes");
    const { createServices } = await import("../setup/services");
    const services = createServices(database.db);
    const cookieOf = async (email: string, role: "guest" | "owner" | "admin") => {
      const { cookie, id } = await signedInUser(services, { email, role });
      return { cookie, id };
    };
    const admin = await cookieOf("hours-admin@example.com", "admin");
    const linked = await cookieOf("hours-linked@example.com", "owner");
    const unlinked = await cookieOf("hours-unlinked@example.com", "owner");
    const guest = await cookieOf("hours-guest@example.com", "guest");
    await database.db.insert(restaurantOwners).values({ restaurant_id: restaurantId, user_id: linked.id });
    const url = `/dashboard/edit/${restaurantId}/hours`;
    const load = (cookie?: string) =>
      callRoute(loader, services, url, { params: { id: restaurantId }, ...(cookie ? { cookie } : {}) });

    const forAdmin = await load(admin.cookie);
    expect(forAdmin.status).toBe(200);
    const loaded = forAdmin.data as { hours: WeeklyHours; windows: { start: number; end: number }[] };
    expect(loaded.hours.days).toHaveLength(7);
    expect(loaded.windows.length).toBeGreaterThan(0);
    expect((await load(linked.cookie)).status).toBe(200);
    expect((await load(unlinked.cookie)).location).toBe("/dashboard");
    expect((await load(guest.cookie)).location).toBe("/");
    expect((await load()).location).toBe("/login");

    const { action } = await import("../../app/routes/dashboard/hours");
    const save = (cookie: string | undefined, body: unknown) =>
      callRoute(action, services, url, { params: { id: restaurantId }, json: body, ...(cookie ? { cookie } : {}) });
    const before = await stored();
    for (const cookie of [undefined, guest.cookie, unlinked.cookie]) {
      const outcome = await save(cookie, { hours });
      expect([302, 403]).toContain(outcome.status);
      expect(outcome.location ?? "").not.toContain("/hours");
    }
    expect(await stored()).toEqual(before);
    const refused = await save(linked.cookie, {
      hours: { ...hours, days: [[{ from: "10:00", to: "10:00" }], [], [], [], [], [], []] },
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: "hours.sameStartEnd", errors: { "days.0": "hours.sameStartEnd" } });
    expect(await stored()).toEqual(before);
    const saved = await save(linked.cookie, { hours });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/dashboard/edit/${restaurantId}`);
    expect((await stored()).hours).toEqual(hours);
  });
});
