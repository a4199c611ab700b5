// "The database is down": recognising it in an error, and the page visitors get instead (HTTP 503).
// Pure, shared by the server entry (a loader failed) and the Express guard (the database is known
// to be down). The page needs nothing else to render: no database, no scripts, no assets.
import type { Language } from "./i18n/language";
import { translator } from "./i18n/messages";
import { plainPage } from "./plain-page";

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
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

/** The complete 503 page in the visitor's language. Says nothing about what failed. */
export function unavailablePage(language: Language): string {
  const t = translator(language);
  return plainPage(language, {
    title: t("unavailable.title"),
    body: t("unavailable.body"),
    link: { href: "", text: t("unavailable.retry") },
  });
}
