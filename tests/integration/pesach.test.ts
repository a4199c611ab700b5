// Pesach (ADR 023) through the normal change path and the public pages' loaders: a linked owner
// or an administrator saves a year's plan (the history records it), another owner is refused,
// bad input changes nothing; home and the restaurant page show Pesach only in its season, on the
// server's clock; both search paths keep the same restaurants for "Kosher for Pesach".
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRestaurantPesach } from "../../app/features/restaurants/pesach/pesach.server";
import { EMPTY_FILTERS } from "../../app/features/restaurants/search/filters";
import { applyFilters } from "../../app/features/restaurants/search/matching";
import { decodeIndex, toIndexRow } from "../../app/features/restaurants/search/search-index";
import { shortStatus } from "../../app/features/restaurants/search/components/RestaurantCard";
import { windowsAround } from "../../app/features/restaurants/hours/rest-windows.server";
import { pesachSeasonAt } from "../../app/features/restaurants/pesach/season.server";
import { pesachExceptions } from "../../app/features/restaurants/pesach/hours";
import type { Restaurant } from "../../app/features/restaurants/core/types";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import { searchDirectory } from "../../app/features/restaurants/search/search-query.server";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as restaurantLoader } from "../../app/routes/restaurant";
import { isAppError } from "../../app/lib/errors";
import { statusNow } from "../../app/features/restaurants/hours/hours-status";
import { emptyWeek } from "../../app/features/restaurants/hours/hours";
import { createUser, insertRestaurant } from "../../database/factories";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createServices, createTestAuth, routeArgs } from "../setup/services";

let database: TestDatabase;
let placeId: string;
let owner: { id: string; email: string; role: "owner" };
let stranger: { id: string; email: string; role: "owner" };
let admin: { id: string; email: string; role: "admin" };

const IN_SEASON = new Date("2027-04-10T12:00:00+03:00");
const OUT_OF_SEASON = new Date("2027-06-01T12:00:00+03:00");

beforeAll(async () => {
  database = await createTestDatabase();
  const auth = createTestAuth(database.db);
  placeId = (await insertRestaurant(database.db, { slug: "pesach-place", name_en: "Pesach Place" })).id;
  await insertRestaurant(database.db, {
    slug: "pesach-closed",
    name_en: "Pesach Closed",
    pesach: { "2027": { status: "closed" } },
  });
  await insertRestaurant(database.db, {
    slug: "pesach-next-year",
    name_en: "Pesach Next Year",
    pesach: { "2028": { status: "kosher" } },
  });
  await insertRestaurant(database.db, { slug: "pesach-none", name_en: "Pesach None" });
  const linked = await createUser(database.db, auth, { email: "pesach-owner@example.com", role: "owner" });
  const other = await createUser(database.db, auth, { email: "pesach-stranger@example.com", role: "owner" });
  const boss = await createUser(database.db, auth, { email: "pesach-admin@example.com", role: "admin" });
  owner = { id: linked.id, email: linked.email, role: "owner" };
  stranger = { id: other.id, email: other.email, role: "owner" };
  admin = { id: boss.id, email: boss.email, role: "admin" };
  await database.db.insert(restaurantOwners).values({ restaurant_id: placeId, user_id: owner.id });
});
afterAll(async () => {
  await database?.destroy();
});

const stored = async () => (await database.db.select().from(restaurants).where(eq(restaurants.id, placeId)))[0]!;
const form = (values: Record<string, string>) => ({
  status: "",
  kitniyot: "",
  body: "",
  level: "",
  validUntil: "",
  cholFrom: "",
  cholTo: "",
  ...values,
});

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error("not refused");
}

