// The listings' statistics in the database (both engines), and through the built server:
// a view (cached or not) or a tap is counted in memory and written only by the batch, never on the
// request's way; bots are not counted; owners read only their listings, admins all.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, insertRestaurant } from "../../database/factories";
import { restaurantOwners } from "../../database/schema/restaurants";
import { listingStats } from "../../database/schema/statistics";
import {
  addListingCounts,
  countsByDay,
  daysEndingOn,
  statisticsScope,
  totalsByListing,
} from "../../app/features/restaurants/statistics/store.server";
import { statisticsCsv, statisticsReport } from "../../app/features/restaurants/statistics/report.server";
import { isAppError } from "../../app/lib/errors";
import { parseConfig } from "../../server/config";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TODAY = "2026-11-26";

let database: TestDatabase;
const ids: Record<string, string> = {};
const people: Record<string, { id: string; role: "owner" | "admin" | "guest" }> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const auth = createTestAuth(database.db);
  for (const [slug, name] of [
    ["stats-one", "Stats One"],
    ["stats-two", "Stats Two"],
    ["stats-three", "Stats Three"],
  ] as const) {
    ids[slug] = (await insertRestaurant(database.db, { slug, name_en: name })).id;
  }
  for (const role of ["owner", "admin", "guest"] as const) {
    const user = await createUser(database.db, auth, { role });
    people[role] = { id: user.id, role };
  }
  const other = await createUser(database.db, auth, { role: "owner" });
  people.twoListings = { id: other.id, role: "owner" };
  await database.db.insert(restaurantOwners).values([
    { restaurant_id: ids["stats-one"]!, user_id: people.owner!.id },
    { restaurant_id: ids["stats-two"]!, user_id: other.id },
    { restaurant_id: ids["stats-three"]!, user_id: other.id },
    // A guest keeps no access through a link left from when they were an owner.
    { restaurant_id: ids["stats-three"]!, user_id: people.guest!.id },
  ]);
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(listingStats);
});

describe("adding counts", () => {
  it("adds every batch to what is stored, per listing and day, and drops slugs no listing has", async () => {
    await addListingCounts(database.db, [
      { day: TODAY, slug: "stats-one", kind: "views", count: 3 },
      { day: TODAY, slug: "stats-one", kind: "phone", count: 1 },
      { day: "2026-11-25", slug: "stats-one", kind: "views", count: 2 },
      { day: TODAY, slug: "no-such-listing", kind: "views", count: 9 },
    ]);
    await addListingCounts(database.db, [
      { day: TODAY, slug: "stats-one", kind: "views", count: 4 },
      { day: TODAY, slug: "stats-one", kind: "wolt", count: 2 },
      { day: TODAY, slug: "stats-two", kind: "menu", count: 1 },
    ]);
    const rows = await database.db.select().from(listingStats);
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.restaurant_id === ids["stats-one"] && row.day === TODAY)).toMatchObject({
      views: 7,
      phone_taps: 1,
      wolt_taps: 2,
      menu_taps: 0,
    });
    expect(rows.find((row) => row.restaurant_id === ids["stats-one"] && row.day === "2026-11-25")).toMatchObject({
      views: 2,
    });
    expect(rows.find((row) => row.restaurant_id === ids["stats-two"])).toMatchObject({ views: 0, menu_taps: 1 });
  });

  it("takes batches larger than one statement", async () => {
    const days = daysEndingOn(TODAY, 1_500);
    await addListingCounts(
      database.db,
      days.map((day) => ({ day, slug: "stats-two", kind: "views" as const, count: 1 })),
    );
    expect(await database.db.$count(listingStats)).toBe(1_500);
  });
});

describe("reading counts", () => {
  beforeEach(async () => {
    await addListingCounts(database.db, [
      { day: TODAY, slug: "stats-one", kind: "views", count: 5 },
      { day: TODAY, slug: "stats-two", kind: "views", count: 8 },
      { day: TODAY, slug: "stats-two", kind: "navigate", count: 2 },
      { day: "2026-11-20", slug: "stats-three", kind: "views", count: 1 },
      // Outside a 7-day period ending today.
      { day: "2026-11-19", slug: "stats-one", kind: "views", count: 100 },
    ]);
  });

  it("gives every day of the period, zero on days without counts, summed over the listings in scope", async () => {
    const week = daysEndingOn(TODAY, 7);
    expect(week[0]).toBe("2026-11-20");
    const all = await countsByDay(database.db, "all", week);
    expect(all).toHaveLength(7);
    expect(all.at(-1)).toMatchObject({ day: TODAY, views: 13, navigate: 2 });
    expect(all[0]).toMatchObject({ day: "2026-11-20", views: 1 });
    expect(all[1]).toMatchObject({ day: "2026-11-21", views: 0, phone: 0 });
    const one = await countsByDay(database.db, [ids["stats-one"]!], week);
    expect(one.reduce((sum, day) => sum + day.views, 0)).toBe(5);
    expect(await countsByDay(database.db, [], week)).toEqual(
      week.map((day) => expect.objectContaining({ day, views: 0 })),
    );
  });

  it("lists the listings' totals in the period, most viewed first", async () => {
    const totals = await totalsByListing(database.db, "all", daysEndingOn(TODAY, 7), 10);
    expect(totals.map((row) => [row.slug, row.views])).toEqual([
      ["stats-two", 8],
      ["stats-one", 5],
      ["stats-three", 1],
    ]);
    expect(totals[0]!.name).toMatchObject({ en: "Stats Two" });
  });
});

