// The HTTP application: the services its pages share, and the endpoints of server/endpoints.ts
// mounted in their order (security headers, compression, static files, health check, uploads,
// feeds, the React Router request handler, errors).
import express from "express";
import type { ServerBuild } from "react-router";
import type { AppServices, AppSettings } from "../app/lib/context";
import type { Auth } from "../app/lib/auth.server";
import { createToastStore } from "../app/lib/toast.server";
import { createAlertTokens } from "../app/features/restaurants/alerts/token.server";
import { createAvailability, type Availability } from "./http/availability";
import type { ChangeFeed } from "./data/changes";
import type { Config } from "./config";
import { refreshStatistics, type Database } from "./data/database";
import { createProofOfWork } from "../app/lib/proof-of-work.server";
import { CLIENT_FILTER_LIMIT } from "../app/features/restaurants/search/search-index";
import { searchIndexOf } from "../app/features/restaurants/search/search-index.server";
import { clientAddresses, type ClientAddresses } from "./http/client-address";
import { liveRestaurantUpdates } from "./http/live";
import { createMetrics, type Metrics } from "./http/metrics";
import type { PageCache } from "./http/page-cache";
import {
  createBatchDayCache,
  createCloseWordsCache,
  createRestaurantCountCache,
  createRestaurantListCache,
} from "./data/restaurant-cache";
import { keepSearchText } from "./data/search-text";
import { createDirectory } from "../app/features/restaurants/search/directory.server";
import { createFileStore, type Storage } from "./uploads/storage";
import { openStorage } from "./uploads/open-storage";
import { formUploads } from "./uploads/form-upload";
import type { SearchMisses } from "./statistics/search-misses";
import type { AssetServer } from "./http/static-assets";
import type { ListingCounter } from "./statistics/listings";
import { compressedIndex, ENDPOINTS, pageRenderer, type EndpointDeps } from "./endpoints";
import { warmRenders } from "./http/warm-renders";
import { homePath } from "../app/lib/paths";

export { FILE_FORM_BYTES, MAX_FORM_BYTES } from "./endpoints";

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

/**
 * Does what the first visitors would otherwise wait for: reads the public list, makes the home page's
 * search index, and renders the home page in both languages until V8 has compiled its code; returns
 * how many renders that took.
 */
export function warmUpOf(app: express.Express): () => Promise<number> {
  return app.locals.warmUp as () => Promise<number>;
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

  const toasts = createToastStore(config.authSecret, config.isProduction);
  // The alerts' unsubscribe links, signed with the same secret.
  const alertTokens = createAlertTokens(config.authSecret);
  const publicRestaurants = createRestaurantListCache(database.db, changes);
  const directorySize = createRestaurantCountCache(database.db, changes);
  const certificateBatchDay = createBatchDayCache(database.db, changes);
  const directory = createDirectory({
    db: database.db,
    list: publicRestaurants,
    size: directorySize,
    closeTo: createCloseWordsCache(database.db, changes),
  });
  const searchText = keepSearchText(database.db, changes);
  const warmData = async () => {
    await searchText.fill();
    if (database.kind === "pglite") await refreshStatistics(database);
    if ((await directorySize()) > CLIENT_FILTER_LIMIT) return;
    const list = await publicRestaurants();
    if (list.length <= CLIENT_FILTER_LIMIT) compressedIndex(searchIndexOf(list));
  };
  // The report form's proof-of-work challenges: signed, short-lived, never cached (ADR 015).
  const proofOfWork = createProofOfWork({ secret: config.authSecret });
  const files = createFileStore(storage);
  // Files inside a page's form: the upload route's checks, held by a suggestion or a claim.
  const acceptUpload = formUploads({
    db: database.db,
    storage,
    processed: (seconds, kind) => metrics.uploadProcessed(seconds, kind),
  });
  const settings: AppSettings = {
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    demoData: config.demoData,
    requireTwoFactorForAdmins: config.requireTwoFactorForAdmins,
    verificationMaxAgeDays: config.verificationMaxAgeDays,
    certificateGraceDays: config.certificateGraceDays,
    mapTiles: config.mapTiles,
    reviews: config.reviews,
  };

  const deps: EndpointDeps = {
    config,
    database,
    auth,
    build,
    clientDir,
    before,
    pageCache,
    assets,
    availability: dbAvailability,
    storage,
    clients,
    listingCounts,
    testClock,
    searchMisses,
    metrics,
    live,
    directorySize,
    services: {
      db: database.db,
      auth,
      settings,
      toasts,
      sendEmail,
      files,
      acceptUpload,
      publicRestaurants,
      certificateBatchDay,
      directory,
      alertTokens,
      proofOfWork,
      reportFiled,
    },
  };
  for (const endpoint of ENDPOINTS) endpoint.mount(app, deps);
  app.locals.warmUp = async () => {
    await warmData();
    return warmRenders(pageRenderer(deps), [homePath("en"), homePath("he")]);
  };
  return app;
}
