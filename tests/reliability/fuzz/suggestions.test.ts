// Fuzzing restaurant suggestions (ADR 023): filing one at /suggest and /he/suggest (anyone, with or
// without proof-of-work, with or without a file), the admins' queue at /dashboard/suggestions
// (merge, reject, the listing search) and the approval form at /dashboard/add?suggestion=… — as a
// visitor, a guest, an owner (linked or not) and an admin. Never a 5xx or a stack trace; an invalid
// or unauthorised request changes nothing; a valid suggestion stores exactly one row.
import { count, desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FORM } from "../../../app/features/restaurants/editing/form-schema";
import { suggestions } from "../../../database/schema/lifecycle";
import { anyId, anyString, encode, extraHeaders, formBody, formEntries, HOSTILE, intents } from "./arbitraries";
import {
  check,
  clearRateLimits,
  EVERYONE,
  fingerprint,
  send,
  sendInvalid,
  SIGNED_IN,
  startFuzzServer,
  uploadedFiles,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
/** Suggestions stored before the fuzzing: one open, one rejected. */
const seeded = { openId: "", decidedId: "" };

beforeAll(async () => {
  server = await startFuzzServer();
  const [open] = await server.db
    .insert(suggestions)
    .values({
      name_en: "Fuzz Suggestion",
      name_he: "הצעה",
      address: "Fuzz St 1",
      email: "visitor@fuzz.example",
      language: "he",
      proof_of_work: true,
    })
    .returning();
  const [decided] = await server.db
    .insert(suggestions)
    .values({
      name_en: "Decided Suggestion",
      address: "Fuzz St 2",
      language: "en",
      proof_of_work: false,
      status: "rejected",
      decision_note: "<b>no</b>",
    })
    .returning();
  seeded.openId = open!.id;
  seeded.decidedId = decided!.id;
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);
const language = fc.constantFrom("", "/he");
const dataSuffix = fc.constantFrom("", ".data");
const suggestPath = (lang: string, suffix = "") => `${lang}/suggest${suffix}`;

type Fields = Record<string, string | undefined>;
const VALID: Fields = {
  nameEn: "Fuzz Falafel",
  nameHe: "",
  address: "Dizengoff 1",
  kashrut: "",
  link: "",
  note: "",
  email: "",
  website: "",
  mode: "basic",
};

function toBody(fields: Fields, multipart: boolean, file?: Blob): URLSearchParams | FormData {
  const entries = Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as [string, string]]));
  if (!multipart && !file) return new URLSearchParams(entries);
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  if (file) form.set("certificate", file, "teuda.jpg");
  return form;
}

/** A string as a form sends it: lone surrogates become U+FFFD (UTF-8 has no way to carry them). */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** Control characters and line breaks: never in a name a person typed (the rules refuse them). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNTYPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\r\n\u2028\u2029]/;

async function suggestionCount(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(suggestions);
  return Number(row?.n ?? 0);
}

type Breaker = (fields: Fields) => { fields: Fields; file?: Blob };
const controlChars = ["\u0000", "\u0001", "\u0007", "\u001B", "\u007F", "\u0085", "\u009F"];

/** Each makes a suggestion invalid under one rule: the names, the address, a length, the link, the e-mail, the honeypot, the proof, the photo. */
const breakers: fc.Arbitrary<Breaker> = fc.oneof(
  fc
    .constantFrom("", " ", "a", " b ")
    .map((name): Breaker => (f) => ({ fields: { ...f, nameEn: name, nameHe: name } })),
  fc.constantFrom(undefined, "", " ", "x").map((address): Breaker => (f) => ({ fields: { ...f, address } })),
  fc
    .tuple(
      fc.constantFrom("nameEn", "nameHe", "address", "kashrut"),
      fc.constantFrom("a", "ש", "😀"),
      fc.integer({ min: 301, max: 5_000 }),
    )
    .map(([field, unit, n]): Breaker => (f) => ({ fields: { ...f, [field]: unit.repeat(n) } })),
  fc.constantFrom("a".repeat(1_001), "😀".repeat(1_001)).map((note): Breaker => (f) => ({ fields: { ...f, note } })),
  fc
    .tuple(fc.constantFrom("nameEn", "address", "note", "kashrut"), fc.constantFrom(...controlChars))
    .map(([field, c]): Breaker => (f) => ({ fields: { ...f, [field]: `ok${c}ok` } })),
  fc
    .constantFrom("nameEn", "address", "kashrut")
    .map((field): Breaker => (f) => ({ fields: { ...f, [field]: "two\nlines" } })),
  fc
    .constantFrom(
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://x.example",
      "not a link",
      "http://",
      "mailto:a@b.example",
      "//evil.example",
    )
    .map((link): Breaker => (f) => ({ fields: { ...f, link } })),
  fc
    .constantFrom(
      "not-an-email",
      "a@",
      "@x.example",
      "a@example.com\nbcc:x@example.com",
      `${"a".repeat(250)}@example.com`,
    )
    .map((email): Breaker => (f) => ({ fields: { ...f, email } })),
  fc.constantFrom(" ", "0", "http://spam.example").map((website): Breaker => (f) => ({ fields: { ...f, website } })),
  fc
    .oneof(fc.constantFrom("", "{", "null", "{}", '{"challenge":{},"solution":{}}'), anyString)
    .map((pow): Breaker => (f) => ({ fields: { ...f, mode: "pow", pow } })),
  fc
    .oneof(
      fc.uint8Array({ minLength: 1, maxLength: 3_000 }).map((bytes) => new Blob([bytes], { type: "image/jpeg" })),
      fc.constantFrom(
        new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" }),
        new Blob(["%PDF-1.4"], { type: "application/pdf" }),
      ),
    )
    .map((file): Breaker => (f) => ({ fields: f, file })),
);

