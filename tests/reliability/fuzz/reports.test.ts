// Fuzzing the problem reports: filing one at /en|he/restaurant/:slug/report (anyone,
// with or without proof-of-work), the challenges at /api/report-challenge, and the admins' queue at
// /dashboard/reports (acting on a report; listing with any filter) — as a visitor, a guest, an
// owner (linked to the reported restaurant or not) and an admin. Never a 5xx or a stack trace; an
// invalid or unauthorised request changes nothing; a valid report stores exactly one row.
import { readdirSync } from "node:fs";
import path from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProofOfWork } from "../../../app/lib/proof-of-work.server";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "../../../database/reports";
import { reportEvents, reportNotices, reports } from "../../../database/schema/reports";
import { MAX_FORM_BYTES } from "../../../server/app";
import { crossSiteRefusal } from "../../../server/http/requests";
import { restaurants } from "../../../database/schema/restaurants";
import {
  anyId,
  anySegment,
  anyString,
  encode,
  extraHeaders,
  formBody,
  formEntries,
  HOSTILE,
  intents,
} from "./arbitraries";
import {
  check,
  clearRateLimits,
  EVERYONE,
  fingerprint,
  rowsOf,
  send,
  sendInvalid,
  startFuzzServer,
  uploadedFiles,
  type FuzzRequest,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
/** Reports stored before the fuzzing: one open and one resolved on the linked owner's restaurant. */
const seeded = { openId: "", closedId: "" };

beforeAll(async () => {
  server = await startFuzzServer();
  const { restaurantId, otherRestaurantId } = server.fixtures;
  // Already told of (notified_at set): the background e-mail job must leave them alone, or a
  // fingerprint could change between two reads.
  const long = Date.now() - 30 * 24 * 60 * 60_000;
  const [open] = await server.db
    .insert(reports)
    .values({
      restaurant_id: restaurantId,
      reason: "hours",
      note: "Opens at noon now",
      email: "reporter@fuzz.example",
      proof_of_work: true,
      created_at: new Date(long),
      notified_at: new Date(long),
    })
    .returning();
  const [closed] = await server.db
    .insert(reports)
    .values({
      restaurant_id: restaurantId,
      reason: "kashrut",
      note: "",
      proof_of_work: false,
      status: "resolved",
      created_at: new Date(long - 1_000),
      notified_at: new Date(long),
    })
    .returning();
  await server.db.insert(reportEvents).values({
    report_id: closed!.id,
    status: "resolved",
    note: "<b>checked</b>",
    actor_id: server.fixtures.userIds.admin,
    actor_email: server.fixtures.emails.admin,
  });
  // Hostile notes and more than one page of the queue (50 a page), on both restaurants.
  const storable = HOSTILE.filter((value) => !value.includes("\u0000") && wellFormed(value) === value);
  await server.db.insert(reports).values(
    Array.from({ length: 60 }, (_, i) => ({
      restaurant_id: i % 3 === 0 ? otherRestaurantId : restaurantId,
      reason: REPORT_REASONS[i % REPORT_REASONS.length]!,
      note: storable[i % storable.length]!,
      email: i % 4 === 0 ? `r${i}@fuzz.example` : null,
      proof_of_work: i % 2 === 0,
      status: (["open", "resolved", "dismissed"] as const)[i % 3]!,
      created_at: new Date(long - (i + 2) * 60_000),
      notified_at: new Date(long),
    })),
  );
  seeded.openId = open!.id;
  seeded.closedId = closed!.id;
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);
const REASONS: readonly string[] = REPORT_REASONS;
const QUEUE_INTENTS = ["resolve", "dismiss", "markClosed", "verifyToday"];
const language = fc.constantFrom("en", "he");
const dataSuffix = fc.constantFrom("", ".data");
const reportPath = (lang: string, slug: string, suffix = "") => `/${lang}/restaurant/${slug}/report${suffix}`;
const KNOWN_SLUGS = ["fuzz-place", "other-place", "foreign-place"];

type Fields = Record<string, string | undefined>;
/** A report the server must accept (before its rate limits), as the form without JavaScript sends it. */
const VALID_REPORT: Fields = { reason: "hours", note: "Closed on Sundays now", email: "", website: "", mode: "basic" };

function toBody(fields: Fields, multipart: boolean): URLSearchParams | FormData {
  const entries = Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as [string, string]]));
  if (!multipart) return new URLSearchParams(entries);
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

/** A string as a form sends it: lone surrogates become U+FFFD (UTF-8 has no way to carry them). */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** Control characters other than tab and line breaks (never in a note a person typed). */
function hasControl(value: string): boolean {
  return [...value].some((c) => {
    const n = c.codePointAt(0)!;
    return n <= 0x08 || n === 0x0b || n === 0x0c || (n >= 0x0e && n <= 0x1f) || (n >= 0x7f && n <= 0x9f);
  });
}

/** The note as stored: line breaks as \n, trimmed. */
const storedNote = (note: string) => wellFormed(note).replace(/\r\n?/g, "\n").trim();
/** Characters are counted as code points (an emoji is one), as the server's rule counts them. */
const characters = (value: string) => [...value].length;
const isValidNote = (note: string) => characters(storedNote(note)) <= REPORT_NOTE_MAX && !hasControl(storedNote(note));

