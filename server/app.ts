// The HTTP application: security headers, compression, static files, health check,
// auth endpoints and the React Router request handler, in that order.
import { testNowOf } from "./http/test-clock";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { servicesContext, type AppServices, type AppSettings } from "../app/lib/context";
import type { Auth } from "../app/lib/auth.server";
import { createToastStore } from "../app/lib/toast.server";
import { createAlertTokens } from "../app/features/restaurants/alerts/token.server";
import { detectLanguage, LANGUAGES } from "../app/lib/i18n/language";
import { manifestPath, offlinePage, webManifest } from "../app/lib/offline/app-pages";
import { offlinePath } from "../app/lib/offline/cache-rules";
import { translator } from "../app/lib/i18n/messages";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailablePage } from "../app/lib/unavailable";
import { createAvailability, withTimeout, type Availability } from "./http/availability";
import type { ChangeFeed } from "./data/changes";
import type { Config } from "./config";
import { refreshStatistics, type Database } from "./data/database";
import { fromNodeHeaders } from "better-auth/node";
import { roleOf } from "../app/features/accounts/users.server";
import { FORM_FILE_MAX_BYTES, recordUpload } from "../app/features/restaurants/editing/uploads.server";
import { matchRoute } from "../app/route-facts";
import { createProofOfWork } from "../app/lib/proof-of-work.server";
import { reportChallengePath } from "../app/lib/paths";
import { canUpload } from "../app/lib/permissions";
import { CLIENT_FILTER_LIMIT } from "../app/features/restaurants/search/search-index";
import { searchIndexOf, type BuiltSearchIndex } from "../app/features/restaurants/search/search-index.server";
import { clientAddresses, type ClientAddresses } from "./http/client-address";
import { liveRestaurantUpdates } from "./http/live";
import { logRequestError } from "./http/logger";
import { openDataHandler } from "./http/open-data";
import { OPEN_DATA_GEOJSON_PATH, OPEN_DATA_JSON_PATH } from "../app/features/restaurants/open-data/feed";
import { createMetrics, type Metrics } from "./http/metrics";
import { isPrivatePath, type PageCache } from "./http/page-cache";
import { crossSiteRefusal, isFilePath, isPersonal, isSafeMethod } from "./http/requests";
import { densify, precompress, sendPrecompressed, type Precompressed } from "./http/precompressed";
import { createCloseWordsCache, createRestaurantCountCache, createRestaurantListCache } from "./data/restaurant-cache";
import { keepSearchText } from "./data/search-text";
import { createDirectory } from "../app/features/restaurants/search/directory.server";
import { createFileStore, type Storage } from "./uploads/storage";
import { openStorage } from "./uploads/open-storage";
import { uploadHandler } from "./uploads/upload-route";
import { heldFilesGuard } from "./uploads/held-files";
import { markOversized, OVERSIZED_FORM_READ_MAX, readOversizedForm, type OversizedForm } from "./http/oversized-form";
import { formUploads } from "./uploads/form-upload";
import { securityHeaders } from "./http/security";
import { SEARCH_MISSED_PATH, type SearchMisses } from "./statistics/search-misses";
import { precompressedAssets, type AssetServer } from "./http/static-assets";
import type { ListingCounter } from "./statistics/listings";

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** Delivers e-mail (the same mailer better-auth's e-mails go through). */
  sendEmail?: AppServices["sendEmail"];
  /** Called when a visitor files a problem report (the server e-mails admins and owners in the background). */
  reportFiled?: () => void;
  changes: ChangeFeed;
  /** The React Router server build, or a loader for it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder with the client build (hashed assets under `assets/`). */
  clientDir: string;
  /** Extra middleware mounted before the app (the Vite dev server). */
  before?: express.RequestHandler[];
  /** Rendered pages for anonymous visitors (omitted in development and in some tests). */
  pageCache?: PageCache;
  /** The build's compressed scripts and stylesheets (read once at start-up; made here when absent). */
  assets?: AssetServer;
  /** Whether the database is known to be down (made here when not given). */
  availability?: Availability;
  /** Where uploads are stored and served from (the configured storage when not given). */
  storage?: Storage;
  /** Who the client is (made from TRUST_PROXY when not given; the server shares its own with the request log). */
  clients?: ClientAddresses;
  /** Counts views and taps per listing (absent: nothing is counted, STATISTICS=off). */
  listingCounts?: ListingCounter;
  /** The browser tests' server only — a request's `x-test-now` sets the services' clock (server/http/test-clock.ts). */
  testClock?: boolean;
  /** Home searches that found nothing, counted in memory (absent: not counted, no beacon endpoint). */
  searchMisses?: SearchMisses;
}

