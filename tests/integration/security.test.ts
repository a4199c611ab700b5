// What the outside security review found at the HTTP level:
// writes that do not show they come from our pages, caching of personal answers, a NUL in the
// user search, slow clients and live-update streams, and who may say the visitor's address.
// The built server runs in this process on this file's copy of the template database.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { get as httpGet, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertRestaurant } from "../../database/factories";
import { profiles, rateLimits } from "../../database/schema/people";
import { parseConfig } from "../../server/config";
import type { HttpTimeouts, RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { sessionCookie } from "../setup/routes";
import { createTestAuth } from "../setup/services";

const PASSWORD = "cedar-lantern-review-2026!";
let database: TestDatabase;
let dataDir: string;
let start: typeof StartServer;
const servers: RunningServer[] = [];
let base: string;
let adminCookie: string;

async function serve(env: Record<string, string>, timeouts?: HttpTimeouts): Promise<string> {
  const running = await start({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1", ...env }),
    database,
    clientDir: path.resolve("build/client"),
    ...(timeouts ? { timeouts } : {}),
  });
  servers.push(running);
  return `http://127.0.0.1:${running.port}`;
}

/** An admin made by the factory, signed in through the app's own login action. */
async function signedInAdmin(email: string): Promise<string> {
  await createUser(database.db, createTestAuth(database.db), {
    email,
    password: PASSWORD,
    role: "admin",
    firstName: "Review",
    lastName: "Admin",
    phoneNumber: "03-5550000",
  });
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  return sessionCookie(login.headers);
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-security-"));
  await insertRestaurant(database.db, { slug: "watched-cafe", name_en: "Watched Cafe" });
  start = (
    (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { startServer: typeof StartServer }
  ).startServer;
  base = await serve(
    { LIVE_STREAMS_PER_CLIENT: "2", LIVE_STREAMS_MAX: "3" },
    { headersMs: 400, requestMs: 5_000, keepAliveMs: 1_000, checkEveryMs: 100 },
  );
  adminCookie = await signedInAdmin("review-admin@example.com");
}, 60_000);

afterAll(async () => {
  for (const running of servers) await running.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const firstNameOf = async (email: string) =>
  (await database.db.select({ name: profiles.firstName }).from(profiles).where(eq(profiles.email, email)))[0]?.name;

describe("writes must show they come from our own pages (fetch metadata, Origin, Referer)", () => {
  const profileForm = (firstName: string) =>
    new URLSearchParams({ intent: "profile", firstName, lastName: "Admin", phone: "03-5550000" });
  const post = (headers: Record<string, string>, firstName: string) =>
    fetch(`${base}/account`, {
      method: "POST",
      body: profileForm(firstName),
      headers: { cookie: adminCookie, ...headers },
      redirect: "manual",
    });

  it("refuses a signed-in write with no Origin, no Sec-Fetch-Site and no Referer, and changes nothing", async () => {
    const refused = await post({}, "Forged");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/did not come from a page of this site/);
    expect(await firstNameOf("review-admin@example.com")).toBe("Review");
  });

  it("refuses Sec-Fetch-Site: cross-site or same-site, and a foreign Referer, even without an Origin", async () => {
    const foreign: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
    ];
    for (const headers of foreign) {
      const refused = await post(headers, "Forged");
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    // In the language of the page the form was on.
    const hebrew = await fetch(`${base}/he/account`, {
      method: "POST",
      body: profileForm("Forged"),
      headers: { cookie: adminCookie },
      redirect: "manual",
    });
    expect(hebrew.status).toBe(403);
    expect(await hebrew.text()).toMatch(/הבקשה לא נשלחה מדף של האתר/);
    expect(await firstNameOf("review-admin@example.com")).toBe("Review");
  });

  it("accepts what a browser sends from our pages: Sec-Fetch-Site same-origin, our Origin, or our Referer", async () => {
    expect((await post({ "sec-fetch-site": "same-origin" }, "Fetched")).status).toBe(200);
    expect(await firstNameOf("review-admin@example.com")).toBe("Fetched");
    expect((await post({ origin: base }, "Originated")).status).toBe(200);
    expect(await firstNameOf("review-admin@example.com")).toBe("Originated");
    expect((await post({ referer: `${base}/account` }, "Review")).status).toBe(200);
    expect(await firstNameOf("review-admin@example.com")).toBe("Review");
  });
});

describe("answers that depend on who asks are never kept by a shared cache", () => {
  it("says private, no-store on signed-in pages and their .data, and on account pages for anyone", async () => {
    for (const url of [
      "/account",
      "/account.data",
      "/dashboard/users",
      "/dashboard/users.data",
      "/",
      "/he.data",
      "/en/restaurant/watched-cafe",
    ]) {
      const response = await fetch(base + url, { headers: { cookie: adminCookie }, redirect: "manual" });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe("private, no-store");
      await response.arrayBuffer();
    }
    for (const url of ["/login", "/he/login", "/login.data", "/reset-password?token=abc"]) {
      const response = await fetch(base + url, { redirect: "manual" });
      expect(response.headers.get("cache-control"), url).toBe("private, no-store");
      await response.arrayBuffer();
    }
    // Public pages for an anonymous visitor stay cacheable (ADR 007).
    const home = await fetch(`${base}/`);
    expect(home.headers.get("cache-control")).toMatch(/^public/);
    await home.arrayBuffer();
  });
});

describe("the user search", () => {
  it("answers a NUL character with a 400 and a message in the page's language, not a 500", async () => {
    const english = await fetch(`${base}/dashboard/users?q=%00`, { headers: { cookie: adminCookie } });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("This field contains characters that are not allowed.");
    const hebrew = await fetch(`${base}/he/dashboard/users?q=a%00b`, { headers: { cookie: adminCookie } });
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("השדה מכיל תווים שאינם מותרים.");
    const data = await fetch(`${base}/dashboard/users.data?q=%00`, { headers: { cookie: adminCookie } });
    expect(data.status).toBe(400);
  });
});

/** Opens a live-update stream; resolves with the answer (status, and a way to hang up). */
function openStream(
  headers: Record<string, string> = {},
): Promise<{ status: number; text: Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      `${base}/api/live/restaurants/watched-cafe`,
      { headers, agent: false },
      (response: IncomingMessage) => {
        let body = "";
        response.setEncoding("utf8");
        const text = new Promise<string>((done) => {
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => done(body));
          response.on("close", () => done(body));
        });
        resolve({ status: response.statusCode ?? 0, text, close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}

describe("slow and greedy clients", () => {
  it("caps live-update streams per client address and in all, with a clear refusal, and frees a place when one closes", async () => {
    const first = await openStream();
    const second = await openStream();
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openStream();
    expect(third.status).toBe(429);
    expect(await third.text).toMatch(/Too many live-update connections[\s\S]*יותר מדי חיבורי עדכון חי/);
    // Another address (through the trusted local proxy) still gets one, until the total is reached.
    const elsewhere = await openStream({ "x-forwarded-for": "198.51.100.20" });
    expect(elsewhere.status).toBe(200);
    const full = await openStream({ "x-forwarded-for": "198.51.100.21" });
    expect(full.status).toBe(503);
    expect(await full.text).toMatch(/Live updates are busy/);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openStream();
    expect(again.status).toBe(200);
    for (const stream of [second, elsewhere, again]) stream.close();
  });

  it("cuts off a client that sends its headers too slowly (slowloris)", async () => {
    const { port } = new URL(base);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy());
      // A request line and one header, then nothing more.
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("TRUST_PROXY: who may say the visitor's address", () => {
  const failedLogin = (url: string, forwardedFor: string) =>
    fetch(`${url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "nobody@example.com", password: "wrong-password-123" }),
      headers: { "x-forwarded-for": forwardedFor },
      redirect: "manual",
    });
  const countedFor = async (address: string) =>
    (
      await database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, `%${address}%`))
    ).length;

  it("with a hop count, rate limits count the address the proxy gives", async () => {
    const proxied = await serve({ TRUST_PROXY: "1" });
    await database.db.delete(rateLimits);
    expect((await failedLogin(proxied, "203.0.113.7")).status).toBe(401);
    expect(await countedFor("203.0.113.7")).toBeGreaterThan(0);
  });

  it("an IPv6 client is counted by its /64: the addresses of one network share one bucket", async () => {
    const proxied = await serve({ TRUST_PROXY: "loopback" });
    await database.db.delete(rateLimits);
    for (const address of ["2001:db8:85a3:42::a", "2001:db8:85a3:42:ffff::b"])
      expect((await failedLogin(proxied, address)).status).toBe(401);
    const [bucket] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "signin:ip:2001:db8:85a3:42::/64"));
    expect(bucket?.count).toBe(2);
    expect(await countedFor("2001:db8:85a3:42::a")).toBe(0);
  });

  it("with false, a visitor cannot choose their own bucket by sending X-Forwarded-For", async () => {
    const direct = await serve({ TRUST_PROXY: "false" });
    await database.db.delete(rateLimits);
    expect((await failedLogin(direct, "203.0.113.8")).status).toBe(401);
    expect(await countedFor("203.0.113.8")).toBe(0);
    expect(await countedFor("127.0.0.1")).toBeGreaterThan(0);
  });
});