describe("saving a Pesach plan", () => {
  it("a linked owner saves 2027's plan; the history records it", async () => {
    const saved = await setRestaurantPesach(
      database.db,
      owner,
      placeId,
      "2027",
      form({ status: "kosher", kitniyot: "yes", body: "tzohar", cholFrom: "10:00", cholTo: "22:00" }),
    );
    const plan = {
      status: "kosher",
      kitniyot: true,
      certificate: { body: "tzohar" },
      cholHamoed: [{ from: "10:00", to: "22:00" }],
    };
    expect(saved.pesach).toEqual({ "2027": plan });
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, placeId));
    expect(change).toMatchObject({
      action: "update",
      actor_email: owner.email,
      changes: { pesach: { old: {}, new: { "2027": plan } } },
    });
  });

  it("an administrator saves another year beside it; removing a year keeps the others", async () => {
    await setRestaurantPesach(database.db, admin, placeId, "2028", form({ status: "closed" }));
    expect((await stored()).pesach).toMatchObject({ "2027": { status: "kosher" }, "2028": { status: "closed" } });
    await setRestaurantPesach(database.db, admin, placeId, "2028", form({}));
    expect(Object.keys((await stored()).pesach)).toEqual(["2027"]);
  });

  it("another owner and an anonymous visitor are refused, whatever they send; nothing changes", async () => {
    const before = await stored();
    expect(
      await refusal(() => setRestaurantPesach(database.db, stranger, placeId, "2027", form({ status: "closed" }))),
    ).toBe("forbidden");
    expect(
      await refusal(() => setRestaurantPesach(database.db, null, placeId, "2027", form({ status: "closed" }))),
    ).toBe("forbidden");
    expect(
      await refusal(() => setRestaurantPesach(database.db, stranger, placeId, "2027", { status: "nonsense" })),
    ).toBe("forbidden");
    expect((await stored()).pesach).toEqual(before.pesach);
  });

  it("bad input is refused with the field's message and changes nothing", async () => {
    const before = await stored();
    try {
      await setRestaurantPesach(database.db, owner, placeId, "2027", form({ status: "closed", kitniyot: "yes" }));
      throw new Error("not refused");
    } catch (error) {
      expect(isAppError(error) && error.code).toBe("invalid");
      expect(isAppError(error) && error.fieldErrors).toEqual({ kitniyot: "pesachEdit.kitniyotOnlyOpen" });
    }
    expect(
      await refusal(() => setRestaurantPesach(database.db, owner, placeId, "next", form({ status: "closed" }))),
    ).toBe("invalid");
    expect((await stored()).pesach).toEqual(before.pesach);
  });
});

/** Open 12:00–23:00 every day, closed on Shabbat and Yom Tov with no margins. */
const noonToElevenEveryDay = () => ({
  ...emptyWeek(),
  days: Array.from({ length: 7 }, () => [{ from: "12:00", to: "23:00" }]),
});

