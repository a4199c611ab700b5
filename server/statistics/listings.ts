// Views of restaurant pages and taps on their links, counted per listing and Tel Aviv day (ADR 025).
// The server counts them where every request arrives, cached pages included, in memory (a tally);
// the tally writes them in batches. Nothing about the visitor is kept: not an address, an agent, a
// cookie. Bots (isbot, or no User-Agent at all) and requests that are not a person opening the page
// (a prefetch, the service worker keeping a page offline, a page re-reading its own data) are not
// counted. ADR 025.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ListingCount } from "../../app/features/restaurants/statistics/store.server";
import { isTapKind, type Count } from "../../app/features/restaurants/statistics/kinds";
import { telAvivDay } from "../../app/lib/dates";
import { isBotAgent } from "./agents";
import { createTally, type Tally } from "./tally";

/** A restaurant page or its data (`.data`), in either language; the slug as written in the path. */
const RESTAURANT_PAGE = /^\/(?:en|he)\/restaurant\/([^/]+?)(\.data)?$/;
/** Longer than any slug the site makes. */
const MAX_SLUG = 200;
/** The header the service worker sends when it fetches a page to keep offline (app/service-worker.ts). */
export const OFFLINE_COPY_HEADER = "x-offline-copy";

export interface ListingCounter {
  /** Counts a view of a restaurant page when it is answered 200 (from the page cache or not). */
  observe(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Counts a tap reported by a link's ping (the slug decoded): false when it is not one we count
   * (unknown kind, a bot, a slug no listing has). Asked after the ping is answered.
   */
  tap(req: IncomingMessage, slug: string, kind: string): Promise<boolean>;
  /** Resolves once the taps reported so far are counted or not (before a write that must include them). */
  settled(): Promise<void>;
  tally: Tally;
}

/** A person's browser: a User-Agent that is not a bot's (agents.ts). */
function isPerson(req: IncomingMessage): boolean {
  return !isBotAgent(req.headers["user-agent"]);
}

/** Fetched ahead of a visit (speculation rules, `<link rel=prefetch>`) or by the service worker to keep offline. */
function isFetchedAhead(req: IncomingMessage): boolean {
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  return (
    (typeof purpose === "string" && purpose.includes("prefetch")) || req.headers[OFFLINE_COPY_HEADER] !== undefined
  );
}

/**
 * A page's data asked for again by the page itself (after a form on it, or a live update): its
 * Referer is the page. A click from another page (a card, a similar place) has that page's.
 */
function isRereading(req: IncomingMessage, pagePath: string): boolean {
  const referer = req.headers.referer;
  if (typeof referer !== "string") return false;
  try {
    return decoded(new URL(referer).pathname) === decoded(pagePath);
  } catch {
    return false;
  }
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function isSlug(slug: string | undefined): slug is string {
  return slug !== undefined && slug.length > 0 && slug.length <= MAX_SLUG && !/[\t\n/]/.test(slug);
}

export interface ListingCounterOptions {
  /** Adds a batch to the database (addListingCounts). */
  write: (counts: ListingCount[]) => Promise<void>;
  writeEveryMs: number;
  now?: () => Date;
  maxKeys?: number;
  /**
   * Every listing's slug, kept in memory by the server and read again only after a listing
   * changes: a tap names its listing in the URL, so anyone can post taps for slugs that do not
   * exist; only known ones are counted, so made-up slugs never take the tally's room from real
   * counts, and no tap costs a database query.
   */
  knownSlugs: () => Promise<ReadonlySet<string>>;
}

export function createListingCounter({
  write,
  writeEveryMs,
  now = () => new Date(),
  maxKeys = 100_000,
  knownSlugs,
}: ListingCounterOptions): ListingCounter {
  const tally = createTally({
    name: "[statistics] listings",
    everyMs: writeEveryMs,
    maxKeys,
    write: (counts) => write([...counts].map(([key, count]) => listingCountOf(key, count))),
  });
  // The Tel Aviv day, read again at most once a second (formatting a date on every view would cost more than the count).
  let day = "";
  let dayUntil = 0;
  const today = () => {
    const at = now();
    if (at.getTime() >= dayUntil || at.getTime() < dayUntil - 1_000) {
      day = telAvivDay(at);
      dayUntil = at.getTime() + 1_000;
    }
    return day;
  };
  const count = (slug: string, kind: Count) => tally.add(`${today()}\t${slug}\t${kind}`);
  const tapOf = async (req: IncomingMessage, slug: string, kind: string): Promise<boolean> => {
    if (!isSlug(slug) || !isTapKind(kind) || !isPerson(req)) return false;
    // Slugs that cannot be read (the database is down): the tap is not counted rather than guessed.
    const known = await knownSlugs().catch(() => undefined);
    if (!known?.has(slug)) return false;
    count(slug, kind);
    return true;
  };
  const tapping = new Set<Promise<boolean>>();

  return {
    tally,
    observe(req, res) {
      // Every request passes here, cached pages too: what is not a restaurant page (`/en/restaurant/…`,
      // `/he/restaurant/…`), or not a person's, is left at the cheapest question that tells.
      const url = req.url;
      if (req.method !== "GET" || url === undefined || !url.startsWith("/restaurant/", 3) || !isPerson(req)) return;
      const path = url.split("?", 1)[0] ?? "";
      const page = RESTAURANT_PAGE.exec(path);
      if (!page?.[1]) return;
      const slug = decoded(page[1]);
      if (!isSlug(slug) || isFetchedAhead(req)) return;
      if (page[2] && isRereading(req, path.slice(0, -".data".length))) return;
      res.once("finish", () => {
        if (res.statusCode === 200) count(slug, "views");
      });
    },
    tap(req, slug, kind) {
      const counted = tapOf(req, slug, kind);
      tapping.add(counted);
      void counted.finally(() => tapping.delete(counted));
      return counted;
    },
    settled: async () => {
      await Promise.all([...tapping]);
    },
  };
}

function listingCountOf(key: string, count: number): ListingCount {
  const [day = "", slug = "", kind = "views"] = key.split("\t");
  return { day, slug, kind: kind as Count, count };
}
