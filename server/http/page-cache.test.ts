import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { brotliDecompressSync, gzip } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cardsPage } from "../../tests/setup/cards-page";
import { createPageCache, type PageCache } from "./page-cache";

/** Renders `html` at `url` through the cache's capture step, as the app would for a miss. */
function render(cache: PageCache, url: string, html: string) {
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  const res = {
    statusCode: 200,
    locals: { pageCacheKey: url },
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    write: () => true,
    end: (body?: string) => body,
  };
  cache.capture({ method: "GET" } as Request, res as unknown as Response, () => {});
  res.end(html);
}

/** The body a hit sends to a browser that accepts brotli. */
function brotliBody(cache: PageCache, url: string): Buffer {
  let body: Buffer | undefined;
  const req = { method: "GET", url, headers: { "accept-encoding": "br" } } as unknown as IncomingMessage;
  const res = {
    writeHead: () => undefined,
    end: (chunk?: Buffer) => (body = chunk),
  } as unknown as ServerResponse;
  if (!cache.tryServe(req, res) || !body) throw new Error(`no hit for ${url}`);
  return body;
}

function isHit(cache: PageCache, url: string): boolean {
  const req = { method: "GET", url, headers: {} } as IncomingMessage;
  const res = { writeHead: () => undefined, end: () => undefined } as unknown as ServerResponse;
  return cache.tryServe(req, res);
}

// Random text does not compress: a page costs its length, and its length again for each encoding
// a visitor has asked for (the first render keeps only the one its visitor took).
const page = (kb: number) =>
  `<p>${Array.from({ length: kb * 16 }, () => Math.random().toString(36).slice(2, 10).padEnd(64, "x")).join("")}</p>`;

