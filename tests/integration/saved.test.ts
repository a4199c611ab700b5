// Saved places (ADR 024) through the route, as the browser and a form without JavaScript send
// them: an account keeps its own list (add, remove, merge a device's list), never another's; a
// visitor without an account is sent to sign in and nothing is stored; the page shows the list's
// cards (the account's, or a device's by its slugs); deleting a restaurant takes it off every list.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/saved";
import { loader as rootLoader } from "../../app/root";
import { keepPlaces, savedSlugs } from "../../app/features/restaurants/saved/saved.server";
import { MAX_SAVED } from "../../app/features/restaurants/saved/device";
import type { AppServices } from "../../app/lib/context";
import { isAppError } from "../../app/lib/errors";
import { insertRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { savedPlaces } from "../../database/schema/saved";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
const cookies: Record<"diner" | "other", string> = { diner: "", other: "" };
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  for (const who of ["diner", "other"] as const) {
    const user = await signedInUser(services, {
      email: `${who}@saved.example`,
      role: "guest",
      firstName: who,
      lastName: "Saver",
    });
    cookies[who] = user.cookie;
    ids[who] = user.id;
  }
});
beforeEach(async () => {
  await database.db.delete(savedPlaces);
  await database.db.delete(restaurants);
  for (const slug of ["falafel-one", "sushi-two", "grill-three"]) {
    ids[slug] = (await insertRestaurant(database.db, { slug, name_en: slug.replace("-", " ") })).id;
  }
});
afterAll(async () => {
  await database?.destroy();
});

const post = (form: Record<string, string>, cookie?: string, path = "/saved") =>
  callRoute(action, services, path, { form, ...(cookie ? { cookie } : {}) });

