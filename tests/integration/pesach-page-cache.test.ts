// Pesach's season on cached pages (ADR 023): the page cache keeps a page no later than the next
// midnight in Tel Aviv, so the season's filter appears and goes at the day's edge, not up to a
// cache lifetime late. The browser tests' clock (`x-test-now`) is heard only by a server started
// with `testClock`, and such requests never touch the cache.
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { insertRestaurant } from "../../database/factories";
import { parseConfig } from "../../server/config";
import { nextTelAvivMidnight } from "../../server/http/page-cache";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { createTestDatabase, type TestDatabase } from "../setup/db";

let database: TestDatabase;
let running: RunningServer;
let plain: RunningServer;
const dirs: string[] = [];
const PESACH_FILTER = 'name="pesach"';

async function start(testClock: boolean): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-pesach-"));
  dirs.push(dataDir);
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  return build.startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
    database,
    clientDir: path.resolve("build/client"),
    testClock,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertRestaurant(database.db, {
    slug: "seder-house",
    name_en: "Seder House",
    pesach: { "2027": { status: "kosher" } },
  });
  running = await start(true);
  plain = await start(false);
}, 60_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await running?.stop();
  await plain?.stop();
  await database?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function visit(server: RunningServer, url: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers });
  return { cache: answer.headers.get("x-cache"), html: await answer.text() };
}

describe("cached pages and the Pesach season", () => {
  it("a page is kept no later than the next midnight in Tel Aviv, summer time or not", () => {
    expect(new Date(nextTelAvivMidnight(Date.parse("2027-04-28T23:58:00+03:00"))).toISOString()).toBe(
      "2027-04-28T21:00:00.000Z",
    );
    expect(new Date(nextTelAvivMidnight(Date.parse("2027-03-22T23:58:00+02:00"))).toISOString()).toBe(
      "2027-03-22T22:00:00.000Z",
    );
    // The night summer time begins (Friday 26 March 2027, 02:00 → 03:00).
    expect(new Date(nextTelAvivMidnight(Date.parse("2027-03-25T12:00:00+02:00"))).toISOString()).toBe(
      "2027-03-25T22:00:00.000Z",
    );
  });

  it("the filter goes with the season's last day, though the page was cached two minutes before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-04-28T23:58:00+03:00"));
    const first = await visit(running, "/he?edge=end");
    expect(first.cache).toBe("MISS");
    expect(first.html).toContain(PESACH_FILTER);
    expect((await visit(running, "/he?edge=end")).cache).toBe("HIT");
    vi.setSystemTime(new Date("2027-04-29T00:01:00+03:00"));
    const after = await visit(running, "/he?edge=end");
    expect(after.cache).toBe("MISS");
    expect(after.html).not.toContain(PESACH_FILTER);
  });

  it("the filter comes with the season's first day (30 days before Pesach)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-22T23:58:00+02:00"));
    expect((await visit(running, "/?edge=start")).html).not.toContain(PESACH_FILTER);
    vi.setSystemTime(new Date("2027-03-23T00:00:30+02:00"));
    expect((await visit(running, "/?edge=start")).html).toContain(PESACH_FILTER);
  });

  it("the browser tests' x-test-now sets the server's clock and bypasses the cache; a normal server ignores it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-06-01T12:00:00+03:00"));
    const header = { "x-test-now": "2027-04-20T12:00:00+03:00" };
    const tested = await visit(running, "/?clock=1", header);
    expect(tested.cache).toBe("BYPASS");
    expect(tested.html).toContain(PESACH_FILTER);
    // Nothing was stored for the others: the same URL without the header is out of season.
    expect((await visit(running, "/?clock=1")).html).not.toContain(PESACH_FILTER);
    const ignored = await visit(plain, "/?clock=1", header);
    expect(ignored.html).not.toContain(PESACH_FILTER);
  });
});
