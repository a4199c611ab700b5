// The HTTP endpoints and middleware of the app, as one ordered list that createApp (server/app.ts)
// mounts from first to last. A new endpoint is a mount function here and one line in ENDPOINTS.
//
// ORDER MATTERS: Express runs middleware in the order it was added, and the first handler that
// answers ends the request. So the security headers come before anything is answered; cached pages
// before compression and file lookups; the health check and metrics before the 503 guard (they must
// answer while the database is down); files before the guard and the session-reading checks (a
// missing file is a plain 404, never the app's page); the cross-site check before every write; the
// form size limit before the pages' actions read a body; the page cache's capture before the pages
// and the open data feeds it keeps; the React Router handler after every API path; errors last.
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createPageHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { fromNodeHeaders } from "better-auth/node";
import { servicesContext, type AppServices } from "../app/lib/context";
import type { Auth } from "../app/lib/auth.server";
import { detectLanguage, LANGUAGES } from "../app/lib/i18n/language";
import { manifestPath, offlinePage, webManifest } from "../app/offline/app-pages.server";
import { offlinePath } from "../app/offline/cache-rules";
import { translator } from "../app/lib/i18n/messages";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailablePage } from "../app/lib/unavailable";
import { roleOf } from "../app/features/accounts/users.server";
import { FORM_FILE_MAX_BYTES, recordUpload } from "../app/features/restaurants/editing/uploads.server";
import { matchRoute } from "../app/route-facts";
import { reportChallengePath } from "../app/lib/paths";
import { canUpload } from "../app/lib/permissions";
import { CLIENT_FILTER_LIMIT } from "../app/features/restaurants/search/search-index";
import { searchIndexOf, type BuiltSearchIndex } from "../app/features/restaurants/search/search-index.server";
import { OPEN_DATA_GEOJSON_PATH, OPEN_DATA_JSON_PATH } from "../app/features/restaurants/open-data/feed";
import type { Config } from "./config";
import type { Database } from "./data/database";
import { withTimeout, type Availability } from "./http/availability";
import type { ClientAddresses } from "./http/client-address";
import type { liveRestaurantUpdates } from "./http/live";
import { logRequestError } from "./http/logger";
import type { Metrics } from "./http/metrics";
import { openDataHandler } from "./http/open-data";
import { isPrivatePath, type PageCache } from "./http/page-cache";
import { crossSiteRefusal, isFilePath, isPersonal, isSafeMethod } from "./http/requests";
import { densify, precompress, sendPrecompressed, type Precompressed } from "./http/precompressed";
import { markOversized, OVERSIZED_FORM_READ_MAX, readOversizedForm, type OversizedForm } from "./http/oversized-form";
import { securityHeaders } from "./http/security";
import { precompressedAssets, type AssetServer } from "./http/static-assets";
import { testNowOf } from "./http/test-clock";
import { heldFilesGuard } from "./uploads/held-files";
import type { Storage } from "./uploads/storage";
import { uploadHandler } from "./uploads/upload-route";
import { SEARCH_MISSED_PATH, type SearchMisses } from "./statistics/search-misses";
import type { ListingCounter } from "./statistics/listings";

/** The services every page's loader and action gets, except those that depend on the request. */
export type SharedServices = Omit<
  AppServices,
  "nonce" | "clientIp" | "oversizedForm" | "reportDatabaseUnavailable" | "searchMissed" | "now"
>;

/** What the endpoints are mounted with: the app's inputs, and the services createApp makes once. */
export interface EndpointDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** The React Router server build, or a loader for it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder with the client build (hashed assets under `assets/`). */
  clientDir: string;
  /** Extra middleware mounted before the app (the Vite dev server). */
  before: express.RequestHandler[];
  pageCache: PageCache | undefined;
  /** The build's compressed scripts and stylesheets (made at mounting when absent). */
  assets: AssetServer | undefined;
  availability: Availability;
  storage: Storage;
  clients: ClientAddresses;
  listingCounts: ListingCounter | undefined;
  /** The browser tests' server only: a request's `x-test-now` sets the services' clock. */
  testClock: boolean;
  searchMisses: SearchMisses | undefined;
  metrics: Metrics;
  live: ReturnType<typeof liveRestaurantUpdates>;
  /** How many restaurants are listed (cached until the next change). */
  directorySize: () => Promise<number>;
  services: SharedServices;
}

export interface Endpoint {
  /** What the entry is, for a reader and for tests that list the app's parts. */
  name: string;
  mount(app: express.Express, deps: EndpointDeps): void;
}

