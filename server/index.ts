// The server: reads configuration, opens the database (migrating it), loads demo data into a
// new database, then listens. Stops cleanly on SIGTERM/SIGINT. Built by Vite as the SSR entry
// together with the React Router build (see vite.config.ts); started by ../server.js.
import { TEST_NOW_HEADER } from "./http/test-clock";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createAuth, type AuthOptions } from "../app/lib/auth.server";
import "../app/lib/i18n/all-messages.server";
import { brandName } from "../app/lib/i18n/brand";
import type { EmailContent } from "../app/lib/emails";
import { createApp, metricsOf, warmUpOf } from "./app";
import { createAvailability } from "./http/availability";
import { createChangeFeed } from "./data/changes";
import { dropCachesOnWrite } from "./http/local-writes";
import { createPageCache } from "./http/page-cache";
import { createListingCounter } from "./statistics/listings";
import { createKnownSlugsCache } from "./data/restaurant-cache";
import { addListingCounts } from "../app/features/restaurants/statistics/store.server";
import { precompressedAssets } from "./http/static-assets";
import { ConfigError, listeningOn, parseConfig, type Config } from "./config";
import { openDatabase, type Database } from "./data/database";
import { DatabaseInUseError } from "./data/pglite-lock";
import { loadDemoDataIfEmpty } from "./ops/demo-data";
import { createMailer } from "./mailer";
import { clientAddresses } from "./http/client-address";
import { createLogger, requestLogger, routeConsoleTo } from "./http/logger";
import type { Logger } from "pino";
import { createFileStore } from "./uploads/storage";
import { openStorage } from "./uploads/open-storage";
import { startJobs } from "./jobs";
import { JOBS, REPORT_NOTICES_JOB } from "./job-list";
import { createSearchMisses } from "./statistics/search-misses";
import { createAlertTokens } from "../app/features/restaurants/alerts/token.server";

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
  /** How long a client may take (defaults: httpTimeouts(config)); tests shorten them. */
  timeouts?: HttpTimeouts;
  /** Where each request's line goes (the process's log); tests that drive the server in-process leave it out. */
  logger?: Logger;
  /** The browser tests' server only — a request's `x-test-now` header sets the server's clock (server/http/test-clock.ts). */
  testClock?: boolean;
  /**
   * How passwords are hashed and checked: better-auth's scrypt when absent, as every server runs.
   * The fuzzing passes a lighter scrypt: it signs in with thousands of made-up passwords.
   */
  password?: AuthOptions["password"];
}

/** How long the server waits for a slow client, in milliseconds. */
export interface HttpTimeouts {
  /** For the request line and headers: a client dribbling headers (slowloris) is cut off at this. */
  headersMs: number;
  /** For the whole request, body included: a 30 MB menu at 2 Mbit/s takes two minutes. */
  requestMs: number;
  /** An idle kept-alive connection closes after this (set above a load balancer's idle timeout). */
  keepAliveMs: number;
  /** How often Node looks for connections past their time. */
  checkEveryMs: number;
}

