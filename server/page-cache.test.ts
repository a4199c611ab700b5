import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageCache, type PageCache } from "./page-cache";

/** Renders `html` at `url` through the cache's capture step, as the app would for a miss. */
function render(cache: PageCache, url: string, html: string) {
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  const res = {
    statusCode: 200,
    locals: { pageCacheKey: url },
    getHeader: (name: string) => headers[name.toLowerCase()],
    write: () => true,
    end: (body?: string) => body,
  };
  cache.capture({ method: "GET" } as Request, res as unknown as Response, () => {});
  res.end(html);
}

function isHit(cache: PageCache, url: string): boolean {
  const req = { method: "GET", url, headers: {} } as IncomingMessage;
  const res = { setHeader: () => undefined, end: () => undefined, statusCode: 0 } as unknown as ServerResponse;
  return cache.tryServe(req, res);
}

// Random text does not compress, so each page costs about three times its length.
const page = (kb: number) => `<p>${Array.from({ length: kb * 16 }, () => Math.random().toString(36).slice(2, 10).padEnd(64, "x")).join("")}</p>`;

describe("page cache memory", () => {
  it("keeps within its byte budget by letting the least recently used pages go", () => {
    const cache = createPageCache({ maxBytes: 2 * 1024 * 1024 });
    for (let i = 0; i < 20; i++) render(cache, `/?q=${i}`, page(100));
    expect(cache.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(cache.size).toBeLessThan(20);
    expect(isHit(cache, "/?q=19")).toBe(true);
    expect(isHit(cache, "/?q=0")).toBe(false);
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
