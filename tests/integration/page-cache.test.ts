// The built server, in this process on a test database: anonymous pages come from the cache with
// ETags; signed-in users never do; a change in the database empties the cache.
import { createHash } from "node:crypto";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBlog, insertRestaurant } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { restaurants } from "../../database/schema/restaurants";
import { parseConfig } from "../../server/config";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";

let database: TestDatabase;
let running: RunningServer;
let base: string;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-cache-"));
  // Each page-cache test visits pages of its own restaurant, so none finds a page another has cached.
  await insertRestaurant(database.db, { slug: "cached-cafe", name_en: "Cached Cafe" });
  await insertRestaurant(database.db, { slug: "changing-cafe", name_en: "Changing Cafe" });
  await insertRestaurant(database.db, { slug: "hebrew-cafe", name_en: "Hebrew Cafe", name_he: "קפה עברי" });
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  running = await build.startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
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

/** The text of each inline script of a page. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");

/** The CSP allows each script by the hash of its UTF-8 bytes. */
function expectAllowedByHash(csp: string, scripts: string[]) {
  for (const script of scripts)
    expect(csp).toContain(`'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
}

describe("anonymous page cache", () => {
  it("serves a repeat visit from memory, precompressed, with an ETag, CDN-friendly caching and a CSP of its own script hashes", async () => {
    const first = await fetch(`${base}/en/restaurant/cached-cafe`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    await first.text();
    const second = await fetch(`${base}/en/restaurant/cached-cafe`, { headers: { "accept-encoding": "br, gzip" } });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    expect(second.headers.get("content-encoding")).toBe("br");
    // Hits are answered before Express, with the same security headers.
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await second.text();
    // The cached page allows exactly its inline scripts, by hash, and no nonce.
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    const inline = inlineScripts(html);
    expect(inline.length).toBeGreaterThan(0);
    expectAllowedByHash(csp, inline);

    const conditional = await fetch(`${base}/en/restaurant/cached-cafe`, { headers: { "if-none-match": etag! } });
    expect(conditional.status).toBe(304);
  });

  it("keeps a Hebrew page's bytes as rendered, and allows its inline scripts, Hebrew in them, by the hash of their UTF-8 bytes", async () => {
    const rendered = await fetch(`${base}/he/restaurant/hebrew-cafe`);
    expect(rendered.headers.get("x-cache")).toBe("MISS");
    const renderedHtml = await rendered.text();
    expect(renderedHtml).toContain("<h1");
    expect(renderedHtml).toContain("קפה עברי");
    const cached = await fetch(`${base}/he/restaurant/hebrew-cafe`, { headers: { "accept-encoding": "br, gzip" } });
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const html = await cached.text();
    expect(html).toBe(renderedHtml);
    const csp = cached.headers.get("content-security-policy") ?? "";
    const inline = inlineScripts(html);
    // The page's data script carries the Hebrew name: a hash of anything but its UTF-8 bytes would block it.
    expect(inline.some((script) => script.includes("קפה עברי"))).toBe(true);
    expectAllowedByHash(csp, inline);
  });

  it("leaves React Router's own endpoints and files alone (no page caching headers on them)", async () => {
    const manifest = await fetch(`${base}/__manifest?paths=%2F&version=test`);
    expect(manifest.headers.get("x-cache")).toBeNull();
    expect(manifest.headers.get("cache-control") ?? "").not.toContain("s-maxage");
    await manifest.text();
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("never serves or stores a page for a signed-in request", async () => {
    const signedIn = await fetch(`${base}/`, { headers: { cookie: "better-auth.session_token=whatever" } });
    expect(signedIn.headers.get("x-cache")).toBe("BYPASS");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("never makes a private page public, however its path is written (the router matches without regard to case)", async () => {
    for (const url of [
      "/reset-password?token=abc",
      "/Reset-Password?token=abc",
      "/HE/RESET-PASSWORD?token=abc",
      "/he/Dashboard",
      "/reset%2Dpassword?token=abc",
      "//reset-password?token=abc",
    ]) {
      const answer = await fetch(`${base}${url}`, { redirect: "manual" });
      await answer.text();
      expect(answer.headers.get("cache-control"), url).toBe("private, no-store");
      expect(answer.headers.get("x-cache"), url).not.toBe("HIT");
    }
  });

  it("shows a restaurant change on the next request, wherever the change came from", async () => {
    await (await fetch(`${base}/en/restaurant/changing-cafe`)).text();
    await database.db
      .update(restaurants)
      .set({ name_en: "Changing Cafe Renamed" })
      .where(eq(restaurants.slug, "changing-cafe"));
    await eventually(async () =>
      (await (await fetch(`${base}/en/restaurant/changing-cafe`)).text()).includes("Changing Cafe Renamed"),
    );
    await eventually(async () => (await (await fetch(`${base}/`)).text()).includes("Changing Cafe Renamed"));
  });

  it("shows a new blog post on the next request", async () => {
    await (await fetch(`${base}/blogs`)).text();
    await database.db.insert(blogs).values(buildBlog({ title: "Fresh From The Oven", slug: "fresh-from-the-oven" }));
    await eventually(async () => (await (await fetch(`${base}/blogs`)).text()).includes("Fresh From The Oven"));
  });
});

describe("search index", () => {
  it("is served compressed under its version, kept forever by browsers, and replaced by a new version after a change", async () => {
    const probe = await fetch(`${base}/api/search-index/not-a-version`, { headers: { "accept-encoding": "gzip" } });
    expect(probe.status).toBe(200);
    // An unknown version gets the current index, but not for keeps.
    expect(probe.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const version = (probe.headers.get("etag") ?? "").replaceAll('"', "");
    expect(version).toMatch(/^[\w-]{16}$/);
    const rows = (await probe.json()) as unknown[][];
    expect(rows.map((row) => row[1])).toContain("cached-cafe");

    const current = await fetch(`${base}/api/search-index/${version}`, { headers: { "accept-encoding": "br" } });
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(current.headers.get("content-encoding")).toBe("br");
    await current.arrayBuffer();
    const again = await fetch(`${base}/api/search-index/${version}`, { headers: { "if-none-match": `"${version}"` } });
    expect(again.status).toBe(304);

    // A write straight to the database (as another process would make it) reaches this process as
    // a notification, on PostgreSQL over a second connection: wait for it, briefly.
    await insertRestaurant(database.db, { slug: "index-newcomer", name_en: "Index Newcomer" });
    await eventually(
      async () => (await fetch(`${base}/api/search-index/${version}`)).headers.get("etag") !== `"${version}"`,
    );
    const after = await fetch(`${base}/api/search-index/${version}`);
    const afterRows = (await after.json()) as unknown[][];
    expect(after.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(afterRows.map((row) => row[1])).toContain("index-newcomer");
  });
});