describe("suggest a restaurant: filing", () => {
  it("refuses every invalid suggestion (one broken rule each), from anyone, in both languages; nothing is stored", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      suffix: dataSuffix,
      breaker: breakers,
      multipart: fc.boolean(),
      headers: extraHeaders(server.baseUrl),
    });
    await check("suggest invalid", arbitrary, 200, async ({ who, lang, suffix, breaker, multipart, headers }) => {
      await clearRateLimits(server);
      const { fields, file } = breaker(VALID);
      const response = await sendInvalid(server, {
        method: "POST",
        path: suggestPath(lang, suffix),
        body: toBody(fields, multipart, file),
        headers: { ...cookieOf(who), ...headers },
      });
      expect(response.status, response.text.slice(0, 300)).toBeGreaterThanOrEqual(300);
    });
  });

  it("answers any body without a 5xx; at most one suggestion is stored, and only with a 200", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      path: fc.oneof(
        fc.tuple(language, dataSuffix).map(([lang, suffix]) => suggestPath(lang, suffix)),
        fc.constantFrom("/en/suggest", "/suggest/", "/SUGGEST", "/he/suggest/x"),
      ),
      body: formBody(
        formEntries({
          nameEn: fc.oneof(anyString, fc.constantFrom("Fuzz Place", "")),
          nameHe: fc.oneof(anyString, fc.constantFrom("מקום", "")),
          address: fc.oneof(anyString, fc.constantFrom("Herzl 1", "")),
          kashrut: anyString,
          link: fc.oneof(anyString, fc.constantFrom("", "https://ok.example", "javascript:x")),
          note: anyString,
          email: fc.oneof(fc.constantFrom("", "v@fuzz.example"), anyString),
          website: fc.oneof(fc.constant(""), anyString),
          mode: fc.oneof(fc.constantFrom("basic", "pow"), anyString),
          pow: anyString,
        }),
      ),
      headers: extraHeaders(server.baseUrl),
    });
    await check("suggest any", arbitrary, 150, async ({ who, path: target, body, headers }) => {
      await clearRateLimits(server);
      const before = await fingerprint(server.db);
      const rowsBefore = await suggestionCount();
      const files = uploadedFiles(server.uploadsDir);
      const response = await send(server, {
        method: "POST",
        path: target,
        ...body,
        headers: { ...cookieOf(who), ...headers, ...body.headers },
      });
      const stored = (await suggestionCount()) - rowsBefore;
      expect(uploadedFiles(server.uploadsDir)).toEqual(files);
      if (stored === 0) {
        expect(await fingerprint(server.db), `${target} → ${response.status} changed the database`).toEqual(before);
        return;
      }
      expect(stored).toBe(1);
      expect(response.status).toBe(200);
    });
  });

  it("stores exactly one open row for a valid suggestion (hostile but valid text), from anyone; nothing public", async () => {
    const storable = HOSTILE.filter(
      (value) => wellFormed(value) === value && !UNTYPED.test(value) && value.trim().length >= 2 && value.length <= 200,
    );
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      suffix: dataSuffix,
      name: fc.constantFrom(...storable),
      multipart: fc.boolean(),
    });
    await check("suggest valid", arbitrary, 30, async ({ who, lang, suffix, name, multipart }) => {
      await clearRateLimits(server);
      const rowsBefore = await suggestionCount();
      const restaurantsBefore = (await fingerprint(server.db)).restaurants;
      const response = await send(server, {
        method: "POST",
        path: suggestPath(lang, suffix),
        body: toBody({ ...VALID, nameEn: name, note: name }, multipart),
        headers: cookieOf(who),
      });
      expect(response.status, response.text.slice(0, 300)).toBe(200);
      expect(await suggestionCount()).toBe(rowsBefore + 1);
      const [row] = await server.db.select().from(suggestions).orderBy(desc(suggestions.created_at)).limit(1);
      expect(row).toMatchObject({
        name_en: name.trim(),
        status: "open",
        language: lang === "/he" ? "he" : "en",
        proof_of_work: false,
      });
      expect((await fingerprint(server.db)).restaurants).toBe(restaurantsBefore);
    });
  });
});