/** The largest form a page's action takes (the longest restaurant or blog form is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
/** The largest body of a page whose form carries one file (route facts' `fileForm`): the largest upload and the form around it. */
export const FILE_FORM_BYTES = FORM_FILE_MAX_BYTES + 64 * 1024;
const HEALTH_TIMEOUT_MS = 2_000;

function mountHealth(app: express.Express, { database, availability }: EndpointDeps): void {
  app.get("/healthz", async (_req, res) => {
    try {
      await withTimeout(database.ping(), HEALTH_TIMEOUT_MS);
      availability.markUp();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch {
      availability.markDown();
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable", database: database.kind });
    }
  });
}

// The service worker (built from app/service-worker.ts). Never kept by HTTP caches, so a new
// build's worker is seen on the next visit; its folder is the site's root, so it may control every
// page without a Service-Worker-Allowed header. Its CSP (the page's) limits what it fetches.
function mountServiceWorker(app: express.Express, { clientDir }: EndpointDeps): void {
  app.get("/sw.js", (_req, res, next) => {
    res.sendFile(
      path.join(clientDir, "sw.js"),
      {
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
        cacheControl: false,
        dotfiles: "deny",
      },
      (error) => {
        if (error && !res.headersSent) next();
      },
    );
  });
}

// The web app manifest and the offline page, in each language (app/offline/app-pages.server.ts).
// Public, the same for everyone: kept a day (manifest) and an hour (offline page) by browsers and caches.
function mountAppPages(app: express.Express): void {
  for (const language of LANGUAGES) {
    const manifest = JSON.stringify(webManifest(language));
    const offline = offlinePage(language);
    app.get(manifestPath(language), (_req, res) => {
      res
        .set({ "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" })
        .send(manifest);
    });
    app.get(offlinePath(language), (_req, res) => {
      res
        .set({
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "public, max-age=3600",
          "X-Robots-Tag": "noindex",
        })
        .send(offline);
    });
  }
}

// Hashed build output never changes under the same name.
function mountBuildFiles(app: express.Express, { assets, clientDir }: EndpointDeps): void {
  app.use("/assets", (assets ?? precompressedAssets(path.join(clientDir, "assets"))).middleware);
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false }),
  );
  // The build's other files (the service worker, icons, images) all have an extension: a page's
  // path has none, so it goes on without a look at the disk (a stat on every page render).
  const buildFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (FILE_NAME.test(req.path) ? buildFiles(req, res, next) : next()));
}

/** A path whose last segment has an extension (`/sw.js`, `/icons/icon-192.png`). */
const FILE_NAME = /\.[^/]+$/;

// Uploaded and generated files have random names and are never rewritten (kept a year); those a
// claim or a suggestion holds reach only the admins who decide them, uncached (ADR 006's update).
function mountUploadedFiles(app: express.Express, { database, auth, config, storage }: EndpointDeps): void {
  app.use(
    "/uploads",
    heldFilesGuard({ db: database.db, auth, requireTwoFactorForAdmins: config.requireTwoFactorForAdmins }),
    storage.serve,
  );
}

// A file that is not there gets a plain 404, never the app's 404 page: that reads the session
// and would take a pending one-time toast meant for the visitor's next page.
function mountMissingFiles(app: express.Express): void {
  app.use((req, res, next) => {
    if (!isFilePath(req.path)) return next();
    res.status(404).type("text/plain; charset=utf-8").send("Not found");
  });
}

// While the database is known to be down, everything below needs it: answer at once with the
// 503 page rather than let each request wait for its own failure. Live-update streams stay open.
function mountDatabaseDown(app: express.Express, { availability }: EndpointDeps): void {
  app.use((req, res, next) => {
    if (!availability.isDown() || req.path.startsWith("/api/live/")) return next();
    sendUnavailable(req, res);
  });
}

// Whatever depends on who asks (a session, a one-time message, an account page, its .data) is
// nobody else's to keep: no shared cache, no back/forward copy on a shared computer.
function mountPrivatePages(app: express.Express): void {
  app.use((req, res, next) => {
    if (isPersonal(req.headers.cookie) || isPrivatePath(req.path)) res.setHeader("Cache-Control", "private, no-store");
    next();
  });
}