async function reportCount(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(reports);
  return Number(row?.n ?? 0);
}

/**
 * Waits for the background e-mail job (run after every report filed) to finish its writes: every
 * report told of (notified_at) or waiting for its restaurant's hourly digest (told before it came).
 */
async function noticesSettled(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = rowsOf<{ waiting: number }>(
      await server.db.execute(sql`select count(*)::int as waiting from reports r where r.notified_at is null
        and not exists (select 1 from report_notices n where n.restaurant_id = r.restaurant_id and n.sent_at < r.created_at)`),
    );
    if (Number(row?.waiting) === 0) return;
    if (Date.now() > deadline) throw new Error("the report notices job did not finish in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const outboxDir = () => path.join(path.dirname(server.uploadsDir), "outbox");
function outboxSize(): number {
  try {
    return readdirSync(outboxDir()).length;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Filing a report

type Breaker = (fields: Fields) => { fields: Fields; slug?: string };

const controlChars = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u000E",
  "\u001B",
  "\u001F",
  "\u007F",
  "\u0080",
  "\u0085",
  "\u009F",
];
const invalidEmails = [
  "not-an-email",
  "a@",
  "@example.com",
  "a b@example.com",
  "a@b.c",
  "a@@example.com",
  "x\u0000@example.com",
  "\u0000@x.co",
  "<script>@example.com",
  "javascript:alert(1)@example.com",
  `${"a".repeat(250)}@example.com`,
  "reporter@example",
  "reporter@example..com",
  "a..b@example.com",
  ".a@example.com",
  "שלום@example.com",
  "a@ex ample.com",
  '"quoted"@example.com',
  "a@example.com\nbcc:x@example.com",
  "a@example.com, b@example.com",
];

/** Proof-of-work fields that are no proof: missing, not JSON, JSON of the wrong shape, made up. */
const garbagePow: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    "",
    "{",
    "null",
    "[]",
    "{}",
    "0",
    "true",
    '"x"',
    '{"challenge":null,"solution":null}',
    '{"challenge":{},"solution":{}}',
    '{"challenge":{"parameters":null},"solution":{}}',
    '{"challenge":{"parameters":[]},"solution":[]}',
    '{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256"}},"solution":{}}',
    '{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256"},"signature":{}},"solution":{"counter":1,"derivedKey":"00"}}',
    '{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256","nonce":"zz","salt":{},"cost":-1,"keyLength":1e309,"keyPrefix":"","keySignature":[]},"signature":"00"},"solution":{"counter":-1,"derivedKey":"ZZ"}}',
    '{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256","nonce":"00","salt":"00","cost":1000000000,"keyLength":32,"keyPrefix":"00","expiresAt":1e300},"signature":"deadbeef"},"solution":{"counter":0,"derivedKey":"00"}}',
    '{"challenge":{"parameters":{"algorithm":"SHA-256","nonce":"00","salt":"00","cost":1,"keyLength":32,"keyPrefix":"0"}},"solution":{"counter":0,"derivedKey":"00"}}',
    '{"__proto__":{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256"}},"solution":{}}}',
    '{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256","__proto__":{"verified":true}},"signature":"x"},"solution":{"counter":1,"derivedKey":"00"}}',
    // An altcha v1 payload (base64 JSON), as an old widget would send.
    Buffer.from('{"algorithm":"SHA-256","challenge":"abc","number":1,"salt":"x","signature":"y"}').toString("base64"),
    `{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256","nonce":"${"0".repeat(5_000)}"}},"solution":{}}`,
  ),
  anyString,
  fc.json(),
  fc
    .record({
      challenge: fc.record({
        parameters: fc.record({
          algorithm: fc.oneof(fc.constant("PBKDF2/SHA-256"), fc.jsonValue()),
          nonce: fc.oneof(fc.stringMatching(/^[0-9a-f]{0,40}$/), fc.jsonValue()),
          salt: fc.oneof(fc.stringMatching(/^[0-9a-f]{0,40}$/), fc.jsonValue()),
          cost: fc.oneof(fc.integer({ min: -5, max: 2_000 }), fc.jsonValue()),
          keyLength: fc.oneof(fc.integer({ min: -1, max: 64 }), fc.jsonValue()),
          keyPrefix: fc.oneof(fc.stringMatching(/^[0-9a-f]{0,6}$/), fc.jsonValue()),
          keySignature: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.jsonValue()),
          expiresAt: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()),
        }),
        signature: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.jsonValue()),
      }),
      solution: fc.record({
        counter: fc.oneof(fc.integer(), fc.jsonValue()),
        derivedKey: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.jsonValue()),
      }),
    })
    .map((payload) => JSON.stringify(payload)),
);

