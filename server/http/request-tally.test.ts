import { describe, expect, it } from "vitest";
import { createRequestTally, DURATION_BUCKETS } from "./request-tally";

/** The exposition's sample lines as name{labels} → value. */
function samples(text: string): Map<string, string> {
  const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
  return new Map(lines.map((line) => [line.slice(0, line.lastIndexOf(" ")), line.slice(line.lastIndexOf(" ") + 1)]));
}

describe("the request tally", () => {
  it("counts requests by method, route and status class, and only the series that counted something", () => {
    const tally = createRequestTally();
    tally.count("GET", "home", 200, 0.001, "hit");
    tally.count("GET", "home", 204, 0.001, undefined);
    tally.count("GET", "home", 304, 0.001, "hit");
    tally.count("HEAD", "restaurant", 404, 0.001, undefined);
    tally.count("POST", "report", 503, 0.001, undefined);
    const got = samples(tally.exposition());
    expect(got.get('http_requests_total{method="GET",route="home",status="2xx"}')).toBe("2");
    expect(got.get('http_requests_total{method="GET",route="home",status="3xx"}')).toBe("1");
    expect(got.get('http_requests_total{method="HEAD",route="restaurant",status="4xx"}')).toBe("1");
    expect(got.get('http_requests_total{method="POST",route="report",status="5xx"}')).toBe("1");
    expect([...got.keys()].filter((name) => name.startsWith("http_requests_total"))).toHaveLength(4);
  });

  it("times requests in cumulative buckets (a bound includes its own value), with their sum and count", () => {
    const tally = createRequestTally();
    for (const seconds of [0.005, 0.006, 0.3, 9]) tally.count("GET", "home", 200, seconds, undefined);
    const got = samples(tally.exposition());
    const bucket = (le: string) => got.get(`http_request_duration_seconds_bucket{le="${le}",route="home"}`);
    expect(bucket("0.005")).toBe("1");
    expect(bucket("0.01")).toBe("2");
    expect(bucket("0.25")).toBe("2");
    expect(bucket("0.5")).toBe("3");
    expect(bucket("5")).toBe("3");
    expect(bucket("+Inf")).toBe("4");
    expect(Number(got.get('http_request_duration_seconds_sum{route="home"}'))).toBeCloseTo(9.311, 6);
    expect(got.get('http_request_duration_seconds_count{route="home"}')).toBe("4");
    expect([...got.keys()].filter((name) => name.includes("_bucket"))).toHaveLength(DURATION_BUCKETS.length + 1);
  });

  it("counts the page cache's hits and misses apart from other answers", () => {
    const tally = createRequestTally();
    expect(tally.exposition()).not.toContain("page_cache_requests_total{");
    tally.count("GET", "home", 200, 0.001, "hit");
    tally.count("GET", "home", 200, 0.001, "hit");
    tally.count("GET", "restaurant", 200, 0.01, "miss");
    tally.count("GET", "restaurant", 200, 0.01, undefined);
    const got = samples(tally.exposition());
    expect(got.get('page_cache_requests_total{result="hit"}')).toBe("2");
    expect(got.get('page_cache_requests_total{result="miss"}')).toBe("1");
  });

  it("writes the text format: each metric's help and type, label values escaped", () => {
    const tally = createRequestTally();
    tally.count("GET", 'a "quoted\\ route\nlabel', 200, 0.001, undefined);
    const text = tally.exposition();
    for (const name of ["http_requests_total", "http_request_duration_seconds", "page_cache_requests_total"]) {
      expect(text).toContain(`# HELP ${name} `);
      expect(text).toMatch(new RegExp(`# TYPE ${name} (counter|histogram)\\n`));
    }
    expect(text).toContain('route="a \\"quoted\\\\ route\\nlabel"');
    // Every sample line is `name{labels} value`, one a line.
    for (const line of text.split("\n").filter((one) => one !== "" && !one.startsWith("#")))
      expect(line).toMatch(/^[a-z_]+\{.*\} [0-9.e+-]+$/);
  });
});
