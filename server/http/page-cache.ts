// Rendered pages for anonymous visitors, kept in memory, compressed once. A page is stored only
// when the request carried no session cookie and the response sets none, so a signed-in user never
// gets another user's page. Any content change (announced by the database, from any process)
// empties the cache, so a write shows on the next request. A cached page is the same for everyone,
// so its CSP allows exactly its own inline scripts by hash (no nonce is reused); an ETag answers
// conditional requests; Cache-Control lets a CDN keep the page briefly too.
import { addDays, telAvivDay } from "../../app/lib/dates";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { matchRoute } from "../../app/route-facts";
import {
  chooseEncoding,
  densify,
  precompress,
  sendPrecompressed,
  variantOf,
  type Encoding,
  type Precompressed,
} from "./precompressed";
import { isPersonal, pathOfUrl } from "./requests";
import { contentSecurityPolicy, standardHeaders } from "./security";

interface Entry extends Precompressed {
  type: string;
  csp: string;
  etag: string;
  storedAt: number;
  /** When it stops being served: its lifetime, or the next midnight in Tel Aviv if sooner. */
  expiresAt: number;
  /** The densest brotli has been asked for (at the page's first hit). */
  densified?: boolean;
  /** Asked for since it was stored or last given a second chance (see `put`). */
  used: boolean;
  /** An open data feed's own headers (CORS, its licence's Link, Last-Modified, Vary), sent again with every hit. */
  headers: Record<string, string>;
  /** A hit's whole header list, made at its first hit in each encoding (and for a 304), for the fast path. */
  heads?: Partial<Record<Encoding | "identity" | "notModified", Head>>;
}

/** A hit's status line headers as `writeHead` takes them (name, value, name, value...), and the body they describe. */
interface Head {
  list: string[];
  /** The same list after an X-Request-Id whose value is filled in per request (writeHead copies it at once). */
  withId: string[];
  body: Buffer | undefined;
}

/**
 * Marks an answer sent by the fast path (its headers are not kept on the response, so metrics asks
 * here). A property rather than a WeakSet: adding to a WeakSet cost about half a microsecond a
 * request, most of it in the garbage collector.
 */
const HIT = Symbol("page cache hit");
type Marked = ServerResponse & { [HIT]?: true };

/** True when the page cache answered this response before Express (a hit, counted as one by the metrics). */
export function servedFromCache(res: ServerResponse): boolean {
  return (res as Marked)[HIT] === true;
}

export interface PageCache {
  /**
   * Answers a cache hit straight from Node's request, before Express (the fast path for
   * anonymous visitors), sending `requestId` as its X-Request-Id; returns false when the request
   * is not a hit. The response must have no headers set yet: the hit's whole header list is
   * written at once.
   */
  tryServe(req: IncomingMessage, res: ServerResponse, requestId?: string): boolean;
  /** Answers from the cache; mount before compression and static files. */
  serve: RequestHandler;
  /** Keeps what the app renders for a cacheable request; mount after compression, before the app. */
  capture: RequestHandler;
  clear(): void;
  readonly size: number;
  /** Memory held by the cached pages (raw and compressed). */
  readonly bytes: number;
}

/**
 * Pages (or their `.data`) that are about the visitor: accounts, the dashboard, the API — the
 * routes app/route-facts.ts declares private. Read as the router reads a path, which matches
 * `/Reset-Password` and `/reset%2Dpassword` to the reset page: decoded, lower-cased, repeated
 * slashes as one. A path that cannot be decoded is private (nothing public is lost by not caching it).
 */
export function isPrivatePath(path: string): boolean {
  return matchRoute(path).facts.private === true;
}
/** React Router's own endpoints (route discovery) and files are not pages: never touched here. */
const NOT_PAGES = /^\/__|\.[a-z0-9]+$/i;
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** The headers an open data feed's answer keeps in the cache (route facts' `openData`). */
const FEED_HEADERS = ["access-control-allow-origin", "link", "last-modified"] as const;
const FEED_TYPES = /application\/(?:geo\+)?json/;
const isFeedPath = (path: string): boolean => matchRoute(path).facts.openData === true;
/** A path that may be a feed's (checked against the route facts only then): the fast path stays a Map lookup for pages. */
const MAYBE_FEED = /\.(?:geo)?json$/i;
/**
 * A feed is one entry whatever query string it is asked with: the feeds read none, so keeping one
 * entry per query string would let anyone rebuild the whole directory's feed, and fill the cache,
 * by adding `?1`, `?2`... Its key is its path alone, in lower case (Express routes it in any case).
 */