/** Each makes a report invalid under one rule: the reason, the note, the e-mail, the honeypot, the proof, the restaurant. */
const reportBreakers: fc.Arbitrary<Breaker> = fc.oneof(
  fc
    .oneof(
      fc.constantFrom(
        "CLOSED",
        " closed",
        "closed ",
        "Closed",
        "closed,hours",
        "report.reason.closed",
        "__proto__",
        "toString",
        "constructor",
        "",
      ),
      anyString,
    )
    .filter((reason) => !REASONS.includes(reason))
    .map((reason): Breaker => (f) => ({ fields: { ...f, reason } })),
  fc.constant<Breaker>((f) => ({ fields: { ...f, reason: undefined } })),
  // Too long: more than 1,000 characters (code points) even once trimmed.
  fc
    .constantFrom("a", "ש", "😀", "<", "%", "\\", "x y", "🕍ש")
    .chain((unit) =>
      fc.integer({ min: Math.ceil((REPORT_NOTE_MAX + 1) / characters(unit)), max: 40_000 }).map((n) => unit.repeat(n)),
    )
    .map((note): Breaker => (f) => ({ fields: { ...f, note } })),
  fc
    .constantFrom(
      "a".repeat(REPORT_NOTE_MAX + 1),
      `  ${"b".repeat(REPORT_NOTE_MAX + 1)}  `,
      "😀".repeat(REPORT_NOTE_MAX + 1),
    )
    .map((note): Breaker => (f) => ({ fields: { ...f, note } })),
  // A control character inside the note (at its ends, \v and \f would be trimmed away as spaces).
  fc
    .tuple(
      fc.constantFrom("ok", "שלום", "<b>", "x"),
      fc.constantFrom(...controlChars),
      fc.constantFrom("ok", "עולם", "</b>", "y"),
    )
    .map(([a, c, b]): Breaker => (f) => ({ fields: { ...f, note: `${a}${c}${b}` } })),
  fc
    .oneof(
      fc.constantFrom(...invalidEmails),
      anyString.filter((s) => s.trim() !== "" && !s.includes("@")),
    )
    .map((email): Breaker => (f) => ({ fields: { ...f, email } })),
  // The honeypot filled in, on an otherwise valid report.
  fc
    .oneof(
      fc.constantFrom(" ", "0", "http://spam.example", "https://cheap-pills.example/?ref=fuzz"),
      // Not empty as the server reads it: a multipart field's leading byte-order mark is dropped
      // when the form is decoded (found by seed 874683082), so "\uFEFF" alone arrives empty.
      anyString.filter((s) => s.replace(/^\uFEFF/, "") !== ""),
    )
    .map((website): Breaker => (f) => ({ fields: { ...f, website } })),
  garbagePow.map((pow): Breaker => (f) => ({ fields: { ...f, mode: "pow", pow } })),
  // A restaurant that does not exist.
  fc
    .oneof(
      anySegment,
      fc.constantFrom(
        "FUZZ-PLACE",
        "fuzz-place%00",
        "fuzz-place%20",
        "%20fuzz-place",
        "fuzz-place%0A",
        "%00",
        "no-such-place",
        "fuzz_place",
      ),
    )
    .filter((slug) => !KNOWN_SLUGS.includes(decodeOrSelf(slug)))
    .map((slug): Breaker => (f) => ({ fields: f, slug })),
);

function decodeOrSelf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

