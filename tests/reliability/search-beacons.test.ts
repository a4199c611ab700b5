// A burst of "searches that found nothing" beacons must not stall the site. Every term the browser
// reports is searched again in the directory when the batch is written; on the embedded database
// that search runs inside the server's own process, so a batch of a thousand made-up terms, searched
// one after another, once held every request (cached pages too) for many seconds. Here the built
// server (embedded database, demo data, a batch written every 2 s) takes a burst of beacons with
// distinct terms from many addresses (X-Forwarded-For from loopback, which TRUST_PROXY trusts by
// default) and from one, while a cached page is asked for again and again: its answers through the
// writes stay short (MEDIAN_MS, P99_MS, MAX_MS).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../setup/server-process";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Beacons in the burst, each with its own term. */
const BEACONS = 1_000;
/** How long the cached page is watched from the burst's start: several writes of the batch. */
const WATCH_MS = 12_000;
/**
 * What the writes may add to a cached page's answer, for 99 answers in 100, over the same page's
 * slowest 5 in 100 without beacons (the test machine is shared: its slowest answers measure the
 * machine, not the server); the slowest answer of all; and the median through the writes. Before
 * the work was bounded, a write held the server for one to three seconds at a time: the slowest
 * answer took 1.7–3.1 s and 99 in 100 took up to 0.6–1.5 s.
 */
const P99_MS = 500;
const MAX_MS = 1_000;
const MEDIAN_MS = 50;

let dataDir: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-beacons-"));
  server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "true", STATISTICS_WRITE_SECONDS: "2" }, 100_000);
  // The jobs the server runs at start (warm-up, the planner's statistics) are not what is measured.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A term no listing has: letters no restaurant's text holds, distinct per beacon. */
const termOf = (i: number) => `qzx${i.toString(36)}vwq jjx`;

async function sendBeacons(base: string, from: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  // A few at a time, as a script in a loop would send them.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < BEACONS) {
        const i = next++;
        const answer = await fetch(`${base}/api/searches/missed`, {
          method: "POST",
          body: termOf(i),
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": CHROME,
            "sec-fetch-site": "same-origin",
            "x-forwarded-for": from(i),
          },
        });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
    }),
  );
  return statuses;
}

/** Asks for `url` one request after another until `until`, and gives each answer's time in ms. */
async function watch(url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { "user-agent": CHROME } });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    expect(answer.headers.get("x-cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

describe("a burst of search beacons", () => {
  it.each([
    ["from a thousand addresses", (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`],
    ["from one address", () => "203.0.113.7"],
  ] as const)(
    `%s: a cached page keeps answering through the writes (median under ${MEDIAN_MS} ms, 99 in 100 within ${P99_MS} ms of the quiet machine's, none over ${MAX_MS} ms)`,
    async (label, from) => {
      const base = server!.url;
      const page = `${base}/en/accessibility`;
      // Cached before the burst.
      await (await fetch(page, { headers: { "user-agent": CHROME } })).arrayBuffer();
      // The same page watched without beacons first: what this (shared) machine answers anyway.
      const quiet = await watch(page, Date.now() + 3_000);
      const until = Date.now() + WATCH_MS;
      const [times, statuses] = await Promise.all([watch(page, until), sendBeacons(base, from)]);
      const report = {
        label,
        answers: times.length,
        p50: Math.round(percentile(times, 50)),
        p95: Math.round(percentile(times, 95)),
        p99: Math.round(percentile(times, 99)),
        max: Math.round(Math.max(...times)),
        quietP50: Math.round(percentile(quiet, 50)),
        quietP95: Math.round(percentile(quiet, 95)),
      };
      console.log(`[search beacons] ${JSON.stringify(report)}`);
      // Every beacon is answered 204, counted or not: a beacon has no one to show an error to.
      expect(new Set(statuses)).toEqual(new Set([204]));
      // From many addresses the batches outgrew a write: each wrote its share while the page was watched.
      if (label === "from a thousand addresses")
        expect(server!.output()).toMatch(/search misses: 100 written, \d+ wait for the next write/);
      expect(report.p50, JSON.stringify(report)).toBeLessThan(MEDIAN_MS);
      expect(report.p99, JSON.stringify(report)).toBeLessThan(P99_MS + report.quietP95);
      expect(report.max, JSON.stringify(report)).toBeLessThan(MAX_MS);
    },
    120_000,
  );
});
