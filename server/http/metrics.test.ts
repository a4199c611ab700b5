import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, metricsAllowed, routeOf, type MetricSources } from "./metrics";

describe("route labels", () => {
  it.each([
    ["/", "home"],
    ["/he", "home"],
    ["/en/restaurant/olive-grill", "restaurant"],
    ["/he/restaurant/olive-grill.data", "restaurant"],
    ["/en/restaurant/olive-grill/report", "report"],
    ["/dashboard/edit/3f0c/hours", "dashboard"],
    ["/he/dashboard", "dashboard"],
    ["/blogs", "blog"],
    ["/blog/s/top-5", "blog"],
    ["/he/login/two-factor", "account"],
    ["/api/live/restaurants/x", "api_live"],
    ["/api/search-index/abc", "api_search_index"],
    ["/api/restaurants.json", "api_open_data_json"],
    ["/api/restaurants.geojson", "api_open_data_geojson"],
    ["/api/uploads", "api_uploads"],
    ["/api/auth/get-session", "api_auth"],
    ["/assets/home-1.js", "assets"],
    ["/uploads/restaurant-images/a.webp", "uploads"],
    ["/healthz", "healthz"],
    ["/sitemap", "other_page"],
    ["/no/such/page/with/a/very/long/path", "other_page"],
  ])("%s is %s (a fixed set: no slug becomes a series of its own)", (path, route) => {
    expect(routeOf(path)).toBe(route);
  });
});

describe("who may read /metrics", () => {
  it("nobody in production without a token; anyone in development without one; only the bearer of the token with one", () => {
    expect(metricsAllowed(undefined, { token: undefined, production: true })).toBe(false);
    expect(metricsAllowed(undefined, { token: undefined, production: false })).toBe(true);
    const token = "0123456789abcdef0123";
    expect(metricsAllowed(`Bearer ${token}`, { token, production: true })).toBe(true);
    expect(metricsAllowed(`Bearer ${token}x`, { token, production: true })).toBe(false);
    expect(metricsAllowed(token, { token, production: false })).toBe(false);
    expect(metricsAllowed(undefined, { token, production: false })).toBe(false);
  });
});

describe("the metrics an operator reads", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  async function serve(sources: MetricSources, token?: string) {
    const metrics = createMetrics({ token, production: true, sources });
    const app = express();
    app.use((req, res, next) => {
      metrics.observe(req, res);
      next();
    });
    app.get("/metrics", metrics.serve);
    app.get("/", (_req, res) => void res.set("X-Cache", "HIT").send("home"));
    app.get("/en/restaurant/:slug", (_req, res) => void res.set("X-Cache", "MISS").send("page"));
    app.get("/boom", (_req, res) => void res.status(503).send("down"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, metrics };
  }

  it("count requests by route and status class, time them, and count page-cache hits and misses; read the gauges when asked", async () => {
    let streams = 3;
    const token = "a-long-enough-metrics-token";
    const { base, metrics } = await serve(
      { liveStreams: () => streams, databaseDown: () => true, pool: () => ({ total: 5, idle: 2, waiting: 1 }) },
      token,
    );
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    await fetch(`${base}/en/restaurant/a`);
    await fetch(`${base}/en/restaurant/b`);
    await fetch(`${base}/boom`);
    metrics.uploadProcessed(0.3, "photo");
    streams = 4;
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(text).toContain('http_requests_total{method="GET",route="home",status="2xx"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="restaurant",status="2xx"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="other_page",status="5xx"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{route="restaurant"\} 2/);
    expect(text).toContain('page_cache_requests_total{result="hit"} 2');
    expect(text).toContain('page_cache_requests_total{result="miss"} 2');
    expect(text).toContain("live_update_streams 4");
    expect(text).toContain("database_down 1");
    expect(text).toContain('database_pool_connections{state="waiting"} 1');
    expect(text).toContain('upload_processing_seconds_count{kind="photo"} 1');
    expect(text).toContain("process_cpu_seconds_total");
    // No slug of a restaurant became a label.
    expect(text).not.toMatch(/restaurant\/a|"\/en\//);
  });
});