describe("report a problem: filing", () => {
  it("refuses every invalid report (one broken rule each), from anyone, in both languages; nothing is stored", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      suffix: dataSuffix,
      own: fc.boolean(),
      breaker: reportBreakers,
      reason: fc.constantFrom(...REPORT_REASONS),
      multipart: fc.boolean(),
      headers: extraHeaders(server.baseUrl),
    });
    await check(
      "report invalid",
      arbitrary,
      250,
      async ({ who, lang, suffix, own, breaker, reason, multipart, headers }) => {
        // Past the rate limits, so every request reaches the form's rules.
        await clearRateLimits(server);
        const { fields, slug } = breaker({ ...VALID_REPORT, reason });
        const target = slug ?? (own ? server.fixtures.restaurantSlug : "other-place");
        const response = await sendInvalid(server, {
          method: "POST",
          path: reportPath(lang, target, suffix),
          body: toBody(fields, multipart),
          headers: { ...cookieOf(who), ...headers },
        });
        expect(response.status, response.text.slice(0, 300)).toBeGreaterThanOrEqual(300);
      },
    );
  });

  it("answers any body (any fields, encodings and content types) without a 5xx; at most one report is stored, and only with a 200", async () => {
    const reasons = fc.oneof(fc.constantFrom(...REPORT_REASONS), anyString);
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      path: fc.oneof(
        fc
          .tuple(language, fc.constantFrom(...KNOWN_SLUGS), dataSuffix)
          .map(([lang, slug, suffix]) => reportPath(lang, slug, suffix)),
        fc.tuple(language, anySegment).map(([lang, slug]) => reportPath(lang, slug)),
        fc.constantFrom(
          "/restaurant/fuzz-place/report",
          "/en/restaurant/fuzz-place/report/",
          "/en/restaurant/fuzz-place/REPORT",
          "/fr/restaurant/fuzz-place/report",
        ),
      ),
      body: formBody(
        formEntries({
          reason: reasons,
          note: fc.oneof(anyString, fc.constantFrom("", "Kitchen closed")),
          email: fc.oneof(fc.constantFrom("", "reporter@fuzz.example"), anyString),
          website: fc.oneof(fc.constant(""), anyString),
          mode: fc.oneof(fc.constantFrom("basic", "pow", "POW", "pow "), anyString),
          pow: fc.oneof(
            garbagePow.map((p) => p ?? ""),
            anyString,
          ),
        }),
      ),
      headers: extraHeaders(server.baseUrl),
    });
    await check("report any", arbitrary, 200, async ({ who, path: target, body, headers }) => {
      await clearRateLimits(server);
      const before = await fingerprint(server.db);
      const rowsBefore = await reportCount();
      const files = uploadedFiles(server.uploadsDir);
      const response = await send(server, {
        method: "POST",
        path: target,
        ...body,
        headers: { ...cookieOf(who), ...headers, ...body.headers },
      });
      const stored = (await reportCount()) - rowsBefore;
      expect(uploadedFiles(server.uploadsDir)).toEqual(files);
      if (stored === 0) {
        expect(await fingerprint(server.db), `${target} → ${response.status} changed the database`).toEqual(before);
        return;
      }
      // A random form may happen to be a valid report without proof-of-work.
      expect(stored).toBe(1);
      expect(response.status).toBe(200);
      await noticesSettled();
    });
  });

  it("stores exactly one row for a valid report without JavaScript (hostile but valid notes and e-mails), from anyone; its restaurant's admins and owners are e-mailed", async () => {
    const validNote = fc
      .oneof(
        fc.constantFrom(...HOSTILE),
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ unit: "binary", maxLength: 100 }),
        fc.constantFrom(
          "a".repeat(REPORT_NOTE_MAX),
          "ש".repeat(REPORT_NOTE_MAX),
          "😀".repeat(REPORT_NOTE_MAX),
          `  ${"b".repeat(REPORT_NOTE_MAX)}  \n`,
          "line one\r\nline two\rline three\n",
          "\t tabbed \t",
          "\u00A0\u2028x\u2029\u00A0",
        ),
      )
      .filter(isValidNote);
    const validEmail = fc.constantFrom(
      "",
      "  ",
      "reporter@fuzz.example",
      "  Reporter@Fuzz.Example  ",
      "a.b+c@mail.example.co.il",
      "o'neil@example.org",
      "x_y-z@sub.example.com",
    );
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      suffix: dataSuffix,
      own: fc.boolean(),
      reason: fc.constantFrom(...REPORT_REASONS),
      note: validNote,
      email: validEmail,
      noMode: fc.boolean(),
      multipart: fc.boolean(),
    });
    await check(
      "report valid",
      arbitrary,
      40,
      async ({ who, lang, suffix, own, reason, note, email, noMode, multipart }) => {
        await clearRateLimits(server);
        // No restaurant was e-mailed within the hour and none has reports waiting for its digest: this
        // report, and only this one, is e-mailed (in the background).
        await server.db.update(reports).set({ notified_at: new Date() }).where(isNull(reports.notified_at));
        await server.db.delete(reportNotices);
        const restaurantId = own ? server.fixtures.restaurantId : server.fixtures.otherRestaurantId;
        const slug = own ? server.fixtures.restaurantSlug : "other-place";
        const rowsBefore = await reportCount();
        const mailsBefore = outboxSize();
        const errorsBefore = vi.mocked(console.error).mock.calls.length;
        // Without a mode the report is a basic one too (only mode=pow asks for a proof).
        const fields = { ...VALID_REPORT, reason, note, email, mode: noMode ? undefined : "basic" };
        const response = await send(server, {
          method: "POST",
          path: reportPath(lang, slug, suffix),
          body: toBody(fields, multipart),
          headers: cookieOf(who),
        });
        expect(response.status, response.text.slice(0, 300)).toBe(200);
        expect(await reportCount()).toBe(rowsBefore + 1);
        const [row] = await server.db.select().from(reports).orderBy(desc(reports.created_at)).limit(1);
        expect(row).toMatchObject({
          restaurant_id: restaurantId,
          reason,
          note: storedNote(note),
          email: email.trim() === "" ? null : email.trim(),
          proof_of_work: false,
          status: "open",
        });
        await noticesSettled();
        // Admins (and the linked owner of fuzz-place) are told; their e-mail quotes the hostile note.
        const recipients = own ? 2 : 1;
        const deadline = Date.now() + 10_000;
        while (outboxSize() < mailsBefore + recipients && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(outboxSize()).toBe(mailsBefore + recipients);
        expect(
          vi
            .mocked(console.error)
            .mock.calls.slice(errorsBefore)
            .map((args) => args.map(String).join(" ").slice(0, 500)),
        ).toEqual([]);
      },
    );
  });

  it("answers 429 (not 5xx) once a rate limit is reached, per address and per restaurant, and stores nothing then", async () => {
    // A model of the limits on reports without proof-of-work: 2 an hour per address, 5 a day per
    // restaurant, counting accepted reports only (a refused attempt spends nothing, ADR 019).
    const step = fc.record({
      ip: fc.constantFrom("203.0.113.5", "203.0.113.6", "198.51.100.9", "2001:db8::1"),
      own: fc.boolean(),
      lang: language,
      suffix: dataSuffix,
    });
    await check("report rate limits", fc.array(step, { minLength: 4, maxLength: 14 }), 5, async (steps) => {
      await clearRateLimits(server);
      const perIp = new Map<string, number>();
      const perRestaurant = new Map<boolean, number>();
      for (const [i, { ip, own, lang, suffix }] of steps.entries()) {
        const over = (perIp.get(ip) ?? 0) >= 2 || (perRestaurant.get(own) ?? 0) >= 5;
        if (!over) {
          perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
          perRestaurant.set(own, (perRestaurant.get(own) ?? 0) + 1);
        }
        const request = {
          method: "POST",
          path: reportPath(lang, own ? server.fixtures.restaurantSlug : "other-place", suffix),
          body: toBody(VALID_REPORT, false),
          headers: { "x-forwarded-for": ip },
        };
        const label = `report ${i + 1} from ${ip} on ${own ? "fuzz-place" : "other-place"}`;
        if (over) {
          expect((await sendInvalid(server, request)).status, label).toBe(429);
        } else {
          const rowsBefore = await reportCount();
          expect((await send(server, request)).status, label).toBe(200);
          expect(await reportCount()).toBe(rowsBefore + 1);
          await noticesSettled();
        }
      }
    });
    await clearRateLimits(server);
  });
});

