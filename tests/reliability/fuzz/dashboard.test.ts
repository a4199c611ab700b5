// Fuzzing the dashboard and blog actions: restaurant add/edit (JSON and forms), owners,
// verification date, delete, user roles, blog add/edit/delete — as a visitor, a guest, an owner
// (linked to one restaurant or not) and an admin. Never a 5xx; invalid or unauthorised requests
// change nothing.
import fc from "fast-check";
import { EMPTY_FORM } from "../../../app/features/restaurants/editing/form-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyId, anySegment, anyString, formBody, formEntries, intents } from "./arbitraries";
import { check, EVERYONE, send, sendInvalid, startFuzzServer, type FuzzServer, type Who } from "./harness";

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);
const lang = fc.constantFrom("", "/he");
const dataSuffix = fc.constantFrom("", ".data");

const VALID = {
  ...EMPTY_FORM,
  nameEn: "Fuzzed Falafel",
  nameHe: "פלאפל",
  address: "1 Dizengoff St",
  kashrut: "tzohar",
  phoneNumber: "03-5551234",
  tags: ["Meat"],
  latitude: "32.0779",
  longitude: "34.7741",
  menuImages: [] as unknown[],
};
type Values = Record<string, unknown>;

/**
 * Each makes the restaurant form invalid under one rule of the spec (section 5) or the schema, or
 * names a stored file the person saving may not use (another restaurant's, an upload not theirs).
 */
