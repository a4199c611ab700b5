// Load: 60 s at 100 connections over a mix of public pages: zero errors, p99 reported.
// The built server runs as `npm start` runs it (a child process) with the demo data; autocannon
// loops every connection over the mix below. LOAD_SECONDS shortens the run for local use.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerDatabase, type TestDatabase } from "../setup/db";
import { startServer, type RunningServer } from "../setup/server-process";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 100;

let database: TestDatabase | undefined;
let dataDir: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-load-"));
  const served = await createServerDatabase(dataDir);
  database = served.database;
  // Not production: the demo data (40 restaurants with photos, blog posts) is refused there.
  server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "true", ...served.env }, 100_000);
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Paths of the public pages, read from the sitemap as a crawler would. */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

interface MixEntry {
  label: string;
  path: string;
  /** Statuses that count as a correct answer for this entry. */
  expected: (status: number) => boolean;
  /** Makes each request a different URL, so it misses the page cache and is rendered. */
  uncached?: boolean;
}

const success = (status: number) => status >= 200 && status < 400;

describe("load", () => {
  it(`serves a mix of public pages to ${CONNECTIONS} connections for ${SECONDS} s without an error`, async () => {
    const baseUrl = server!.url;
    const paths = await sitemapPaths(baseUrl);
    const restaurants = paths
      .filter((p) => p.startsWith("/en/restaurant/"))
      .map((p) => p.slice("/en/restaurant/".length));
    const post = paths.find((p) => p.startsWith("/blog/s/"));
    expect(restaurants.length, "demo restaurants in the sitemap").toBeGreaterThanOrEqual(6);
    expect(post, "a blog post in the sitemap").toBeDefined();

    // Six restaurants spread over the list, each in both languages.
    const picked = [0, 1, 2, 3, 4, 5].map((i) => restaurants[Math.floor((i * restaurants.length) / 6)]!);
    const mix: MixEntry[] = [
      ...[
        "/",
        "/he",
        "/blogs",
        post!,
        "/sitemap",
        "/accessibility",
        "/he/privacy-policy",
        "/?q=grill",
        "/he?q=%D7%A4%D7%9C%D7%90%D7%A4%D7%9C",
      ].map((p) => ({
        label: p,
        path: p,
        expected: success,
      })),
      ...picked
        .flatMap((slug) => [`/en/restaurant/${slug}`, `/he/restaurant/${slug}`])
        .map((p) => ({ label: p, path: p, expected: success })),
      // A page that does not exist: its 404 is the right answer, not an error.
      { label: "/no-such-page (404)", path: "/no-such-page", expected: (status: number) => status === 404 },
      // The home page filtered by a search no one typed before: rendered on every request.
      { label: "/?q=… (uncached)", path: "/?q=falafel", expected: success, uncached: true },
    ];

    // Each page answers correctly before the load, so a failure below is the load's doing.
    for (const entry of mix) {
      const response = await fetch(baseUrl + entry.path, { redirect: "manual" });
      await response.arrayBuffer();
      expect(entry.expected(response.status), `${entry.path} answered ${response.status} before the load`).toBe(true);
    }

    // Every connection takes the next entry of the mix in turn (one counter for all), so the
    // entries are requested equally often but connections do not move through the mix in step:
    // otherwise they would pile up on the slow (rendered) entries together.
    const statuses = new Map<string, Map<number, number>>(mix.map((entry) => [entry.label, new Map()]));
    let next = 0;
    const requests: Request[] = [
      {
        method: "GET",
        setupRequest: (request, context) => {
          const entry = mix[next++ % mix.length]!;
          context.label = entry.label;
          return { ...request, path: entry.uncached ? `${entry.path}&n=${next}` : entry.path };
        },
        onResponse: (status, _body, context) => {
          const counts = statuses.get(context.label as string)!;
          counts.set(status, (counts.get(status) ?? 0) + 1);
        },
      },
    ];
    const requestErrors = new Map<string, number>();
    const instance = autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { "accept-encoding": "br, gzip" },
      requests,
    });
    instance.on("reqError", (error) => requestErrors.set(error.message, (requestErrors.get(error.message) ?? 0) + 1));
    const result = await instance;

    const rssMB = Math.round(
      Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${server!.child.pid}/status`, "utf8"))?.[1]) / 1024,
    );
    console.log(
      `load: ${CONNECTIONS} connections, ${result.duration} s, ${mix.length} URLs: ${Math.round(result.requests.average)} req/s, ` +
        `${result.requests.total} responses, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `errors ${result.errors}, timeouts ${result.timeouts}; statuses ${JSON.stringify(result.statusCodeStats)}; server RSS after ${rssMB} MB`,
    );

    const wrong = mix.flatMap((entry) =>
      [...statuses.get(entry.label)!]
        .filter(([status]) => !entry.expected(status))
        .map(([status, count]) => `${entry.label}: ${count} × ${status}`),
    );
    expect({
      errors: result.errors,
      timeouts: result.timeouts,
      requestErrors: Object.fromEntries(requestErrors),
      wrongStatuses: wrong,
    }).toEqual({
      errors: 0,
      timeouts: 0,
      requestErrors: {},
      wrongStatuses: [],
    });
    expect(result["5xx"]).toBe(0);
    // Every entry of the mix was actually requested.
    for (const entry of mix)
      expect(
        [...statuses.get(entry.label)!.values()].reduce((a, b) => a + b, 0),
        entry.label,
      ).toBeGreaterThan(0);

    // Still healthy afterwards, and it stops cleanly.
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const log = server!.output();
    expect(log.slice(log.indexOf("listening on")), "server output after start-up").not.toMatch(/error/i);
    expect(await server!.stop()).toBe(0);
  });
});
