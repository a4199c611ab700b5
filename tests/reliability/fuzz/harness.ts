// The fuzzing harness: the built server, started in this process on this file's copy of the
// template database, so a test can both speak HTTP to it (127.0.0.1) and look at the database.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect, vi } from "vitest";
import { buildBlog, buildRestaurant, createUser } from "../../../database/factories";
import { blogs } from "../../../database/schema/blogs";
import { rateLimits } from "../../../database/schema/people";
import { restaurantOwners, restaurants } from "../../../database/schema/restaurants";
import { uploads } from "../../../database/schema/uploads";
import { imageFiles } from "../../../app/lib/images";
import type { Db } from "../../../database/types";
import { parseConfig } from "../../../server/config";
import type { startServer as StartServer } from "../../../server/index";
import { createTestDatabase, type TestDatabase } from "../../setup/db";
import { allowConsoleErrors } from "../../setup/fail-on-console-error";
import { sessionCookie } from "../../setup/routes";
import { LIGHT_PASSWORDS } from "../../setup/passwords";
import { createTestAuth } from "../../setup/services";

export type Who = "anonymous" | "guest" | "owner" | "ownerLinked" | "admin";
export const SIGNED_IN: Exclude<Who, "anonymous">[] = ["guest", "owner", "ownerLinked", "admin"];
export const EVERYONE: Who[] = ["anonymous", ...SIGNED_IN];

export const PASSWORD = "olive-branch-fuzz-2026!";

export interface Fixtures {
  /** A restaurant the "ownerLinked" owner may edit. */
  restaurantId: string;
  restaurantSlug: string;
  /** A restaurant no owner is linked to. */
  otherRestaurantId: string;
  linkId: string;
  /** Stored files no fuzzed form may name: attached to a restaurant that is never a target, or an unattached system upload. */
  foreignFiles: { photo: string; menuImage: string; pdf: string; stray: string };
  blogId: string;
  blogSlug: string;
  userIds: Record<Exclude<Who, "anonymous">, string>;
  emails: Record<Exclude<Who, "anonymous">, string>;
}

