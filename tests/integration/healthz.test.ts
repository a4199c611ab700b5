// /healthz reports the database, not just the process.
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/config";
import { createApp } from "../../server/app";
import { createChangeFeed } from "../../server/data/changes";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-health-"));
});
afterAll(async () => {
  await database?.destroy().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe("/healthz", () => {
  it("answers 200 while the database answers and 503, without hanging, once it does not", async () => {
    const app = createApp({
      config: parseConfig({ DATA_DIR: dataDir }),
      database,
      auth: createTestAuth(database.db),
      changes: await createChangeFeed(database),
      build: () => Promise.reject(new Error("pages are not used by this test")),
      clientDir: dataDir,
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    try {
      const ok = await fetch(url);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("cache-control")).toBe("no-store");

      await database.close();
      const started = Date.now();
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: "unavailable" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      server.close();
    }
  });
});
