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
// The alerts' digest job, run when a spec asks (the server runs it hourly), writing to the
// server's outbox; its e-mails' words come from the catalogues, which this process loads too.
await import("../../app/lib/i18n/all-messages.server");
const { sendAlertDigests } = await import("../../app/features/restaurants/alerts/digest.server");
const { createAlertTokens } = await import("../../app/features/restaurants/alerts/token.server");
const { createMailer } = await import("../../server/mailer");
const { eq } = await import("drizzle-orm");
const { restaurants } = await import("../../database/schema/restaurants");
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
  startServer: typeof StartServer;
};

const config = parseConfig(env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
// A request may carry `x-test-now` (the Pesach specs visit 2027); never cached.
const running = await build.startServer({ config, database, clientDir: path.resolve("build/client"), testClock: true });
const signedInUser = createSessionMaker({
  db: database.db,
  secret: config.authSecret,
  baseURL: config.publicUrl,
  secureCookies: config.isProduction,
});

const mailer = createMailer({
  smtpUrl: undefined,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, "outbox"),
});
const alertTokens = createAlertTokens(config.authSecret);
/** The listing facts a spec may change as an admin would (for the saved places' alerts): nothing else. */
const CHANGEABLE = [
  "kashrut",
  "certificate_body",
  "certificate_level",
  "certificate_valid_until",
  "is_permanently_closed",
] as const;

/** What the control socket does besides sessions: run the alerts' job, sign an unsubscribe link's token, change a listing's facts, write the counted statistics. */
async function answerControl(url: string, body: string): Promise<unknown> {
  if (url === "/session") return signedInUser(JSON.parse(body) as Parameters<typeof signedInUser>[0]);
  if (url === "/alerts/run")
    return {
      sent: await sendAlertDigests(database.db, {
        sendEmail: (to, content) => mailer.send({ to, ...content }),
        publicUrl: config.publicUrl,
        tokens: alertTokens,
      }),
    };
  // The counts waiting in memory written now (the server writes them every minute).
  if (url === "/statistics/write") return running.writeStatistics().then(() => ({ written: true }));
  if (url === "/alerts/token") return { token: alertTokens.sign((JSON.parse(body) as { userId: string }).userId) };
  if (url === "/restaurant") {
    const { slug, set } = JSON.parse(body) as { slug: string; set: Record<string, unknown> };
    const values = Object.fromEntries(
      Object.entries(set).filter(([key]) => (CHANGEABLE as readonly string[]).includes(key)),
    );
    const [before] = await database.db.select().from(restaurants).where(eq(restaurants.slug, slug));
    if (!before) return { changed: 0, before: null };
    if (Object.keys(values).length > 0)
      await database.db.update(restaurants).set(values).where(eq(restaurants.slug, slug));
    return { changed: 1, before: Object.fromEntries(CHANGEABLE.map((key) => [key, before[key]])) };
  }
  return undefined;
}

const socketPath = controlSocketPath(config.dataDir);
rmSync(socketPath, { force: true });
const control = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    if (request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    answerControl(request.url ?? "", body)
      .then((answer) =>
        answer === undefined
          ? response.writeHead(404).end()
          : response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer)),
      )
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
});
await new Promise<void>((resolve) => control.listen(socketPath, resolve));
console.log(
  `Kosher Tel Aviv (browser tests) listening on http://localhost:${running.port}; control socket ${socketPath}`,
);

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