describe("the suggestions queue", () => {
  const queuePath = fc.constantFrom(
    "/dashboard/suggestions",
    "/he/dashboard/suggestions",
    "/dashboard/suggestions.data",
    "/dashboard/suggestions?index",
  );

  it("refuses every decision by anyone but an admin, whatever the fields; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE.filter((who) => who !== "admin")),
      path: queuePath,
      body: formBody(
        formEntries({
          intent: intents(["merge", "reject"]),
          suggestionId: fc.oneof(fc.constant(seeded.openId), anyId),
          restaurantId: fc.oneof(fc.constant(server.fixtures.restaurantId), anyId),
          reason: anyString,
        }),
      ),
    });
    await check("queue unauthorised", arbitrary, 100, async ({ who, path: target, body }) => {
      // Refused as the dashboard refuses (a redirect to sign in, 403); a .data request answers its redirect as 202.
      const response = await sendInvalid(server, {
        method: "POST",
        path: target,
        ...body,
        headers: { ...cookieOf(who), ...body.headers },
      });
      expect(response.status).not.toBe(200);
    });
  });

  it("an admin's garbage decisions answer without a 5xx and change nothing (a real one on the seeded suggestion aside)", async () => {
    const arbitrary = fc.record({
      path: queuePath,
      body: formBody(
        formEntries({
          intent: intents(["merge", "reject"]),
          suggestionId: fc.oneof(fc.constant(seeded.decidedId), anyId),
          restaurantId: fc.oneof(fc.constant(server.fixtures.restaurantId), anyId),
          reason: fc.oneof(anyString, fc.constantFrom("", "   ", "x".repeat(1_001), "a\u0000b")),
        }),
      ),
    });
    await check("queue admin garbage", arbitrary, 120, async ({ path: target, body }) => {
      // Never the open seeded suggestion: a decision on a decided or unknown one is refused.
      const response = await sendInvalid(server, {
        method: "POST",
        path: target,
        ...body,
        headers: { ...cookieOf("admin"), ...body.headers },
      });
      expect(response.status).toBeGreaterThanOrEqual(300);
    });
  });

  it("lists with any query, and opens the approval form with any suggestion id, without a 5xx or a change", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...SIGNED_IN),
      view: fc.oneof(fc.constantFrom("open", "decided", "all"), anyString),
      page: fc.oneof(fc.constantFrom("1", "0", "-1", "999999", "1e9", "NaN"), anyString),
      find: fc.oneof(fc.constantFrom("", "fuzz", "%", "_", "\\"), anyString),
      forId: anyId,
      suggestion: fc.oneof(fc.constant(seeded.openId), fc.constant(seeded.decidedId), anyId),
    });
    await check("queue reads", arbitrary, 80, async ({ who, view, page, find, forId, suggestion }) => {
      const query = `?view=${encode(view)}&page=${encode(page)}&find=${encode(find)}&for=${encode(forId)}`;
      await sendInvalid(server, { method: "GET", path: `/dashboard/suggestions${query}`, headers: cookieOf(who) });
      await sendInvalid(server, {
        method: "GET",
        path: `/he/dashboard/add?suggestion=${encode(suggestion)}`,
        headers: cookieOf(who),
      });
    });
  });

  it("approving through the form: anyone but an admin is refused and nothing changes; an admin's invalid form approves nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      name: fc.oneof(fc.constantFrom("", "x"), anyString),
      suggestion: fc.oneof(fc.constant(seeded.openId), anyId),
    });
    await check("approve", arbitrary, 60, async ({ who, name, suggestion }) => {
      // For an admin, an invalid name only (a valid one would create the listing: not this test's).
      const values = {
        ...EMPTY_FORM,
        nameEn: who === "admin" ? name.slice(0, 1) : name,
        address: "Fuzz St 9",
        kashrut: "tzohar",
      };
      const response = await sendInvalid(server, {
        method: "POST",
        path: `/dashboard/add?suggestion=${encode(suggestion)}`,
        body: JSON.stringify({ intent: "save", values }),
        headers: { ...cookieOf(who), "content-type": "application/json" },
      });
      expect(response.status).toBeGreaterThanOrEqual(300);
    });
    const [row] = await server.db.select().from(suggestions).where(eq(suggestions.id, seeded.openId));
    expect(row!.status).toBe("open");
  });
});