describe("Pesach on the public pages, on the server's clock", () => {
  it("in season, home sends the season, the cards' marks (with Chol HaMoed's hours) and honours ?pesach=kosher", async () => {
    const services = createServices(database.db, { now: () => IN_SEASON });
    const all = await homeLoader(routeArgs(services, "/"));
    expect(all.pesach).toEqual({ year: "2027", firstDay: "2027-04-22", lastDay: "2027-04-28" });
    const bySlug = new Map(all.restaurants.map((r) => [r.slug, r]));
    expect(bySlug.get("pesach-place")?.pesach).toEqual({
      "2027": { status: "kosher", cholHamoed: [{ from: "10:00", to: "22:00" }] },
    });
    expect(bySlug.get("pesach-closed")?.pesach).toEqual({ "2027": { status: "closed" } });
    // Another year's plan is not this season's.
    expect(bySlug.get("pesach-next-year")).not.toHaveProperty("pesach");
    const kosher = await homeLoader(routeArgs(services, "/?pesach=kosher"));
    expect(kosher.restaurants.map((r) => r.slug)).toEqual(["pesach-place"]);
  });

  it("out of season, home sends nothing of Pesach and ignores the parameter", async () => {
    const services = createServices(database.db, { now: () => OUT_OF_SEASON });
    const all = await homeLoader(routeArgs(services, "/"));
    expect(all.pesach).toBeNull();
    expect(all.restaurants.some((r) => "pesach" in r)).toBe(false);
    const ignored = await homeLoader(routeArgs(services, "/?pesach=kosher"));
    expect(ignored.total).toBe(all.total);
  });

  it("the restaurant page has its Pesach section only in season", async () => {
    const page = (now: Date) =>
      restaurantLoader(
        routeArgs(createServices(database.db, { now: () => now }), "/en/restaurant/pesach-place", undefined, {
          slug: "pesach-place",
        }),
      );
    expect((await page(IN_SEASON)).pesach).toMatchObject({
      title: "Pesach 2027",
      status: "Open and kosher for Pesach",
      lines: ["Serves kitniyot (legumes and rice)", "Under the supervision of Tzohar"],
      cholHamoed: { label: "Chol HaMoed (April 23, 2027 – April 27, 2027)" },
    });
    expect((await page(OUT_OF_SEASON)).pesach).toBeNull();
  });

  it("the restaurant page's 'open now' follows the plan: Chol HaMoed's own hours, closed all Pesach", async () => {
    const hours = noonToElevenEveryDay();
    await insertRestaurant(database.db, {
      slug: "pesach-chol",
      name_en: "Pesach Chol",
      hours,
      pesach: { "2027": { status: "kosher", cholHamoed: [{ from: "09:00", to: "14:00" }] } },
    });
    await insertRestaurant(database.db, {
      slug: "pesach-shut",
      name_en: "Pesach Shut",
      hours,
      pesach: { "2027": { status: "closed" } },
    });
    const openAt = async (slug: string, now: Date) => {
      const data = await restaurantLoader(
        routeArgs(createServices(database.db, { now: () => now }), `/en/restaurant/${slug}`, undefined, { slug }),
      );
      return statusNow(data.hours!.timeline, now.getTime())?.open;
    };
    // Monday 26 April 2027, Chol HaMoed: 10:00 open only by Chol HaMoed's hours, 15:00 only by the week's.
    expect(await openAt("pesach-chol", new Date("2027-04-26T10:00:00+03:00"))).toBe(true);
    expect(await openAt("pesach-chol", new Date("2027-04-26T15:00:00+03:00"))).toBe(false);
    expect(await openAt("pesach-shut", new Date("2027-04-26T15:00:00+03:00"))).toBe(false);
    // After Pesach the week's hours again.
    expect(await openAt("pesach-chol", new Date("2027-05-04T15:00:00+03:00"))).toBe(true);
    expect(await openAt("pesach-shut", new Date("2027-05-04T15:00:00+03:00"))).toBe(true);
  });

  it("home's 'open now' follows the plan too: the cards' line, the filter in the browser's index and in the database", async () => {
    const week = noonToElevenEveryDay();
    await insertRestaurant(database.db, {
      slug: "home-chol",
      name_en: "Home Chol",
      hours: week,
      pesach: { "2027": { status: "not_kosher", cholHamoed: [{ from: "09:00", to: "14:00" }] } },
    });
    await insertRestaurant(database.db, {
      slug: "home-shut",
      name_en: "Home Shut",
      hours: week,
      pesach: { "2027": { status: "closed" } },
    });
    await insertRestaurant(database.db, { slug: "home-usual", name_en: "Home Usual", hours: week });
    const ours = (slugs: string[]) => slugs.filter((slug) => slug.startsWith("home-")).sort();
    const state = { ...EMPTY_FILTERS, openNow: true };
    const openBy = async (iso: string) => {
      const now = new Date(iso);
      const season = pesachSeasonAt(now);
      const open = {
        now: now.getTime(),
        windows: windowsAround(now.getTime()),
        exceptionsOf: (r: Pick<Restaurant, "pesach">) => pesachExceptions(r.pesach, season),
      };
      const list = await listRestaurants(database.db);
      const index = decodeIndex(list.map(toIndexRow));
      const home = await homeLoader(routeArgs(createServices(database.db, { now: () => now }), "/?open=now"));
      const cards = (await homeLoader(routeArgs(createServices(database.db, { now: () => now }), "/"))).restaurants;
      return {
        browser: ours(applyFilters(index, state, undefined, open).map((r) => r.slug)),
        database: ours(
          (await searchDirectory(database.db, state, { open, limit: 100 })).restaurants.map((r) => r.slug),
        ),
        server: ours(home.restaurants.map((r) => r.slug)),
        cards: ours(cards.filter((card) => shortStatus(card, open.now)?.open).map((card) => card.slug)),
      };
    };
    // Monday 26 April 2027, Chol HaMoed. 10:00: open only by Chol HaMoed's hours (and not the week's).
    const morning = await openBy("2027-04-26T10:00:00+03:00");
    expect(morning).toEqual({
      browser: ["home-chol"],
      database: ["home-chol"],
      server: ["home-chol"],
      cards: ["home-chol"],
    });
    // 15:00: the week's hours for a restaurant without a plan; the closed one stays closed.
    const afternoon = await openBy("2027-04-26T15:00:00+03:00");
    expect(afternoon).toEqual({
      browser: ["home-usual"],
      database: ["home-usual"],
      server: ["home-usual"],
      cards: ["home-usual"],
    });
    // A week after Pesach, all three by the week's hours.
    const after = ["home-chol", "home-shut", "home-usual"];
    expect(await openBy("2027-05-04T15:00:00+03:00")).toEqual({
      browser: after,
      database: after,
      server: after,
      cards: after,
    });
  });

  it("the browser's index and the database keep the same restaurants for Kosher for Pesach", async () => {
    const state = { ...EMPTY_FILTERS, pesachKosher: true };
    for (const year of ["2027", "2028"]) {
      const inBrowser = applyFilters(await listRestaurants(database.db), state, undefined, undefined, year).map(
        (r) => r.slug,
      );
      const inDatabase = (await searchDirectory(database.db, state, { limit: 100, pesachYear: year })).restaurants.map(
        (r) => r.slug,
      );
      expect(inDatabase.sort()).toEqual(inBrowser.sort());
      expect(inBrowser.length).toBeGreaterThan(0);
    }
  });
});
