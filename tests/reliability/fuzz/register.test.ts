// Fuzzing the Rabbinate's register pages (ADR 033): the import at /dashboard/register (a form
// carrying one file) and a snapshot's review at /dashboard/register/:id (its buttons, any grade and
// page) — as a visitor, a guest, an owner (linked to a restaurant or not) and an admin. Never a 5xx
// or a stack trace; a refused request changes nothing (no snapshot, no entry, no listing, no
// suggestion); an admin's upload either keeps exactly one snapshot or changes nothing.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importRegister } from "../../../app/features/restaurants/register/index.server";
import { SYSTEM } from "../../../app/lib/permissions.server";
import { registerSnapshots } from "../../../database/schema/register";
import { anyId, anyString, encode, formBody, formEntries, intents, segment } from "./arbitraries";
import {
  check,
  EVERYONE,
  fingerprint,
  rowsOf,
  send,
  startFuzzServer,
  type FuzzRequest,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
let snapshotId = "";
let entryId = "";

const CSV = [
  "kosher_date,href,post_title,business_type,wrap_address,wrap_congregation,wrap_phone",
  "1776632400,https://example.org/a,אגדה,מסעדה בשרית,דיזנגוף 10,,",
  "1776632400,https://example.org/b,שמש,בית קפה,בן יהודה 1,,",
].join("\n");

beforeAll(async () => {
  server = await startFuzzServer();
  const imported = await importRegister({ db: server.db, sendEmail: async () => {} }, SYSTEM, {
    fileName: "fuzz.csv",
    data: Buffer.from(CSV),
    publishedOn: "2026-11-01",
  });
  snapshotId = imported.snapshotId;
  const [entry] = rowsOf<{ id: string }>(
    await server.db.execute(sql`select id from register_entries where snapshot_id = ${snapshotId} limit 1`),
  );
  entryId = entry!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** The harness's fingerprint and the register's own tables. */
async function everything(): Promise<Record<string, string>> {
  const [register] = rowsOf<Record<string, string>>(
    await server.db.execute(sql`select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from register_snapshots t) as snapshots,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from register_entries t) as entries,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from register_renewals t) as renewals,
      (select md5(coalesce(string_agg(t::text, '|' order by t.snapshot_id, t.restaurant_id), '')) from register_missing t) as missing`),
  );
  return { ...(await fingerprint(server.db)), ...register };
}

async function unchanged(request: FuzzRequest) {
  const before = await everything();
  const response = await send(server, request);
  expect(await everything(), `${request.method} ${request.path} → ${response.status} changed the database`).toEqual(
    before,
  );
  return response;
}

const cookieOf = (who: Who) => server.cookieOf(who);
const prefix = fc.constantFrom("", "/he");
const REVIEW_INTENTS = [
  "renew",
  "undo",
  "change",
  "confirm",
  "dismiss",
  "lead",
  "leads",
  "discard",
  "revoke",
  "flag",
  "kept",
  "ended",
];

/** Files no reader takes: random bytes, text, HTML without the register's cards, a CSV of another header, formula-like cells. */
const badFile: fc.Arbitrary<Blob> = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 4_000 }).map((bytes) => new Blob([bytes])),
  anyString.map((text) => new Blob([text], { type: "text/csv" })),
  fc.constant(new Blob(["<html><body><div class='kosher_item'>"], { type: "text/html" })),
  fc.constant(new Blob(["name,address\n=cmd|' /C calc'!A0,x"], { type: "text/csv" })),
  fc.constant(new Blob(['{"SiteName": 1}'], { type: "application/json" })),
);

