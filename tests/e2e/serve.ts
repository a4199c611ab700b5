// The shared server of the browser suite (playwright.config.ts starts it): the built app served
// as `node server.js` serves it — same configuration from the environment, same database in
// DATA_DIR, demo data on a new database — plus a control socket in DATA_DIR through which the
// tests' signedInAs fixture gets a user and a session made on this server's database (PGlite is
// open in one process only, so the tests cannot write to it themselves).
import { createServer } from "node:http";
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { startServer as StartServer } from "../../server/index";

// The operator's environment is read before NODE_ENV is set for the libraries, as server.js does.
const env = { ...process.env };
process.env.NODE_ENV = "production";

const { parseConfig } = await import("../../server/config");
const { openDatabase } = await import("../../server/data/database");
const { createSessionMaker } = await import("./sessions");
const { controlSocketPath } = await import("./control");
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { startServer: typeof StartServer };

const config = parseConfig(env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
// Issue 29: a request may carry `x-test-now` (the Pesach specs visit 2027); never cached.
const running = await build.startServer({ config, database, clientDir: path.resolve("build/client"), testClock: true });
const signedInUser = createSessionMaker({ db: database.db, secret: config.authSecret, baseURL: config.publicUrl, secureCookies: config.isProduction });

const socketPath = controlSocketPath(config.dataDir);
rmSync(socketPath, { force: true });
const control = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    if (request.method !== "POST" || request.url !== "/session") {
      response.writeHead(404).end();
      return;
    }
    signedInUser(JSON.parse(body) as Parameters<typeof signedInUser>[0])
      .then((user) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(user)))
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
});
await new Promise<void>((resolve) => control.listen(socketPath, resolve));
console.log(`Kosher Tel Aviv (browser tests) listening on http://localhost:${running.port}; control socket ${socketPath}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  control.close();
  running
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error("Stopping failed:", error);
      process.exit(1);
    });
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
