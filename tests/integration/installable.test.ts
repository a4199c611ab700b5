// What the server answers for the installable site: the service worker's script, the web
// app manifest and the offline page in each language; and that a signed-in visitor's restaurant page
// says it may not be kept (the service worker keeps only public answers, app/offline/cache-rules.ts).
// The built server runs in this process on this file's copy of the template database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertRestaurant } from "../../database/factories";
import { isKeepablePage } from "../../app/offline/cache-rules";
import { parseConfig } from "../../server/config";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { sessionCookie } from "../setup/routes";
import { createTestAuth } from "../setup/services";

const PASSWORD = "cedar-lantern-offline-2026!";
let database: TestDatabase;
let dataDir: string;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-installable-"));
  await insertRestaurant(database.db, { slug: "offline-cafe", name_en: "Offline Cafe" });
  const { startServer } = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  server = await startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
    database,
    clientDir: path.resolve("build/client"),
  });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the service worker's script", () => {
  it("is JavaScript at the site's root, never kept by HTTP caches, and limited by the site's CSP", async () => {
    const answer = await fetch(`${base}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const code = await answer.text();
    expect(code).toContain("kta-shell-");
    expect(code).not.toMatch(/__KTA_SW_VERSION__|^import /m);
  });
});

describe("the web app manifest", () => {
  it("is answered in each language, cacheable, as a manifest", async () => {
    for (const [pathname, name, start] of [
      ["/manifest.webmanifest", "Kosher Tel Aviv", "/"],
      ["/he/manifest.webmanifest", "כשר תל אביב", "/he"],
    ] as const) {
      const answer = await fetch(`${base}${pathname}`);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(await answer.json()).toMatchObject({ name, start_url: start, display: "standalone" });
    }
  });

  it("is linked from every page in the page's language", async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(await (await fetch(`${base}/he/restaurant/offline-cafe`)).text()).toContain(
      '<link rel="manifest" href="/he/manifest.webmanifest"/>',
    );
  });
});

describe("the offline page", () => {
  it("is answered in each language, public, not indexed", async () => {
    for (const [pathname, words] of [
      ["/offline", "You are offline"],
      ["/he/offline", "אין חיבור לאינטרנט"],
    ] as const) {
      const answer = await fetch(`${base}${pathname}`);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex");
      expect(await answer.text()).toContain(words);
    }
  });
});

describe("what the service worker may keep, as the server answers it", () => {
  it("keeps a restaurant page as anyone sees it, never a signed-in visitor's page or the dashboard", async () => {
    const email = "offline-owner@example.com";
    await createUser(database.db, createTestAuth(database.db), {
      email,
      password: PASSWORD,
      role: "owner",
      firstName: "Offline",
      lastName: "Owner",
      phoneNumber: "03-5550000",
    });
    const login = await fetch(`${base}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookie = sessionCookie(login.headers);
    const worker = (response: Response) => ({
      status: response.status,
      type: "basic",
      url: response.url,
      headers: response.headers,
      redirected: false,
    });

    const anonymous = await fetch(`${base}/en/restaurant/offline-cafe`);
    expect(isKeepablePage(worker(anonymous), base)).toBe(true);
    const signedIn = await fetch(`${base}/en/restaurant/offline-cafe`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(isKeepablePage(worker(signedIn), base)).toBe(false);
    const dashboard = await fetch(`${base}/dashboard`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(isKeepablePage(worker(dashboard), base)).toBe(false);
  });
});
