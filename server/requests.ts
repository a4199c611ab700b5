// What the server asks of a request in several places, answered in one.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** True for a request that only reads (GET, HEAD, OPTIONS): no body to check, nothing to change. */
export function isSafeMethod(method: string | undefined): boolean {
  return SAFE_METHODS.has(method ?? "GET");
}

/** True when the Cookie header carries a better-auth session (signed in, or trying to be). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return SESSION_COOKIE.test(cookie ?? "");
}
