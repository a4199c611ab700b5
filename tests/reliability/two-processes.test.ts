// The production shape (docs/deployment.md): two server processes on one PostgreSQL and one
// S3-compatible bucket, as behind a load balancer. What one process does, the other sees: a write
// drops the other's cached page, a live-update stream on one hears a change made through the
// other, a session and a rate limit count on both, an upload through one is served by the other.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertRestaurant } from "../../database/factories";
import { openDatabase, type Database } from "../../server/data/database";
import { startTestBucket, type TestBucket } from "../setup/s3";
import { freePort, startServer, type RunningServer } from "../setup/server-process";
import { createTestAuth } from "../setup/services";
import { sessionCookie } from "../setup/routes";
import { openEventStream } from "../setup/sse";
import { requirePostgres, startPrivatePostgres, type PrivatePostgres } from "./support/postgres";

const enabled = requirePostgres("the two-process test");
let postgres: PrivatePostgres;
let bucket: TestBucket;
let database: Database;
const servers: RunningServer[] = [];
const dirs: string[] = [];
let restaurant: { id: string; slug: string };
let admin: { email: string; password: string; cookie: string };

beforeAll(async () => {
  if (!enabled) return;
  postgres = await startPrivatePostgres();
  bucket = await startTestBucket();
  // Both processes share what a real deployment shares: the database, the bucket, the secret.
  const shared = {
    NODE_ENV: "production",
    AUTH_SECRET: "two-processes-secret-".padEnd(48, "x"),
    DATABASE_URL: postgres.url,
    ...bucket.env,
  };
  // Started together on an empty database, as after a deploy: one applies the migrations while
  // the other waits for it (an advisory lock), and both come up.
  const started = [0, 1].map(async (i) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `kta-two-${i}-`));
    dirs.push(dataDir);
    const port = await freePort();
    return startServer({ ...shared, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  });
  servers.push(...(await Promise.all(started)));
  database = await openDatabase({ databaseUrl: postgres.url });
  const row = await insertRestaurant(database.db, {
    slug: "shared-table",
    name_en: "Shared Table",
    name_he: "שולחן משותף",
  });
  restaurant = { id: row.id, slug: row.slug };
  const user = await createUser(database.db, createTestAuth(database.db), { role: "admin", emailVerified: true });
  const login = await fetch(`${a().url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: user.email, password: user.password }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  admin = { email: user.email, password: user.password, cookie: sessionCookie(login.headers) };
}, 180_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await server.stop();
  await database?.close();
  await bucket?.stop();
  await postgres?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const a = () => servers[0] as RunningServer;
const b = () => servers[1] as RunningServer;
/** A signed-in request as the browser sends it from our own pages. */
const asAdmin = (): Record<string, string> => ({ cookie: admin.cookie, "sec-fetch-site": "same-origin" });

describe.skipIf(!enabled)("two server processes on one PostgreSQL and one bucket", () => {
  it("shares sessions: signed in through one, signed in on the other", async () => {
    const dashboard = await fetch(`${b().url}/dashboard`, { headers: asAdmin(), redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Shared Table");
  });

  it("drops the other's cached page on a write, and its live-update stream hears the change", async () => {
    const page = `${b().url}/en/restaurant/${restaurant.slug}`;
    await (await fetch(page)).text();
    const cached = await fetch(page);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain("Details checked on");

    const stream = await openEventStream(`${b().url}/api/live/restaurants/${restaurant.slug}`);
    try {
      await stream.waitFor(": connected");
      const verify = await fetch(`${a().url}/dashboard/edit/${restaurant.id}`, {
        method: "POST",
        headers: asAdmin(),
        body: new URLSearchParams({ intent: "verify", date: "2026-11-20" }),
      });
      expect(verify.status).toBe(200);
      expect(await stream.waitFor("event: update")).toContain(`"slug":"${restaurant.slug}"`);
    } finally {
      stream.close();
    }
    // The change reached B (the event above came through PostgreSQL): its next page is fresh.
    const fresh = await fetch(page);
    expect(fresh.headers.get("x-cache")).not.toBe("HIT");
    expect(await fresh.text()).toContain("Details checked on");
  });

  it("counts a rate limit across both: wrong passwords through either add up", async () => {
    const attempt = (server: RunningServer) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        body: new URLSearchParams({ email: admin.email, password: "not-the-password-1" }),
        redirect: "manual",
      });
    // Eight wrong passwords for one account from one address are allowed in 15 minutes (four on each).
    for (let i = 0; i < 8; i += 1)
      expect((await attempt(i % 2 === 0 ? a() : b())).status, `attempt ${i + 1}`).toBe(401);
    expect((await attempt(a())).status).toBe(429);
    expect((await attempt(b())).status).toBe(429);
  });

  it("serves an upload made through one from the other (the bucket), and the local disks stay empty", async () => {
    const form = new FormData();
    const pdf = "%PDF-1.4\n% shared menu\n%%EOF\n";
    form.append("file", new Blob([pdf], { type: "application/pdf" }), "menu.pdf");
    const uploaded = await fetch(`${a().url}/api/uploads?kind=pdf`, { method: "POST", headers: asAdmin(), body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await fetch(b().url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(await served.text()).toBe(pdf);
    for (const dir of dirs) expect(existsSync(path.join(dir, "uploads")), dir).toBe(false);
  });
});