const restaurantBreakers: fc.Arbitrary<(v: Values) => Values> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("photo", "teuda", "menuLink", "menuImages"),
      fc.constantFrom("photo", "menuImage", "pdf", "stray") as fc.Arbitrary<"photo" | "menuImage" | "pdf" | "stray">,
    )
    .map(([field, which]) => (v: Values) => {
      const url = server.fixtures.foreignFiles[which];
      return { ...v, [field]: field === "menuImages" ? [{ url, name: "taken.webp" }] : url };
    }),
  fc.constantFrom("", " ", "a", "\u0000\u0000", " x ").map((name) => (v: Values) => ({ ...v, nameEn: name })),
  fc.constantFrom("", "b", "  ").map((address) => (v: Values) => ({ ...v, address })),
  fc
    .oneof(
      anyString.filter((k) => !["tzohar", "rabbanut", "badatz"].includes(k.trim())),
      fc.constant(undefined),
    )
    .map((kashrut) => (v: Values) => ({ ...v, kashrut })),
  fc
    .tuple(
      fc.constantFrom("wazeLink", "bookingLink", "onlineOrderLink", "woltLink", "kashrutWebsite", "menuLink"),
      fc.constantFrom(
        "javascript:alert(1)",
        " JaVaScRiPt:alert(1)",
        "data:text/html,x",
        "ftp://x",
        "http://a b",
        "//evil",
      ),
    )
    .map(([field, link]) => (v: Values) => ({ ...v, [field]: link })),
  fc
    .constantFrom("photo", "teuda")
    .chain((field) =>
      fc
        .constantFrom(
          "/uploads/../../etc/passwd",
          "../../etc/passwd",
          "http://insecure.example/x.png",
          "javascript:alert(1)",
          "/uploads/photo/a/b.webp",
        )
        .map((url) => (v: Values) => ({ ...v, [field]: url })),
    ),
  fc
    .constantFrom(
      ["__proto__"],
      ["toString"],
      ["constructor"],
      ["Meat", 1],
      "Meat",
      [null],
      Array.from({ length: 40 }, () => "Meat"),
    )
    .map((tags) => (v: Values) => ({ ...v, tags })),
  fc.constantFrom("true", 1, null, "false").map((closed) => (v: Values) => ({ ...v, isPermanentlyClosed: closed })),
  fc
    .constantFrom(
      Array.from({ length: 11 }, (_, i) => ({ url: `/uploads/menu/m${i}.webp`, name: "m" })),
      [{ url: "../../etc/passwd", name: "x" }],
      [{ url: "/uploads/menu/a.webp", name: "" }],
      [{ url: "/uploads/menu/a.webp", name: "a", size: -1 }],
      [{ url: "/uploads/menu/a.webp", name: "a", size: 1e308 }],
      "not an array",
    )
    .map((menuImages) => (v: Values) => ({ ...v, menuImages })),
  fc
    .constantFrom("nameEn", "nameHe", "descriptionEn", "openingHours", "address")
    .map((field) => (v: Values) => ({ ...v, [field]: `ok${"ש".repeat(6_000)}` })),
  fc
    .constantFrom("nameEn", "address", "nameHe", "phoneNumber", "descriptionHe")
    .map((field) => (v: Values) => ({ ...v, [field]: `Value\u0000with NUL` })),
  fc.constant((v: Values) => {
    const { nameEn: _drop, ...rest } = v;
    return rest;
  }),
  // The location: outside Israel, half given, not a decimal number, not text at all.
  fc
    .constantFrom<[unknown, unknown]>(
      ["35.1264", "33.4299"],
      ["0", "0"],
      ["34.7741", "32.0779"],
      ["-32.08", "34.78"],
      ["32.08", ""],
      ["", "34.78"],
      ["32,08", "34.78"],
      ["1e1", "34.78"],
      ["NaN", "Infinity"],
      ["32.08\u0000", "34.78"],
      [32.08, 34.78],
      [null, "34.78"],
      [["32.08"], "34.78"],
      [`32.${"0".repeat(30)}`, "34.78"],
    )
    .map(([latitude, longitude]) => (v: Values) => ({ ...v, latitude, longitude })),
  // The certificate: an unknown body or level, a date that is no day, a number too long,
  // details without a supervising body, values that are not text.
  fc
    .constantFrom<Values>(
      { certificateBody: "kosher-enough" },
      { certificateBody: "__proto__" },
      { certificateBody: ["tzohar"] },
      { certificateBody: "tzohar", certificateLevel: "strict" },
      { certificateBody: "tzohar", certificateValidUntil: "2027-02-30" },
      { certificateBody: "tzohar", certificateValidUntil: "19/04/2027" },
      { certificateBody: "tzohar", certificateValidUntil: "1926-04-19" },
      { certificateBody: "tzohar", certificateValidUntil: 20270419 },
      { certificateBody: "tzohar", certificateNumber: "9".repeat(41) },
      { certificateBody: "tzohar", certificateNumber: "a\nb" },
      { certificateBody: "", certificateValidUntil: "2027-04-19" },
      { certificateBody: "none", certificateNumber: "12" },
    )
    .map((certificate) => (v: Values) => ({ ...v, ...certificate })),
  // The practical facts: a level outside 1-4 or not a level at all, an unknown access,
  // a flag that is not a boolean, values of the wrong type.
  fc
    .constantFrom<Values>(
      { priceLevel: "0" },
      { priceLevel: "5" },
      { priceLevel: 5 },
      { priceLevel: "₪₪" },
      { priceLevel: "2.5" },
      { priceLevel: ["2"] },
      { priceLevel: "__proto__" },
      { wheelchair: "maybe" },
      { wheelchair: "constructor" },
      { wheelchair: true },
      { delivery: "true" },
      { takeaway: 1 },
      { catering: null },
      { catering: { yes: true } },
    )
    .map((facts) => (v: Values) => ({ ...v, ...facts })),
);

