// What the service worker (app/service-worker.ts) may keep and show without a network (ADR 024).
// Pure and browser-safe, so the rules are unit-tested here rather than inside the worker.
// The one rule that matters most: nothing about a visitor is ever kept. The server answers every
// page about the visitor (a session cookie, a one-time toast, a private route) with
// `Cache-Control: private, no-store` (server/app.ts, app/route-facts.ts `private`); the worker
// keeps only answers that say they are public, and never a private route's, whatever they say.
import { matchRoute } from "../route-facts";
import { detectLanguage, stripLanguagePrefix, type Language } from "../lib/i18n/language";

/** How many restaurant pages the visitor viewed last are kept (the oldest goes first). */
export const RECENT_PAGE_LIMIT = 20;
/** How many build files (hashed, never changing) are kept; the oldest go first. */
export const ASSET_LIMIT = 200;

/** The offline page, in the page's language: what a navigation gets when nothing is kept for it. */
export function offlinePath(language: Language): string {
  return language === "he" ? "/he/offline" : "/offline";
}

/** The offline page for the path the visitor wanted. */
export function offlinePathFor(pathname: string): string {
  return offlinePath(detectLanguage(pathname));
}

/** A restaurant's page (`/en/restaurant/x`, `/he/restaurant/x`; not its report or claim form). */
export function isRestaurantPage(pathname: string): boolean {
  return matchRoute(pathname).pattern === "/restaurant/:slug" && !pathname.endsWith(".data");
}

/** A React Router data request for a restaurant's page, and the page's own path; null otherwise. */
export function restaurantPageOfData(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const page = pathname.slice(0, -".data".length);
  return isRestaurantPage(page) ? page : null;
}

/**
 * The page a React Router data request is for (`/he/restaurant/x.data` is `/he/restaurant/x`; a path
 * ending in a slash asks for `…/_.data`), with its query but without the router's own `_routes`
 * and `index` parameters: where the whole page is loaded when its data cannot be.
 */
export function pageOfDataRequest(url: URL): string {
  const path = url.pathname
    .replace(/\/_\.data$/, "/")
    .replace(/\/_root\.data$/, "/")
    .replace(/\.data$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  query.delete("index");
  const search = query.toString();
  return (path || "/") + (search ? `?${search}` : "");
}

/**
 * Paths whose answers are never kept, whatever their headers say: every private route (accounts,
 * the dashboard, the API, sign-in and sign-out), and anything under the API.
 */
export function isNeverKept(pathname: string): boolean {
  const lower = stripLanguagePrefix(pathname.toLowerCase());
  return lower.startsWith("/api/") || lower === "/api" || matchRoute(pathname).facts.private === true;
}

/** What the worker reads of an answer before keeping it (a `Response` fits). */
export interface AnswerLike {
  status: number;
  type: string;
  url: string;
  redirected?: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be kept and shown again, to anyone using this browser: a plain 200 from
 * this site, an HTML page, not redirected, on a path that is not private, that says it is public
 * (`Cache-Control` without `private` or `no-store`, no `Set-Cookie`).
 */
export function isKeepablePage(answer: AnswerLike, origin: string): boolean {
  if (answer.status !== 200 || answer.type !== "basic" || answer.redirected) return false;
  let url: URL;
  try {
    url = new URL(answer.url);
  } catch {
    return false;
  }
  if (url.origin !== origin || isNeverKept(url.pathname)) return false;
  if (!/^text\/html\b/i.test(answer.headers.get("content-type") ?? "")) return false;
  return isPublicAnswer(answer);
}

/**
 * The answer's own headers say it may be kept: not private, not no-store, no cookie set. (`Vary:
 * Cookie` is on every public page, for shared caches: the answer for a visitor with a session is a
 * different, private one, which is never kept.)
 */
export function isPublicAnswer(answer: Pick<AnswerLike, "headers">): boolean {
  const cacheControl = (answer.headers.get("cache-control") ?? "").toLowerCase();
  if (/(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/.test(cacheControl)) return false;
  return answer.headers.get("set-cookie") === null;
}

/** A build file (hashed name, never changes): kept once fetched, answered from the cache first. */
export function isBuildAsset(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/assets\/[^/]+\.(?:js|css|woff2?)$/.test(url.pathname);
}

/**
 * A write that signs a visitor in, up, or out (a form's POST or its `.data`, better-auth's API):
 * the worker forgets every kept page when it sees one, so the next person on this browser does
 * not find what the last one looked at.
 */
export function changesWhoIsSignedIn(method: string, pathname: string): boolean {
  if (method === "GET" || method === "HEAD") return false;
  const path = stripLanguagePrefix(pathname.toLowerCase().replace(/\.data$/, ""));
  return (
    /^\/(?:login(?:\/two-factor)?|signup|logout|reset-password|verify-email)\/?$/.test(path) ||
    path.startsWith("/api/auth/")
  );
}

/**
 * The build files a kept page names: its stylesheets, and the scripts its boot script starts (the
 * module preloads and imports, moved into the boot script by app/lib/boot-after-paint.server.ts).
 */
export function assetsOfPage(html: string, origin: string): string[] {
  const found = new Set<string>();
  for (const [, path = ""] of html.matchAll(/["'](\/assets\/[^"'?#\s]+\.(?:js|css))["']/g))
    found.add(new URL(path, origin).href);
  return [...found];
}

/** The messages the page may post to the worker (documented in app/service-worker.ts and docs/features.md). */
export type WorkerMessage = { type: "cache-pages"; urls: string[] } | { type: "forget-pages" };

/** A message from a page, checked (anything else is ignored): `cache-pages` keeps only this site's public pages. */
export function readWorkerMessage(data: unknown, origin: string): WorkerMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, urls } = data as { type?: unknown; urls?: unknown };
  if (type === "forget-pages") return { type };
  if (type !== "cache-pages" || !Array.isArray(urls)) return null;
  const kept: string[] = [];
  for (const candidate of urls.slice(0, 200)) {
    if (typeof candidate !== "string") continue;
    try {
      const url = new URL(candidate, origin);
      if (url.origin === origin && !isNeverKept(url.pathname) && !url.pathname.endsWith(".data"))
        kept.push(url.origin + url.pathname + url.search);
    } catch {
      // not a URL: ignored
    }
  }
  return { type, urls: [...new Set(kept)] };
}
