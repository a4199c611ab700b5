// Rendered pages for anonymous visitors, kept in memory. A page is stored only when the request
// carried no session cookie and the response sets none, so a signed-in user never gets another
// user's page. Any content change (announced by the database, from any process) empties the
// cache, so a write shows on the next request. Each hit gets a fresh CSP nonce, and an ETag for
// conditional requests; Cache-Control lets a CDN keep the page briefly too.
import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { contentSecurityPolicy } from "./security";

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  etag: string;
  storedAt: number;
}

export interface PageCache {
  middleware: RequestHandler;
  clear(): void;
  readonly size: number;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const PRIVATE_PATHS = /^\/(?:he\/)?(?:dashboard|account|login|signup|forgot-password|reset-password|verify-email|logout)(?:\/|$)|^\/api\//;
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function createPageCache({ ttlMs = 5 * 60_000, maxEntries = 1_000 } = {}): PageCache {
  const entries = new Map<string, Entry>();

  const send = (res: Response, entry: Entry, ifNoneMatch: string | undefined) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", "Cookie");
    res.setHeader("X-Cache", "HIT");
    if (ifNoneMatch === entry.etag) {
      res.status(304).end();
      return;
    }
    res.status(entry.status).end(entry.body.replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`));
  };

  const middleware: RequestHandler = (req, res, next) => {
    const cookie = req.headers.cookie ?? "";
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") &&
      !SESSION_COOKIE.test(cookie) &&
      !cookie.includes("kta_toast=") &&
      !PRIVATE_PATHS.test(req.path) &&
      !req.path.endsWith(".data");
    if (!cacheable) {
      res.setHeader("X-Cache", "BYPASS");
      if (SESSION_COOKIE.test(cookie)) res.setHeader("Cache-Control", "private, no-store");
      return next();
    }
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs) {
      // Keep recently used pages at the end (least recently used leave first).
      entries.delete(key);
      entries.set(key, hit);
      return send(res, hit, req.get("if-none-match"));
    }

    const nonce = String(res.locals.nonce ?? "");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.setHeader("X-Cache", "MISS");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", "Cookie");
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      if (chunk !== undefined && typeof chunk !== "function") keep(chunk);
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && req.method === "GET" && !res.getHeader("set-cookie") && /text\/html|application\/xml|text\/plain/.test(type)) {
        const body = Buffer.concat(chunks).toString("utf8");
        const stable = nonce ? body.replaceAll(`nonce="${nonce}"`, 'nonce=""') : body;
        const headers: [string, string][] = [["Content-Type", type]];
        entries.set(key, {
          status: 200,
          headers,
          body,
          nonce,
          etag: `W/"${createHash("sha1").update(stable).digest("base64url")}"`,
          storedAt: Date.now(),
        });
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };

  return {
    middleware,
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
