// Every answered request counted by method, route and status class, timed by route, and the page
// cache's hits and misses: kept in plain numbers, written out in Prometheus's text format only when
// /metrics is read. prom-client's counters and histograms hash and check their labels on every
// call, even through a child made once: that was about a microsecond of every cached page's time
// (ADR 035), against a few dozen nanoseconds here.

/** The request duration histogram's upper bounds, in seconds (as prom-client's buckets were). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** What a page cache said of a request: answered from it, or rendered and kept. */
export type CacheResult = "hit" | "miss" | undefined;

interface RouteTally {
  /** Requests by method, then by status class (index 2 for 2xx …; Node allows statuses up to 999). */
  byMethod: Map<string, number[]>;
  /** Requests per bucket, not cumulative: the last one is past the largest bound (+Inf). */
  buckets: number[];
  seconds: number;
  count: number;
}

export interface RequestTally {
  count(method: string, route: string, status: number, seconds: number, cache: CacheResult): void;
  /** The counts so far, in Prometheus's text exposition format (a series shows once it has counted something). */
  exposition(): string;
}

const REQUESTS = "http_requests_total";
const DURATION = "http_request_duration_seconds";
const PAGE_CACHE = "page_cache_requests_total";

/** A label's value as the text format writes it (backslash, quote and new line escaped). */
const labelValue = (value: string): string =>
  value.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');

export function createRequestTally(): RequestTally {
  // Bounded: routes are the route table's labels (app/route-facts.ts), methods are the few Node's
  // parser accepts, statuses are classes.
  const routes = new Map<string, RouteTally>();
  let hits = 0;
  let misses = 0;

  return {
    count(method, route, status, seconds, cache) {
      let tally = routes.get(route);
      if (!tally) {
        tally = {
          byMethod: new Map(),
          buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
          seconds: 0,
          count: 0,
        };
        routes.set(route, tally);
      }
      let classes = tally.byMethod.get(method);
      if (!classes) {
        classes = new Array<number>(10).fill(0);
        tally.byMethod.set(method, classes);
      }
      const statusClass = Math.min(9, Math.max(0, (status / 100) | 0));
      classes[statusClass] = (classes[statusClass] ?? 0) + 1;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] ?? Infinity)) bucket++;
      tally.buckets[bucket] = (tally.buckets[bucket] ?? 0) + 1;
      tally.seconds += seconds;
      tally.count += 1;
      if (cache === "hit") hits++;
      else if (cache === "miss") misses++;
    },
    exposition() {
      const requests: string[] = [];
      const durations: string[] = [];
      for (const [route, tally] of routes) {
        const routeLabel = `route="${labelValue(route)}"`;
        for (const [method, classes] of tally.byMethod) {
          classes.forEach((count, statusClass) => {
            if (count === 0) return;
            requests.push(
              `${REQUESTS}{method="${labelValue(method)}",${routeLabel},status="${statusClass}xx"} ${count}`,
            );
          });
        }
        let cumulative = 0;
        tally.buckets.forEach((count, bucket) => {
          cumulative += count;
          const bound = bucket < DURATION_BUCKETS.length ? String(DURATION_BUCKETS[bucket]) : "+Inf";
          durations.push(`${DURATION}_bucket{le="${bound}",${routeLabel}} ${cumulative}`);
        });
        durations.push(
          `${DURATION}_sum{${routeLabel}} ${tally.seconds}`,
          `${DURATION}_count{${routeLabel}} ${tally.count}`,
        );
      }
      const cache: string[] = [];
      if (hits > 0) cache.push(`${PAGE_CACHE}{result="hit"} ${hits}`);
      if (misses > 0) cache.push(`${PAGE_CACHE}{result="miss"} ${misses}`);
      return [
        `# HELP ${REQUESTS} HTTP requests answered, by method, route and status class.`,
        `# TYPE ${REQUESTS} counter`,
        ...requests,
        "",
        `# HELP ${DURATION} Time from a request's arrival to its answer's end, by route.`,
        `# TYPE ${DURATION} histogram`,
        ...durations,
        "",
        `# HELP ${PAGE_CACHE} Anonymous page requests the page cache answered (hit) or rendered (miss).`,
        `# TYPE ${PAGE_CACHE} counter`,
        ...cache,
        "",
      ].join("\n");
    },
  };
}
