// What the server and the catalogue loader need to know about each route, declared once,
// beside the route table: whether it is about the visitor (never cached), which message areas its
// page shows, its metrics label, and whether its path carries a secret. Keyed by the route's path
// pattern without the language prefix: the pages (every route of app/routes.ts), then the
// server's own paths (API, files, probes). Browser-safe and small: the catalogue loader ships the
// pages' part in the first visit's JavaScript.
import { AREAS, type Area } from "./lib/i18n/areas";

export interface RouteFacts {
  /** About the visitor (accounts, the dashboard, the API): never cached, answered `private, no-store`. */
  private?: true;
  /** The message areas its page shows besides `site` (ADR 012). */
  areas?: readonly Area[];
  /**
   * Areas a part of its page loads when the visitor opens that part, not with the page (ADR 012's
   * update of 2026-11-26: the restaurant page's report form, `loadLaterMessagesFor`).
   */
  later?: readonly Area[];
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

const RESTAURANT: readonly Area[] = ["restaurant"];
/** The public's own forms (the problem report's too): their words apart from the restaurant page's. */
const CONTRIBUTE: readonly Area[] = ["contribute"];
const ACCOUNT = { private: true, areas: ["account"], label: "account" } as const;
/** The dashboard and the account pages name every area: they show words of all of them. */
const MANAGE: readonly Area[] = AREAS.filter((area) => area !== "site");
const BLOG = { label: "blog", areas: ["blog"] } as const;
const REVIEW = { private: true, areas: ["restaurant", "contribute", "review", "account"], label: "review" } as const;
/** Any other path: the not-found page. */
const NOT_FOUND: RouteFacts = {};

/**
 * Every route of app/routes.ts (the route facts test checks none is missing and that React Router
 * agrees). A path takes the first pattern it matches: a pattern comes before any broader one, the
 * catch-all last.
 */
export const PAGE_FACTS: Record<string, RouteFacts> = {
  "/": { areas: ["directory"], label: "home" },
  "/restaurant/:slug": { areas: RESTAURANT, later: CONTRIBUTE, label: "restaurant" },
  "/restaurant/:slug/report": { areas: CONTRIBUTE, label: "report" },
  "/restaurant/:slug/claim": {
    private: true,
    areas: ["restaurant", "contribute", "account"],
    label: "claim",
    fileForm: true,
  },
  // A diner's own review, and a review's report and reply: about the signed-in visitor, never cached.
  "/restaurant/:slug/review": REVIEW,
  "/restaurant/:slug/reviews/*": REVIEW,
  // Public, its page cacheable; its form carries the certificate photo.
  "/suggest": { areas: CONTRIBUTE, label: "suggest", fileForm: true },
  // About the visitor (their list), never cached.
  "/saved": { private: true, areas: ["directory", "saved"], label: "saved" },
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
  "/account/*": { private: true, areas: MANAGE, label: "account" },
  "/logout": { private: true, label: "account" },
  "/blogs": BLOG,
  "/blog/:id": BLOG,
  "/blog/s/:slug": BLOG,
  // The register's import: its form carries the register file.
  "/dashboard/register": { private: true, areas: MANAGE, label: "dashboard", fileForm: true },
  "/dashboard/*": { private: true, areas: MANAGE, label: "dashboard" },
  "/sitemap": { areas: ["blog"] },
  "/sitemap.xml": {},
  "/sitemaps/:file": {},
  "/robots.txt": {},
  "*": NOT_FOUND,
};

/**
 * The server's own paths, answered before the app's routes and never under a language prefix:
 * the API, files and probes. Not in the browser's bundle (only `matchRoute` reads them).
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

/** Whether a path's segments fit a pattern; a splat (`/*`, always last) also matches its bare folder. */
function fits(pattern: string, segments: string[]): boolean {
  const route = pattern.split("/").filter(Boolean);
  return (
    route.every((part, i) => part === "*" || part === segments[i] || (part[0] === ":" && segments[i] !== undefined)) &&
    (route.at(-1) === "*" || route.length === segments.length)
  );
}

const find = (table: Record<string, RouteFacts>, segments: string[]) =>
  Object.entries(table).find(([pattern]) => fits(pattern, segments));

/**
 * The page a path belongs to, read as the router reads it: decoded, lower-cased, repeated slashes
 * as one, without React Router's `.data` suffix and the language prefix (`/Reset-Password`,
 * `/reset%2Dpassword` and `//he/reset-password.data` are all the reset page; `/he/_.data` is the
 * Hebrew home page). A path that cannot be
 * decoded is read as written, and is private (nothing public is lost by not caching it).
 */
export function matchPage(path: string): RouteMatch {
  return pageMemo.get(path) ?? remember(pageMemo, path, matchUncached(path));
}

/** The route a path belongs to: one of the server's own paths (without a language prefix), or a page (`matchPage`). */
export function matchRoute(path: string): RouteMatch {
  return (
    serverMemo.get(path) ??
    remember(serverMemo, path, matchUncached(path.replace(HEBREW_SERVER_PATH, ""), SERVER_FACTS))
  );
}

/**
 * Matches already made, by the path as asked (a known one costs a lookup and nothing more): the
 * server reads a request's route three times (page cache, metrics, log line) and most requests are
 * for a few hundred paths. Bounded: paths are the visitors' to choose, so a memo starts again when
 * it is full. Two memos, so the browser's bundle (which matches pages only) carries nothing of the
 * server's paths.
 */
const MEMO_LIMIT = 2_000;
const pageMemo = new Map<string, RouteMatch>();
const serverMemo = new Map<string, RouteMatch>();

function remember(memo: Map<string, RouteMatch>, path: string, found: RouteMatch): RouteMatch {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(path, found);
  return found;
}

function matchUncached(path: string, server?: Record<string, RouteFacts>): RouteMatch {
  let decoded = path;
  let unreadable = false;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    unreadable = true;
  }
  const segments = decoded
    .toLowerCase()
    // A path ending in a slash asks for its data as `…/_.data` (React Router's trailing-slash-aware
    // data requests); the home page, without that setting, as `/_root.data`.
    .replace(/\/_\.data$/, "/")
    .replace(/^(\/(?:he|en))?\/_root\.data$/, "$1/")
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
  const prefixed = segments[0] === "he" || segments[0] === "en";
  if (prefixed) segments.shift();
  const [pattern, facts] = (server && !prefixed && find(server, segments)) ||
    find(PAGE_FACTS, segments) || ["*", NOT_FOUND];
  return { pattern, facts: unreadable ? { ...facts, private: true } : facts };
}
