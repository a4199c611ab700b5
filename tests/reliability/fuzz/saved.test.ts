// Fuzzing saved places (ADR 024): the Save form's action at /saved and /he/saved, as a form and as
// its data request, and the page with any `slugs`. Never a 5xx; a visitor without an account
// changes nothing; whatever an account sends, its list holds only its own rows, only restaurants
// that exist, and no more than the most a list keeps.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SAVED } from "../../../app/features/restaurants/saved/device";
import { restaurants } from "../../../database/schema/restaurants";
import { savedPlaces } from "../../../database/schema/saved";
import { anyString, encode, formBody, formEntries } from "./arbitraries";
import { check, send, sendInvalid, SIGNED_IN, startFuzzServer, type FuzzServer } from "./harness";

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.stop();
});

const lang = fc.constantFrom("", "/he");
const dataSuffix = fc.constantFrom("", ".data");
const slug = () => fc.oneof(fc.constantFrom("fuzz-place", "other-place", "no-such-place", ""), anyString);
const FIELDS = {
  intent: fc.oneof(fc.constantFrom("add", "remove", "merge", "", "ADD"), anyString),
  slug: slug(),
  // The Save button without JavaScript: the button is the field, its value the place.
  add: slug(),
  remove: slug(),
  slugs: fc.oneof(
    fc.array(slug(), { maxLength: 8 }).map((list) => list.join(",")),
    anyString,
  ),
  next: fc.oneof(fc.constantFrom("/", "/he/saved", "//evil.example", "https://evil.example", "/\\evil"), anyString),
  js: fc.oneof(fc.constantFrom("1", "", "0"), anyString),
};
const anySaveForm = formBody(formEntries(FIELDS));
// The page that posted, which a form without `next` goes back to: this site's, another's, nonsense.
const REFERER = fc.constantFrom(
  undefined,
  "http://127.0.0.1/he?q=x",
  "https://evil.example/",
  "//evil.example",
  "not a url",
  "http://127.0.0.1//evil.example",
);

describe("saved places", () => {
  it("a visitor without an account changes nothing, whatever they send, and is never sent off the site", async () => {
    const arbitrary = fc.record({ lang, dataSuffix, body: anySaveForm, referer: REFERER });
    await check("saved anonymous", arbitrary, 150, async ({ lang: prefix, dataSuffix: suffix, body, referer }) => {
      const headers = referer === undefined ? body.headers : { ...body.headers, referer };
      const response = await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/saved${suffix}`,
        ...body,
        headers,
      });
      const location = response.headers.get("location") ?? "";
      expect(location.startsWith("//") || /^https?:/.test(location)).toBe(false);
    });
  });

  it("whatever an account sends, its list holds only its own rows of restaurants that exist, within the limit", async () => {
    const arbitrary = fc.record({ who: fc.constantFrom(...SIGNED_IN), lang, dataSuffix, body: anySaveForm });
    await check("saved account", arbitrary, 200, async ({ who, lang: prefix, dataSuffix: suffix, body }) => {
      const others = await server.db.select().from(savedPlaces);
      const response = await send(server, {
        method: "POST",
        path: `${prefix}/saved${suffix}`,
        ...body,
        headers: { ...body.headers, ...server.cookieOf(who) },
      });
      expect(response.status).toBeLessThan(500);
      const rows = await server.db
        .select({ user: savedPlaces.user_id, slug: restaurants.slug })
        .from(savedPlaces)
        .innerJoin(restaurants, eq(restaurants.id, savedPlaces.restaurant_id));
      expect(rows.length).toBe(await server.db.$count(savedPlaces));
      // Another account's rows are as they were.
      const mine = server.fixtures.userIds[who];
      expect(rows.filter((row) => row.user !== mine).length).toBe(others.filter((row) => row.user_id !== mine).length);
      expect(rows.filter((row) => row.user === mine).length).toBeLessThanOrEqual(MAX_SAVED);
    });
  });

  it("the page answers any list of slugs, signed in or not, in both languages", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom("anonymous" as const, ...SIGNED_IN),
      lang,
      dataSuffix,
      slugs: fc.oneof(
        anyString,
        fc.array(slug(), { maxLength: 6 }).map((list) => list.join(",")),
      ),
    });
    await check("saved page", arbitrary, 100, async ({ who, lang: prefix, dataSuffix: suffix, slugs }) => {
      const response = await send(server, {
        method: "GET",
        path: `${prefix}/saved${suffix}?slugs=${encode(slugs)}`,
        headers: server.cookieOf(who),
      });
      expect(response.status).toBeLessThan(500);
    });
  });
});