/** Noise on the fields a breaker does not touch: any value, of any JSON type. */
const noise = fc.dictionary(
  fc.constantFrom(
    "nameHe",
    "phoneNumber",
    "openingHours",
    "descriptionEn",
    "descriptionHe",
    "__proto__",
    "constructor",
    "extra",
  ),
  fc.oneof(
    anyString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(anyString, { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
  ),
  { maxKeys: 3 },
);

describe("restaurant editor: save", () => {
  it("refuses invalid values and unauthorised saves, from everyone; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      target: fc.constantFrom("add", "own", "other", "missing", "junk"),
      junkId: anySegment,
      breaker: restaurantBreakers,
      noise,
      lang,
      dataSuffix,
      asForm: fc.boolean(),
    });
    await check(
      "restaurant save invalid",
      arbitrary,
      400,
      async ({ who, target, junkId, breaker, noise: extra, lang: prefix, dataSuffix: suffix, asForm }) => {
        const { restaurantId } = server.fixtures;
        const path = {
          add: `${prefix}/dashboard/add`,
          own: `${prefix}/dashboard/edit/${restaurantId}`,
          other: `${prefix}/dashboard/edit/${server.fixtures.otherRestaurantId}`,
          missing: `${prefix}/dashboard/edit/0b9a4f0e-7d36-4c8e-9d7e-5a8f0c1b2d3e`,
          junk: `${prefix}/dashboard/edit/${junkId}`,
        }[target];
        const values = breaker({ ...VALID, ...extra });
        const body = asForm
          ? { body: new URLSearchParams({ intent: "save", values: JSON.stringify(values) }) }
          : { headers: { "content-type": "application/json" }, body: JSON.stringify({ intent: "save", values }) };
        const response = await sendInvalid(server, {
          method: "POST",
          path: `${path}${suffix}`,
          ...body,
          headers: { ...body.headers, ...cookieOf(who) },
        });
        expect(response.status).not.toBe(200);
      },
    );
  });

  it("answers any body (malformed JSON, wrong types, wrong content types) without a 5xx; unauthorised ones change nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      path: fc.oneof(
        fc.constant("/dashboard/add"),
        anySegment.map((id) => `/dashboard/edit/${id}`),
        fc.constant("EDIT"),
      ),
      body: fc.oneof(
        formBody(
          formEntries({
            intent: intents(["save", "addOwner", "removeOwner", "verify", "clearRevocation"]),
            values: anyString,
          }),
        ),
        fc
          .oneof(
            anyString,
            fc.json(),
            fc.jsonValue().map((v) => JSON.stringify({ intent: "save", values: v })),
          )
          .map((raw) => ({ headers: { "content-type": "application/json" }, body: raw })),
      ),
    });
    await check("restaurant any", arbitrary, 250, async ({ who, path, body }) => {
      const target = path === "EDIT" ? `/dashboard/edit/${server.fixtures.restaurantId}` : path;
      const request = { method: "POST", path: target, ...body, headers: { ...body.headers, ...cookieOf(who) } };
      // Visitors, guests and owners of other restaurants can change nothing; an admin's or the linked
      // owner's random JSON may happen to be valid, so only the 5xx rule applies to them.
      if (who === "anonymous" || who === "guest") await sendInvalid(server, request);
      else await send(server, request);
    });
  });
});

describe("restaurant editor: owners and verification date", () => {
  it("refuses owner and verification changes from non-admins, and invalid ones from admins; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      id: fc.oneof(fc.constant("OWN"), anySegment),
      intent: fc.constantFrom("addOwner", "removeOwner", "verify"),
      userId: fc.oneof(anyId, fc.constant("GUEST"), fc.constant("LINKED")),
      linkId: anyId,
      date: fc.oneof(
        fc.constantFrom(
          "2026-02-30",
          "2026-13-01",
          "0000-00-00",
          "2026-1-1",
          "20260101",
          "2026-02-29",
          "9999-99-99",
          " 2026-01-01",
        ),
        anyString,
      ),
      asJson: fc.boolean(),
    });
    await check("owners/verify invalid", arbitrary, 300, async ({ who, id, intent, userId, linkId, date, asJson }) => {
      const f = server.fixtures;
      // For an admin, these are invalid by construction: a guest or unknown user, a link that does
      // not exist, an impossible date.
      if (
        who === "admin" &&
        intent === "verify" &&
        /^\d{4}-\d{2}-\d{2}$/.test(date) &&
        !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
        new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)
      )
        return;
      if (who === "admin" && intent === "verify" && date === "") return;
      const fields: Record<string, string> = {
        intent,
        userId: userId === "GUEST" ? f.userIds.guest : userId === "LINKED" ? f.userIds.ownerLinked : userId,
        linkId,
        date,
      };
      const path = `/dashboard/edit/${id === "OWN" ? f.restaurantId : id}`;
      const body = asJson
        ? { headers: { "content-type": "application/json" }, body: JSON.stringify(fields) }
        : { body: new URLSearchParams(fields) };
      const response = await sendInvalid(server, {
        method: "POST",
        path,
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
      if (who === "admin") expect(response.text).not.toContain('"ok":true');
    });
  });
});

