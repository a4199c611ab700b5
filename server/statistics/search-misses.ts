// The home page's searches that found nothing, counted on the request path in memory only
// (a tally: server/statistics/tally.ts) and written in batches, where each term is searched again
// alone (recordMisses). Two places report a miss: the home loader (the server searched) and the
// browser after it searched its own index (a beacon to POST /api/searches/missed). Neither a bot
// (isbot on the User-Agent; none at all counts as a bot) nor a term of fewer than three letters is
// counted, and nothing about the visitor is kept: a Tel Aviv day, a normalised term, a count.
import { createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { setImmediate } from "node:timers/promises";
import express, { type RequestHandler } from "express";
import type { Db } from "../../database/types";
import { hitRateLimits, RateLimitedError, type Limit } from "../../app/lib/rate-limit.server";
import { telAvivDay } from "../../app/lib/dates";
import { MISS_BEACON_MAX_BYTES, missKey, missTerm, parseMissKey } from "../../app/features/restaurants/search/misses";
import { recordMisses, termFindsIn, type TermFinds } from "../../app/features/restaurants/search/misses.server";
import { isBotAgent } from "./agents";
import { createTally, type Tally } from "./tally";

/** Where the browser reports a search of its own index that found nothing. */
export const SEARCH_MISSED_PATH = "/api/searches/missed";
/** How often counted misses are written (the server gives STATISTICS_WRITE_SECONDS). */
export const SEARCH_MISSES_EVERY_MS = 60_000;
/** The most different terms held between writes: a flood of made-up terms costs no more memory. */
export const SEARCH_MISSES_MAX_KEYS = 1_000;
/**
 * The most different terms one write searches again. The rest wait in memory for the next write
 * (most searched first), within the tally's bound on keys, past which new terms are dropped and
 * the log says how many: a flood of made-up terms costs at most this many searches a write, and a
 * term many diners look for is never held back by it.
 */
export const SEARCH_MISSES_CHECKS_PER_WRITE = 100;
/**
 * Beacons one address may send that are counted: a diner sends one per term they gave up on, a
 * few a visit. Past it a beacon is still answered 204 (it has no page to show an error on) and is
 * not counted; the refusals are counted for the metrics. Kept in the shared rate-limit table, so
 * every process counts the same beacons, under a keyed hash of the address, never the address.
 */
export const BEACON_LIMIT: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Beacons waiting to be checked against the limit at most; past it a beacon is not counted (a flood from many addresses). */
const MAX_WAITING = 1_000;
/** Addresses remembered as refused, so a flood from one costs one database statement a window, not one a beacon. */
const MAX_REFUSED_REMEMBERED = 10_000;

export interface SearchMisses {
  /**
   * Counts a search that found nothing, once per visitor (the client's address, as the day's keyed
   * hash), in memory; nothing is written here. Ignored for bots and short terms.
   */
  report(rawTerm: string, userAgent: string | null | undefined, address: string): void;
  /** POST /api/searches/missed: the raw term as a short text body; always 204 (a bot's, a bad term or one past the address's limit is ignored). */
  beacon: RequestHandler;
  tally: Tally;
  /** Beacons not counted since the process started: past their address's limit, or too many waiting to be checked (a metric). */
  refused(): number;
  /** Resolves once the beacons answered so far have been admitted or refused (tests). */
  settled(): Promise<void>;
}

export interface SearchMissesOptions {
  db: Db;
  /** The directory's own search for a term alone (the database's, by default). */
  finds?: TermFinds;
  /** Writes a batch (recordMisses by default; unit tests watch the batches). */
  record?: (counts: ReadonlyMap<string, number>) => Promise<unknown>;
  everyMs?: number;
  maxKeys?: number;
  /** The most different terms one write searches again (SEARCH_MISSES_CHECKS_PER_WRITE). */
  checksPerWrite?: number;
  /** Who sent a beacon, as rate limits count clients (server/http/client-address.ts). */
  clientOf?: (req: IncomingMessage) => string;
  /** The server's secret: it keys the hash that stands for an address in the limit's table. */
  secret?: string;
  /** The per-address limit on beacons (BEACON_LIMIT). */
  beaconLimit?: Limit;
  /** Counts a beacon under the limit's key, or throws RateLimitedError (the shared rate-limit table, by default). */
  hitLimit?: (key: string, limit: Limit, at: Date) => Promise<void>;
  now?: () => Date;
  warn?: (message: string, error?: unknown) => void;
}

/**
 * An address as the day's keyed hash: the key is made from the server's secret and the Tel Aviv
 * day and is never stored, so the same address gives another hash the next day, and a hash
 * cannot be turned back into an address without the secret.
 */
export function visitorHash(secret: string, day: string, address: string): string {
  const dayKey = createHmac("sha256", secret).update(`search-misses\t${day}`).digest();
  return createHmac("sha256", dayKey).update(address).digest("base64url").slice(0, 22);
}

export function createSearchMisses({
  db,
  finds = termFindsIn(db),
  record = (counts) => recordMisses(db, counts, finds),
  everyMs = SEARCH_MISSES_EVERY_MS,
  maxKeys = SEARCH_MISSES_MAX_KEYS,
  checksPerWrite = SEARCH_MISSES_CHECKS_PER_WRITE,
  clientOf = (req) => req.socket.remoteAddress ?? "unknown",
  secret = "",
  beaconLimit = BEACON_LIMIT,
  hitLimit = (key, limit, at) => hitRateLimits(db, [{ key, limit }], at),
  now = () => new Date(),
  // Looked up when called: the log's console (and a test's spy) is the one in place then.
  warn = (message, error) => (error === undefined ? console.warn(message) : console.warn(message, error)),
}: SearchMissesOptions): SearchMisses {
  const tally: Tally = createTally({
    name: "[statistics] search misses",
    write: async (counts) => {
      const { now: checked, later } = splitByTerm(counts, checksPerWrite);
      await record(checked);
      // The rest waits for the next write, added to what arrives meanwhile (a failed write puts the whole batch back itself).
      for (const [key, count] of later) tally.add(key, count);
      if (later.size > 0)
        warn(`[statistics] search misses: ${checked.size} written, ${later.size} wait for the next write`);
    },
    everyMs,
    maxKeys,
    warn,
  });
  // One key per day, term and visitor: a visitor repeating a term adds to its key, never a new one,
  // and is counted once when written (recordMisses).
  const count = (rawTerm: string, userAgent: string | null | undefined, day: string, visitor: string) => {
    if (isBotAgent(userAgent)) return;
    const term = missTerm(rawTerm);
    if (term) tally.add(missKey(day, term, visitor));
  };
  const report = (rawTerm: string, userAgent: string | null | undefined, address: string) => {
    const day = telAvivDay(now());
    count(rawTerm, userAgent, day, visitorHash(secret, day, address));
  };

  // The per-address limit: the shared table decides; an address it refused is remembered here
  // until its window ends, so its further beacons cost nothing. Beacons are checked one at a time,
  // with a turn of the event loop between two (the embedded database runs in this process: a
  // burst's statements run back to back would hold every request), and at most MAX_WAITING wait.
  let refused = 0;
  const refusedUntil = new Map<string, number>();
  const admit = async (visitor: string, at: Date): Promise<boolean> => {
    const until = refusedUntil.get(visitor);
    if (until !== undefined && at.getTime() < until) {
      refused += 1;
      return false;
    }
    try {
      await hitLimit(`search-missed:${visitor}`, beaconLimit, at);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimitedError)) return false; // The database is down: not counted, nothing to tell.
      refused += 1;
      if (refusedUntil.size >= MAX_REFUSED_REMEMBERED) refusedUntil.clear();
      refusedUntil.set(visitor, at.getTime() + error.retryAfterMs);
      return false;
    }
  };
  const waiting: { visitor: string; day: string; at: Date; term: string; userAgent: string | undefined }[] = [];
  let draining: Promise<void> | undefined;
  const drain = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (await admit(next.visitor, next.at)) count(next.term, next.userAgent, next.day, next.visitor);
      await setImmediate();
    }
  };

  const readText = express.text({ type: () => true, limit: MISS_BEACON_MAX_BYTES, defaultCharset: "utf-8" });
  const beacon: RequestHandler = (req, res, next) => {
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      res.set("Cache-Control", "no-store").status(204).end();
      // Checked after the answer: a beacon never waits for the limit's table.
      const userAgent = req.get("user-agent");
      if (typeof body !== "string" || isBotAgent(userAgent) || !missTerm(body)) return;
      if (waiting.length >= MAX_WAITING) {
        refused += 1;
        return;
      }
      const at = now();
      const day = telAvivDay(at);
      waiting.push({ visitor: visitorHash(secret, day, clientOf(req)), day, at, term: body, userAgent });
      draining ??= drain().finally(() => {
        draining = undefined;
      });
    });
  };
  return {
    report,
    beacon,
    tally,
    refused: () => refused,
    settled: async () => {
      while (draining) await draining;
    },
  };
}

/**
 * A batch split in two: the keys of at most `terms` different terms, most counted first, to write
 * now, and the rest. Keys are missKey's (a day, a term, a visitor): the terms most visitors searched
 * go first. A key it cannot read goes with the first part.
 */
function splitByTerm(
  counts: ReadonlyMap<string, number>,
  terms: number,
): { now: Map<string, number>; later: Map<string, number> } {
  const byTerm = new Map<string, number>();
  for (const [key, count] of counts) {
    const term = parseMissKey(key)?.term ?? key;
    byTerm.set(term, (byTerm.get(term) ?? 0) + count);
  }
  if (byTerm.size <= terms) return { now: new Map(counts), later: new Map() };
  const chosen = new Set(
    [...byTerm]
      .sort((a, b) => b[1] - a[1])
      .slice(0, terms)
      .map(([term]) => term),
  );
  const now = new Map<string, number>();
  const later = new Map<string, number>();
  for (const [key, count] of counts) (chosen.has(parseMissKey(key)?.term ?? key) ? now : later).set(key, count);
  return { now, later };
}