// ---------------------------------------------------------------------------------------------
// Proof-of-work

interface Proof {
  challenge: { parameters: Record<string, unknown>; signature?: unknown };
  solution: Record<string, unknown>;
}

/** A challenge from the server, solved as the browser does. */
async function serverProof(): Promise<Proof> {
  const response = await send(server, { method: "GET", path: "/api/report-challenge" });
  const challenge = JSON.parse(response.text) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return JSON.parse(JSON.stringify({ challenge, solution })) as Proof;
}

function flipHex(hex: string, at: number): string {
  const i = at % Math.max(1, hex.length);
  return `${hex.slice(0, i)}${hex[i] === "0" ? "1" : "0"}${hex.slice(i + 1)}`;
}

type Tamper = (proof: Proof, foreign: Proof) => unknown;
const withParameter = (p: Proof, key: string, value: unknown): Proof => ({
  ...p,
  challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, [key]: value } },
});

/**
 * Changes to a real solved proof that must make it no proof. (Changing the solution's counter to
 * another whole number, or its `time`, does not: with a signed key the derived key alone is checked,
 * by design — so those are left out.)
 */
const tamperings: fc.Arbitrary<Tamper> = fc.oneof(
  fc.nat().map((at): Tamper => (p) => ({
    ...p,
    solution: { ...p.solution, derivedKey: flipHex(String(p.solution.derivedKey), at) },
  })),
  fc.constantFrom<unknown>("", "00", "zz", null, 0, [], {}, "UPPER").map((key): Tamper => (p) => ({
    ...p,
    solution: { ...p.solution, derivedKey: key === "UPPER" ? String(p.solution.derivedKey).toUpperCase() : key },
  })),
  fc
    .constantFrom<unknown>(-1, 1.5, 2 ** 32, "1000", null, true, [], 1e308)
    .map((counter): Tamper => (p) => ({ ...p, solution: { ...p.solution, counter } })),
  fc.nat().map((at): Tamper => (p) => ({
    ...p,
    challenge: { ...p.challenge, signature: flipHex(String(p.challenge.signature), at) },
  })),
  fc
    .constantFrom<unknown>(undefined, "", null, 0, "x", [])
    .map((signature): Tamper => (p) => ({ ...p, challenge: { ...p.challenge, signature } })),
  fc
    .tuple(
      fc.constantFrom(
        "algorithm",
        "nonce",
        "salt",
        "cost",
        "keyLength",
        "keyPrefix",
        "keySignature",
        "expiresAt",
        "data",
        "memoryCost",
      ),
      fc.oneof(fc.jsonValue(), fc.constant(undefined)),
    )
    .map(
      ([key, value]): Tamper =>
        (p) =>
          withParameter(p, key, value),
    ),
  fc.constantFrom("cost", "expiresAt").map(
    (key): Tamper =>
      (p) =>
        withParameter(p, key, key === "cost" ? 1 : Math.floor(Date.now() / 1_000) + 365 * 24 * 3_600),
  ),
  fc.constant<Tamper>((p) => withParameter(p, "expiresAt", Math.floor(Date.now() / 1_000) - 10)),
  fc.constant<Tamper>((p) =>
    JSON.stringify(p).replace('"parameters":{', '"parameters":{"__proto__":{"polluted":true},'),
  ),
  fc.constant<Tamper>((p) => ({ challenge: p.challenge })),
  fc.constant<Tamper>((p) => ({ solution: p.solution })),
  fc.constant<Tamper>((p) => [p]),
  fc.constant<Tamper>((p) => JSON.stringify(p)),
  // The foreign proof's solution with our challenge, and our solution with its challenge.
  fc.constant<Tamper>((p, foreign) => ({ challenge: p.challenge, solution: foreign.solution })),
  fc.constant<Tamper>((p, foreign) => ({ challenge: foreign.challenge, solution: p.solution })),
  // A challenge signed with another secret (another server's), honestly solved.
  fc.constant<Tamper>((_p, foreign) => foreign),
);

