// The server: reads configuration, opens the database (migrating it), loads demo data into a
// new database, then listens. Stops cleanly on SIGTERM/SIGINT. Built by Vite as the SSR entry
// together with the React Router build (see vite.config.ts); started by ../server.js.
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createAuth } from "../app/lib/auth.server";
import type { EmailContent } from "../app/features/accounts/emails";
import { createApp } from "./app";
import { createAvailability } from "./availability";
import { createChangeFeed } from "./changes";
import { dropCachesOnWrite } from "./local-writes";
import { createPageCache } from "./page-cache";
import { ConfigError, parseConfig, type Config } from "./config";
import { openDatabase, type Database } from "./database";
import { DatabaseInUseError } from "./pglite-lock";
import { loadDemoDataIfEmpty } from "./demo-data";
import { createMailer } from "./mailer";

export interface MainOptions {
  /** The environment as the operator gave it (before the bootstrap set NODE_ENV for libraries). */
  env: NodeJS.ProcessEnv;
  /** Folder with the client build. */
  clientDir: string;
  /** Development: Vite's middleware and a loader for the live build. */
  dev?: { middleware: RequestHandler; build: () => Promise<ServerBuild> };
}

export interface StartOptions {
  config: Config;
  database: Database;
  clientDir: string;
  dev?: MainOptions["dev"];
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, ends live streams, waits for open requests; leaves the database open. */
  stop(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** Serves the app on an open database: the part of start-up that tests can drive too. */
export async function startServer({ config, database, clientDir, dev }: StartOptions): Promise<RunningServer> {
  const stopListening: (() => Promise<void>)[] = [];
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "outbox") });
  const sendEmail = (to: string, content: EmailContent) => mailer.send({ to, ...content });
  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    secureCookies: config.isProduction,
    sendEmail,
  });
  if (config.demoData) {
    await loadDemoDataIfEmpty({
      db: database.db,
      auth,
      uploadsDir: path.join(config.dataDir, "uploads"),
      isProduction: config.isProduction,
      log: console.log,
    });
  }
  const changes = await createChangeFeed(database);
  const availability = createAvailability({ ping: () => database.ping() });
  // An idle pooled connection dropped by the server is the first sign of an outage.
  database.pool?.on("error", () => availability.markDown());
  // In development pages change with the code, so nothing is cached. Cached pages are trusted while
  // changes are being heard, and also while the database is down (nothing can change then); between
  // the database answering again and notifications working again, pages are rendered fresh.
  const pageCache = dev
    ? undefined
    : createPageCache({ hsts: config.isProduction, usable: () => changes.live() || availability.isDown() });
  if (pageCache) {
    changes.subscribe(() => pageCache.clear());
    // Notifications missed during an outage: everything cached may be stale.
    changes.onResync(() => pageCache.clear());
    stopListening.push(await database.listen("content_changes", () => pageCache.clear()));
  }
  const build = dev ? dev.build : await loadBuild();
  const app = createApp({
    config,
    database,
    auth,
    sendEmail,
    changes,
    build,
    clientDir,
    before: dev ? [dev.middleware] : [],
    availability,
    ...(pageCache ? { pageCache } : {}),
  });

  // Cached pages for anonymous visitors are answered before Express; everything else goes to it.
  const server = createServer((req, res) => {
    if (pageCache?.tryServe(req, res)) return;
    dropCachesOnWrite(req, res, () => changes.written());
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  return {
    server,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          console.error("Requests did not finish in time; closing anyway.");
          server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
        // Live-update streams never end by themselves: end them so the server can close.
        void changes.close();
        availability.close();
        for (const unlisten of stopListening) void unlisten();
      }),
  };
}

export async function main({ env, clientDir, dev }: MainOptions): Promise<Server> {
  let config: Config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "db"),
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer({ config, database, clientDir, ...(dev ? { dev } : {}) });
  console.log(
    `Kosher Tel Aviv listening on http://localhost:${running.port} (${config.mode}, ${database.kind}${
      config.databaseUrl ? "" : ` in ${path.join(config.dataDir, "db")}`
    })`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the database.`);
    running
      .stop()
      .then(() => database.close())
      .then(() => {
        console.log("Stopped cleanly.");
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error("Stopping failed:", error);
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return running.server;
}

async function loadBuild(): Promise<ServerBuild> {
  // Resolved by Vite when this file is built as the SSR entry; imports the app's routes.
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}