describe("who sees what", () => {
  it("covers every listing for an admin, an owner's own listings, none for a guest", async () => {
    expect(await statisticsScope(database.db, people.admin!)).toBe("all");
    expect(await statisticsScope(database.db, people.owner!)).toEqual([ids["stats-one"]]);
    expect(await statisticsScope(database.db, people.guest!)).toEqual([]);
  });

  it("shows an owner of one listing that listing, refuses another's, and gives admins the site", async () => {
    await addListingCounts(database.db, [{ day: TODAY, slug: "stats-one", kind: "views", count: 2 }]);
    const own = await statisticsReport(database.db, people.owner!, { period: 30, restaurantId: null, today: TODAY });
    expect(own).toMatchObject({ kind: "listing", listing: { slug: "stats-one" }, totals: { views: 2 }, more: false });
    expect(own.days).toHaveLength(30);
    const refused = await statisticsReport(database.db, people.owner!, {
      period: 30,
      restaurantId: ids["stats-two"]!,
      today: TODAY,
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("forbidden");
    const site = await statisticsReport(database.db, people.admin!, { period: 90, restaurantId: null, today: TODAY });
    expect(site).toMatchObject({ kind: "overview", site: true, listingCount: 3 });
    expect(site.days).toHaveLength(90);
    const two = await statisticsReport(database.db, people.twoListings!, {
      period: 30,
      restaurantId: null,
      today: TODAY,
    });
    expect(two).toMatchObject({ kind: "overview", site: false, listingCount: 2 });
    expect(two.kind === "overview" && two.listings.map((row) => row.slug).sort()).toEqual(["stats-three", "stats-two"]);
    const csv = statisticsCsv(own).split("\r\n");
    expect(csv[0]).toBe("day,views,phone,navigate,booking,order,wolt,menu");
    expect(csv.at(-2)).toBe(`${TODAY},2,0,0,0,0,0,0`);
    expect(csv).toHaveLength(32);
  });
});

describe("through the server", () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  let base: string;

  async function start(env: Record<string, string> = {}) {
    dataDir = mkdtempSync(path.join(tmpdir(), "kta-statistics-"));
    const { startServer } = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
      startServer: typeof StartServer;
    };
    // Written only by the batch: an hour apart unless stopped (which writes the rest).
    server = await startServer({
      config: parseConfig({
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        PORT: "0",
        HOST: "127.0.0.1",
        STATISTICS_WRITE_SECONDS: "3600",
        ...env,
      }),
      database,
      clientDir: path.resolve("build/client"),
    });
    base = `http://127.0.0.1:${server.port}`;
  }

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const viewsOf = async (slug: string) => {
    const rows = await database.db.select().from(listingStats);
    return rows.filter((row) => row.restaurant_id === ids[slug]);
  };

  it("counts views, cached ones too, and taps, without writing on the request's way; bots are not counted", async () => {
    await start();
    const page = `${base}/en/restaurant/stats-one`;
    const first = await fetch(page, { headers: { "user-agent": CHROME } });
    expect(first.status).toBe(200);
    const second = await fetch(page, { headers: { "user-agent": CHROME } });
    expect(second.headers.get("x-cache")).toBe("HIT");
    await fetch(`${base}/he/restaurant/stats-one`, { headers: { "user-agent": CHROME } });
    await fetch(page, {
      headers: { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" },
    });
    await fetch(page);
    await fetch(`${base}/en/restaurant/no-such-listing`, { headers: { "user-agent": CHROME } });
    const tap = await fetch(`${base}/api/taps/stats-one/phone`, {
      method: "POST",
      headers: {
        "user-agent": CHROME,
        "content-type": "text/ping",
        "sec-fetch-site": "same-origin",
        "ping-to": "tel:035550118",
      },
      body: "PING",
    });
    expect(tap.status).toBe(204);
    const unknownKind = await fetch(`${base}/api/taps/stats-one/instagram`, {
      method: "POST",
      headers: { "user-agent": CHROME, "sec-fetch-site": "same-origin" },
    });
    expect(unknownKind.status).toBe(204);
    const crossSite = await fetch(`${base}/api/taps/stats-one/phone`, {
      method: "POST",
      headers: { "user-agent": CHROME, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    // Made-up slugs are answered like any ping and counted nowhere.
    for (let i = 0; i < 50; i += 1) {
      const madeUp = await fetch(`${base}/api/taps/made-up-${i}/phone`, {
        method: "POST",
        headers: { "user-agent": CHROME, "sec-fetch-site": "same-origin" },
      });
      expect(madeUp.status).toBe(204);
    }
    // Nothing is in the database until the batch is written.
    expect(await viewsOf("stats-one")).toEqual([]);
    await server!.stop();
    server = undefined;
    const [row] = await viewsOf("stats-one");
    expect(row).toMatchObject({ views: 3, phone_taps: 1, navigate_taps: 0 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts nothing with STATISTICS=off", async () => {
    await start({ STATISTICS: "off" });
    await fetch(`${base}/en/restaurant/stats-two`, { headers: { "user-agent": CHROME } });
    await fetch(`${base}/api/taps/stats-two/menu`, {
      method: "POST",
      headers: { "user-agent": CHROME, "sec-fetch-site": "same-origin" },
    });
    await server!.stop();
    server = undefined;
    expect(await viewsOf("stats-two")).toEqual([]);
  });
});