export interface FuzzServer {
  baseUrl: string;
  database: TestDatabase;
  db: Db;
  uploadsDir: string;
  cookies: Record<Who, string>;
  /** The request headers that make a request come from `who` on our own pages (none for an anonymous visitor). */
  cookieOf(who: Who): Record<string, string>;
  fixtures: Fixtures;
  /** Writes what the server counted in memory (listing counts, searches that found nothing) now. */
  writeStatistics(): Promise<void>;
  stop(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  // Errors the server logs are checked request by request in send(), which fails on any log but
  // the expected ones (see isExpectedLog) — stricter than the per-test check, and it names the
  // request. The per-test check would fail on the expected ones too, so it is handed over here.
  allowConsoleErrors();
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-fuzz-"));
  const database = await createTestDatabase();
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  const running = await build.startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
    database,
    clientDir: path.resolve("build/client"),
    // Thousands of made-up passwords are signed in with: a light scrypt, for the server and the
    // accounts made here alike (tests/setup/passwords.ts).
    password: LIGHT_PASSWORDS,
  });
  const baseUrl = `http://127.0.0.1:${running.port}`;
  const db = database.db;

  // Accounts are made by the factory (the auth service's own sign-up, then the role), and signed
  // in through the app's own login action.
  const cookies: Record<Who, string> = { anonymous: "", guest: "", owner: "", ownerLinked: "", admin: "" };
  const userIds = {} as Record<Exclude<Who, "anonymous">, string>;
  const emails = {} as Record<Exclude<Who, "anonymous">, string>;
  const auth = createTestAuth(db, undefined, LIGHT_PASSWORDS);
  for (const who of SIGNED_IN) {
    const role = who === "admin" ? "admin" : who === "guest" ? "guest" : "owner";
    const { id, email } = await createUser(db, auth, {
      email: `fuzz-${who.toLowerCase()}@fuzz.example`,
      password: PASSWORD,
      role,
      firstName: who,
      lastName: "Fuzz",
      phoneNumber: "03-5550000",
    });
    userIds[who] = id;
    emails[who] = email;
    // Sign-in is rate-limited per address; the test owns this database.
    await db.delete(rateLimits);
    const login = await fetch(`${baseUrl}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(login.status, `login of ${who}`).toBe(302);
    cookies[who] = sessionCookie(login.headers);
    expect(cookies[who], `session cookie of ${who}`).not.toBe("");
  }
  await db.delete(rateLimits);

  const [restaurant] = await db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "fuzz-place", name_en: "Fuzz Place" }))
    .returning();
  const [other] = await db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "other-place", name_en: "Other Place" }))
    .returning();
  const [link] = await db
    .insert(restaurantOwners)
    .values({ restaurant_id: restaurant!.id, user_id: userIds.ownerLinked })
    .returning();
  const [blog] = await db
    .insert(blogs)
    .values(buildBlog({ slug: "fuzz-post", title: "Fuzz post", created_by: userIds.admin }))
    .returning();
  // Another restaurant's files, really stored and recorded as the upload route does.
  const foreignFiles = {
    photo: "/uploads/restaurant-images/f0f0f0f0f0f0f0f0f0f0f0f0-1200.webp",
    menuImage: "/uploads/restaurant-menus/f1f1f1f1f1f1f1f1f1f1f1f1-800.webp",
    pdf: "/uploads/restaurant-menus/pdf_f2f2f2f2f2f2f2f2f2f2f2f2.pdf",
    stray: "/uploads/restaurant-images/f3f3f3f3f3f3f3f3f3f3f3f3-800.webp",
  };
  const [foreign] = await db
    .insert(restaurants)
    .values(
      buildRestaurant({
        slug: "foreign-place",
        name_en: "Foreign Place",
        photo: foreignFiles.photo,
        menu_link: foreignFiles.pdf,
        menu_images: [{ url: foreignFiles.menuImage, name: "m.webp" }],
      }),
    )
    .returning();
  await db.insert(uploads).values([
    { url: foreignFiles.photo, kind: "photo", uploaded_by: userIds.admin, restaurant_id: foreign!.id },
    { url: foreignFiles.menuImage, kind: "menu", uploaded_by: userIds.ownerLinked, restaurant_id: foreign!.id },
    { url: foreignFiles.pdf, kind: "pdf", uploaded_by: userIds.owner, restaurant_id: foreign!.id },
    { url: foreignFiles.stray, kind: "photo", uploaded_by: null },
  ]);
  for (const url of Object.values(foreignFiles).flatMap(imageFiles)) {
    const file = path.join(dataDir, url.slice(1));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "bytes");
  }

  return {
    baseUrl,
    database,
    db,
    uploadsDir: path.join(dataDir, "uploads"),
    cookies,
    // A browser marks every request from our own pages as same-origin (fetch metadata); without
    // it, a signed-in write is refused as cross-site before any action runs.
    writeStatistics: () => running.writeStatistics(),
    cookieOf: (who): Record<string, string> =>
      who === "anonymous" ? {} : { cookie: cookies[who], "sec-fetch-site": "same-origin" },
    fixtures: {
      restaurantId: restaurant!.id,
      restaurantSlug: restaurant!.slug,
      otherRestaurantId: other!.id,
      linkId: link!.id,
      foreignFiles,
      blogId: blog!.id,
      blogSlug: blog!.slug ?? "fuzz-post",
      userIds,
      emails,
    },
    async stop() {
      await running.stop();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of a raw query on either driver (PGlite answers { rows }, node-postgres too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * What an invalid request must never change. Every table a form action or API route writes to,
 * hashed row by row. Left out on purpose: `rate_limits` (every attempt is counted, valid or not —
 * that is its job), the timestamps of `sessions` (reading a session may extend it) and the
 * two-factor failure count and lock (better-auth's own count of wrong codes); the set of
 * session ids is included, so a refused login that created a session would still show.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from restaurants t) as restaurants,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from restaurant_owners t) as restaurant_owners,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from restaurant_changes t) as restaurant_changes,
      (select md5(coalesce(string_agg(t::text, '|' order by t.old_slug), '')) from restaurant_slug_redirects t) as restaurant_slug_redirects,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from blogs t) as blogs,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from uploads t) as uploads,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from reports t) as reports,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from report_events t) as report_events,
      (select md5(coalesce(string_agg(t::text, '|' order by t.restaurant_id), '')) from report_notices t) as report_notices,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from claims t) as claims,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from suggestions t) as suggestions,
      (select md5(coalesce(string_agg(t::text, '|' order by t.user_id, t.restaurant_id), '')) from saved_places t) as saved_places,
      (select md5(coalesce(string_agg(t::text, '|' order by t.user_id), '')) from alert_settings t) as alert_settings,
      (select md5(coalesce(string_agg(t::text, '|' order by t.user_id, t.restaurant_id), '')) from alert_snapshots t) as alert_snapshots,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from users t) as users,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from accounts t) as accounts,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from profiles t) as profiles,
      (select md5(coalesce(string_agg(t::text, '|' order by t.user_id), '')) from user_roles t) as user_roles,
      (select md5(coalesce(string_agg(t.id, '|' order by t.id), '')) from sessions t) as session_ids,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from verifications t) as verifications,
      (select md5(coalesce(string_agg(concat_ws(',', t.id, t.user_id, t.secret, t.backup_codes, t.verified), '|' order by t.id), '')) from two_factors t) as two_factors`),
  );
  return row!;
}

export function uploadedFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | FormData;
}

export interface FuzzResponse {
  status: number;
  text: string;
  headers: Headers;
}

/** A stack trace in a body: "at fn (file:line:col)", also inside JSON or turbo-stream strings. */
const STACK = /(?:^|\n|\\n)\s*at\s+(?:async\s+)?\S[^\n]*?:\d+:\d+\)?/;

/**
 * Sends one request and checks what every answer must satisfy: no 5xx, no stack trace, and no
 * error logged by the server while answering it (the server runs in this process).
 */