// Forms post to our own actions with SameSite=Lax session cookies; a write must also show it
// comes from our own pages (fetch metadata, Origin or Referer — see crossSiteRefusal).
function mountCrossSiteRefusal(app: express.Express, { config }: EndpointDeps): void {
  const ownHosts = new Set([new URL(config.publicUrl).host.toLowerCase()]);
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const hosts = new Set(ownHosts);
    const host = req.get("host");
    if (host) hosts.add(host.toLowerCase());
    const refusal = crossSiteRefusal(
      {
        origin: req.get("origin"),
        secFetchSite: req.get("sec-fetch-site"),
        referer: req.get("referer"),
        cookie: req.get("cookie"),
      },
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
}

// A tap on a listing's link, posted by the browser itself (the link's `ping`). Always a quick empty
// answer: the count waits in memory for the next batch. Only a listing that exists is counted (the
// counter checks its slugs in memory), after the answer.
function mountTaps(app: express.Express, { listingCounts }: EndpointDeps): void {
  app.post("/api/taps/:slug/:kind", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(204).end();
    void listingCounts?.tap(req, req.params.slug, req.params.kind);
  });
}

// The browser's word that a search of its own index found nothing (204; counted in memory).
function mountSearchMissed(app: express.Express, { searchMisses }: EndpointDeps): void {
  if (searchMisses) app.post(SEARCH_MISSED_PATH, searchMisses.beacon);
}

// The home page's search index, named by its content: a browser or CDN may keep a version forever.
function mountSearchIndex(app: express.Express, { directorySize, services }: EndpointDeps): void {
  app.get("/api/search-index/:version", async (req, res, next) => {
    try {
      // Past the limit the browser is never sent an index (and the list is never read whole).
      const list = (await directorySize()) > CLIENT_FILTER_LIMIT ? [] : await services.publicRestaurants();
      if (list.length === 0 || list.length > CLIENT_FILTER_LIMIT) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      const index = searchIndexOf(list);
      const current = req.params.version === index.version;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader(
        "Cache-Control",
        current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      );
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
}

// The report form's proof-of-work challenges: signed, short-lived, never cached (ADR 015).
function mountReportChallenge(app: express.Express, { services }: EndpointDeps): void {
  app.get(reportChallengePath(), async (_req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      res.json(await services.proofOfWork.challenge());
    } catch (error) {
      next(error);
    }
  });
}

// Uploads stream to disk-side checks with their size limits; only admins and owners may upload.
function mountUploads(app: express.Express, { auth, database, config, storage, metrics }: EndpointDeps): void {
  app.post(
    "/api/uploads",
    uploadHandler({
      storage,
      async authorize(req) {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
        if (!session) return null;
        const viewer = {
          role: await roleOf(database.db, session.user.id),
          twoFactorEnabled: session.user.twoFactorEnabled === true,
        };
        return canUpload(viewer, { requireTwoFactorForAdmins: config.requireTwoFactorForAdmins })
          ? session.user.id
          : null;
      },
      // Every upload is recorded with its uploader: only they may attach it to a restaurant (ADR 006).
      record: (upload) => recordUpload(database.db, upload),
      processed: (seconds, kind) => metrics.uploadProcessed(seconds, kind),
    }),
  );
}

// Pages' actions read their whole form into memory: a body must say its size, and be small.
// (Files go to /api/uploads above, which streams them with its own limits; a page whose form
// carries one file, `fileForm` in its route facts, may take up to the largest upload.)
function mountFormSizeLimit(app: express.Express): void {
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
}

// The open data feeds, after the capture: kept and emptied with the pages (route facts' `openData`).
function mountOpenData(app: express.Express, { database, config, testClock }: EndpointDeps): void {
  const openData = {
    db: database.db,
    publicUrl: config.publicUrl,
    verificationMaxAgeDays: config.verificationMaxAgeDays,
    certificateGraceDays: config.certificateGraceDays,
    ...(testClock ? { nowOf: testNowOf } : {}),
  };
  app.get(OPEN_DATA_JSON_PATH, openDataHandler("json", openData));
  app.get(OPEN_DATA_GEOJSON_PATH, openDataHandler("geojson", openData));
}

/** A fixed clock for the services (the browser tests' `x-test-now`), or none: the machine's. */
function clockOf(now: Date | undefined): { now?: () => Date } {
  return now ? { now: () => now } : {};
}

/** A page's router context: the services every page shares, and the request's own. */
function pageContext(
  { services, availability, searchMisses }: EndpointDeps,
  own: { nonce: string; clientIp: string; oversizedForm?: OversizedForm; now?: Date | undefined },
): RouterContextProvider {
  const { now, ...request } = own;
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    ...services,
    ...request,
    reportDatabaseUnavailable: () => availability.markDown(),
    ...(searchMisses ? { searchMissed: searchMisses.report } : {}),
    ...clockOf(now),
  });
  return context;
}

