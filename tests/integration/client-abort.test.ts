// A visitor who leaves while a file is still downloading is no database outage. Before, the
// static-file server's "Request aborted" error (code ECONNABORTED) reached the app's error handler,
// which took any network code for the database being down: every visitor then got the 503 page
// until the next probe (seen as a flaky browser test meeting "Temporarily unavailable").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createAvailability } from "../../server/http/availability";
import { createChangeFeed } from "../../server/data/changes";
import { parseConfig } from "../../server/config";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), "kta-abort-"));
  mkdirSync(path.join(dir, "assets"));
  // Large enough that the answer is still being sent when the client goes.
  // With its build-time brotli copy, which the asset middleware sends itself (res.sendFile).
  for (const name of ["big-0123abcd.js", "big-0123abcd.js.br"])
    writeFileSync(path.join(dir, "assets", name), Buffer.alloc(16 * 1024 * 1024, 0x20));
});
afterAll(async () => {
  await database?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

it("a download the visitor abandons leaves the site up (no 503 for everyone)", async () => {
  const availability = createAvailability({ ping: () => database.ping(), log: () => {} });
  const app = createApp({
    config: parseConfig({ DATA_DIR: dir }),
    database,
    auth: createTestAuth(database.db),
    changes: await createChangeFeed(database),
    build: () => Promise.reject(new Error("pages are not used by this test")),
    clientDir: dir,
    availability,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    // Gone mid-download, and gone before the answer began (the browser left the page at once).
    for (const encoding of ["identity", "br"]) {
      await new Promise<void>((resolve, reject) => {
        const call = request(
          { host: "127.0.0.1", port, path: "/assets/big-0123abcd.js", headers: { "accept-encoding": encoding } },
          (response) => {
            response.once("data", () => {
              call.destroy();
              resolve();
            });
          },
        );
        call.once("error", reject);
        call.end();
      });
    }
    for (let i = 0; i < 40; i++) {
      const call = request({
        host: "127.0.0.1",
        port,
        path: "/assets/big-0123abcd.js",
        headers: { "accept-encoding": i % 2 ? "br" : "identity" },
      });
      call.on("error", () => {});
      call.end(() => setImmediate(() => call.destroy()));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Give the server time to notice the closed sockets and run its error handling.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(availability.isDown()).toBe(false);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  } finally {
    availability.close();
    server.close();
  }
});