describe("certificates: renewed until", () => {
  it("refuses renewals from non-admins, and invalid ones (unknown listing, no certificate, a date that is no day) from admins; nothing changes", async () => {
    const day = fc.oneof(
      fc.constantFrom("2099-01-01", "2027-02-30", "19/04/2027", "", " ", "2027-4-1", "1926-01-01", "9999-12-31"),
      fc
        .date({ min: new Date("1990-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      anyString,
    );
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang,
      body: formBody(formEntries({ restaurantId: fc.oneof(anyId, fc.constant("OWN")), validUntil: day })),
    });
    await check("renew invalid", arbitrary, 200, async ({ who, lang: prefix, body }) => {
      // The fixtures' listings have no certificate: even an admin's real date for one changes nothing.
      const raw = body.body;
      const fixed =
        raw instanceof URLSearchParams
          ? new URLSearchParams([...raw.entries()].map(([k, v]) => [k, v === "OWN" ? server.fixtures.restaurantId : v]))
          : raw;
      await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/dashboard/certificates`,
        ...(fixed !== undefined ? { body: fixed } : {}),
        headers: { ...body.headers, ...cookieOf(who) },
      });
    });
  });
});

describe("dashboard list: delete", () => {
  it("refuses deletes from non-admins and deletes of unknown ids; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang,
      body: formBody(formEntries({ intent: intents(["delete"]), id: fc.oneof(anyId, fc.constant("OWN")) })),
    });
    await check("delete invalid", arbitrary, 250, async ({ who, lang: prefix, body }) => {
      // An admin deleting a real restaurant is valid: the only real id is swapped for a made-up one.
      const raw = body.body;
      const own = server.fixtures.restaurantId;
      const fixed =
        who === "admin" && raw instanceof URLSearchParams
          ? new URLSearchParams(
              [...raw.entries()].map(([k, v]) => [k, v === "OWN" ? "4f1e8a62-3c7d-4e9b-a0f5-2d6c8b1e7a93" : v]),
            )
          : raw instanceof URLSearchParams
            ? new URLSearchParams([...raw.entries()].map(([k, v]) => [k, v === "OWN" ? own : v]))
            : raw;
      await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/dashboard?index`,
        ...(fixed !== undefined ? { body: fixed } : {}),
        headers: { ...body.headers, ...cookieOf(who) },
      });
    });
  });
});

