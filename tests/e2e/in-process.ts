// The built server, started inside the Playwright worker on a database the test holds: for tests
// that change data (so they cannot disturb the shared demo server) or change it from outside.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/data/database";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { migratedPgliteDump } from "../setup/migrated-dump";
import { createSessionMaker, type SessionRequest, type SignedInUser } from "./sessions";

export interface InProcessServer {
  baseUrl: string;
  database: Database;
  dataDir: string;
  /** A new user of that role with a session on this server (for the signedInAs fixture). */
  signIn(request: SessionRequest): Promise<SignedInUser>;
  stop(): Promise<void>;
}

// Migrating a new embedded database costs seconds, loading a copy of a migrated one a fraction of
// that: the worker migrates one database once and each server here starts on a copy of it, as each
// file of the database suite does (tests/setup/db.ts).
let migrated: Promise<Blob> | undefined;
function migratedDump(): Promise<Blob> {
  migrated ??= migratedPgliteDump("none");
  return migrated;
}

/** `testClock`: a request's `x-test-now` sets the server's clock, as on the shared server (server/http/test-clock.ts). */
export async function startInProcess({
  demoData,
  testClock = false,
}: {
  demoData: boolean;
  testClock?: boolean;
}): Promise<InProcessServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-e2e-inproc-"));
  const database = await openDatabase({ loadDataDir: await migratedDump(), migrate: false });
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startServer: typeof StartServer;
  };
  const config = parseConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: demoData ? "true" : "false",
    PORT: "0",
    HOST: "127.0.0.1",
  });
  const running: RunningServer = await build.startServer({
    config,
    database,
    clientDir: path.resolve("build/client"),
    testClock,
  });
  const signIn = createSessionMaker({
    db: database.db,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    secureCookies: config.isProduction,
  });
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    database,
    dataDir,
    signIn,
    async stop() {
      await running.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