const feedKey = (path: string): string => path.toLowerCase();
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hashes of a page's inline scripts: of each script's UTF-8 bytes. `html` is the page's
 * bytes read as Latin-1 (one character a byte), so a script's text goes back to its bytes as it
 * was, Hebrew included, and the page is not decoded from UTF-8 for this (ADR 035).
 */
function scriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) =>
    createHash("sha256")
      .update(match[1] ?? "", "latin1")
      .digest("base64"),
  );
}

/**
 * The next midnight in Tel Aviv after `now`: a page is about its day (the Pesach season,
 * freshness begin and end at a day's edge), so none is served past it.
 */
export function nextTelAvivMidnight(now: number): number {
  const next = addDays(telAvivDay(new Date(now)), 1);
  // Israel is UTC+2 or UTC+3: the midnight is the one of these at which the day changes.
  for (const hours of [3, 2]) {
    const candidate = Date.parse(`${next}T00:00:00Z`) - hours * 3_600_000;
    if (telAvivDay(new Date(candidate)) === next && telAvivDay(new Date(candidate - 1)) !== next) return candidate;
  }
  return now + 3_600_000;
}

function store(
  type: string,
  body: Buffer,
  imageOrigins: readonly string[],
  acceptEncoding: string,
  ttlMs: number,
  headers: Record<string, string> = {},
): Entry {
  const html = type.includes("text/html") ? body.toString("latin1") : "";
  const storedAt = Date.now();
  return {
    type,
    // Compressed for the visitor who caused the render; another encoding when someone asks for it.
    ...precompress(body, chooseEncoding(acceptEncoding)),
    csp: contentSecurityPolicy({ hashes: scriptHashes(html) }, imageOrigins),
    etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
    storedAt,
    expiresAt: Math.min(storedAt + ttlMs, nextTelAvivMidnight(storedAt)),
    used: false,
    headers,
  };
}