describe("user administration: roles", () => {
  it("refuses role changes from non-admins, unknown users and unknown roles; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      userId: fc.oneof(anyId, fc.constant("GUEST")),
      role: fc.oneof(fc.constantFrom("admin", "owner", "guest", "ADMIN", "superuser", "__proto__"), anyString),
      lang,
    });
    await check("users invalid", arbitrary, 250, async ({ who, userId, role, lang: prefix }) => {
      // Valid only for an admin naming a real user and a real role: keep those out.
      const target = userId === "GUEST" ? server.fixtures.userIds.guest : userId;
      if (who === "admin" && userId === "GUEST" && ["admin", "owner", "guest"].includes(role)) return;
      await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/dashboard/users`,
        body: new URLSearchParams({ userId: target, role }),
        headers: cookieOf(who),
      });
    });
  });

  it("answers any form without a 5xx", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      body: formBody(formEntries({ userId: anyId, role: anyString })),
    });
    await check("users any", arbitrary, 150, async ({ who, body }) => {
      await sendInvalid(server, {
        method: "POST",
        path: "/dashboard/users",
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
    });
  });
});

describe("blog editor and blog delete", () => {
  const validPost = {
    title: "Fuzz title",
    subtitle: "Sub",
    slug: "fuzz-new",
    image: "https://example.com/a.png",
    content: "Hello",
  };
  const blogBreakers: fc.Arbitrary<Record<string, string | undefined>> = fc.oneof(
    fc
      .constantFrom("title", "subtitle", "content")
      .chain((f) => fc.constantFrom("", "   ", undefined, `x\u0000y`, "t".repeat(100_001)).map((v) => ({ [f]: v }))),
    fc
      .constantFrom(
        "Has Spaces",
        "UPPER",
        "a--b",
        "-a",
        "a-",
        "ש",
        "../../etc/passwd",
        "a\u0000",
        "x".repeat(121),
        "fuzz-post",
      )
      .map((slug) => ({ slug })),
    fc
      .constantFrom(
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "//evil.example/x.png",
        "not a url",
        "ftp://x/y.png",
        "",
      )
      .map((image) => ({ image })),
  );

  it("refuses invalid posts and non-admins; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      target: fc.oneof(
        fc.constant("/dashboard/blog/add"),
        fc.constant("EDIT"),
        anySegment.map((id) => `/dashboard/blog/edit/${id}`),
      ),
      breaker: blogBreakers,
      other: fc.dictionary(fc.constantFrom("title", "subtitle", "content", "__proto__", "extra"), anyString, {
        maxKeys: 2,
      }),
      dataSuffix,
      multipart: fc.boolean(),
    });
    await check(
      "blog invalid",
      arbitrary,
      300,
      async ({ who, target, breaker, other, dataSuffix: suffix, multipart }) => {
        const path = target === "EDIT" ? `/dashboard/blog/edit/${server.fixtures.blogId}` : target;
        // The post's own slug is only taken for a new post.
        if (target === "EDIT" && breaker.slug === "fuzz-post") return;
        // A random edit id is not a post (so the request is invalid even when the values are fine).
        const values = {
          ...validPost,
          ...(who === "admin" && !path.endsWith("/add") && path !== `/dashboard/blog/edit/${server.fixtures.blogId}`
            ? other
            : {}),
          ...breaker,
        };
        const entries = Object.entries(values).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, v] as [string, string]],
        );
        const body = multipart ? toFormData(entries) : new URLSearchParams(entries);
        const response = await sendInvalid(server, {
          method: "POST",
          path: `${path}${suffix}`,
          body,
          headers: cookieOf(who),
        });
        expect(response.status).not.toBe(200);
      },
    );
  });

  it("blog post delete: only an admin, only a real post; nothing else changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      path: fc.oneof(
        anySegment.map((id) => `/blog/${id}`),
        anySegment.map((slug) => `/blog/s/${slug}`),
        fc.constantFrom("OWN_ID", "OWN_SLUG"),
      ),
      body: formBody(formEntries({ intent: anyString })),
      dataSuffix,
    });
    await check("blog delete", arbitrary, 200, async ({ who, path, body, dataSuffix: suffix }) => {
      const own =
        path === "OWN_ID"
          ? `/blog/${server.fixtures.blogId}`
          : path === "OWN_SLUG"
            ? `/blog/s/${server.fixtures.blogSlug}`
            : path;
      // An admin deleting the real post is valid; everything else must change nothing.
      if (who === "admin" && own !== path) return;
      await sendInvalid(server, {
        method: "POST",
        path: `${own}${suffix}`,
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
    });
  });
});

function toFormData(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}