describe("saving through the route", () => {
  it("adds and removes a place in the signed-in account; without JavaScript it goes back to the page", async () => {
    const added = await post({ intent: "add", slug: "sushi-two", next: "/en/restaurant/sushi-two" }, cookies.diner);
    expect(added).toMatchObject({ status: 302, location: "/en/restaurant/sushi-two" });
    expect(await savedSlugs(database.db, ids.diner!)).toEqual(["sushi-two"]);
    // With JavaScript the answer is data, and the page stays.
    expect(await post({ intent: "add", slug: "falafel-one", js: "1" }, cookies.diner)).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect((await savedSlugs(database.db, ids.diner!)).sort()).toEqual(["falafel-one", "sushi-two"]);
    await post({ intent: "remove", slug: "sushi-two", js: "1" }, cookies.diner);
    expect(await savedSlugs(database.db, ids.diner!)).toEqual(["falafel-one"]);
    // Another account's list is its own.
    expect(await savedSlugs(database.db, ids.other!)).toEqual([]);
  });

  it("without JavaScript the button is the field (add or remove, its value the place) and the answer goes back to the page that posted", async () => {
    const call = (form: Record<string, string>, referer: string) =>
      callRoute(action, services, "/he/saved", { form, cookie: cookies.diner!, referer });
    const added = await call({ add: "grill-three" }, "http://127.0.0.1/he?q=%D7%92%D7%A8%D7%99%D7%9C");
    expect(added).toMatchObject({ status: 302, location: "/he?q=%D7%92%D7%A8%D7%99%D7%9C" });
    expect(await savedSlugs(database.db, ids.diner!)).toContain("grill-three");
    // Another site's page is not a way back: the Saved page is.
    expect(await call({ remove: "grill-three" }, "https://evil.example/he")).toMatchObject({
      status: 302,
      location: "/he/saved",
    });
    expect(await savedSlugs(database.db, ids.diner!)).not.toContain("grill-three");
  });

  it("merges a device's list into the account once, skipping unknown slugs and what is already there", async () => {
    await post({ intent: "add", slug: "grill-three", js: "1" }, cookies.diner);
    await post({ intent: "merge", slugs: "falafel-one,no-such-place,grill-three,sushi-two", js: "1" }, cookies.diner);
    expect((await savedSlugs(database.db, ids.diner!)).sort()).toEqual(["falafel-one", "grill-three", "sushi-two"]);
    await post({ intent: "merge", slugs: "falafel-one", js: "1" }, cookies.diner);
    expect(await database.db.select().from(savedPlaces).where(eq(savedPlaces.user_id, ids.diner!))).toHaveLength(3);
  });

  it("sends a visitor without an account to sign in (coming back to the page), storing nothing", async () => {
    const answer = await post(
      { intent: "add", slug: "sushi-two", next: "/he/restaurant/sushi-two" },
      undefined,
      "/he/saved",
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/he/login?next=${encodeURIComponent("/he/restaurant/sushi-two")}&reason=save`);
    expect(await database.db.select().from(savedPlaces)).toEqual([]);
  });

  it("goes back to a page whose address has Hebrew letters (percent-encoded, never a 500)", async () => {
    const answer = await post({ intent: "add", slug: "sushi-two", next: "/he?q=סושי" }, cookies.diner, "/he/saved");
    expect(answer).toMatchObject({ status: 302, location: "/he?q=%D7%A1%D7%95%D7%A9%D7%99" });
  });

  it("never sends anyone to another site, whatever `next` says", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const answer = await post({ intent: "add", slug: "sushi-two", next }, cookies.diner);
      expect(answer.location).toBe("/saved");
    }
  });

  it("refuses more than the most an account keeps, with a message, saving none of that request", async () => {
    const many = Array.from({ length: MAX_SAVED }, (_, i) => ({ slug: `place-${i}`, name_en: `Place ${i}` }));
    for (const row of many) await insertRestaurant(database.db, row);
    await keepPlaces(
      database.db,
      { id: ids.diner!, role: "guest" },
      { add: many.slice(0, MAX_SAVED - 1).map((row) => row.slug) },
    );
    const refused = await post({ intent: "merge", slugs: "falafel-one,sushi-two", js: "1" }, cookies.diner);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: "saved.tooMany" });
    expect(await savedSlugs(database.db, ids.diner!)).toHaveLength(MAX_SAVED - 1);
    expect(await post({ intent: "add", slug: "falafel-one", js: "1" }, cookies.diner)).toMatchObject({ status: 200 });
    expect(await savedSlugs(database.db, ids.diner!)).toHaveLength(MAX_SAVED);
  });

  it("refuses the domain function to a visitor and the system's own list", async () => {
    for (const actor of [null, { role: "system" as const }]) {
      try {
        await keepPlaces(database.db, actor, { add: ["sushi-two"] });
        throw new Error("not refused");
      } catch (error) {
        expect(isAppError(error) && error.code).toBe("forbidden");
      }
    }
  });
});

describe("the Saved page and the shell", () => {
  it("shows the account's cards, the latest first; a device's by its slugs; nothing to a visitor without any", async () => {
    await post({ intent: "add", slug: "falafel-one", js: "1" }, cookies.diner);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post({ intent: "add", slug: "grill-three", js: "1" }, cookies.diner);
    const page = await callRoute(loader, services, "/saved", { cookie: cookies.diner });
    expect(page.data).toMatchObject({ inAccount: true });
    expect((page.data as { restaurants: { slug: string }[] }).restaurants.map((r) => r.slug)).toEqual([
      "grill-three",
      "falafel-one",
    ]);
    const device = await callRoute(loader, services, "/he/saved?slugs=sushi-two,no-such-place,a%00b,falafel-one");
    expect(device.data).toMatchObject({ inAccount: false });
    expect((device.data as { restaurants: { slug: string }[] }).restaurants.map((r) => r.slug)).toEqual([
      "sushi-two",
      "falafel-one",
    ]);
    const none = await callRoute(loader, services, "/saved");
    expect((none.data as { restaurants: unknown[] }).restaurants).toEqual([]);
  });

  it("gives a signed-in viewer's saved slugs to the shell, and a visitor none (the cached pages' shell)", async () => {
    await post({ intent: "add", slug: "sushi-two", js: "1" }, cookies.diner);
    const signedIn = await callRoute(rootLoader, services, "/", { cookie: cookies.diner });
    expect(signedIn.data).toMatchObject({ saved: ["sushi-two"] });
    const visitor = await callRoute(rootLoader, services, "/");
    expect(visitor.data).toMatchObject({ saved: null });
  });

  it("takes a deleted restaurant off every list", async () => {
    await post({ intent: "add", slug: "sushi-two", js: "1" }, cookies.diner);
    await post({ intent: "add", slug: "sushi-two", js: "1" }, cookies.other);
    await database.db.delete(restaurants).where(eq(restaurants.slug, "sushi-two"));
    expect(await database.db.select().from(savedPlaces)).toEqual([]);
  });
});
