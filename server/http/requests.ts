// What the server asks of a request in several places, answered in one.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const TOAST_COOKIE = /(?:^|;\s*)kta_toast=/;

/** A request target's path, without its query string. */
export function pathOfUrl(url: string): string {
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** True for a request that only reads (GET, HEAD, OPTIONS): no body to check, nothing to change. */
export function isSafeMethod(method: string | undefined): boolean {
  return SAFE_METHODS.has(method ?? "GET");
}

/** True when the Cookie header carries a better-auth session (signed in, or trying to be). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return SESSION_COOKIE.test(cookie ?? "");
}

/** True when the answer may depend on who asks: a session, or a one-time message waiting for them. */
export function isPersonal(cookie: string | undefined): boolean {
  return hasSessionCookie(cookie) || TOAST_COOKIE.test(cookie ?? "");
}

/** The headers of a write that tell where it came from. */
export interface WriteProvenance {
  origin?: string | undefined;
  /** `Sec-Fetch-Site`: same-origin, same-site, cross-site or none (every current browser sends it). */
  secFetchSite?: string | undefined;
  referer?: string | undefined;
  cookie?: string | undefined;
}

/**
 * Why a state-changing request must be refused as cross-site, or null to let it through (OWASP's
 * fetch-metadata defence, with Origin and Referer for browsers that do not send it):
 * - any sign that it came from another site refuses it: `Sec-Fetch-Site` other than same-origin
 *   or none (a user's own action), an Origin or a Referer naming another host, an opaque or
 *   unparseable Origin;
 * - a request carrying the session cookie must also show where it came from — one of those
 *   headers naming us — since a forged one would act as the signed-in user.
 * A request with none of them and no session (a script, an old client signing in) goes on to the
 * action's own checks. Forms keep working without JavaScript: browsers send both headers on them.
 */
export function crossSiteRefusal(request: WriteProvenance, ownHosts: ReadonlySet<string>): string | null {
  let provenShared = false;
  const site = request.secFetchSite?.trim().toLowerCase();
  if (site) {
    if (site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
    provenShared = true;
  }
  if (request.origin !== undefined) {
    const host = hostOf(request.origin);
    if (host === null || !ownHosts.has(host)) return "foreign Origin";
    provenShared = true;
  }
  if (request.referer !== undefined && request.referer !== "") {
    const host = hostOf(request.referer);
    if (host === null || !ownHosts.has(host)) return "foreign Referer";
    provenShared = true;
  }
  if (!provenShared && hasSessionCookie(request.cookie))
    return "signed-in write without Origin, Sec-Fetch-Site or Referer";
  return null;
}

/** The host (with port) of a URL, or null when it is not one or has no host ("null", "file://"). */
function hostOf(url: string): string | null {
  try {
    const host = new URL(url).host;
    return host === "" ? null : host.toLowerCase();
  } catch {
    return null;
  }
}

/** Folders that hold only files: anything under them that was not found is a missing file. */
const FILE_FOLDERS = /^\/(?:assets|uploads|images)\//;
/** The app's own answers whose paths look like files. */
const FILE_ROUTES = new Set(["/sitemap.xml", "/robots.txt", "/api/restaurants.json", "/api/restaurants.geojson"]);
/** A large directory's sitemap files (app/routes/sitemap-file.ts). */
const SITEMAP_FILE = /^\/sitemaps\/[a-z0-9-]+\.xml$/;

/**
 * A path that names a file (under a file folder, or ending in an extension), not a page: when the
 * static handlers did not find it, it gets a plain 404. The app's 404 page would read the session
 * and take a pending one-time toast meant for the next page. React Router's data
 * requests (`.data`) and the app's own file-like routes are pages.
 */
export function isFilePath(path: string): boolean {
  if (FILE_FOLDERS.test(path)) return true;
  return /\.[a-z0-9]+$/i.test(path) && !path.endsWith(".data") && !FILE_ROUTES.has(path) && !SITEMAP_FILE.test(path);
}
