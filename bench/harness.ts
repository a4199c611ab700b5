// Starts the built server in this process on a fresh in-memory database with N generated restaurants.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/database";
import type { startServer as StartServer } from "../server/index";
import { generateRestaurants, insertRestaurants } from "./generate";

export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBenchServer(count: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-bench-"));
  const database = await openDatabase({});
  await insertRestaurants(database.db, generateRestaurants(count));
  const { startServer } = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { startServer: typeof StartServer };
  const running = await startServer({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
    database,
    clientDir: path.resolve("build/client"),
  });
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    async stop() {
      await running.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
