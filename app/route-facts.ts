// What the server needs to know about each route, declared once, beside the route table: whether
// it is about the visitor (never cached), its metrics label, whether its path carries a secret, and
// whether its form may carry a file. Keyed by the route's path pattern without the language prefix:
// the pages (every route of app/routes.ts), then the server's own paths (API, files, probes).
// Browser-safe (the service worker reads which pages are private), but not in a page's JavaScript:
// which message areas a page shows is the message loader's own table (app/page-messages.ts).
import { firstFit, readPath } from "./lib/route-patterns";

export interface RouteFacts {
  /** About the visitor (accounts, the dashboard, the API): never cached, answered `private, no-store`. */
  private?: true;
  /** Its label in the metrics (a fixed set, never a raw path); `other_page` when absent. */
  label?: string;
  /** Its path parameters are one-time secrets: the log shows them as `[redacted]`. */
  secret?: true;
  /**
   * Its form may carry one file (a suggestion's certificate photo, a claim's proof), so
   * works without JavaScript: the door lets its body be as large as the largest upload
   * (`FILE_FORM_BYTES` in server/app.ts) instead of a plain form's 1 MiB.
   */
  fileForm?: true;
  /**
   * An open data feed, answered by the server (server/app.ts): public and cached as pages
   * are though its path is a file's, readable from any site (`Access-Control-Allow-Origin: *`).
   */
  openData?: true;
}

const ACCOUNT = { private: true, label: "account" } as const;
const BLOG = { label: "blog" } as const;
const REVIEW = { private: true, label: "review" } as const;
/** Any other path: the not-found page. */
const NOT_FOUND: RouteFacts = {};

/**
 * Every route of app/routes.ts (the route facts test checks none is missing and that React Router
 * agrees). A path takes the first pattern it matches: a pattern comes before any broader one, the
 * catch-all last.
 */
export const PAGE_FACTS: Record<string, RouteFacts> = {
  "/": { label: "home" },
  "/restaurant/:slug": { label: "restaurant" },
  "/restaurant/:slug/report": { label: "report" },
  "/restaurant/:slug/claim": { private: true, label: "claim", fileForm: true },
  // A diner's own review, and a review's report and reply: about the signed-in visitor, never cached.
  "/restaurant/:slug/review": REVIEW,
  "/restaurant/:slug/reviews/*": REVIEW,
  // Public, its page cacheable; its form carries the certificate photo.
  "/suggest": { label: "suggest", fileForm: true },
  // About the visitor (their list), never cached.
  "/saved": { private: true, label: "saved" },
  "/accessibility": {},
  "/privacy-policy": {},
  "/review-policy": {},
  "/login": ACCOUNT,
  "/login/two-factor": ACCOUNT,
  "/signup": ACCOUNT,
  "/forgot-password": ACCOUNT,
  "/reset-password": ACCOUNT,
  "/verify-email": ACCOUNT,
  // And its alert settings and the alerts' unsubscribe page (a splat: no entry more in every page's facts).
  "/account/*": { private: true, label: "account" },
  "/logout": { private: true, label: "account" },
  "/blogs": BLOG,
  "/blog/:id": BLOG,
  "/blog/s/:slug": BLOG,
  // The register's import: its form carries the register file.
  "/dashboard/register": { private: true, label: "dashboard", fileForm: true },
  "/dashboard/*": { private: true, label: "dashboard" },
  "/sitemap": {},
  "/sitemap.xml": {},
  "/sitemaps/:file": {},
  "/robots.txt": {},
  "*": NOT_FOUND,
};

/**
 * The server's own paths, answered before the app's routes and never under a language prefix:
 * the API, files and probes.
 */
export const SERVER_FACTS: Record<string, RouteFacts> = {
  "/api/live/*": { private: true, label: "api_live" },
  "/api/search-index/*": { private: true, label: "api_search_index" },
  "/api/uploads/*": { private: true, label: "api_uploads" },
  "/api/auth/reset-password/:token": { private: true, label: "api_auth", secret: true },
  "/api/auth/*": { private: true, label: "api_auth" },
  // Taps on a listing's links, posted by the browser (the links' `ping`).
  "/api/taps/*": { private: true, label: "api_taps" },
  // The open data feeds (app/features/restaurants/open-data): public, cached and emptied on change as pages are.
  "/api/restaurants.json": { label: "api_open_data_json", openData: true },
  "/api/restaurants.geojson": { label: "api_open_data_geojson", openData: true },
  "/api/*": { private: true, label: "api_other" },
  "/assets/*": { label: "assets" },
  "/uploads/*": { label: "uploads" },
  "/healthz": { label: "healthz" },
  // The service worker's script (never cached by HTTP caches), the web app manifest and the
  // offline page (public, cacheable), answered by the server itself (server/app.ts), not by React
  // Router: as routes they would lengthen the route manifest every page loads. The manifest and the
  // offline page are also under /he (matched here by `matchRoute` like their English paths).
  "/sw.js": { label: "service_worker" },
  "/manifest.webmanifest": { label: "manifest" },
  "/offline": { label: "offline" },
  "/metrics": { label: "metrics" },
};

/** The server's own paths that also answer under /he: matched as their English paths. */
const HEBREW_SERVER_PATH = /^\/he(?=\/(?:manifest\.webmanifest|offline)$)/;

export interface RouteMatch {
  /** The pattern that matched ("*" for a path no route has). */
  pattern: string;
  facts: RouteFacts;
}

/**
 * The route a path belongs to: one of the server's own paths (never under a language prefix but
 * the two above), or a page, the path read as the router reads it (app/lib/route-patterns.ts:
 * `/Reset-Password`, `/reset%2Dpassword` and `//he/reset-password.data` are all the reset page).
 * A path that cannot be decoded is read as written, and is private (nothing public is lost by not
 * caching it).
 */
export function matchRoute(path: string): RouteMatch {
  const known = memo.get(path);
  if (known) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const { segments, prefixed, unreadable } = readPath(path.replace(HEBREW_SERVER_PATH, ""));
  const [pattern, facts] = (!prefixed && firstFit(SERVER_FACTS, segments)) ||
    firstFit(PAGE_FACTS, segments) || ["*", NOT_FOUND];
  const found = { pattern, facts: unreadable ? { ...facts, private: true as const } : facts };
  memo.set(path, found);
  return found;
}

/**
 * Matches already made, by the path as asked (a known one costs a lookup and nothing more): the
 * server reads a request's route three times (page cache, metrics, log line) and most requests are
 * for a few hundred paths. Bounded: paths are the visitors' to choose, so the memo starts again
 * when it is full.
 */
const MEMO_LIMIT = 2_000;
const memo = new Map<string, RouteMatch>();