describe("page cache memory", () => {
  it("keeps within its byte budget by letting the least recently used pages go", () => {
    const cache = createPageCache({ maxBytes: 2 * 1024 * 1024 });
    for (let i = 0; i < 20; i++) render(cache, `/?q=${i}`, page(150));
    expect(cache.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(cache.size).toBeLessThan(20);
    expect(isHit(cache, "/?q=19")).toBe(true);
    expect(isHit(cache, "/?q=0")).toBe(false);
  });

  it("keeps the pages visitors ask for when others must go, whenever they were stored", () => {
    const cache = createPageCache({ maxEntries: 4 });
    for (const q of ["a", "b", "c", "d"]) render(cache, `/?q=${q}`, "<p>page</p>");
    expect(isHit(cache, "/?q=a")).toBe(true);
    render(cache, "/?q=e", "<p>page</p>");
    render(cache, "/?q=f", "<p>page</p>");
    // The oldest page was asked for: it stays, and the next ones, never asked for, go.
    expect(cache.size).toBe(4);
    expect(isHit(cache, "/?q=b")).toBe(false);
    expect(isHit(cache, "/?q=c")).toBe(false);
    for (const q of ["a", "d", "e", "f"]) expect(isHit(cache, `/?q=${q}`)).toBe(true);
  });

  it("keeps a page in the encoding its first visitor took, makes another when asked, and counts it", () => {
    const cache = createPageCache();
    render(cache, "/", page(10));
    const rawOnly = cache.bytes;
    const brotli = brotliBody(cache, "/");
    const withBrotli = cache.bytes;
    expect(withBrotli).toBe(rawOnly + brotli.length);
    expect(brotliBody(cache, "/")).toEqual(brotli);
    expect(cache.bytes).toBe(withBrotli);
  });

  it("counts a replaced page once, and nothing after clearing", () => {
    const cache = createPageCache();
    render(cache, "/", page(10));
    const one = cache.bytes;
    render(cache, "/", page(10));
    expect(cache.bytes).toBeGreaterThan(one * 0.9);
    expect(cache.bytes).toBeLessThan(one * 1.1);
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(isHit(cache, "/")).toBe(false);
  });
});

/** How many of the pages (url → length of their first brotli) are served in a smaller brotli now. */
const denseCount = (cache: PageCache, quick: Map<string, number>): number =>
  [...quick].filter(([url, length]) => brotliBody(cache, url).length < length).length;

/** Resolves once every page is served in its densest brotli (`denseCount`), or after ~10 s. */
async function denseSoon(cache: PageCache, quick: Map<string, number>): Promise<number> {
  // Made off the main thread: on a busy machine (CI, parallel suites) that can take seconds.
  for (let i = 0; i < 500 && denseCount(cache, quick) < quick.size; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return denseCount(cache, quick);
}

describe("page cache compression", () => {
  it("serves at once, then the densest brotli of the same page once it is made", async () => {
    const cache = createPageCache();
    const html = cardsPage();
    render(cache, "/", html);
    const quick = brotliBody(cache, "/");
    expect(brotliDecompressSync(quick).toString()).toBe(html);
    expect(await denseSoon(cache, new Map([["/", quick.length]]))).toBe(1);
    const dense = brotliBody(cache, "/");
    expect(dense.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(dense).toString()).toBe(html);
    // The wait above may take 10 s for the worker; the test's own limit must not cut it shorter.
  }, 15_000);

  it("makes the densest brotli one page at a time, so other compressions are not held behind it", async () => {
    // Just after the cache was emptied: twenty pages have their first hit at once.
    const cache = createPageCache();
    const quick = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      render(cache, `/?page=${i}`, cardsPage(i * 31));
      quick.set(`/?page=${i}`, brotliBody(cache, `/?page=${i}`).length);
    }
    // A 404 or a signed-in page is compressed as it streams, on the same four threads of libuv.
    const densifiedBeforeIt = await new Promise<number>((resolve) =>
      gzip(Buffer.from("<p>Not found</p>"), () => resolve(denseCount(cache, quick))),
    );
    // Not behind the twenty: at most the one page being made is done first (all at once, 17 were).
    expect(densifiedBeforeIt).toBeLessThanOrEqual(1);
    // And every page still gets its densest brotli, in turn.
    expect(await denseSoon(cache, quick)).toBe(20);
  }, 15_000);
});

describe("page cache misses", () => {
  /** A miss as the app answers it: headers flushed, the page in chunks with a flush after each. */
  function renderInChunks(
    cache: PageCache,
    url: string,
    parts: string[],
    { status = 200, acceptEncoding = "gzip" } = {},
  ) {
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    const written: { writes: unknown[]; ends: unknown[]; flushes: number; headerFlushes: number } = {
      writes: [],
      ends: [],
      flushes: 0,
      headerFlushes: 0,
    };
    const res = {
      statusCode: status,
      locals: { pageCacheKey: url },
      getHeader: (name: string) => headers[name.toLowerCase()],
      setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
      flushHeaders: () => void written.headerFlushes++,
      flush: () => void written.flushes++,
      once: () => undefined,
      write: (chunk: unknown) => (written.writes.push(chunk), true),
      end: (chunk?: unknown) => void written.ends.push(chunk),
    };
    const req = { method: "GET", headers: { "accept-encoding": acceptEncoding } } as unknown as Request;
    cache.capture(req, res as unknown as Response, () => {});
    const app = res as unknown as Response & { flush(): void };
    app.flushHeaders();
    for (const part of parts) {
      app.write(part);
      app.flush();
    }
    app.end();
    return { headers, written };
  }

  it("answers a cacheable page in one piece, compressed once, with the copy it keeps", async () => {
    const { gunzipSync } = await import("node:zlib");
    const cache = createPageCache();
    const parts = ["<!DOCTYPE html><html><body>", "<p>one</p>".repeat(200), "<p>two</p>".repeat(200), "</body></html>"];
    const { headers, written } = renderInChunks(cache, "/", parts);
    // Nothing went out chunk by chunk (no per-chunk compression and flushing)...
    expect(written.writes).toEqual([]);
    expect(written.flushes).toBe(0);
    expect(written.ends).toHaveLength(1);
    // ...and the one body sent is the whole page, gzip as asked, its length known.
    expect(headers["content-encoding"]).toBe("gzip");
    const body = written.ends[0] as Buffer;
    expect(headers["content-length"]).toBe(String(body.length));
    expect(gunzipSync(body).toString()).toBe(parts.join(""));
    expect(isHit(cache, "/")).toBe(true);
  });

  it("sends a page it does not keep (here a 404) as it came, through the compression middleware", () => {
    const cache = createPageCache();
    const { headers, written } = renderInChunks(cache, "/missing", ["<p>not ", "found</p>"], { status: 404 });
    expect(headers["content-encoding"]).toBeUndefined();
    expect(written.headerFlushes).toBe(1);
    expect(written.writes.map(String).join("")).toBe("<p>not found</p>");
    expect(written.ends).toHaveLength(1);
    expect(isHit(cache, "/missing")).toBe(false);
  });
});

// The open data feeds are kept as pages are, with their own headers; other JSON never is.
describe("page cache and the open data feeds", () => {
  function renderJson(cache: PageCache, path: string, type: string) {
    const headers: Record<string, string> = {
      "content-type": type,
      "access-control-allow-origin": "*",
      link: '<https://l.example>; rel="license"',
      "x-other": "no",
    };
    const res = {
      statusCode: 200,
      locals: { pageCacheKey: path },
      getHeader: (name: string) => headers[name.toLowerCase()],
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
      write: () => true,
      end: (body?: string) => body,
      once: () => undefined,
    };
    cache.capture({ method: "GET", path, headers: {} } as unknown as Request, res as unknown as Response, () => {});
    res.end('{"type":"FeatureCollection"}');
  }

  function hitHeaders(cache: PageCache, url: string): Record<string, string> | null {
    const headers: Record<string, string> = {};
    const req = { method: "GET", url, headers: {} } as IncomingMessage;
    // A hit writes its whole header list at once (name, value, name, value...).
    const res = {
      writeHead: (_status: number, list: string[]) => {
        for (let at = 0; at < list.length; at += 2) headers[String(list[at]).toLowerCase()] = String(list[at + 1]);
      },
      end: () => undefined,
    } as unknown as ServerResponse;
    return cache.tryServe(req, res) ? headers : null;
  }

  it("keeps a feed and answers its hits with its type, CORS and licence headers", () => {
    const cache = createPageCache();
    renderJson(cache, "/api/restaurants.geojson", "application/geo+json; charset=utf-8");
    const headers = hitHeaders(cache, "/api/restaurants.geojson");
    expect(headers).toMatchObject({
      "content-type": "application/geo+json; charset=utf-8",
      "access-control-allow-origin": "*",
      link: '<https://l.example>; rel="license"',
      "x-cache": "HIT",
      // The same for everyone: it varies by encoding, never by cookie.
      vary: "Accept-Encoding",
    });
    expect(headers?.["x-other"]).toBeUndefined();
  });

  it("keeps one entry per feed whatever the query string: a second query string is a hit, not a new build", () => {
    const cache = createPageCache();
    let builds = 0;
    // The server's order: serve (before Express's app) says miss and names the key; the feed's handler renders it.
    const ask = (url: string): "HIT" | "MISS" | undefined => {
      const [path = url, query = ""] = url.split("?");
      const headers: Record<string, string> = {};
      const locals: Record<string, unknown> = {};
      const req = { method: "GET", path, originalUrl: url, url, query, headers: {}, get: () => undefined };
      const res = {
        locals,
        statusCode: 200,
        setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
        getHeader: (name: string) => headers[name.toLowerCase()],
        end: () => undefined,
      };
      let missed = false;
      cache.serve(req as unknown as Request, res as unknown as Response, () => {
        missed = true;
      });
      if (missed && typeof locals.pageCacheKey === "string") {
        builds += 1;
        renderJson(cache, String(locals.pageCacheKey), "application/json; charset=utf-8");
      }
      return headers["x-cache"] as "HIT" | "MISS" | undefined;
    };
    expect(ask("/api/restaurants.json?a=1")).toBe("MISS");
    expect(ask("/api/restaurants.json?b=2")).toBe("HIT");
    expect(ask("/api/restaurants.json")).toBe("HIT");
    // Node's fast path, before Express, agrees.
    expect(hitHeaders(cache, "/api/restaurants.json?c=3")).toMatchObject({ "x-cache": "HIT" });
    expect(builds).toBe(1);
    expect(cache.size).toBe(1);
    // A page keeps its query string: a search is its own page.
    render(cache, "/?q=falafel", "<p>falafel</p>");
    expect(isHit(cache, "/?q=hummus")).toBe(false);
  });

  it("keeps no JSON at any other path", () => {
    const cache = createPageCache();
    renderJson(cache, "/api/other.json", "application/json; charset=utf-8");
    renderJson(cache, "/en/restaurant/x", "application/json; charset=utf-8");
    expect(hitHeaders(cache, "/api/other.json")).toBeNull();
    expect(hitHeaders(cache, "/en/restaurant/x")).toBeNull();
  });
});

describe("page cache fast path", () => {
  /** A Node server answering hits only (the server's order: before Express), with a fixed request id. */
  async function fastServer(cache: PageCache) {
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      if (!cache.tryServe(req, res, "req-7")) res.writeHead(299).end("not a hit");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const ask = async (method: string, headers: Record<string, string>) => {
      const { request } = await import("node:http");
      return new Promise<{ status: number; raw: string[]; body: Buffer }>((resolve, reject) => {
        request({ port, host: "127.0.0.1", path: "/", method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders, body: Buffer.concat(chunks) }),
          );
        })
          .on("error", reject)
          .end();
      });
    };
    return { ask, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /** What the Express path (`serve`, after the security middleware's standard headers) sets for the same hit. */
  async function expressHeaders(cache: PageCache, acceptEncoding: string, hsts: boolean) {
    const { setStandardHeaders } = await import("./security");
    const headers: [string, string][] = [["X-Request-Id", "req-7"]];
    const set = (name: string, value: string | number) => {
      const at = headers.findIndex(([existing]) => existing.toLowerCase() === name.toLowerCase());
      if (at === -1) headers.push([name, String(value)]);
      else headers[at] = [name, String(value)];
    };
    setStandardHeaders({ setHeader: set } as unknown as ServerResponse, { hsts });
    const req = {
      method: "GET",
      path: "/",
      originalUrl: "/",
      headers: {},
      get: (name: string) => (name === "accept-encoding" ? acceptEncoding : undefined),
    };
    const res = { setHeader: set, end: () => undefined, statusCode: 0, locals: {} };
    cache.serve(req as unknown as Request, res as unknown as Response, () => {
      throw new Error("not a hit");
    });
    return headers;
  }

  const pairs = (raw: string[]) => raw.flatMap((value, at) => (at % 2 === 0 ? [[value, raw[at + 1]]] : []));
  const withoutTransport = (raw: string[]) =>
    pairs(raw).filter(([name]) => !["date", "connection", "keep-alive"].includes(String(name).toLowerCase()));

  it("sends a hit the same headers, in the same order, as the Express path, in every encoding, and 304 and HEAD", async () => {
    const { gunzipSync } = await import("node:zlib");
    for (const hsts of [false, true]) {
      const cache = createPageCache({ hsts, imageOrigins: ["http://tiles.example"] });
      const html = `<!DOCTYPE html><html><body>${"<p>שלום kosher</p>".repeat(300)}<script>window.x=1</script></body></html>`;
      render(cache, "/", html);
      const { ask, close } = await fastServer(cache);
      try {
        for (const acceptEncoding of ["br, gzip", "gzip", ""]) {
          const answer = await ask("GET", { "accept-encoding": acceptEncoding });
          expect(answer.status).toBe(200);
          expect(withoutTransport(answer.raw)).toEqual(await expressHeaders(cache, acceptEncoding, hsts));
          const body =
            acceptEncoding === "br, gzip"
              ? brotliDecompressSync(answer.body)
              : acceptEncoding === "gzip"
                ? gunzipSync(answer.body)
                : answer.body;
          expect(body.toString()).toBe(html);
        }
        const head = await ask("HEAD", { "accept-encoding": "gzip" });
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        expect(withoutTransport(head.raw)).toEqual(await expressHeaders(cache, "gzip", hsts));
        const etag = pairs(head.raw).find(([name]) => name === "ETag")?.[1] ?? "";
        const notModified = await ask("GET", { "accept-encoding": "gzip", "if-none-match": etag });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        const expected = (await expressHeaders(cache, "gzip", hsts)).filter(
          ([name]) => name !== "Content-Encoding" && name !== "Content-Length",
        );
        expect(withoutTransport(notModified.raw)).toEqual(expected);
        expect(pairs(notModified.raw).some(([name]) => name === "Strict-Transport-Security")).toBe(hsts);
      } finally {
        await close();
      }
    }
  });
});
