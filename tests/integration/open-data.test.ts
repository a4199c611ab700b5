// The open data feeds, through the built server on a test database (PGlite here, PostgreSQL
// on CI): every public listing in both formats, closed ones marked, nothing personal, GeoJSON's
// structure, the licence and CORS, and the page cache emptied by a change made through the domain.
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPermanentlyClosed, saveRestaurantHours } from "../../app/features/restaurants/editing/manage.server";
import type { OpenDataGeoJson, OpenDataJson } from "../../app/features/restaurants/open-data/feed";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import { emptyWeek } from "../../app/features/restaurants/hours/hours";
import { insertRestaurant } from "../../database/factories";
import { suggestions } from "../../database/schema/lifecycle";
import { restaurantOwners } from "../../database/schema/restaurants";
import { parseConfig } from "../../server/config";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

const PUBLIC_URL = "https://kosher.example";
let database: TestDatabase;
let running: RunningServer;
let base: string;
let dataDir: string;
const owner = { id: "", email: "feed-owner@open-data.example" };
const admin = { id: "", email: "feed-admin@open-data.example", role: "admin" as const };
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const services = createServices(database.db);
  owner.id = (await signedInUser(services, { email: owner.email, role: "owner", firstName: "Feedowner" })).id;
  admin.id = (await signedInUser(services, { email: admin.email, role: "admin", firstName: "Feedadmin" })).id;
  const open = await insertRestaurant(database.db, {
    slug: "open-grill",
    name_en: "Open Grill",
    address_he: "דיזנגוף 100, תל אביב",
    name_he: "גריל פתוח",
    description_en: "Grill",
    description_he: "גריל",
    latitude: 32.08,
    longitude: 34.78,
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2099-01-01",
    hours: { ...emptyWeek(false), days: [[{ from: "12:00", to: "23:00" }], [], [], [], [], [], []] },
  });
  ids.open = open.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: open.id, user_id: owner.id });
  ids.closed = (
    await insertRestaurant(database.db, {
      slug: "closed-cafe",
      name_en: "Closed Cafe",
      is_permanently_closed: true,
      latitude: 32.07,
      longitude: 34.77,
    })
  ).id;
  ids.nowhere = (
    await insertRestaurant(database.db, { slug: "nowhere-bakery", name_en: "Nowhere Bakery", kashrut: "unknown" })
  ).id;
  ids.changing = (await insertRestaurant(database.db, { slug: "changing-deli", name_en: "Changing Deli" })).id;
  // A suggestion is not a listing until approved: never in the feeds.
  await database.db.insert(suggestions).values({
    name_en: "Suggested Secret Place",
    address: "9 Nowhere St",
    language: "en",
    proof_of_work: true,
    email: "suggester@open-data.example",
  });
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-open-data-"));
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  running = await build.startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1", PUBLIC_URL }),
    database,
    clientDir: path.resolve("build/client"),
  });
  base = `http://127.0.0.1:${running.port}`;
}, 60_000);
afterAll(async () => {
  await running?.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("condition not met in time");
}

const getJson = async () => (await fetch(`${base}/api/restaurants.json`)).json() as Promise<OpenDataJson>;
const getGeoJson = async () => (await fetch(`${base}/api/restaurants.geojson`)).json() as Promise<OpenDataGeoJson>;

describe("GET /api/restaurants.json", () => {
  it("lists every public listing (as many as the directory), in both languages, closed ones marked, nothing personal", async () => {
    const answer = await fetch(`${base}/api/restaurants.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const text = await answer.text();
    const feed = JSON.parse(text) as OpenDataJson;
    const directory = await listRestaurants(database.db);
    expect(feed.count).toBe(directory.length);
    expect(feed.restaurants.map((r) => r.slug).sort()).toEqual(directory.map((r) => r.slug).sort());
    const open = feed.restaurants.find((r) => r.slug === "open-grill");
    expect(open).toMatchObject({
      name: { en: "Open Grill", he: "גריל פתוח" },
      description: { en: "Grill", he: "גריל" },
      url: { en: `${PUBLIC_URL}/en/restaurant/open-grill`, he: `${PUBLIC_URL}/he/restaurant/open-grill` },
      closed: false,
      // The address as written, and in Hebrew when the listing gives it (null otherwise).
      addressHe: "דיזנגוף 100, תל אביב",
      openingHours: "Su 12:00-23:00; Mo-Sa off",
      kashrut: { dietKosher: "only", certificate: { body: "rabbinate_tel_aviv", state: "valid" } },
      location: { lat: 32.08, lon: 34.78 },
    });
    expect(feed.restaurants.find((r) => r.slug === "closed-cafe")).toMatchObject({
      closed: true,
      openingHours: null,
      addressHe: null,
    });
    expect(feed.restaurants.find((r) => r.slug === "nowhere-bakery")).toMatchObject({
      location: null,
      kashrut: { dietKosher: "yes" },
    });
    // No owner, no user id, no e-mail, no suggestion.
    for (const secret of [
      owner.id,
      owner.email,
      admin.id,
      admin.email,
      "Suggested Secret Place",
      "suggester@open-data.example",
      "@open-data.example",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("names its licence (body and Link header), lets any site read it (CORS) and is cached as a page", async () => {
    const first = await fetch(`${base}/api/restaurants.json`);
    const feed = (await first.json()) as OpenDataJson;
    expect(feed).toMatchObject({
      version: 1,
      license: { name: "ODbL-1.0", url: "https://opendatacommons.org/licenses/odbl/1-0/" },
    });
    expect(feed.attribution).toContain("ODbL-1.0");
    expect(Date.parse(feed.generatedAt)).not.toBeNaN();
    const second = await fetch(`${base}/api/restaurants.json`, { headers: { "accept-encoding": "br" } });
    await second.arrayBuffer();
    for (const answer of [first, second]) {
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(answer.headers.get("link")).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
      expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(answer.headers.get("last-modified")).not.toBeNull();
    }
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(second.headers.get("content-encoding")).toBe("br");
    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("etag")).toBe(etag);
    const conditional = await fetch(`${base}/api/restaurants.json`, { headers: { "if-none-match": etag! } });
    expect(conditional.status).toBe(304);
  });

  it("is one cache entry whatever the query string: another query string is answered from the cache with the same body", async () => {
    const first = await fetch(`${base}/api/restaurants.json?first=1`);
    const firstBody = await first.text();
    const second = await fetch(`${base}/api/restaurants.json?second=${Date.now()}`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(firstBody);
    const geo = await fetch(`${base}/api/restaurants.geojson?one`);
    const geoBody = await geo.text();
    const again = await fetch(`${base}/api/restaurants.geojson?two`);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe(geoBody);
  });

  it("is emptied from the cache on change: a listing edited through the domain shows on the next request", async () => {
    await getJson();
    expect((await fetch(`${base}/api/restaurants.json`)).headers.get("x-cache")).toBe("HIT");
    await setPermanentlyClosed(database.db, admin, ids.changing!, true);
    await eventually(
      async () => (await getJson()).restaurants.find((r) => r.slug === "changing-deli")?.closed === true,
    );
    await getGeoJson();
    await saveRestaurantHours(database.db, admin, ids.open!, {
      ...emptyWeek(false),
      days: [[], [{ from: "08:00", to: "16:00" }], [], [], [], [], []],
    });
    await eventually(
      async () =>
        (await getGeoJson()).features.find((f) => f.id === "open-grill")?.properties.openingHours ===
        "Mo 08:00-16:00; Su,Tu-Sa off",
    );
  });

  it("is never private: a signed-in visitor gets the same public feed, from the cache (a cookie cannot force a fresh read)", async () => {
    await (await fetch(`${base}/api/restaurants.json`)).text();
    const answer = await fetch(`${base}/api/restaurants.json`, {
      headers: { cookie: "better-auth.session_token=whatever" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-cache")).toBe("HIT");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(answer.headers.get("vary")).toBe("Accept-Encoding");
    expect(((await answer.json()) as OpenDataJson).count).toBe((await listRestaurants(database.db)).length);
  });
});

describe("GET /api/restaurants.geojson", () => {
  it("is a valid FeatureCollection: every listing a Feature with a [lon, lat] Point in range or a null geometry, and properties", async () => {
    const answer = await fetch(`${base}/api/restaurants.geojson`);
    expect(answer.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("link")).toContain('rel="license"');
    const feed = (await answer.json()) as OpenDataGeoJson;
    expect(feed.type).toBe("FeatureCollection");
    expect(feed.license.name).toBe("ODbL-1.0");
    const directory = await listRestaurants(database.db);
    expect(feed.count).toBe(directory.length);
    expect(feed.features).toHaveLength(directory.length);
    expect(feed.features.map((f) => f.id).sort()).toEqual(directory.map((r) => r.slug).sort());
    for (const feature of feed.features) {
      expect(feature.type).toBe("Feature");
      expect(typeof feature.properties).toBe("object");
      expect(feature.properties.name.en).toBeTruthy();
      expect(feature.properties).toHaveProperty("closed");
      if (feature.geometry === null) continue;
      expect(feature.geometry.type).toBe("Point");
      const [lon, lat] = feature.geometry.coordinates;
      expect(lon).toBeGreaterThanOrEqual(-180);
      expect(lon).toBeLessThanOrEqual(180);
      expect(lat).toBeGreaterThanOrEqual(-90);
      expect(lat).toBeLessThanOrEqual(90);
    }
    expect(feed.features.find((f) => f.id === "open-grill")?.geometry).toEqual({
      type: "Point",
      coordinates: [34.78, 32.08],
    });
    expect(feed.features.find((f) => f.id === "nowhere-bakery")?.geometry).toBeNull();
    expect(feed.features.find((f) => f.id === "closed-cafe")?.properties).toMatchObject({
      closed: true,
      openingHours: null,
      osm: { "disused:amenity": "restaurant" },
    });
  });
});