/** The feed's own headers as its handler set them (FEED_HEADERS); it varies by encoding only (never by cookie). */
function feedHeaders(res: ServerResponse): Record<string, string> {
  const kept: Record<string, string> = { vary: "Accept-Encoding" };
  for (const name of FEED_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Memory the cache may use (raw and compressed copies): many distinct URLs must not grow it without bound. */
  maxBytes?: number;
  hsts?: boolean;
  /** Image hosts the CSP names besides https: (the map's tile host). */
  imageOrigins?: readonly string[];
  /**
   * False while the cache cannot be trusted (changes could be missed): pages are then neither
   * served from nor stored in it. Defaults to always true.
   */
  usable?: () => boolean;
  /** Requests never served from nor stored in the cache (the browser tests' own clock). */
  bypass?: (req: IncomingMessage) => boolean;
}

export function createPageCache({
  ttlMs = 5 * 60_000,
  maxEntries = 1_000,
  maxBytes = 64 * 1024 * 1024,
  hsts = false,
  usable = () => true,
  bypass = () => false,
  imageOrigins = [],
}: PageCacheOptions = {}): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const sizeOf = (entry: Entry) => entry.raw.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };
  const put = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    // Pages not asked for lately leave first ("second chance", close to least recently used): the
    // oldest page goes unless it was asked for since its last turn; then it moves to the back, and
    // the next one is looked at. A hit only marks its page. Moving it to the back at every hit (a
    // Map's delete and set) cost 1.6 µs with 800 pages cached: V8 rebuilt the Map's table that often.
    while (entries.size > maxEntries || bytes > maxBytes) {
      const [oldest, first] = entries.entries().next().value as [string, Entry];
      if (first.used) {
        first.used = false;
        entries.delete(oldest);
        entries.set(oldest, first);
      } else remove(oldest);
    }
  };
  // A page is stored with quick compression so it can be served at once; the densest brotli then
  // replaces it, once per page and change, if the page is still the one cached. It is made at the
  // page's first hit: a URL asked for once (a rare filter) does not cost it, nor slow the
  // renders of the pages after it. Pages wait their turn for it (one at a time, see `densify`),
  // and a page that left the cache meanwhile (a change emptied it) is not made at all.
  const recompress = (key: string, entry: Entry) => {
    if (entry.densified) return;
    entry.densified = true;
    const cached = () => entries.get(key) === entry;
    densify(
      entry,
      (dense) => {
        if (!cached()) return;
        bytes += dense.length - (entry.br?.length ?? 0);
        entry.br = dense;
      },
      cached,
    );
  };

  /** The page cached at `key` while it is fresh, marked as asked for (see `put`) and its densest brotli asked for. */
  const hitOf = (key: string): Entry | undefined => {
    const hit = entries.get(key);
    if (!hit || Date.now() >= hit.expiresAt) return undefined;
    hit.used = true;
    recompress(key, hit);
    return hit;
  };

  const send = (
    res: ServerResponse,
    key: string,
    entry: Entry,
    ifNoneMatch: string | undefined,
    acceptEncoding: string,
    head: boolean,
  ) => {
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Cache", "HIT");
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    if (ifNoneMatch === entry.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const added = sendPrecompressed(res, entry, acceptEncoding, head);
    // A variant made now is kept with the page: counted, if the page is still the one cached.
    if (added > 0 && entries.get(key) === entry) bytes += added;
  };

  // The fast path's headers: the same as `send` sets on top of the standard ones, in the same
  // order, made once per page and encoding and written with one `writeHead` (no header is set one
  // by one, nor checked again on every hit).
  const standard = standardHeaders({ hsts });
  const headOf = (entry: Entry, kind: Encoding | "identity" | "notModified", body: Buffer | undefined): Head => {
    const kept = entry.heads?.[kind];
    if (kept && kept.body === body) return kept;
    const list: string[] = [];
    for (const [name, value] of standard) list.push(name, value);
    list.push(
      "Content-Type",
      entry.type,
      "Content-Security-Policy",
      entry.csp,
      "ETag",
      entry.etag,
      "Cache-Control",
      PUBLIC_CACHE_CONTROL,
      "Vary",
      "Accept-Encoding, Cookie",
      "X-Cache",
      "HIT",
    );
    // A feed's own Vary replaces the one above, as setHeader did.
    for (const [name, value] of Object.entries(entry.headers)) {
      const at = list.findIndex((existing, index) => index % 2 === 0 && existing.toLowerCase() === name.toLowerCase());
      if (at === -1) list.push(name, value);
      else list.splice(at, 2, name, value);
    }
    if (body !== undefined) {
      if (kind !== "identity") list.push("Content-Encoding", kind);
      list.push("Content-Length", String(body.length));
    }
    const head = { list, withId: ["X-Request-Id", "", ...list], body };
    entry.heads = { ...entry.heads, [kind]: head };
    return head;
  };

  const sendFast = (
    res: ServerResponse,
    key: string,
    entry: Entry,
    ifNoneMatch: string | undefined,
    acceptEncoding: string,
    head: boolean,
    requestId: string | undefined,
  ) => {
    (res as Marked)[HIT] = true;
    const withId = ({ list, withId }: Head) => {
      if (requestId === undefined) return list;
      withId[1] = requestId;
      return withId;
    };
    if (ifNoneMatch === entry.etag) {
      res.writeHead(304, withId(headOf(entry, "notModified", undefined)));
      res.end();
      return;
    }
    const encoding = chooseEncoding(acceptEncoding);
    const { data, added } = variantOf(entry, encoding);
    // A variant made now is kept with the page: counted, if the page is still the one cached.
    if (added > 0 && entries.get(key) === entry) bytes += added;
    res.writeHead(200, withId(headOf(entry, encoding ?? "identity", data)));
    res.end(head ? undefined : data);
  };

  const keyOf = (method: string | undefined, url: string | undefined, cookie: string): string | null => {
    if (method !== "GET" && method !== "HEAD") return null;
    if (isPersonal(cookie)) return null;
    if (url === undefined) return null;
    const path = pathOfUrl(url);
    return MAYBE_FEED.test(path) && isFeedPath(path) ? feedKey(path) : url;
  };

  const serve: RequestHandler = (req, res, next) => {
    const isFile = /\.(?:xml|txt)$/.test(req.path);
    // The open data feeds are kept as pages are (their paths look like files').
    const isFeed = !isFile && NOT_PAGES.test(req.path) && isFeedPath(req.path);
    if (NOT_PAGES.test(req.path) && !isFile && !isFeed) return next();
    const cookie = req.headers.cookie ?? "";
    // A feed is the same for everyone, signed in or not: a session cookie does not keep it from the cache.
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") && (isFeed || !isPersonal(cookie)) && !isPrivatePath(req.path);
    if (!cacheable || !usable() || bypass(req)) {
      // A personal answer's Cache-Control is set by the app (server/app.ts), for pages and data alike.
      res.setHeader("X-Cache", "BYPASS");
      return next();
    }
    const key = isFeed ? feedKey(req.path) : req.originalUrl;
    const hit = hitOf(key);
    if (hit) {
      return send(res, key, hit, req.get("if-none-match"), req.get("accept-encoding") ?? "", req.method === "HEAD");
    }
    res.locals.pageCacheKey = key;
    res.setHeader("X-Cache", "MISS");
    // sitemap.xml and robots.txt set their own caching; pages get the CDN-friendly one.
    if (!isFile) res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", isFeed ? "Accept-Encoding" : "Accept-Encoding, Cookie");
    next();
  };

  // A cacheable page is held back until it is complete (the app renders every page completely
  // before its first byte anyway), compressed once for the cache, and that copy is what this
  // visitor gets too: streamed through the compression middleware instead, with a flush after
  // every chunk, it cost more server time than rendering it.
  const capture: RequestHandler = (req, res, next) => {
    const key = res.locals.pageCacheKey as string | undefined;
    if (!key) return next();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => unknown;
    const flushHeaders = typeof res.flushHeaders === "function" ? res.flushHeaders.bind(res) : undefined;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const holding = req.method === "GET";
    let headersHeld = false;
    if (holding) {
      res.flushHeaders = () => {
        headersHeld = true;
      };
      (res as unknown as { flush?: () => void }).flush = () => {};
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (holding) {
        const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
        if (callback) queueMicrotask(callback);
        return true;
      }
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      if (chunk !== undefined && typeof chunk !== "function") keep(chunk, args[1]);
      const type = String(res.getHeader("content-type") ?? "");
      const feed = FEED_TYPES.test(type) && isFeedPath(req.path);
      if (
        res.statusCode === 200 &&
        req.method === "GET" &&
        usable() &&
        !res.getHeader("set-cookie") &&
        (feed || /text\/html|application\/xml|text\/plain/.test(type))
      ) {
        const accept = String(req.headers?.["accept-encoding"] ?? "");
        const entry = store(type, Buffer.concat(chunks), imageOrigins, accept, ttlMs, feed ? feedHeaders(res) : {});
        put(key, entry);
        if (holding) {
          const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
          res.write = write as typeof res.write;
          res.end = end as typeof res.end;
          sendPrecompressed(res, entry, accept, false);
          if (callback) res.once("finish", callback);
          return res;
        }
      }
      if (!holding) return end(...args);
      // Not kept (an error page, a cookie, another type): sent as it came, through compression.
      if (headersHeld) flushHeaders?.();
      for (const held of chunks) write(held);
      const callback = args.find((arg) => typeof arg === "function");
      return callback ? end(callback) : end();
    }) as typeof res.end;
    next();
  };

  const tryServe = (req: IncomingMessage, res: ServerResponse, requestId?: string): boolean => {
    const key = keyOf(req.method, req.url, req.headers.cookie ?? "");
    const hit = key === null || !usable() || bypass(req) ? undefined : hitOf(key);
    if (!key || !hit) return false;
    sendFast(
      res,
      key,
      hit,
      req.headers["if-none-match"],
      req.headers["accept-encoding"] ?? "",
      req.method === "HEAD",
      requestId,
    );
    return true;
  };

  return {
    tryServe,
    serve,
    capture,
    clear: () => {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
