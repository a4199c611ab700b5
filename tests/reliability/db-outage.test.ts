// Database outage: the built server runs against a private PostgreSQL that is stopped for a few
// seconds and started again. Meanwhile pages that need the database answer 503 quickly with a
// plain bilingual page (never a hang, never error details) and /healthz says 503; cached pages
// keep being served. Afterwards the same server process — not restarted — serves pages again by
// itself, and a change made after the outage shows on pages that were cached before it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer } from "../setup/server-process";
import { requirePostgres, startPrivatePostgres, type PrivatePostgres } from "./support/postgres";

const OUTAGE_MS = 3_000;
/** Longest a request may take during the outage; the server should fail fast, far below this. */
const MAX_ANSWER_MS = 6_000;

const enabled = requirePostgres("the database outage test");
let database: PrivatePostgres;
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  if (!enabled) return;
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-outage-"));
  database = await startPrivatePostgres();
  const port = await freePort();
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    DEMO_DATA: "false",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await sql(
    `insert into restaurants (slug, name_en, name_he, address, kashrut) values ('outage-cafe', 'Outage Cafe', 'קפה הפסקה', '1 Test Street, Tel Aviv', 'rabanut')`,
  );
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop();
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One statement on a connection of its own (a pool would log errors of its own during the outage). */
async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: Headers;
}

async function get(p: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(server.url + p, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(MAX_ANSWER_MS + 2_000),
  });
  const body = await response.text();
  return { status: response.status, ms: Math.round(performance.now() - started), body, headers: response.headers };
}

let unique = 0;
/** A URL the page cache has never seen, so the database has to be asked. */
const fresh = (p: string) => `${p}?outage-test=${++unique}`;

function expectUnavailablePage(answer: Answer, language: "en" | "he") {
  expect(answer.status, answer.body.slice(0, 500)).toBe(503);
  expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
  expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("content-type")).toContain("text/html");
  // The security headers stay on the 503 page.
  expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  if (language === "en") {
    expect(answer.body).toContain('<html lang="en" dir="ltr">');
    expect(answer.body).toContain("The site is temporarily unavailable. Please try again in a minute.");
  } else {
    expect(answer.body).toContain('<html lang="he" dir="rtl">');
    expect(answer.body).toContain("האתר אינו זמין באופן זמני. אנא נסו שוב בעוד דקה.");
  }
  // Nothing about what failed.
  expect(answer.body).not.toMatch(/ECONN|postgres|Error:|\bat \S+ \(|Failed query|stack/i);
}

async function eventually<T>(attempt: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, stepMs = 100) {
  const started = Date.now();
  let tries = 0;
  for (;;) {
    tries += 1;
    const value = await attempt();
    if (ok(value)) return { value, ms: Date.now() - started, tries };
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms (${tries} tries)`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

describe.skipIf(!enabled)("PostgreSQL outage", () => {
  it("answers 503 quickly in the page's language while PostgreSQL is stopped, and recovers by itself without a restart", async () => {
    const pid = server.child.pid;
    // Before: pages render, and two of them get cached.
    expect((await get("/healthz")).status).toBe(200);
    for (const page of ["/en/restaurant/outage-cafe", "/"]) {
      const first = await get(page);
      expect(first.status).toBe(200);
      expect(first.body).toContain("Outage Cafe");
      expect((await get(page)).headers.get("x-cache")).toBe("HIT");
    }

    await database.stop("immediate");
    const stoppedAt = Date.now();

    // The first request to need the database finds out by failing (React Router's error path)…
    const firstEn = await get(fresh("/en/restaurant/outage-cafe"));
    expectUnavailablePage(firstEn, "en");
    // …after which the server knows and answers at once, in the language of the path.
    const he = await get(fresh("/he/restaurant/outage-cafe"));
    expectUnavailablePage(he, "he");
    const heHome = await get(fresh("/he"));
    expectUnavailablePage(heHome, "he");
    const en = await get(fresh("/"));
    expectUnavailablePage(en, "en");
    // A signed-in-like request (never cached) is no different.
    const signedIn = await get("/dashboard", { cookie: "better-auth.session_token=not-a-real-session" });
    expectUnavailablePage(signedIn, "en");
    const health = await get("/healthz");
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(MAX_ANSWER_MS);
    // Pages cached before the outage are still served: nothing can have changed meanwhile.
    const cached = await get("/en/restaurant/outage-cafe");
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-cache")).toBe("HIT");

    const outageAnswers = [firstEn, he, heHome, en, signedIn];
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    // Still down after a few seconds: still quick.
    const late = await get(fresh("/en/restaurant/outage-cafe"));
    expectUnavailablePage(late, "en");
    outageAnswers.push(late);

    await database.start();
    const startedAt = Date.now();
    // A change made while our server is still finding out that PostgreSQL is back: its
    // notification is most likely lost (the LISTEN connection is not back yet).
    await sql(`update restaurants set name_en = 'Outage Cafe Renamed During Recovery' where slug = 'outage-cafe'`);

    const recovered = await eventually(
      () => get(fresh("/en/restaurant/outage-cafe")),
      (answer) => answer.status === 200,
      20_000,
    );
    const recoveryMs = Date.now() - startedAt;
    expect(recovered.value.body).toContain("Outage Cafe Renamed During Recovery");
    expect((await get("/healthz")).status).toBe(200);
    // The pages cached before the outage show that change on the very next request.
    const page = await get("/en/restaurant/outage-cafe");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Outage Cafe Renamed During Recovery");
    const home = await get("/");
    expect(home.body).toContain("Outage Cafe Renamed During Recovery");

    // Live updates work again: a change after recovery empties the caches as before.
    await sql(`update restaurants set name_en = 'Outage Cafe After Recovery' where slug = 'outage-cafe'`);
    const shown = await eventually(
      () => get("/en/restaurant/outage-cafe"),
      (answer) => answer.body.includes("Outage Cafe After Recovery"),
      2_000,
      25,
    );
    const homeShown = await eventually(
      () => get("/"),
      (answer) => answer.body.includes("Outage Cafe After Recovery"),
      2_000,
      25,
    );
    // And the cache is back in use once pages render again.
    await eventually(
      () => get("/en/restaurant/outage-cafe"),
      (answer) => answer.headers.get("x-cache") === "HIT",
      5_000,
    );

    // The same process all along.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);
    console.log(
      `[db-outage] 503 answers during the outage (ms): ${outageAnswers.map((a) => a.ms).join(", ")}; /healthz ${health.ms} ms; ` +
        `pages 200 again ${recoveryMs} ms after PostgreSQL started; post-recovery change shown after ${shown.ms} ms (${shown.tries} tries), home ${homeShown.ms} ms`,
    );
  });
});
