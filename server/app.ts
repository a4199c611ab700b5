// The HTTP application: security headers, compression, static files, health check,
// auth endpoints and the React Router request handler, in that order.
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { servicesContext, type AppServices, type AppSettings } from "../app/lib/context";
import type { Auth } from "../app/lib/auth.server";
import { createToastStore } from "../app/lib/toast.server";
import { detectLanguage } from "../app/lib/i18n/language";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailablePage } from "../app/lib/unavailable";
import { createAvailability, withTimeout, type Availability } from "./availability";
import type { ChangeFeed } from "./changes";
import type { Config } from "./config";
import type { Database } from "./database";
import { fromNodeHeaders } from "better-auth/node";
import { roleOf } from "../app/features/accounts/users.server";
import { imageFiles } from "../app/lib/images";
import { CLIENT_FILTER_LIMIT } from "../app/features/restaurants/search-index";
import { searchIndexOf, type BuiltSearchIndex } from "../app/features/restaurants/search-index.server";
import { liveRestaurantUpdates } from "./live";
import type { PageCache } from "./page-cache";
import { isSafeMethod } from "./requests";
import { densify, precompress, sendPrecompressed, type Precompressed } from "./precompressed";
import { createRestaurantListCache } from "./restaurant-cache";
import { createLocalStorage } from "./storage";
import { uploadHandler } from "./upload-route";
import { securityHeaders } from "./security";

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** Delivers e-mail (the same mailer better-auth's e-mails go through). */
  sendEmail?: AppServices["sendEmail"];
  changes: ChangeFeed;
  /** The React Router server build, or a loader for it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder with the client build (hashed assets under `assets/`). */
  clientDir: string;
  /** Extra middleware mounted before the app (the Vite dev server). */
  before?: express.RequestHandler[];
  /** Rendered pages for anonymous visitors (omitted in development and in some tests). */
  pageCache?: PageCache;
  /** Whether the database is known to be down (made here when not given). */
  availability?: Availability;
}

/** The largest form a page's action takes (the longest restaurant or blog form is a few KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
const HEALTH_TIMEOUT_MS = 2_000;

export function createApp({ config, database, auth, sendEmail = async () => {}, changes, build, clientDir, before = [], pageCache, availability }: AppDeps): express.Express {
  const app = express();
  const dbAvailability = availability ?? createAvailability({ ping: () => database.ping() });
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(securityHeaders({ hsts: config.isProduction }));
  // Cached pages are answered first: already compressed, no file lookups on the way.
  if (pageCache) app.use(pageCache.serve);
  app.use(compression());

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

  // Hashed build output never changes under the same name.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  // Uploaded and generated images have random names and are never rewritten.
  app.use(
    "/uploads",
    express.static(path.join(config.dataDir, "uploads"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
      index: false,
    }),
  );

  // While the database is known to be down, everything below needs it: answer at once with the
  // 503 page rather than let each request wait for its own failure. Live-update streams stay open.
  app.use((req, res, next) => {
    if (!dbAvailability.isDown() || req.path.startsWith("/api/live/")) return next();
    sendUnavailable(req, res);
  });

  // Forms post to our own actions with SameSite=Lax session cookies; refusing a cross-site Origin
  // on writes is a second lock on the same door. An opaque origin ("null": a sandboxed frame, a
  // post after a cross-site redirect) or one that is not a URL is refused too — React Router
  // refuses such action requests anyway, but with a logged error instead of a plain 403.
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const origin = req.get("origin");
    if (origin && hostOf(origin) !== req.get("host")) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });
  app.get("/api/live/restaurants/:slug", liveRestaurantUpdates(changes));

  const toasts = createToastStore(config.authSecret, config.isProduction);
  const publicRestaurants = createRestaurantListCache(database.db, changes);
  // The home page's search index, named by its content: a browser or CDN may keep a version forever.
  app.get("/api/search-index/:version", async (req, res, next) => {
    try {
      const list = await publicRestaurants();
      if (list.length > CLIENT_FILTER_LIMIT) {
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
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  // A stored image is several files (one per width); removing it removes them all.
  const files = {
    async remove(url: string) {
      await Promise.all(imageFiles(url).map((one) => storage.remove(one)));
    },
  };
  // Uploads stream to disk-side checks with their size limits; only admins and owners may upload.
  app.post(
    "/api/uploads",
    uploadHandler({
      storage,
      async authorize(req) {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
        if (!session) return false;
        const role = await roleOf(database.db, session.user.id);
        return role === "admin" || role === "owner";
      },
    }),
  );
  const settings: AppSettings = {
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    demoData: config.demoData,
  };
  // Pages' actions read their whole form into memory: a body must say its size, and be small.
  // (Files go to /api/uploads above, which streams them with its own limits.)
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined && req.get("transfer-encoding") !== undefined) {
      res.status(411).type("text/plain").send("Length required");
      return;
    }
    if (Number(declared ?? 0) > MAX_FORM_BYTES) {
      // Answered without reading the body: the connection closes rather than take it in.
      res.set("Connection", "close").status(413).type("text/plain").send("Request too large");
      return;
    }
    next();
  });
  if (pageCache) app.use(pageCache.capture);
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
          publicRestaurants,
          nonce: String(res.locals.nonce ?? ""),
          clientIp: req.ip ?? "unknown",
          reportDatabaseUnavailable: () => dbAvailability.markDown(),
        });
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      dbAvailability.markDown();
      sendUnavailable(req, res);
      return;
    }
    const status = httpStatusOf(error);
    if (status >= 500) console.error("[http] unhandled error:", error);
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

/** The host of an Origin header, or null when it is not a URL (refused like any other site). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function httpStatusOf(error: unknown): number {
  if (typeof error === "object" && error !== null) {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 600) return status;
  }
  return 500;
}
