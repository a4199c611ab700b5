// Random and hostile inputs: strings, form bodies in every encoding a client could send (and some
// it could not), JSON that is not JSON, and ids that are not ids.
import fc from "fast-check";
import type { FuzzRequest } from "./harness";

/** Values that have broken web apps before. */
export const HOSTILE = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0000@x.co",
  "x\u0000@example.com",
  "javascript:alert(1)",
  " JaVaScRiPt:alert(document.cookie)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "https://",
  "http://[::1]:99999/",
  "//evil.example/x.png",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; drop table restaurants; --",
  "' OR '1'='1",
  "1; select pg_sleep(10)",
  "%' OR 1=1 --",
  "\\",
  "%",
  "_",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "/uploads/../../etc/passwd",
  "/uploads/photo/../../../etc/passwd",
  "C:\\Windows\\win.ini",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  '{"__proto__":{"admin":true}}',
  "${7*7}",
  "{{7*7}}",
  "null",
  "undefined",
  "NaN",
  "true",
  "-1",
  "0",
  "1e309",
  "9".repeat(400),
  "[]",
  "{}",
  "\u202Eevil.exe",
  "\u200F\u200E\u061C",
  "\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "שלום עולם",
  "מסעדה כשרה – בשרי",
  "כשר למהדרין ״בד״ץ״",
  "ﷺ",
  "𝕏𝕐𝕫 🍕🕍",
  "Z̴̡̢̛̗̘a̸̢̛l̷g̵o̶",
  "a@b.c",
  "admin@kosher-tel-aviv.test",
  "2026-02-30",
  "2026-13-45",
  "0000-00-00",
  "99999-01-01",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
  "------------------------------------",
];

/** Long strings: what a text field may receive from a client that ignores maxlength. */
const huge = fc.oneof(
  fc
    .constantFrom("a", "ש", "\u0000", "😀", "<", "%", "a@", "-")
    .chain((unit) => fc.integer({ min: 3_000, max: 120_000 }).map((n) => unit.repeat(n))),
  fc.string({ unit: "binary", minLength: 2_000, maxLength: 20_000 }),
);

/** Any string, leaning towards the hostile. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...HOSTILE).chain((a) => fc.string({ maxLength: 10 }).map((b) => `${b}${a}${b}`)),
  },
  { weight: 1, arbitrary: huge },
);

/** Not a restaurant, link or blog id we know: malformed uuids, other uuids, traversal. */
export const anyId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    "",
    "1",
    "-1",
    "undefined",
    "null",
    "../../etc/passwd",
    "..",
    "%2e%2e",
    "'",
    "00000000-0000-0000-0000-00000000000",
    "g0000000-0000-0000-0000-000000000000",
  ),
  anyString,
);

/** A path segment built from a hostile string (percent-encoded, or raw where fetch allows). */
export function segment(value: string): string {
  return encode(value).slice(0, 4_000);
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD, as a browser would. */
export function encode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}
export const anySegment: fc.Arbitrary<string> = fc.oneof(
  anyId.map(segment),
  fc.constantFrom(
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "%00",
    "%ZZ",
    "%",
    "%E0%A4%A",
    "..%5C..%5Cwindows",
    "a%2Fb",
  ),
);

export type Entries = [string, string | Blob][];

/**
 * A form from known fields: each field is left out, sent once, or sent two or three times, with
 * values from `value` (or any string); plus now and then an unexpected field.
 */
export function formEntries(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Entries> {
  const perField = Object.entries(fields).map(([name, value]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: fc.tuple(value).map((v) => v) },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.array(fc.oneof(value, anyString), { minLength: 2, maxLength: 3 }) },
      )
      .map((values) => values.map((v) => [name, v] as [string, string])),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "__proto__",
          "constructor",
          "prototype",
          "intent",
          "_data",
          "index",
          "__proto__[admin]",
          "values",
        ),
        anyString,
      ),
      anyString,
    ),
    {
      maxLength: 2,
    },
  );
  return fc.tuple(fc.tuple(...perField), extra).map(([parts, more]) => [...parts.flat(), ...more]);
}

