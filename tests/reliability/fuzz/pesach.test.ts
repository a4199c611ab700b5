// Fuzzing the Pesach page's save (ADR 023), /dashboard/edit/:id/pesach, in both languages and as
// its data request: as a visitor, a guest, an owner of another restaurant, the linked owner and an
// admin. Never a 5xx; one who may not edit changes nothing, whatever the form; an invalid plan
// changes nothing; whatever an editor sends, what is stored is a valid plan.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pesachPlansOf } from "../../../app/features/restaurants/pesach/plans";
import { restaurants } from "../../../database/schema/restaurants";
import { anyId, anyString, encode, formBody, formEntries } from "./arbitraries";
import { check, send, sendInvalid, startFuzzServer, type FuzzServer, type Who } from "./harness";

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.stop();
});

const lang = fc.constantFrom("", "/he");
const dataSuffix = fc.constantFrom("", ".data");
const FIELDS = {
  status: fc.oneof(fc.constantFrom("", "closed", "kosher", "not_kosher", "KOSHER", "open"), anyString),
  kitniyot: fc.oneof(fc.constantFrom("", "yes", "no", "true"), anyString),
  body: fc.oneof(fc.constantFrom("", "tzohar", "rabbinate_tel_aviv", "none", "badatz"), anyString),
  level: fc.oneof(fc.constantFrom("", "regular", "mehadrin", "glatt"), anyString),
  validUntil: fc.oneof(fc.constantFrom("", "2027-04-30", "2027-02-30", "30/04/2027"), anyString),
  cholFrom: fc.oneof(fc.constantFrom("", "10:00", "24:00", "9"), anyString),
  cholTo: fc.oneof(fc.constantFrom("", "22:00", "10:00", "25:61"), anyString),
};
const anyPesachForm = formBody(formEntries(FIELDS));

/** A valid plan, then one rule broken. */
const VALID = {
  status: "kosher",
  kitniyot: "no",
  body: "tzohar",
  level: "mehadrin",
  validUntil: "2027-04-30",
  cholFrom: "10:00",
  cholTo: "22:00",
};
const breakers: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom("open", "KOSHER", "closed ", "kosher\u0000").map((status) => ({ status })),
  fc.constant({ status: "closed" }),
  fc.constant({ status: "not_kosher" }),
  fc.constantFrom("maybe", "1", "").map((kitniyot) => ({
    status: "closed",
    kitniyot: kitniyot || "yes",
    body: "",
    level: "",
    validUntil: "",
    cholFrom: "",
    cholTo: "",
  })),
  fc.constantFrom("2027-02-30", "tomorrow", "2027-4-1").map((validUntil) => ({ validUntil })),
  fc.constantFrom("24:00", "9am", "10:60").map((cholFrom) => ({ cholFrom })),
  fc.constant({ cholTo: "" }),
  fc.constant({ cholTo: "10:00" }),
  fc.constantFrom("badatz", "Tzohar", "").map((body) => ({ body: body || "nobody" })),
);

const pesachOf = async (id: string) =>
  (await server.db.select({ pesach: restaurants.pesach }).from(restaurants).where(eq(restaurants.id, id)))[0]?.pesach;

describe("the Pesach page's save", () => {
  it("refuses everyone who may not edit the restaurant, whatever they send; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom<Who>("anonymous", "guest", "owner", "ownerLinked"),
      target: fc.oneof(fc.constant("OTHER"), fc.constant("OWN"), anyId),
      lang,
      dataSuffix,
      body: anyPesachForm,
    });
    await check("pesach refused", arbitrary, 200, async ({ who, target, lang: prefix, dataSuffix: suffix, body }) => {
      // The linked owner may edit their own restaurant: for them, only another's or a made-up one.
      const own = target === "OWN" && who !== "ownerLinked";
      const id = own
        ? server.fixtures.restaurantId
        : target === "OTHER" || target === "OWN"
          ? server.fixtures.otherRestaurantId
          : target;
      const response = await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/dashboard/edit/${encode(id)}/pesach${suffix}`,
        ...body,
        headers: { ...body.headers, ...server.cookieOf(who) },
      });
      expect(response.status).toBeLessThan(500);
    });
  });

  it("refuses an invalid plan from the linked owner or an admin; nothing changes", async () => {
    const arbitrary = fc.record({ who: fc.constantFrom<Who>("ownerLinked", "admin"), lang, breaker: breakers });
    await check("pesach invalid", arbitrary, 150, async ({ who, lang: prefix, breaker }) => {
      const values = { ...VALID, ...breaker };
      const response = await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/dashboard/edit/${server.fixtures.restaurantId}/pesach`,
        headers: { "content-type": "application/x-www-form-urlencoded", ...server.cookieOf(who) },
        body: new URLSearchParams(values),
      });
      expect(response.status, JSON.stringify(values)).toBe(400);
    });
  });

  it("whatever the linked owner sends, never a 5xx, and what is stored is a valid plan", async () => {
    const arbitrary = fc.record({ lang, dataSuffix, body: anyPesachForm });
    await check("pesach any", arbitrary, 200, async ({ lang: prefix, dataSuffix: suffix, body }) => {
      const response = await send(server, {
        method: "POST",
        path: `${prefix}/dashboard/edit/${server.fixtures.restaurantId}/pesach${suffix}`,
        ...body,
        headers: { ...body.headers, ...server.cookieOf("ownerLinked") },
      });
      expect(response.status).toBeLessThan(500);
      expect(pesachPlansOf(await pesachOf(server.fixtures.restaurantId))).not.toBeNull();
    });
  });
});
