// Structured opening hours (issue 15) saved and loaded through the normal change path, on PGlite
// and PostgreSQL: valid hours round-trip, invalid ones are refused with a message and change
// nothing, only an editor of the restaurant may save them, and the change is in the history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyWeek, type WeeklyHours } from "../../app/features/restaurants/hours";
import { setRestaurantHours } from "../../app/features/restaurants/hours.server";
import { getRestaurantById } from "../../app/features/restaurants/manage.server";
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
  days: [[{ from: "12:00", to: "23:00" }], [], [], [], [{ from: "18:00", to: "02:00" }], [{ from: "11:00", to: "15:00" }], [{ from: "17:00", to: "23:30" }]],
  beforeRest: { kind: "candles", minutes: 45 },
  afterRest: { kind: "havdalah", minutes: 60 },
};

beforeAll(async () => {
  database = await createTestDatabase();
  const auth = createTestAuth(database.db);
  const restaurant = await insertRestaurant(database.db, { slug: "hours-place", name_en: "Hours Place", opening_hours: "Closed on Independence Day" });
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
    const [change] = await database.db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, restaurantId));
    expect(change).toMatchObject({ action: "update", actor_email: owner.email, changes: { hours: { old: null, new: hours } } });
  });

  it("invalid hours are refused with the day's message and change nothing", async () => {
    const before = await stored();
    const overlapping = { ...hours, days: [[{ from: "12:00", to: "15:00" }, { from: "14:00", to: "16:00" }], [], [], [], [], [], []] };
    await expect(setRestaurantHours(database.db, owner, restaurantId, overlapping)).rejects.toMatchObject({
      code: "invalid",
      messageKey: "hours.overlap",
      fieldErrors: { "days.0": "hours.overlap" },
    });
    await expect(setRestaurantHours(database.db, owner, restaurantId, "Sun–Thu 12–23")).rejects.toMatchObject({ code: "invalid" });
    expect(await stored()).toEqual(before);
  });

  it("an owner not linked to the restaurant is refused; the system may clear them", async () => {
    const before = await stored();
    await expect(setRestaurantHours(database.db, stranger, restaurantId, emptyWeek())).rejects.toMatchObject({ code: "forbidden" });
    expect(await stored()).toEqual(before);
    await setRestaurantHours(database.db, SYSTEM, restaurantId, null);
    expect((await stored()).hours).toBeNull();
  });
});