describe("report a problem: proof-of-work", () => {
  it("GET /api/report-challenge answers a fresh signed challenge as JSON, never cached, whatever the query", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      query: fc.oneof(
        fc.constant(""),
        anyString.map((q) => `?${encode(q).slice(0, 2_000)}`),
        fc.constantFrom("?%", "?%ZZ", "?a=%00", "?__proto__[x]=1"),
      ),
    });
    const signatures = new Set<string>();
    await check("report challenge", arbitrary, 30, async ({ who, query }) => {
      const response = await sendInvalid(server, {
        method: "GET",
        path: `/api/report-challenge${query}`,
        headers: cookieOf(who),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const challenge = JSON.parse(response.text) as Challenge;
      expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(signatures.has(challenge.signature!)).toBe(false);
      signatures.add(challenge.signature!);
    });
  });

  it("other methods on /api/report-challenge answer without a 5xx and change nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      method: fc.constantFrom("HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
      path: fc.constantFrom(
        "/api/report-challenge",
        "/api/report-challenge/",
        "/api/report-challenge.data",
        "/api/report-challenge/x",
      ),
      body: anyString,
    });
    await check("report challenge methods", arbitrary, 40, async ({ who, method, path: target, body }) => {
      const response = await sendInvalid(server, {
        method,
        path: target,
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", ...cookieOf(who) },
      });
      if (method === "HEAD" && target === "/api/report-challenge") expect(response.status).toBe(200);
    });
  });

  it("refuses a real proof that was tampered with, and a used one; the untouched proof is taken once, past the stricter limit of reports without one", async () => {
    const proof = await serverProof();
    const foreignChallenge = await createProofOfWork({
      secret: "another-secret-another-secret-0123456789",
    }).challenge();
    const foreign = JSON.parse(
      JSON.stringify({
        challenge: foreignChallenge,
        solution: await solveChallenge({ challenge: foreignChallenge, deriveKey }),
      }),
    ) as Proof;
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      tamper: tamperings,
      lang: language,
      suffix: dataSuffix,
      multipart: fc.boolean(),
    });
    await check("report tampered proof", arbitrary, 60, async ({ who, tamper, lang, suffix, multipart }) => {
      await clearRateLimits(server);
      const tampered = tamper(JSON.parse(JSON.stringify(proof)) as Proof, foreign);
      const pow = typeof tampered === "string" ? tampered : JSON.stringify(tampered);
      // A change JSON cannot carry (undefined for a key that was absent) leaves the proof as it was.
      if (pow === JSON.stringify(proof)) return;
      const response = await sendInvalid(server, {
        method: "POST",
        path: reportPath(lang, server.fixtures.restaurantSlug, suffix),
        body: toBody({ ...VALID_REPORT, mode: "pow", pow }, multipart),
        headers: cookieOf(who),
      });
      expect(response.status).toBe(400);
    });

    // The untouched proof was not used up by any of those. From an address past the limit of
    // reports without proof-of-work (2 an hour), it is taken: 200, one row, marked as proven.
    await clearRateLimits(server);
    const headers = { "x-forwarded-for": "192.0.2.77" };
    const basic = { method: "POST", path: reportPath("en", "other-place"), body: toBody(VALID_REPORT, false), headers };
    for (let i = 0; i < 2; i++) expect((await send(server, basic)).status).toBe(200);
    await noticesSettled();
    expect((await sendInvalid(server, basic)).status).toBe(429);
    const rowsBefore = await reportCount();
    const proven: FuzzRequest = {
      method: "POST",
      path: reportPath("he", "other-place"),
      body: toBody({ ...VALID_REPORT, reason: "shabbat", mode: "pow", pow: JSON.stringify(proof) }, false),
      headers,
    };
    expect((await send(server, proven)).status).toBe(200);
    expect(await reportCount()).toBe(rowsBefore + 1);
    const [row] = await server.db.select().from(reports).orderBy(desc(reports.created_at)).limit(1);
    expect(row).toMatchObject({
      restaurant_id: server.fixtures.otherRestaurantId,
      reason: "shabbat",
      proof_of_work: true,
    });
    await noticesSettled();
    // Used once: the same proof again (from a clean address) is refused, and nothing is stored.
    // (Not after clearRateLimits: the record of used proofs is kept in the same table.)
    expect((await sendInvalid(server, { ...proven, headers: { "x-forwarded-for": "192.0.2.78" } })).status).toBe(400);
    await clearRateLimits(server);
  });
});

// ---------------------------------------------------------------------------------------------
// The reports queue

const NON_ADMINS: Who[] = ["anonymous", "guest", "owner", "ownerLinked"];
const queuePath = (lang: string, suffix: string) => `${lang}/dashboard/reports${suffix}`;
const lang = fc.constantFrom("", "/he");