/** The app's metrics, for the server to count every request where it arrives. */
export function metricsOf(app: express.Express): Metrics {
  return app.locals.metrics as Metrics;
}

/** Loads what the first visitors would otherwise wait for (the public list, the home page's search index). */
export function warmUpOf(app: express.Express): () => Promise<void> {
  return app.locals.warmUp as () => Promise<void>;
}

/** The largest form a page's action takes (the longest restaurant or blog form is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
/** The largest body of a page whose form carries one file (route facts' `fileForm`): the largest upload and the form around it. */
export const FILE_FORM_BYTES = FORM_FILE_MAX_BYTES + 64 * 1024;
const HEALTH_TIMEOUT_MS = 2_000;

/** A fixed clock for the services (the browser tests' `x-test-now`), or none: the machine's. */
function clockOf(now: Date | undefined): { now?: () => Date } {
  return now ? { now: () => now } : {};
}

export function createApp({
  config,
  database,
  auth,
  sendEmail = async () => {},
  reportFiled = () => {},
  changes,
  build,
  clientDir,
  before = [],
  pageCache,
  assets,
  availability,
  storage = openStorage(config.storage),
  clients = clientAddresses(config.trustProxy),
  listingCounts,
  testClock = false,
  searchMisses,
}: AppDeps): express.Express {
  const app = express();
  const dbAvailability = availability ?? createAvailability({ ping: () => database.ping() });
  app.disable("x-powered-by");
  // Who the client is, decided in one place (server/http/client-address.ts); Express's req.ip agrees.
  app.set("trust proxy", clients.trust);

  const live = liveRestaurantUpdates(changes, config.liveStreams, clients.of);
  const pool = database.pool;
  const metrics = createMetrics({
    token: config.metricsToken,
    production: config.isProduction,
    sources: {
      liveStreams: live.openStreams,
      databaseDown: () => dbAvailability.isDown(),
      ...(searchMisses ? { searchBeaconsRefused: () => searchMisses.refused() } : {}),
      ...(pool ? { pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) } : {}),
    },
  });
  // Requests are counted where they arrive, before the page cache (server/index.ts).
  app.locals.metrics = metrics;
  app.use(securityHeaders({ hsts: config.isProduction, imageOrigins: config.imageOrigins }));
  // Cached pages are answered first: already compressed, no file lookups on the way.
  if (pageCache) app.use(pageCache.serve);
  app.use(compression());

  app.get("/metrics", metrics.serve);
  app.get("/healthz", async (_req, res) => {
    try {
      await withTimeout(database.ping(), HEALTH_TIMEOUT_MS);
      dbAvailability.markUp();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch {
      dbAvailability.markDown();
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable", database: database.kind });
    }
  });

  for (const middleware of before) app.use(middleware);

  // The service worker (built from app/service-worker.ts). Never kept by HTTP caches, so a
  // new build's worker is seen on the next visit; its folder is the site's root, so it may control
  // every page without a Service-Worker-Allowed header. Its CSP (the page's) limits what it fetches.
  app.get("/sw.js", (_req, res, next) => {
    res.sendFile(
      path.join(clientDir, "sw.js"),
      { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }, cacheControl: false, dotfiles: "deny" },
      (error) => {
        if (error && !res.headersSent) next();
      },
    );
  });
  // The web app manifest and the offline page, in each language (app/lib/offline/app-pages.ts).
  // Public, the same for everyone: kept a day (manifest) and an hour (offline page) by browsers and caches.
  for (const language of LANGUAGES) {
    const manifest = JSON.stringify(webManifest(language));
    const offline = offlinePage(language);
    app.get(manifestPath(language), (_req, res) => {
      res.set({ "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" }).send(manifest);
    });
    app.get(offlinePath(language), (_req, res) => {
      res.set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" }).send(offline);
    });
  }
  // Hashed build output never changes under the same name.
  app.use("/assets", (assets ?? precompressedAssets(path.join(clientDir, "assets"))).middleware);
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  // Uploaded and generated files have random names and are never rewritten (kept a year); those a
  // claim or a suggestion holds reach only the admins who decide them, uncached (ADR 006's update).
  app.use("/uploads", heldFilesGuard({ db: database.db, auth, requireTwoFactorForAdmins: config.requireTwoFactorForAdmins }), storage.serve);

  // A file that is not there gets a plain 404, never the app's 404 page: that reads the session
  // and would take a pending one-time toast meant for the visitor's next page.
  app.use((req, res, next) => {
    if (!isFilePath(req.path)) return next();
    res.status(404).type("text/plain; charset=utf-8").send("Not found");
  });

  // While the database is known to be down, everything below needs it: answer at once with the
  // 503 page rather than let each request wait for its own failure. Live-update streams stay open.
  app.use((req, res, next) => {
    if (!dbAvailability.isDown() || req.path.startsWith("/api/live/")) return next();
    sendUnavailable(req, res);
  });

  // Whatever depends on who asks (a session, a one-time message, an account page, its .data) is
  // nobody else's to keep: no shared cache, no back/forward copy on a shared computer.
  app.use((req, res, next) => {
    if (isPersonal(req.headers.cookie) || isPrivatePath(req.path)) res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  // Forms post to our own actions with SameSite=Lax session cookies; a write must also show it
  // comes from our own pages (fetch metadata, Origin or Referer — see crossSiteRefusal).
  const ownHosts = new Set([new URL(config.publicUrl).host.toLowerCase()]);
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const hosts = new Set(ownHosts);
    const host = req.get("host");
    if (host) hosts.add(host.toLowerCase());
    const refusal = crossSiteRefusal(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), referer: req.get("referer"), cookie: req.get("cookie") },
      hosts,
    );
    if (refusal) {
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send(translator(detectLanguage(req.path))("error.crossSite"));
      return;
    }
    next();
  });
  app.get("/api/live/restaurants/:slug", live);
  // A tap on a listing's link, posted by the browser itself (the link's `ping`). Always a
  // quick empty answer: the count waits in memory for the next batch.
  // Only a listing that exists is counted (the counter checks its slugs in memory), after the answer.
  app.post("/api/taps/:slug/:kind", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(204).end();
    void listingCounts?.tap(req, req.params.slug, req.params.kind);
  });
  // The browser's word that a search of its own index found nothing (204; counted in memory).
  if (searchMisses) app.post(SEARCH_MISSED_PATH, searchMisses.beacon);

  const toasts = createToastStore(config.authSecret, config.isProduction);
  // The alerts' unsubscribe links, signed with the same secret.
  const alertTokens = createAlertTokens(config.authSecret);
  const publicRestaurants = createRestaurantListCache(database.db, changes);
  const directorySize = createRestaurantCountCache(database.db, changes);
  const directory = createDirectory({
    db: database.db,
    list: publicRestaurants,
    size: directorySize,
    closeTo: createCloseWordsCache(database.db, changes),
  });
  const searchText = keepSearchText(database.db, changes);
  // The home page's search index, named by its content: a browser or CDN may keep a version forever.
  app.get("/api/search-index/:version", async (req, res, next) => {
    try {
      // Past the limit the browser is never sent an index (and the list is never read whole).
      const list = (await directorySize()) > CLIENT_FILTER_LIMIT ? [] : await publicRestaurants();
      if (list.length === 0 || list.length > CLIENT_FILTER_LIMIT) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      const index = searchIndexOf(list);
      const current = req.params.version === index.version;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Cache-Control", current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate");
      res.setHeader("ETag", `"${index.version}"`);
      res.setHeader("Vary", "Accept-Encoding");
      if (req.get("if-none-match") === `"${index.version}"`) {
        res.status(304).end();
        return;
      }
      sendPrecompressed(res, compressedIndex(index), req.get("accept-encoding") ?? "", req.method === "HEAD");
    } catch (error) {
      next(error);
    }
  });
  app.locals.warmUp = async () => {
    await searchText.fill();
    if (database.kind === "pglite") await refreshStatistics(database);
    if ((await directorySize()) > CLIENT_FILTER_LIMIT) return;
    const list = await publicRestaurants();
    if (list.length <= CLIENT_FILTER_LIMIT) compressedIndex(searchIndexOf(list));
  };
  // The report form's proof-of-work challenges: signed, short-lived, never cached (ADR 015).
  const proofOfWork = createProofOfWork({ secret: config.authSecret });
  app.get(reportChallengePath(), async (_req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      res.json(await proofOfWork.challenge());
    } catch (error) {
      next(error);
    }
  });
  const files = createFileStore(storage);
  // Files inside a page's form: the upload route's checks, held by a suggestion or a claim.
  const acceptUpload = formUploads({ db: database.db, storage, processed: (seconds, kind) => metrics.uploadProcessed(seconds, kind) });
  // Uploads stream to disk-side checks with their size limits; only admins and owners may upload.
  app.post(
    "/api/uploads",
    uploadHandler({
      storage,
      async authorize(req) {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
        if (!session) return null;
        const viewer = { role: await roleOf(database.db, session.user.id), twoFactorEnabled: session.user.twoFactorEnabled === true };
        return canUpload(viewer, { requireTwoFactorForAdmins: config.requireTwoFactorForAdmins }) ? session.user.id : null;
      },
      // Every upload is recorded with its uploader: only they may attach it to a restaurant (ADR 006).
      record: (upload) => recordUpload(database.db, upload),
      processed: (seconds, kind) => metrics.uploadProcessed(seconds, kind),
    }),
  );
  const settings: AppSettings = {
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    demoData: config.demoData,
    requireTwoFactorForAdmins: config.requireTwoFactorForAdmins,
    verificationMaxAgeDays: config.verificationMaxAgeDays,
    certificateGraceDays: config.certificateGraceDays,
    mapTiles: config.mapTiles,
  };
  // Pages' actions read their whole form into memory: a body must say its size, and be small.
  // (Files go to /api/uploads above, which streams them with its own limits; a page whose form
  // carries one file, `fileForm` in its route facts, may take up to the largest upload.)
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined && req.get("transfer-encoding") !== undefined) {
      res.status(411).type("text/plain").send("Length required");
      return;
    }
    const fileForm = matchRoute(req.path).facts.fileForm === true;
    const limit = fileForm ? FILE_FORM_BYTES : MAX_FORM_BYTES;
    const size = Number(declared ?? 0);
    const tooLarge = () => {
      // Answered without reading the body: the connection closes rather than take it in.
      res.set("Connection", "close").status(413).type("text/plain").send("Request too large");
    };
    if (size <= limit) return next();
    // A page's form with a file a little too large: its text comes back with the file's message.
    if (!fileForm || size > OVERSIZED_FORM_READ_MAX || !req.is("multipart/form-data")) return tooLarge();
    readOversizedForm(req).then(
      (form) => {
        if (!form) return tooLarge();
        markOversized(res, form);
        next();
      },
      () => tooLarge(),
    );
  });
  if (pageCache) app.use(pageCache.capture);
  // The open data feeds, after the capture: kept and emptied with the pages (route facts' `openData`).
  const openData = {
    db: database.db,
    publicUrl: config.publicUrl,
    verificationMaxAgeDays: config.verificationMaxAgeDays,
    certificateGraceDays: config.certificateGraceDays,
    ...(testClock ? { nowOf: testNowOf } : {}),
  };
  app.get(OPEN_DATA_JSON_PATH, openDataHandler("json", openData));
  app.get(OPEN_DATA_GEOJSON_PATH, openDataHandler("geojson", openData));
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, {
          db: database.db,
          auth,
          settings,
          toasts,
          sendEmail,
          files,
          acceptUpload,
          publicRestaurants,
          directory,
          alertTokens,
          proofOfWork,
          reportFiled,
          nonce: String(res.locals.nonce ?? ""),
          clientIp: clients.of(req),
          ...(res.locals.oversizedForm ? { oversizedForm: res.locals.oversizedForm as OversizedForm } : {}),
          reportDatabaseUnavailable: () => dbAvailability.markDown(),
          ...(searchMisses ? { searchMissed: searchMisses.report } : {}),
          ...clockOf(testClock ? testNowOf(req) : undefined),
        });
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // The visitor is gone (a closed socket): nothing to answer, and their socket's error code
    // (ECONNABORTED, ECONNRESET) says nothing about the database.
    if (res.destroyed) return;
    if (isDatabaseUnavailable(error)) {
      dbAvailability.markDown();
      sendUnavailable(req, res);
      return;
    }
    const status = httpStatusOf(error);
    // The stack goes to the log, on the request's own line when the server logs requests.
    if (status >= 500) {
      if (!logRequestError(res, error)) console.error("[http] unhandled error:", error);
    }
    res
      .status(status)
      .type("text/plain; charset=utf-8")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong. Please try again.");
  };
  app.use(onError);
  return app;
}

/** Each version of the search index, compressed once (and then densely, off the main thread). */
const compressedIndexes = new WeakMap<BuiltSearchIndex, Precompressed>();
function compressedIndex(index: BuiltSearchIndex): Precompressed {
  let body = compressedIndexes.get(index);
  if (!body) {
    const fresh = precompress(index.json);
    densify(fresh, (dense) => (fresh.br = dense));
    compressedIndexes.set(index, fresh);
    body = fresh;
  }
  return body;
}

/** The 503 page in the language of the path, not cached anywhere, with a hint when to retry. */
export function sendUnavailable(req: express.Request, res: express.Response): void {
  res
    .status(503)
    .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
    .type("text/html; charset=utf-8")
    .send(req.method === "HEAD" ? undefined : unavailablePage(detectLanguage(req.path)));
}

function httpStatusOf(error: unknown): number {
  if (typeof error === "object" && error !== null) {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 600) return status;
  }
  return 500;
}
