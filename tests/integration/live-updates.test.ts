// Live updates: a database trigger announces every restaurant change; the change feed fans it
// out; /api/live/restaurants/:slug streams it to open pages.
import { connect, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { createApp } from "../../server/app";
import { createChangeFeed, type ChangeFeed, type RestaurantChange } from "../../server/data/changes";
import { parseConfig } from "../../server/config";
import { openDatabase } from "../../server/data/database";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { startServer } from "../setup/server-process";
import { createTestAuth } from "../setup/services";
import { openEventStream } from "../setup/sse";

let database: TestDatabase;
let feed: ChangeFeed;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  feed = await createChangeFeed(database);
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-live-"));
});
afterAll(async () => {
  await feed?.close();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function nextChange(predicate: (change: RestaurantChange) => boolean, timeoutMs = 10_000): Promise<RestaurantChange> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error("no matching change arrived"));
    }, timeoutMs);
    const unsubscribe = feed.subscribe((change) => {
      if (!predicate(change)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(change);
    });
  });
}

describe("change feed", () => {
  it("announces inserts, updates (with renames) and deletes", async () => {
    const inserted = nextChange((c) => c.slug === "feed-one" && c.op === "insert");
    const [row] = await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "feed-one" }))
      .returning();
    expect(await inserted).toMatchObject({ op: "insert", id: row!.id, slug: "feed-one" });

    const updated = nextChange((c) => c.op === "update" && c.id === row!.id);
    await database.db.update(restaurants).set({ address: "2 New St" }).where(eq(restaurants.id, row!.id));
    expect(await updated).toMatchObject({ slug: "feed-one", oldSlug: "feed-one" });

    const renamed = nextChange((c) => c.op === "update" && c.slug === "feed-two");
    await database.db.update(restaurants).set({ slug: "feed-two" }).where(eq(restaurants.id, row!.id));
    expect(await renamed).toMatchObject({ oldSlug: "feed-one" });

    const deleted = nextChange((c) => c.op === "delete");
    await database.db.delete(restaurants).where(eq(restaurants.id, row!.id));
    expect(await deleted).toMatchObject({ id: row!.id, slug: "feed-two" });
  });

  it("hears a change made through another connection to the same database", async (context) => {
    // PGlite is one process's embedded database: there is no other connection to make.
    if (!database.url) context.skip();
    const other = await openDatabase({ databaseUrl: database.url, migrate: false });
    try {
      const [row] = await database.db
        .insert(restaurants)
        .values(buildRestaurant({ slug: "other-conn" }))
        .returning();
      const heard = nextChange((c) => c.op === "update" && c.id === row!.id);
      await other.db.update(restaurants).set({ name_en: "Changed elsewhere" }).where(eq(restaurants.id, row!.id));
      expect(await heard).toMatchObject({ slug: "other-conn" });
    } finally {
      await other.close();
    }
  });
});

/** The Express app (live streams only: no pages) on a free port. */
async function listenLiveApp() {
  const app = createApp({
    config: parseConfig({ DATA_DIR: dataDir }),
    database,
    auth: createTestAuth(database.db),
    changes: feed,
    build: () => Promise.reject(new Error("pages are not used by these tests")),
    clientDir: dataDir,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
}

describe("GET /api/live/restaurants/:slug", () => {
  it("streams updates to that restaurant only", async () => {
    const server = await listenLiveApp();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const [watched] = await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "watched" }))
      .returning();
    const [other] = await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "not-watched" }))
      .returning();
    const stream = await openEventStream(`${base}/api/live/restaurants/watched`);
    try {
      await stream.waitFor(": connected");
      await database.db.update(restaurants).set({ address: "9 Other St" }).where(eq(restaurants.id, other!.id));
      await database.db.update(restaurants).set({ address: "1 Watched St" }).where(eq(restaurants.id, watched!.id));
      const text = await stream.waitFor("event: update");
      expect(text).toContain('"slug":"watched"');
      expect(text).not.toContain("not-watched");
      expect(text).toMatch(/^retry: \d+/);
    } finally {
      stream.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it("answers HEAD with the stream's headers and ends, instead of holding the connection", async () => {
    const server = await listenLiveApp();
    try {
      // A raw request with Connection: close: the server ends the socket once the response is
      // complete, which an open event stream never is.
      const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
      socket.write("HEAD /api/live/restaurants/watched HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      const ended = await Promise.race([
        new Promise<boolean>((resolve) => socket.once("end", () => resolve(true))),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000)),
      ]);
      socket.destroy();
      expect(ended).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer.toLowerCase()).toContain("content-type: text/event-stream");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("refuses a malformed slug", async () => {
    const server = await listenLiveApp();
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/live/restaurants/${"x".repeat(300)}`,
      );
      expect(response.status).toBe(400);
    } finally {
      server.close();
    }
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it("both deliver an update made by neither of them", async (context) => {
    // Needs a shared database server; PGlite's files belong to one process.
    if (!database.url) context.skip();
    const env = { DATA_DIR: dataDir, DEMO_DATA: "false", DATABASE_URL: database.url! };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    try {
      const [row] = await database.db
        .insert(restaurants)
        .values(buildRestaurant({ slug: "shared" }))
        .returning();
      const streams = await Promise.all([a, b].map((s) => openEventStream(`${s.url}/api/live/restaurants/shared`)));
      await Promise.all(streams.map((s) => s.waitFor(": connected")));
      await database.db.update(restaurants).set({ name_en: "Updated once" }).where(eq(restaurants.id, row!.id));
      for (const stream of streams) expect(await stream.waitFor("event: update")).toContain('"slug":"shared"');
      streams.forEach((s) => s.close());
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    } finally {
      for (const s of [a, b]) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    }
  }, 60_000);
});
