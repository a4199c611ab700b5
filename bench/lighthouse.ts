// Lighthouse performance (mobile and desktop) for a few pages, with the system Chromium.
// Each run gets its own fresh Chromium, started here with a DevTools port that Lighthouse drives.
// A failed run is reported as a row with its error instead of stopping the bench.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Config, type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { findChromium } from "./filter-latency";

export type FormFactor = "mobile" | "desktop";

export interface LighthouseRow {
  page: string;
  formFactor: FormFactor;
  /** 0–100, null when Lighthouse could not score the page. */
  score: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** Lighthouse's own error (runtime error, missing metric) or a failure to run at all. */
  error?: string;
  /** The first attempt's error when a second attempt was made. */
  retriedAfter?: string;
  /**
   * Lighthouse's measure of the machine's speed (a fixed loop of string and array work in the
   * page; higher is faster). The simulated mobile CPU is this machine's slowed four times, so
   * total blocking time moves with it: the index says whether a slow run was the machine.
   */
  benchmarkIndex?: number;
  /**
   * The main thread's busy time during the load (ms), as Lighthouse reports it: the time measured,
   * times its CPU slowdown (4 on mobile, 1 on desktop).
   */
  mainThreadMs?: number | null;
  /** Mobile: every run's LCP, lowest first; the row is the median run. */
  lcpRunsMs?: (number | null)[];
}

/**
 * Lighthouse's simulated mobile figures are computed from a trace recorded at full speed, so they
 * move by a few hundred milliseconds from run to run on a busy machine: mobile is run this many
 * times and the median run (by LCP) reported.
 */
const MOBILE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_MOBILE_RUNS ?? 3));

/** The run with the median LCP of those that worked (the slower middle one of an even count) (the first failure if none did). */
function medianRun(runs: LighthouseRow[]): LighthouseRow {
  const worked = runs.filter((row) => !row.error && row.lcpMs !== null).sort((a, b) => a.lcpMs! - b.lcpMs!);
  if (!worked.length) return runs[0]!;
  return { ...worked[Math.floor(worked.length / 2)]!, lcpRunsMs: worked.map((row) => row.lcpMs) };
}

// Without the background-networking flags Chromium tries to reach Google services, which this
// machine's closed network refuses, and Lighthouse waits on or trips over those connections.
const LIGHTHOUSE_CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--remote-debugging-address=127.0.0.1",
  "--remote-debugging-port=0",
];

interface Chromium {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh profile and resolves with its DevTools port. */
function launchChromium(timeoutMs = 30_000): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), "kta-bench-lh-"));
  const child = spawn(findChromium(), [...LIGHTHOUSE_CHROMIUM_ARGS, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    // Chromium's helper processes may still be writing the profile as it exits: retry, and
    // leave a temporary folder behind rather than fail the bench.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // The OS cleans the temporary folder.
    }
  };
  let stderr = "";
  let settled = false;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      // Once Chromium is handed over, its exit (when the run closes it) is not a failure.
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void close().then(() => reject(new Error(`${message}\n${stderr.slice(-2000)}`)));
    };
    const timer = setTimeout(() => fail(`Chromium did not open a DevTools port in ${timeoutMs} ms`), timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (!match || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr.removeAllListeners("data");
      child.stderr.resume();
      resolve({ port: Number(match[1]), close });
    });
    child.once("error", (error) => fail(`Chromium failed to start: ${error.message}`));
    void exited.then(() =>
      fail(`Chromium exited with ${child.exitCode ?? child.signalCode} before opening a DevTools port`),
    );
  });
}

const round = (value: number | undefined, digits = 0) => (value === undefined ? null : Number(value.toFixed(digits)));

/** One Lighthouse run (performance only); never throws. */
async function runOnce(url: string, formFactor: FormFactor): Promise<LighthouseRow> {
  const page = new URL(url).pathname;
  const empty = { page, formFactor, score: null, lcpMs: null, cls: null, tbtMs: null };
  let chromium: Chromium | undefined;
  try {
    chromium = await launchChromium();
    const flags: Flags = { port: chromium.port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
    // Mobile: the default config (Moto G Power, simulated slow 4G and 4x CPU); desktop: Lighthouse's desktop preset.
    const config: Config | undefined = formFactor === "desktop" ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) return { ...empty, error: "Lighthouse returned no result" };
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.numericValue;
    const score = lhr.categories.performance?.score;
    const row: LighthouseRow = {
      page,
      formFactor,
      score: score === null || score === undefined ? null : Math.round(score * 100),
      lcpMs: round(audit("largest-contentful-paint")),
      cls: round(audit("cumulative-layout-shift"), 3),
      tbtMs: round(audit("total-blocking-time")),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      mainThreadMs: round(audit("mainthread-work-breakdown")),
    };
    // A page that could not be loaded (an HTTP error, a crash) is a runtime error, which every
    // metric then repeats; a metric can also fail alone (e.g. NO_LCP).
    if (lhr.runtimeError) return { ...row, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const problems = ["largest-contentful-paint", "cumulative-layout-shift", "total-blocking-time"]
      .map((id) => (lhr.audits[id]?.errorMessage ? `${id}: ${lhr.audits[id].errorMessage}` : ""))
      .filter(Boolean);
    return problems.length ? { ...row, error: problems.join("; ") } : row;
  } catch (error) {
    return { ...empty, error: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
  } finally {
    await chromium?.close();
  }
}

/**
 * One Lighthouse run, tried a second time if the first fails: Lighthouse's trace recording fails
 * now and then on a busy machine (NO_NAVSTART, NO_FCP: "Please run Lighthouse again").
 */
export async function runLighthouse(url: string, formFactor: FormFactor): Promise<LighthouseRow> {
  const first = await runOnce(url, formFactor);
  if (!first.error) return first;
  return { ...(await runOnce(url, formFactor)), retriedAfter: first.error };
}

/** Mobile and desktop for every page, one after the other (runs in parallel would skew each other). */
export async function lighthousePages(
  baseUrl: string,
  pages: string[],
  log: (row: LighthouseRow) => void = () => {},
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const pagePath of pages) {
    // Fill the page cache first: Lighthouse measures what a visitor after the first one gets.
    await fetch(`${baseUrl}${pagePath}`).then((response) => response.arrayBuffer());
    for (const formFactor of ["mobile", "desktop"] as const) {
      const runs: LighthouseRow[] = [];
      for (let run = 0; run < (formFactor === "mobile" ? MOBILE_RUNS : 1); run++) {
        runs.push(await runLighthouse(`${baseUrl}${pagePath}`, formFactor));
      }
      const row = formFactor === "mobile" ? medianRun(runs) : runs[0]!;
      log(row);
      rows.push(row);
    }
  }
  return rows;
}

/** A page with a heading, a sentence and no script: what Lighthouse measures when a page asks nothing of it. */
const PAGE_WITHOUT_SCRIPT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  "<title>No script</title></head><body><h1>No script</h1><p>A page with nothing to run.</p></body></html>";

/**
 * The browser's yardstick: Lighthouse mobile (median of the mobile runs) on a page with no script,
 * served by plain `node:http`. On a plain machine its total blocking time is 0; where a fresh
 * Chromium's own start-up work is slow, it is not, and every page's figure carries that part too.
 */
export async function lighthouseWithoutScript(): Promise<LighthouseRow> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(PAGE_WITHOUT_SCRIPT);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const runs: LighthouseRow[] = [];
    for (let run = 0; run < MOBILE_RUNS; run++) runs.push(await runLighthouse(url, "mobile"));
    return medianRun(runs);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