/** Content types that are not what the route expects, and bodies that do not match their type. */
const wrongBody: fc.Arbitrary<Pick<FuzzRequest, "headers" | "body">> = fc.oneof(
  fc.record({
    headers: fc.constantFrom(
      { "content-type": "multipart/form-data" },
      { "content-type": "multipart/form-data; boundary=" },
      { "content-type": "multipart/form-data; boundary=xyz" },
      { "content-type": 'multipart/form-data; boundary="unterminated' },
      { "content-type": "application/x-www-form-urlencoded; charset=utf-16" },
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "application/json" },
      { "content-type": "text/plain" },
      { "content-type": "application/xml" },
      { "content-type": "image/png" },
      { "content-type": "" },
      { "content-type": ";;;=;" },
    ),
    body: fc.oneof(
      anyString,
      fc.constantFrom(
        '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx', // never closed
        "--xyz\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--xyz--",
        "--xyz--",
        "%%%&&&===",
        "a=%E0%A4%A&b=%ZZ",
        "{",
        '{"intent":',
        "[1,2,3]",
        "null",
        '"just a string"',
        '{"__proto__":{"polluted":true},"intent":"save","values":{"__proto__":{"x":1}}}',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      ),
      fc.uint8Array({ maxLength: 2_000 }),
    ),
  }),
);

/** The body of a form post in one of the ways a browser or a hostile client would send it. */
export function formBody(entries: fc.Arbitrary<Entries>): fc.Arbitrary<Pick<FuzzRequest, "headers" | "body">> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: entries.map((list) => ({
        body: new URLSearchParams(list.map(([k, v]) => [k, typeof v === "string" ? v : "blob"])),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(entries, fc.boolean()).map(([list, withFile]) => {
        const form = new FormData();
        for (const [k, v] of list) form.append(k, v);
        // A file where a text field was expected.
        if (withFile && list[0])
          form.set(list[0][0], new Blob(["not text"], { type: "application/octet-stream" }), "x.bin");
        return { body: form };
      }),
    },
    {
      weight: 1,
      arbitrary: entries.map((list) => ({
        headers: { "content-type": "application/json" },
        body: JSON.stringify(Object.fromEntries(list)),
      })),
    },
    { weight: 2, arbitrary: wrongBody },
  );
}

/**
 * Headers a client may add, now and then: hostile Origin, Sec-Fetch-Site and Referer values
 * (cross-site, not a URL — the cross-site guard must answer 403, never 500) and accepted
 * languages. `sameOrigin` is allowed.
 */
export function extraHeaders(sameOrigin: string): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ origin: sameOrigin }) },
    {
      weight: 1,
      arbitrary: fc.record({
        origin: fc.constantFrom(
          "null",
          "not a url",
          "http://",
          "https://evil.example",
          "http://127.0.0.1",
          "file://",
          "http://[::1",
          "://",
          "http://a b",
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        "sec-fetch-site": fc.constantFrom(
          "cross-site",
          "same-site",
          "none",
          "same-origin",
          "",
          "CROSS-SITE",
          "x".repeat(300),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        referer: fc.constantFrom("https://evil.example/", `${sameOrigin}/account`, "not a url", "", "null"),
      }),
    },
    { weight: 1, arbitrary: fc.record({ "accept-language": fc.constantFrom("he", "en", "*", "xx-ZZ;q=2", "") }) },
  );
}

/** An intent: real ones, near misses and junk. */
export function intents(real: string[]): fc.Arbitrary<string> {
  if (real.length === 0) return anyString;
  return fc.oneof(
    fc.constantFrom(...real),
    fc.constantFrom(...real.map((r) => r.toUpperCase()), ...real.map((r) => ` ${r}`)),
    anyString,
  );
}
