// Issue 31: the home page's searches that found nothing, counted on the request path in memory only
// (a tally: server/statistics/tally.ts) and written in batches, where each term is searched again
// alone (recordMisses). Two places report a miss: the home loader (the server searched) and the
// browser after it searched its own index (a beacon to POST /api/searches/missed). Neither a bot
// (isbot on the User-Agent; none at all counts as a bot) nor a term of fewer than three letters is
// counted, and nothing about the visitor is kept: a Tel Aviv day, a normalised term, a count.
import express, { type RequestHandler } from "express";
import type { Db } from "../../database/types";
import { telAvivDay } from "../../app/lib/dates";
import { MISS_BEACON_MAX_BYTES, missKey, missTerm } from "../../app/features/restaurants/search/misses";
import { recordMisses, termFindsIn, type TermFinds } from "../../app/features/restaurants/search/misses.server";
import { isBotAgent } from "./agents";
import { createTally, type Tally } from "./tally";

/** Where the browser reports a search of its own index that found nothing. */
export const SEARCH_MISSED_PATH = "/api/searches/missed";
/** How often counted misses are written (the server gives STATISTICS_WRITE_SECONDS). */
export const SEARCH_MISSES_EVERY_MS = 60_000;
/** The most different terms held between writes: a flood of made-up terms costs no more memory, nor more than this many searches a minute when written. */
export const SEARCH_MISSES_MAX_KEYS = 1_000;

export interface SearchMisses {
  /** Counts a search that found nothing (in memory; nothing is written here). Ignored for bots and short terms. */
  report(rawTerm: string, userAgent: string | null | undefined): void;
  /** POST /api/searches/missed: the raw term as a short text body; always 204 (a bot's or a bad term is ignored). */
  beacon: RequestHandler;
  tally: Tally;
}

export interface SearchMissesOptions {
  db: Db;
  /** The directory's own search for a term alone (the database's, by default). */
  finds?: TermFinds;
  /** Writes a batch (recordMisses by default; unit tests watch the batches). */
  record?: (counts: ReadonlyMap<string, number>) => Promise<unknown>;
  everyMs?: number;
  maxKeys?: number;
  now?: () => Date;
  warn?: (message: string, error?: unknown) => void;
}

export function createSearchMisses({
  db,
  finds = termFindsIn(db),
  record = (counts) => recordMisses(db, counts, finds),
  everyMs = SEARCH_MISSES_EVERY_MS,
  maxKeys = SEARCH_MISSES_MAX_KEYS,
  now = () => new Date(),
  // Looked up when called: the log's console (and a test's spy) is the one in place then.
  warn = (message, error) => console.warn(message, error),
}: SearchMissesOptions): SearchMisses {
  const tally = createTally({
    name: "[statistics] search misses",
    write: async (counts) => {
      await record(counts);
    },
    everyMs,
    maxKeys,
    warn,
  });
  const report = (rawTerm: string, userAgent: string | null | undefined) => {
    if (isBotAgent(userAgent)) return;
    const term = missTerm(rawTerm);
    if (term) tally.add(missKey(telAvivDay(now()), term));
  };
  const readText = express.text({ type: () => true, limit: MISS_BEACON_MAX_BYTES, defaultCharset: "utf-8" });
  const beacon: RequestHandler = (req, res, next) => {
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      if (typeof body === "string") report(body, req.get("user-agent"));
      res.set("Cache-Control", "no-store").status(204).end();
    });
  };
  return { report, beacon, tally };
}
