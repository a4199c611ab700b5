// JavaScript a first visit costs, as the browser receives it: every script Chromium fetches until
// the network is idle, counted from its own network events (CDP Network.loadingFinished
// encodedDataLength: the bytes that came over the wire for the response, compressed as the server
// sent them, headers included), in a fresh profile with an empty cache.
import http from "node:http";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./filter-latency";

/** The budget, in bytes: 110 kB with k = 1,000 (the strict reading; 125 kB until ADR 020). */
export const VISITOR_JS_BUDGET_BYTES = 107_000;

export interface VisitorJs {
  page: string;
  /** Scripts fetched (module entry, modulepreloads, lazy chunks loaded before the network went idle). */
  files: number;
  /** Bytes on the wire for those scripts (CDP encodedDataLength). */
  wireBytes: number;
  /** The same scripts fetched again asking for gzip only: the bench's figure before this one. */
  gzipBytes: number;
  /** Largest scripts first: file name and bytes on the wire. */
  largest: { file: string; bytes: number }[];
  /** Strings that exist only in dashboard and editor code were found in a script. */
  dashboardCode: boolean;
  /** Leaflet or its cluster plugin was found in a script (the map loads only when opened). */
  mapCode: boolean;
}

/** Body bytes of a response asked for with `accept-encoding: gzip`. */
function gzipBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

const isScript = (type: string | undefined, mimeType: string | undefined, url: string) =>
  type === "Script" || /javascript/.test(mimeType ?? "") || /\.m?js(\?|$)/.test(new URL(url).pathname);

interface Recorded {
  url: string;
  type?: string;
  mimeType?: string;
  /** Bytes on the wire (CDP encodedDataLength), once the response has finished. */
  bytes?: number;
}

/** A page in a fresh context (an empty cache, as on a first visit) whose every response is recorded. */
async function recordingPage(
  browser: Browser,
  headers: Record<string, string>,
): Promise<{ page: Page; responses: Map<string, Recorded>; close: () => Promise<void> }> {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const responses = new Map<string, Recorded>();
  cdp.on("Network.requestWillBeSent", (event) =>
    responses.set(event.requestId, { url: event.request.url, type: event.type }),
  );
  cdp.on("Network.responseReceived", (event) => {
    const response = responses.get(event.requestId);
    if (response) Object.assign(response, { type: event.type, mimeType: event.response.mimeType });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = responses.get(event.requestId);
    if (response) response.bytes = event.encodedDataLength;
  });
  return { page, responses, close: () => context.close() };
}

/** `headers`: sent with every request (the in-season run's `x-test-now`, bench/in-season.ts). */
export async function visitorJs(
  base: string,
  pagePaths: string[],
  headers: Record<string, string> = {},
): Promise<VisitorJs[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const rows: VisitorJs[] = [];
    for (const pagePath of pagePaths) {
      const { page, responses, close } = await recordingPage(browser, headers);
      try {
        const response = await page.goto(`${base}${pagePath}`, { waitUntil: "networkidle" });
        if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`);
        const scripts: { url: string; bytes: number }[] = [];
        for (const { url, type, mimeType, bytes } of responses.values()) {
          if (bytes !== undefined && isScript(type, mimeType, url)) scripts.push({ url, bytes });
        }
        let dashboardCode = false;
        let mapCode = false;
        let gzipBytes = 0;
        for (const { url } of scripts) {
          gzipBytes += await gzipBodyBytes(url);
          const text = await (await fetch(url)).text();
          // Strings that exist only in dashboard and editor code (draft keys, the upload endpoint).
          if (/restaurant-form-|blog-form-|\/api\/uploads/.test(text)) dashboardCode = true;
          if (/leaflet-container|MarkerClusterGroup/.test(text)) mapCode = true;
        }
        scripts.sort((a, b) => b.bytes - a.bytes);
        rows.push({
          page: pagePath,
          files: scripts.length,
          wireBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
          gzipBytes,
          largest: scripts
            .slice(0, 6)
            .map(({ url, bytes }) => ({ file: new URL(url).pathname.split("/").pop()!, bytes })),
          dashboardCode,
          mapCode,
        });
      } finally {
        await close();
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export interface MapViewWeight {
  /** Scripts and stylesheets `/?view=map` loads that `/` does not: the map view's own code. */
  files: number;
  wireBytes: number;
  largest: { file: string; bytes: number }[];
  /** From asking for the map view to the first pin or cluster on screen, with every result on the map. */
  pinsShownMs: number;
}

/** What opening the map view costs: its own code on the wire, and the time to the pins. */
export async function mapViewWeight(base: string): Promise<MapViewWeight> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const loaded = async (pagePath: string, until?: string) => {
      const { page, responses, close } = await recordingPage(browser, {});
      try {
        const started = Date.now();
        await page.goto(`${base}${pagePath}`, { waitUntil: "networkidle" });
        if (until) await page.locator(until).first().waitFor();
        const ms = Date.now() - started;
        await page.waitForLoadState("networkidle");
        const files = new Map<string, number>();
        for (const { url, bytes } of responses.values()) {
          if (bytes !== undefined && /\.(m?js|css)$/.test(new URL(url).pathname))
            files.set(new URL(url).pathname, bytes);
        }
        return { files, ms };
      } finally {
        await close();
      }
    };
    const list = await loaded("/");
    const map = await loaded("/?view=map", ".leaflet-marker-icon");
    const own = [...map.files].filter(([file]) => !list.files.has(file)).sort((a, b) => b[1] - a[1]);
    return {
      files: own.length,
      wireBytes: own.reduce((sum, [, bytes]) => sum + bytes, 0),
      largest: own.slice(0, 4).map(([file, bytes]) => ({ file: file.split("/").pop()!, bytes })),
      pinsShownMs: map.ms,
    };
  } finally {
    await browser.close();
  }
}
