// Prometheus metrics for operators: requests by route, status class and duration,
// page-cache hits and misses, open live-update streams, the database pool, whether the database
// is taken as down (the circuit breaker), and upload processing time. `/metrics` is off unless
// METRICS_TOKEN is set (then it asks for `Authorization: Bearer <token>`); outside production,
// without a token, it is open on the developer's machine. What every request adds to is counted in
// plain numbers (request-tally.ts); the rest is prom-client's, read when Prometheus asks.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { matchRoute } from "../../app/route-facts";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { servedFromCache } from "./page-cache";
import { createRequestTally } from "./request-tally";
import { pathOfUrl } from "./requests";

/** What the gauges read when Prometheus asks. */
export interface MetricSources {
  liveStreams: () => number;
  databaseDown: () => boolean;
  /** Searches-not-found beacons not counted (past their address's limit, or too many waiting) since the process started. */
  searchBeaconsRefused?: () => number;
  /** PostgreSQL's pool (absent on PGlite, one connection in the process). */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  /**
   * Counts a request whose answer was sent, `seconds` after it arrived, cached pages included: for
   * a listener already waiting for every request's end (the request log's).
   */
  answered: (req: IncomingMessage, res: ServerResponse, seconds: number) => void;
  /** The same with a listener of its own, where nothing else waits for the request's end. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
  /** GET /metrics. */
  serve: RequestHandler;
  uploadProcessed: (seconds: number, kind: string) => void;
}

/**
 * A small, fixed set of route labels (never the raw path: every slug would be its own series):
 * each route's `label` in app/route-facts.ts — pages by kind, API endpoints by name, files by folder.
 */
export function routeOf(path: string): string {
  return matchRoute(path).facts.label ?? "other_page";
}

/** Whether the request may read the metrics. */
export function metricsAllowed(
  authorization: string | undefined,
  { token, production }: { token: string | undefined; production: boolean },
): boolean {
  if (!token) return !production;
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createMetrics({
  token,
  production,
  sources,
}: {
  token: string | undefined;
  production: boolean;
  sources: MetricSources;
}): Metrics {
  // Our own registry: two apps in one process (tests) never collide.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const uploads = new Histogram({
    name: "upload_processing_seconds",
    help: "Checking, re-encoding and storing an upload, by kind.",
    labelNames: ["kind"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "live_update_streams",
    help: "Open live-update streams in this process.",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: "database_down",
    help: "1 while the database is taken as down (pages answer 503), else 0.",
    registers: [registry],
    collect() {
      this.set(sources.databaseDown() ? 1 : 0);
    },
  });
  const beaconsRefused = sources.searchBeaconsRefused;
  if (beaconsRefused) {
    new Counter({
      name: "search_miss_beacons_refused_total",
      help: "Searches-not-found beacons answered but not counted: past their address's limit, or too many waiting to be checked.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(beaconsRefused());
      },
    });
  }
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: "database_pool_connections",
      help: "PostgreSQL pool connections: total, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    });
  }

  const tally = createRequestTally();
  const answered = (req: IncomingMessage, res: ServerResponse, seconds: number) => {
    const route = routeOf(pathOfUrl(req.url ?? "/"));
    // A hit answered before Express keeps no headers on the response: the page cache says it was one.
    const cache = servedFromCache(res) ? "HIT" : res.getHeader("X-Cache");
    tally.count(
      req.method ?? "GET",
      route,
      res.statusCode,
      seconds,
      cache === "HIT" ? "hit" : cache === "MISS" ? "miss" : undefined,
    );
  };
  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    // `on`, not `once`: a response finishes once, and once's wrapper cost a third of a microsecond.
    res.on("finish", () => answered(req, res, Number(process.hrtime.bigint() - started) / 1e9));
  };

  return {
    answered,
    observe,
    async serve(req, res) {
      if (!metricsAllowed(req.get("authorization"), { token, production })) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      res
        .set("Cache-Control", "no-store")
        .type(registry.contentType)
        .send(`${await registry.metrics()}\n${tally.exposition()}`);
    },
    uploadProcessed(seconds, kind) {
      uploads.observe({ kind }, seconds);
    },
  };
}