/** The seeded reports' ids stand in for these while arbitraries are built (before the seeding). */
const withIds = (value: string) => (value === "OPEN" ? seeded.openId : value === "CLOSED" ? seeded.closedId : value);

describe("reports queue: actions", () => {
  it("refuses every action from non-admins (valid ones too, on the linked owner's restaurant); nothing changes", async () => {
    const validAction = fc
      .record({
        intent: fc.constantFrom(...QUEUE_INTENTS),
        reportId: fc.constantFrom("OPEN", "CLOSED"),
        note: fc.constantFrom("", "Checked by phone", "שלום"),
      })
      .map(
        (fields) =>
          ({ body: new URLSearchParams({ ...fields, reportId: withIds(fields.reportId) }) }) as Pick<
            FuzzRequest,
            "headers" | "body"
          >,
      );
    const anyAction = formBody(
      formEntries({
        intent: intents(QUEUE_INTENTS),
        reportId: fc.oneof(anyId, fc.constantFrom("OPEN", "CLOSED")),
        note: anyString,
      }),
    );
    const arbitrary = fc.record({
      who: fc.constantFrom(...NON_ADMINS),
      lang,
      suffix: dataSuffix,
      body: fc.oneof(validAction, anyAction),
      headers: extraHeaders(server.baseUrl),
    });
    await check("queue non-admins", arbitrary, 200, async ({ who, lang: prefix, suffix, body, headers }) => {
      const raw =
        body.body instanceof URLSearchParams
          ? new URLSearchParams([...body.body.entries()].map(([k, v]) => [k, withIds(v)]))
          : body.body;
      const response = await sendInvalid(server, {
        method: "POST",
        path: queuePath(prefix, suffix),
        ...(raw !== undefined ? { body: raw } : {}),
        headers: { ...headers, ...body.headers, ...cookieOf(who) },
      });
      // A form past the server's limit (several huge fields) is refused unread, whoever sends it.
      const bytes =
        raw === undefined
          ? 0
          : raw instanceof Uint8Array
            ? raw.byteLength
            : (await new Response(raw).arrayBuffer()).byteLength;
      const oversize = bytes > MAX_FORM_BYTES;
      // A write from another site is refused first, before its body is read: 403 at any size.
      const sent = { ...headers, ...body.headers, ...cookieOf(who) };
      const crossSite =
        crossSiteRefusal(
          { origin: sent.origin, secFetchSite: sent["sec-fetch-site"], referer: sent.referer, cookie: sent.cookie },
          new Set([new URL(server.baseUrl).host]),
        ) !== null;
      if (crossSite) expect(response.status).toBe(403);
      else if (oversize) expect(response.status).toBe(413);
      else if (suffix === "") {
        // Visitors are sent to sign in; everyone else signed in is refused.
        if (who === "anonymous") expect(response.status).toBe(302);
        else expect(response.status).toBe(403);
      }
    });
  });

  it("refuses an admin's invalid actions (unknown or closed report, unknown intent, a note too long or with NUL); nothing changes", async () => {
    const validIntent = fc.constantFrom(...QUEUE_INTENTS);
    const goodNote = fc.constantFrom("", "Checked by phone", "<script>alert(1)</script>", "שלום", "\u202Eevil");
    const fields = fc.oneof(
      // An unknown report: no id, a malformed one, another uuid.
      fc.record({ intent: validIntent, reportId: anyId, note: fc.oneof(goodNote, anyString) }),
      fc.record({ intent: validIntent, reportId: fc.constant("CLOSED"), note: goodNote }),
      fc.record({
        intent: fc.oneof(intents(QUEUE_INTENTS), fc.constant("")).filter((i) => !QUEUE_INTENTS.includes(i)),
        reportId: fc.constant("OPEN"),
        note: goodNote,
      }),
      fc.record({
        intent: validIntent,
        reportId: fc.constant("OPEN"),
        note: fc.oneof(
          fc
            .constantFrom("a", "ש", "😀", " ", "\n")
            .chain((unit) =>
              fc
                .integer({ min: Math.ceil((REPORT_NOTE_MAX + 1) / unit.length), max: 30_000 })
                .map((n) => unit.repeat(n)),
            ),
          fc.tuple(fc.constantFrom("", "ok", "שלום"), fc.constantFrom("", "done")).map(([a, b]) => `${a}\u0000${b}`),
        ),
      }),
    );
    const arbitrary = fc.record({
      fields,
      lang,
      suffix: dataSuffix,
      multipart: fc.boolean(),
      missing: fc.constantFrom<"intent" | "reportId" | null>(null, null, null, null, "intent", "reportId"),
    });
    await check(
      "queue admin invalid",
      arbitrary,
      200,
      async ({ fields: f, lang: prefix, suffix, multipart, missing }) => {
        const values: Fields = { intent: f.intent, reportId: withIds(f.reportId), note: f.note };
        if (missing) values[missing] = undefined;
        const response = await sendInvalid(server, {
          method: "POST",
          path: queuePath(prefix, suffix),
          body: toBody(values, multipart),
          headers: cookieOf("admin"),
        });
        // 413: a body past the server's limit for a form.
        expect([400, 404, 409, 413], response.text.slice(0, 300)).toContain(response.status);
      },
    );
  });

  it("answers an admin's any body (made-up report ids) without a 5xx; nothing changes", async () => {
    const arbitrary = fc.record({
      lang,
      suffix: dataSuffix,
      body: formBody(formEntries({ intent: intents(QUEUE_INTENTS), reportId: anyId, note: anyString })),
    });
    await check("queue admin any", arbitrary, 150, async ({ lang: prefix, suffix, body }) => {
      await sendInvalid(server, {
        method: "POST",
        path: queuePath(prefix, suffix),
        ...body,
        headers: { ...body.headers, ...cookieOf("admin") },
      });
    });
  });
});