describe("the import page", () => {
  it("refuses every upload from non-admins, whatever the body; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE.filter((who) => who !== "admin")),
      prefix,
      body: formBody(formEntries({ file: anyString, publishedOn: anyString, overrideReason: anyString })),
    });
    await check("register import refused", arbitrary, 150, async ({ who, prefix, body }) => {
      const response = await unchanged({
        method: "POST",
        path: `${prefix}/dashboard/register`,
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
      if (who !== "anonymous") expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });

  it("answers an admin's bad file, day or reason with a refusal and changes nothing; an import keeps one snapshot", async () => {
    const arbitrary = fc.record({
      prefix,
      file: badFile,
      name: fc.oneof(fc.constantFrom("register.csv", "list.html", "../../etc/passwd", ""), anyString),
      publishedOn: fc.oneof(fc.constantFrom("", "2026-02-30", "2099-01-01", "yesterday"), anyString),
      overrideReason: fc.oneof(fc.constantFrom("", "x".repeat(600)), anyString),
    });
    await check(
      "register import admin",
      arbitrary,
      150,
      async ({ prefix, file, name, publishedOn, overrideReason }) => {
        const body = new FormData();
        body.set("file", file, name || "x");
        body.set("publishedOn", publishedOn);
        body.set("overrideReason", overrideReason);
        const snapshots = async () => (await server.db.select().from(registerSnapshots)).length;
        const before = await everything();
        const count = await snapshots();
        const response = await send(server, {
          method: "POST",
          path: `${prefix}/dashboard/register`,
          body,
          headers: cookieOf("admin"),
        });
        if (response.status === 302) expect(await snapshots()).toBe(count + 1);
        else {
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(await everything()).toEqual(before);
        }
      },
    );
  });

  it("shows the import page to admins and no one else, for any query", async () => {
    await check(
      "register page",
      fc.record({ who: fc.constantFrom(...EVERYONE), prefix, query: anyString }),
      60,
      async ({ who, prefix, query }) => {
        const response = await send(server, {
          method: "GET",
          path: `${prefix}/dashboard/register?q=${encode(query).slice(0, 4_000)}`,
          headers: cookieOf(who),
        });
        // 431: a query longer than the server reads, refused before any page.
        if (response.status !== 431)
          expect(response.status).toBe(who === "admin" ? 200 : who === "owner" || who === "ownerLinked" ? 403 : 302);
        if (response.status === 200) expect(response.headers.get("cache-control")).toContain("no-store");
      },
    );
  });
});

describe("a snapshot's review", () => {
  it("refuses every button from non-admins; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE.filter((who) => who !== "admin")),
      prefix,
      id: fc.oneof(fc.constant("SNAPSHOT"), anyId),
      intent: intents(REVIEW_INTENTS),
      entry: fc.oneof(fc.constant("ENTRY"), anyId),
    });
    await check("register review refused", arbitrary, 200, async ({ who, prefix, id, intent, entry }) => {
      const response = await unchanged({
        method: "POST",
        path: `${prefix}/dashboard/register/${segment(id === "SNAPSHOT" ? snapshotId : id)}`,
        body: new URLSearchParams({
          intent,
          entryId: entry === "ENTRY" ? entryId : entry,
          renewalId: entry,
          restaurantId: entry,
        }),
        headers: cookieOf(who),
      });
      if (who !== "anonymous") expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });

  it("refuses an admin's button on what does not exist, or an unknown one; nothing changes", async () => {
    const arbitrary = fc.record({
      prefix,
      id: fc.oneof(fc.constant("SNAPSHOT"), anyId),
      intent: intents(["undo", "change", "confirm", "dismiss", "lead", "kept", "ended"]),
      target: anyId,
    });
    await check("register review admin", arbitrary, 200, async ({ prefix, id, intent, target }) => {
      const response = await unchanged({
        method: "POST",
        path: `${prefix}/dashboard/register/${segment(id === "SNAPSHOT" ? snapshotId : id)}`,
        body: new URLSearchParams({ intent, entryId: target, renewalId: target, restaurantId: target }),
        headers: cookieOf("admin"),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });

  it("answers any snapshot id, grade and page, for everyone, without a 5xx", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      prefix,
      id: fc.oneof(fc.constant("SNAPSHOT"), anyId),
      grade: fc.oneof(fc.constantFrom("exact", "probable", "review", "new"), anyString),
      page: fc.oneof(fc.constantFrom("1", "2", "0", "-1", "1e9", "NaN"), anyString),
    });
    await check("register review page", arbitrary, 150, async ({ who, prefix, id, grade, page }) => {
      const query = new URLSearchParams({ grade, page }).toString().slice(0, 4_000);
      const path = `${prefix}/dashboard/register/${segment(id === "SNAPSHOT" ? snapshotId : id)}?${query}`;
      const response = await send(server, { method: "GET", path, headers: cookieOf(who) });
      // 400 and 431: a path or query the server refuses before any page.
      if (response.status === 400 || response.status === 431) return;
      // ".." is a dot segment, not an id: the address names the dashboard itself (as a browser
      // resolves it), which owners may see too. It answers exactly as that page does.
      if (id === "..") {
        const resolved = new URL(path, server.baseUrl);
        const dashboard = await send(server, {
          method: "GET",
          path: `${resolved.pathname}${resolved.search}`,
          headers: cookieOf(who),
        });
        expect(resolved.pathname).toBe(`${prefix}/dashboard/`);
        expect(response.status).toBe(dashboard.status);
        return;
      }
      if (who === "admin") expect([200, 404]).toContain(response.status);
      else expect([302, 403, 404]).toContain(response.status);
    });
  });
});