export function httpTimeouts(config: Pick<Config, "keepAliveSeconds">): HttpTimeouts {
  const keepAliveMs = config.keepAliveSeconds * 1000;
  const requestMs = Math.max(120_000, keepAliveMs + 2_000);
  // Headers get longer than an idle kept-alive connection may last (load balancers reuse them).
  return {
    headersMs: Math.min(requestMs, Math.max(20_000, keepAliveMs + 1_000)),
    requestMs,
    keepAliveMs,
    checkEveryMs: 5_000,
  };
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, ends live streams, waits for open requests; leaves the database open. */
  stop(): Promise<void>;
  /** Writes the counts waiting in memory now (the timer does it every STATISTICS_WRITE_SECONDS). */
  writeStatistics(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** Serves the app on an open database: the part of start-up that tests can drive too. */
export async function startServer({
  config,
  database,
  clientDir,
  dev,
  timeouts = httpTimeouts(config),
  logger,
  testClock = false,
  password,
}: StartOptions): Promise<RunningServer> {
  const stopListening: (() => Promise<void>)[] = [];
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
  });
  const sendEmail = (to: string, content: EmailContent) => mailer.send({ to, ...content });
  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    secureCookies: config.isProduction,
    sendEmail,
    ...(password ? { password } : {}),
  });
  // One place for uploaded files: the app stores and serves them, the clean-up removes them.
  const storage = openStorage(config.storage);
  if (config.demoData) {
    await loadDemoDataIfEmpty({
      db: database.db,
      auth,
      storage,
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
    : createPageCache({
        hsts: config.isProduction,
        imageOrigins: config.imageOrigins,
        usable: () => changes.live() || availability.isDown(),
        // A request on the browser tests' own clock is about another day: never cached.
        ...(testClock ? { bypass: (req: IncomingMessage) => req.headers[TEST_NOW_HEADER] !== undefined } : {}),
      });
  if (pageCache) {
    changes.subscribe(() => pageCache.clear());
    // Notifications missed during an outage: everything cached may be stale.
    changes.onResync(() => pageCache.clear());
    stopListening.push(await database.listen("content_changes", () => pageCache.clear()));
  }
  const build = dev ? dev.build : await loadBuild();
  // The build's scripts and stylesheets, answered before Express with only a file's headers.
  const assets = precompressedAssets(path.join(clientDir, "assets"));
  // The periodic jobs (server/job-list.ts): e-mails, reminders, digests, clean-ups.
  const jobs = startJobs(JOBS, {
    config,
    database,
    sendEmail,
    alertTokens: createAlertTokens(config.authSecret),
    files: createFileStore(storage),
  });
  // Views of restaurant pages and taps on their links, counted in memory and written in batches.
  const listingCounts = config.statistics.enabled
    ? createListingCounter({
        write: (counts) => addListingCounts(database.db, counts),
        writeEveryMs: config.statistics.writeEveryMs,
        knownSlugs: createKnownSlugsCache(database.db, changes),
      })
    : undefined;
  // One reading of who each client is, for the request log and the app alike (its cache is per request).
  const clients = clientAddresses(config.trustProxy);
  // Home searches that found nothing, counted in memory and written in batches with the listings'
  // counts (none with STATISTICS=off). The beacon's per-address limit counts clients as every other
  // limit does, under a keyed hash.
  const searchMisses = config.statistics.enabled
    ? createSearchMisses({
        db: database.db,
        everyMs: config.statistics.writeEveryMs,
        clientOf: clients.of,
        secret: config.authSecret,
      })
    : undefined;
  const app = createApp({
    clients,
    reportFiled: () => jobs.runSoon(REPORT_NOTICES_JOB),
    storage,
    config,
    database,
    auth,
    sendEmail,
    changes,
    build,
    clientDir,
    before: dev ? [dev.middleware] : [],
    availability,
    assets,
    ...(pageCache ? { pageCache } : {}),
    ...(listingCounts ? { listingCounts } : {}),
    testClock,
    ...(searchMisses ? { searchMisses } : {}),
  });

  const metrics = metricsOf(app);
  // The request log's listener also counts each request for the metrics: one listener per request, not two.
  const logRequest = logger ? requestLogger(logger, clients, metrics.answered) : undefined;

  // Cached pages for anonymous visitors are answered before Express; everything else goes to it.
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      // The request id is sent by the page cache with a hit's other headers, or set here for the rest.
      const requestId = logRequest?.(req, res, true);
      if (!logRequest) metrics.observe(req, res);
      listingCounts?.observe(req, res);
      if (assets.tryServe(req, res) || pageCache?.tryServe(req, res, requestId)) return;
      if (requestId !== undefined) res.setHeader("X-Request-Id", requestId);
      dropCachesOnWrite(req, res, () => changes.written());
      app(req, res);
    },
  );
  // The directory is read (and its search index made) before the port opens, so the first visitors
  // do not wait for it: seconds at 100,000 restaurants. Then the home page is rendered until V8 has
  // compiled its code (server/http/warm-renders.ts). A database that does not answer yet is no
  // reason not to start; the first request then reads it.
  if (!dev) {
    const started = performance.now();
    await warmUpOf(app)().then(
      (renders) =>
        console.log(
          `[start] rendered the home page ${renders} times in ${((performance.now() - started) / 1000).toFixed(1)} s, so the first visitors get compiled code`,
        ),
      (error: unknown) =>
        console.warn("[start] reading the directory before listening failed; the first request will:", error),
    );
  }
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  return {
    server,
    port,
    writeStatistics: async () => {
      // Taps and beacons already answered are checked first (known slug, limit), so what they count is written too.
      await Promise.all([listingCounts?.settled(), searchMisses?.settled()]);
      await Promise.all([listingCounts?.tally.flush(), searchMisses?.tally.flush()]);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // A clean-up under way finishes before the caller closes the database.
        const cleaning = jobs.stop();
        const force = setTimeout(() => {
          console.error("Requests did not finish in time; closing anyway.");
          server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          // What was counted in memory is written once no request can count more.
          void cleaning
            .then(() => Promise.all([listingCounts?.settled(), searchMisses?.settled()]))
            .then(() => Promise.all([listingCounts?.tally.stop(), searchMisses?.tally.stop()]))
            .then(() => resolve());
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
  // From here on every line the process writes is the log's: JSON, or pretty in development.
  const logger = createLogger(config.log);
  routeConsoleTo(logger);

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer({ config, database, clientDir, logger, ...(dev ? { dev } : {}) });
  console.log(
    `${brandName("en")} listening ${listeningOn(config.host, running.port)} (${config.mode}, ${database.kind}${
      config.databaseUrl ? "" : ` in ${config.pgliteDir}`
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
