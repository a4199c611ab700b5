// "The database is down": recognising it in an error, and the page visitors get instead (HTTP 503).
// Pure, shared by the server entry (a loader failed) and the Express guard (the database is known
// to be down). The page needs nothing else to render: no database, no scripts, no assets.
import { directionOf, type Language } from "./i18n/language";
import { translator } from "./i18n/messages";

/** Seconds a client is asked to wait before retrying (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 30;

/** Node socket errors that mean the database server cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01–57P05 (shutdown, crash, cannot connect now, database dropped, idle session
 * timeout) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[1-5]|53300)$/;

/** node-postgres' own messages for a lost or never-made connection (they carry no code). */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * True when the error (or anything in its `cause` chain, or an AggregateError's errors — Drizzle
 * and node-postgres wrap what the socket reported) means the database is unreachable, as opposed
 * to a bug or bad input.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== "object" || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === "string" && PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

/** The complete 503 page in the visitor's language. Says nothing about what failed. */
export function unavailablePage(language: Language): string {
  const t = translator(language);
  return `<!DOCTYPE html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t("unavailable.title")} – ${t("brand.name")}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#fafaf9;color:#1c1917}
main{max-width:36rem;padding:2rem;text-align:center}
h1{font-size:1rem;color:#114a2d;margin:0 0 1.5rem}
h2{font-size:1.75rem;margin:0 0 1rem}
p{color:#44403c;line-height:1.5}
a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.25rem;border-radius:.375rem;background:#114a2d;color:#fff;text-decoration:none}
</style>
</head>
<body>
<main id="main">
<h1>${t("brand.name")}</h1>
<h2>${t("unavailable.title")}</h2>
<p>${t("unavailable.body")}</p>
<a href="">${t("unavailable.retry")}</a>
</main>
</body>
</html>
`;
}
