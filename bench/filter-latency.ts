// Keystroke-to-updated-grid latency on the home page in Chromium, with N generated restaurants.
// `npm run bench:filter` (default 2,000). Prints a table and writes bench/results/filter.json.
// Target: p95 <= 50 ms.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/database";
import type { startServer as StartServer } from "../server/index";
import { generateRestaurants, insertRestaurants } from "./generate";

const COUNT = Number(process.env.BENCH_RESTAURANTS ?? 2000);
const TERMS = ["grill", "olive garden", "גריל", "זית", "sushi 1", "dizengoff", "cafe"];
const TARGET_MS = 50;

const chrome = [process.env.CHROME_PATH, "/usr/bin/chromium"].find((p) => p && existsSync(p));
if (!chrome) {
  console.error("No Chromium: set CHROME_PATH or install /usr/bin/chromium.");
  process.exit(1);
}
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kta-bench-"));
const database = await openDatabase({});
await insertRestaurants(database.db, generateRestaurants(COUNT));
const { startServer } = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { startServer: typeof StartServer };
const running = await startServer({
  config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
  database,
  clientDir: path.resolve("build/client"),
});

const browser = await chromium.launch({
  executablePath: chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
const latencies: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const response = await page.goto(`http://127.0.0.1:${running.port}/`, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`home answered ${response?.status()}: ${(await page.content()).slice(0, 500)}`);
  for (const term of TERMS) {
    await page.evaluate(() => {
      const w = window as unknown as { __lat: number[]; __t0: number | null };
      w.__lat = [];
      w.__t0 = null;
      const input = document.querySelector<HTMLInputElement>("#restaurant-search")!;
      const section = document.querySelector("section[data-search]")!;
      input.addEventListener("keydown", () => (w.__t0 = performance.now()), { capture: true });
      new MutationObserver(() => {
        const t0 = w.__t0;
        if (t0 === null) return;
        w.__t0 = null;
        // The grid is updated when the next frame can be drawn.
        requestAnimationFrame(() => w.__lat.push(performance.now() - t0));
      }).observe(section, { attributes: true, attributeFilter: ["data-search"] });
    });
    await page.fill("#restaurant-search", "");
    await page.waitForTimeout(400);
    await page.evaluate(() => ((window as unknown as { __lat: number[] }).__lat = []));
    await page.type("#restaurant-search", term, { delay: 150 });
    await page.waitForTimeout(400);
    latencies.push(...(await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat)));
  }
} finally {
  await browser.close();
  await running.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const result = {
  restaurants: COUNT,
  keystrokes: latencies.length,
  p50_ms: Number(at(0.5).toFixed(1)),
  p95_ms: Number(at(0.95).toFixed(1)),
  max_ms: Number((latencies[latencies.length - 1] ?? NaN).toFixed(1)),
  target_ms: TARGET_MS,
  pass: at(0.95) <= TARGET_MS,
};
console.table([result]);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/filter.json", JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2) + "\n");
process.exit(result.pass ? 0 : 1);