describe("reports queue: the list", () => {
  it("answers any status, reason and page (hostile, repeated, unknown) without a 5xx, as everyone; nothing changes", async () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        "%00",
        "a%00b",
        "%",
        "%ZZ",
        "%E0%A4%A",
        "__proto__",
        "constructor",
        "-1",
        "0",
        "1",
        "2",
        "3",
        "1e309",
        "-1e309",
        "NaN",
        "Infinity",
        "99999999999999999999",
        "2.5",
        "0x10",
        "",
        "%20",
        "x".repeat(5_000),
      ),
      anyString.map(encode),
    );
    const param = (real: string[]) =>
      fc.oneof(fc.constantFrom(...real, ...real.map((r) => r.toUpperCase()), ...real.map((r) => `%20${r}`)), hostile);
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang,
      suffix: dataSuffix,
      status: fc.option(param(["open", "resolved", "dismissed", "all"])),
      reason: fc.option(param([...REPORT_REASONS, "all"])),
      page: fc.option(param(["1", "2"])),
      extra: fc.option(fc.tuple(fc.constantFrom("status", "reason", "page", "unknown", "__proto__[x]"), hostile)),
    });
    await check("queue list", arbitrary, 150, async ({ who, lang: prefix, suffix, status, reason, page, extra }) => {
      const query = [
        ...(status === null ? [] : [`status=${status}`]),
        ...(reason === null ? [] : [`reason=${reason}`]),
        ...(page === null ? [] : [`page=${page}`]),
        ...(extra === null ? [] : [`${extra[0]}=${extra[1]}`]),
      ].join("&");
      const response = await sendInvalid(server, {
        method: "GET",
        path: `${queuePath(prefix, suffix)}${query ? `?${query}` : ""}`,
        headers: cookieOf(who),
      });
      // 414/431: a query string longer than Node accepts in a request line.
      if (suffix === "" && response.status !== 414 && response.status !== 431) {
        // Visitors are sent to sign in, guests home; owners and admins see the queue.
        if (who === "anonymous" || who === "guest") expect(response.status).toBe(302);
        else expect(response.status, response.text.slice(0, 300)).toBe(200);
      }
    });
  });
});

describe("reports queue: an admin's valid actions", () => {
  it("closes the seeded open report (so the refusals above were refusals of a real, open report), and each one-click change does its work", async () => {
    const note = "  Called them: <b>open</b> ש  ";
    const response = await send(server, {
      method: "POST",
      path: "/he/dashboard/reports",
      body: new URLSearchParams({ intent: "resolve", reportId: seeded.openId, note }),
      headers: cookieOf("admin"),
    });
    expect(response.status).toBe(302);
    const [open] = await server.db.select().from(reports).where(eq(reports.id, seeded.openId));
    expect(open?.status).toBe("resolved");
    const events = await server.db.select().from(reportEvents).where(eq(reportEvents.report_id, seeded.openId));
    expect(events).toMatchObject([{ status: "resolved", note: note.trim(), actor_id: server.fixtures.userIds.admin }]);

    // On the restaurant no owner is linked to: dismiss, mark closed, verify today.
    const other = server.fixtures.otherRestaurantId;
    for (const intent of ["dismiss", "markClosed", "verifyToday"]) {
      const [report] = await server.db
        .insert(reports)
        .values({ restaurant_id: other, reason: "closed", note: "", proof_of_work: true, notified_at: new Date() })
        .returning();
      const answer = await send(server, {
        method: "POST",
        path: "/dashboard/reports",
        // Closing a restaurant for good takes the confirmation the page asks for.
        body: new URLSearchParams({
          intent,
          reportId: report!.id,
          note: "",
          ...(intent === "markClosed" ? { confirm: "close" } : {}),
        }),
        headers: cookieOf("admin"),
      });
      expect(answer.status, intent).toBe(302);
      const [after] = await server.db.select().from(reports).where(eq(reports.id, report!.id));
      expect(after?.status, intent).toBe(intent === "dismiss" ? "dismissed" : "resolved");
    }
    const [restaurant] = await server.db.select().from(restaurants).where(eq(restaurants.id, other));
    expect(restaurant?.is_permanently_closed).toBe(true);
    expect(restaurant?.last_verified).not.toBeNull();
  });
});