// Every page: React Router, with the services in its context (the shared ones and the request's own).
function mountPages(app: express.Express, deps: EndpointDeps): void {
  const { build, clients, testClock } = deps;
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) =>
        pageContext(deps, {
          nonce: String(res.locals.nonce ?? ""),
          clientIp: clients.of(req),
          ...(res.locals.oversizedForm ? { oversizedForm: res.locals.oversizedForm as OversizedForm } : {}),
          ...(testClock ? { now: testNowOf(req) } : {}),
        }),
    }),
  );
}

/**
 * Renders a page straight through React Router, as a visitor without a cookie would get it, for the
 * warm-up before the port opens: no middleware, so nothing is logged, counted or kept in the page cache.
 */
export function pageRenderer(deps: EndpointDeps): (path: string) => Promise<Response> {
  const handle = createPageHandler(deps.build, "production");
  return (path) =>
    handle(new Request(new URL(path, "http://localhost")), pageContext(deps, { nonce: "", clientIp: "127.0.0.1" }));
}

function mountErrors(app: express.Express, { availability }: EndpointDeps): void {
  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // The visitor is gone (a closed socket): nothing to answer, and their socket's error code
    // (ECONNABORTED, ECONNRESET) says nothing about the database.
    if (res.destroyed) return;
    if (isDatabaseUnavailable(error)) {
      availability.markDown();
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
}

function mountSecurityHeaders(app: express.Express, { config }: EndpointDeps): void {
  app.use(securityHeaders({ hsts: config.isProduction, imageOrigins: config.imageOrigins }));
}

// Cached pages are answered first: already compressed, no file lookups on the way.
function mountCachedPages(app: express.Express, { pageCache }: EndpointDeps): void {
  if (pageCache) app.use(pageCache.serve);
}

function mountCompression(app: express.Express): void {
  app.use(compression());
}

function mountMetrics(app: express.Express, { metrics }: EndpointDeps): void {
  app.get("/metrics", metrics.serve);
}

// Extra middleware given by the caller (the Vite dev server in development).
function mountBefore(app: express.Express, { before }: EndpointDeps): void {
  for (const middleware of before) app.use(middleware);
}

function mountLiveUpdates(app: express.Express, { live }: EndpointDeps): void {
  app.get("/api/live/restaurants/:slug", live);
}

// Pages rendered for anonymous visitors are kept from here on (what is mounted after this).
function mountPageCapture(app: express.Express, { pageCache }: EndpointDeps): void {
  if (pageCache) app.use(pageCache.capture);
}

/** The app's endpoints and middleware, mounted in this order (see the top of this file for why). */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: "security headers", mount: mountSecurityHeaders },
  { name: "cached pages", mount: mountCachedPages },
  { name: "compression", mount: mountCompression },
  { name: "metrics", mount: mountMetrics },
  { name: "health check", mount: mountHealth },
  { name: "development middleware", mount: mountBefore },
  { name: "service worker", mount: mountServiceWorker },
  { name: "web app manifest and offline page", mount: mountAppPages },
  { name: "build files", mount: mountBuildFiles },
  { name: "uploaded files", mount: mountUploadedFiles },
  { name: "missing files", mount: mountMissingFiles },
  { name: "database down", mount: mountDatabaseDown },
  { name: "private pages", mount: mountPrivatePages },
  { name: "cross-site writes", mount: mountCrossSiteRefusal },
  { name: "live updates", mount: mountLiveUpdates },
  { name: "listing taps", mount: mountTaps },
  { name: "search missed beacon", mount: mountSearchMissed },
  { name: "search index", mount: mountSearchIndex },
  { name: "report challenge", mount: mountReportChallenge },
  { name: "uploads", mount: mountUploads },
  { name: "form size limit", mount: mountFormSizeLimit },
  { name: "page capture", mount: mountPageCapture },
  { name: "open data", mount: mountOpenData },
  { name: "pages", mount: mountPages },
  { name: "errors", mount: mountErrors },
];

/** Each version of the search index, compressed once (and then densely, off the main thread). */
const compressedIndexes = new WeakMap<BuiltSearchIndex, Precompressed>();
export function compressedIndex(index: BuiltSearchIndex): Precompressed {
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
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 600) return status;
  }
  return 500;
}