export async function send(server: FuzzServer, request: FuzzRequest): Promise<FuzzResponse> {
  const errorsBefore = vi.mocked(console.error).mock.calls.length;
  const response = await rawRequest(server.baseUrl + request.path, request);
  const label = `${request.method} ${request.path.slice(0, 200)} → ${response.status}`;
  expect(response.status, `${label}\n${response.text.slice(0, 500)}`).toBeLessThan(500);
  expect(STACK.test(response.text), `${label}: stack trace in body\n${response.text.slice(0, 2000)}`).toBe(false);
  const logged = vi
    .mocked(console.error)
    .mock.calls.slice(errorsBefore)
    .filter((args) => !isExpectedLog(args));
  expect(
    logged.map((args) => args.map(String).join(" ").slice(0, 500)),
    `${label}: the server logged an error`,
  ).toEqual([]);
  return response;
}

/**
 * Logs that are expected, not faults. React Router answers a POST to a page without an action
 * (say /dashboard/edit/ or /blogs), or a method it does not serve (OPTIONS, PATCH on a page), with
 * a correct 405, but its default `handleError` logs it as
 * an error; the fix is a `handleError` export in app/entry.server.tsx that skips 4xx responses,
 * a file this suite does not own. Until then those logs are counted here, not failed on.
 */
export const expectedLogs = { noAction: 0 };
function isExpectedLog(args: unknown[]): boolean {
  const message = String(args[0]);
  if (
    /^Error: You made a \w+ request to ".*" but did not provide an `action` for route/.test(message) ||
    /^Error: Invalid request method "\w+"/.test(message)
  ) {
    expectedLogs.noAction++;
    return true;
  }
  return false;
}

/**
 * One request on its own connection. The server may answer before reading a body (a visitor's
 * post is redirected to /login unread) and then close the connection; a client that reused it
 * would see ECONNRESET on its next request, so no connection is reused.
 */
async function rawRequest(url: string, request: FuzzRequest): Promise<FuzzResponse> {
  let body: Buffer | undefined;
  const headers: Record<string, string> = {};
  if (request.body !== undefined && request.method !== "GET" && request.method !== "HEAD") {
    // Let fetch's Request encode URLSearchParams and FormData (with its multipart boundary).
    const raw = request.body;
    const encoded = new Request(url, {
      method: "POST",
      body: raw instanceof Uint8Array ? new Blob([new Uint8Array(raw)]) : raw,
    });
    body = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type) headers["content-type"] = type;
    headers["content-length"] = String(body.length);
  }
  Object.assign(headers, request.headers);
  return new Promise<FuzzResponse>((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: request.method, headers, agent: false, timeout: 30_000 },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              responseHeaders.append(name, one);
          }
          resolve({
            status: incoming.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            headers: responseHeaders,
          });
        });
      },
    );
    outgoing.on("timeout", () =>
      outgoing.destroy(new Error(`no answer in 30 s: ${request.method} ${url.slice(0, 200)}`)),
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A request that must change nothing: same fingerprint after as before, and no new files. */
export async function sendInvalid(server: FuzzServer, request: FuzzRequest): Promise<FuzzResponse> {
  const before = await fingerprint(server.db);
  const filesBefore = uploadedFiles(server.uploadsDir);
  const response = await send(server, request);
  expect(
    await fingerprint(server.db),
    `${request.method} ${request.path.slice(0, 200)} → ${response.status} changed the database`,
  ).toEqual(before);
  expect(uploadedFiles(server.uploadsDir)).toEqual(filesBefore);
  return response;
}

/** Rate limits (ADR 005) answer 429 after a few attempts; clearing them lets the fuzzer reach the validation code. */
export async function clearRateLimits(server: FuzzServer): Promise<void> {
  await server.db.delete(rateLimits);
}

// ---------------------------------------------------------------------------------------------
// Running properties

/** FUZZ_SEED=… reproduces a run; FUZZ_RUNS_SCALE=… scales every numRuns (e.g. 10 for a long soak). */
export const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? 1);

export async function check<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  run: (value: T) => Promise<void>,
): Promise<void> {
  const runs = Math.max(1, Math.round(numRuns * SCALE));
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await run(value);
    }),
    // Shrinking replays HTTP requests and can take minutes; FUZZ_SHRINK=1 asks for it.
    { numRuns: runs, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== "1" },
  );
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `[fuzz] ${name} failed after ${details.numRuns} run(s). Reproduce with FUZZ_SEED=${details.seed}` +
      ` (path ${details.counterexamplePath ?? "?"}; FUZZ_SHRINK=1 to shrink).\n` +
      `Input: ${abbreviate(details.counterexample)}\n${cause}`,
    { cause: details.errorInstance },
  );
}

/** A counterexample for a message: long strings cut, bodies described. */
function abbreviate(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "string") return v.length > 120 ? `${JSON.stringify(v.slice(0, 60))}… (${v.length} chars)` : v;
    if (v instanceof URLSearchParams) return `urlencoded ${abbreviate([...v.entries()])}`;
    if (v instanceof FormData)
      return `multipart ${abbreviate([...v.entries()].map(([k, x]) => [k, typeof x === "string" ? x : "<file>"]))}`;
    if (v instanceof Uint8Array) return `<${v.length} bytes>`;
    return v;
  });
}
