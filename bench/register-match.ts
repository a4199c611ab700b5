// Reconciling the Rabbinate's register with a large directory: 1,200 register rows (the real
// 2024-06-27 snapshot and synthetic rows) matched against 100,000 listings, timed, with the heap it
// takes. bench/run.ts runs this file in a process of its own (`--child`), so the heap measured is
// the matcher's alone; `npx tsx bench/register-match.ts` prints the same figures.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { matchEntries } from "../app/features/restaurants/register/index.server";
import { buildMatchFixture } from "../tests/fixtures/register/match-fixture";

const ENTRIES = 1_200;
const LISTINGS = 100_000;
/** The whole match of 1,200 rows against 100,000 listings (ms). */
export const REGISTER_MATCH_TARGET_MS = 10_000;
/** Heap the match grows by, garbage not yet collected included (MB). */
export const REGISTER_MATCH_HEAP_TARGET_MB = 150;

export interface RegisterMatchCost {
  entries: number;
  listings: number;
  ms: number;
  /** Heap used right after the match, before any collection, less the heap before it (MB). */
  heapGrowthMB: number;
  /** CPU time of the match (ms): on a busy machine, what the match itself cost. */
  cpuMs: number;
  grades: Record<string, number>;
}

const MB = 1024 * 1024;

function measure(): RegisterMatchCost {
  const fixture = buildMatchFixture({ generated: 600, distractors: 0 });
  const entries = fixture.entries.slice(0, ENTRIES);
  const listings = fixture.listings;
  const more = buildMatchFixture({ generated: 0, distractors: LISTINGS - listings.length }).listings.slice(720);
  listings.push(...more);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const matches = matchEntries(entries, listings);
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const after = process.memoryUsage().heapUsed;
  const grades: Record<string, number> = {};
  for (const match of matches) grades[match.grade] = (grades[match.grade] ?? 0) + 1;
  return {
    entries: entries.length,
    listings: listings.length,
    ms: Math.round(ms),
    heapGrowthMB: Number(((after - before) / MB).toFixed(1)),
    cpuMs: Math.round((user + system) / 1000),
    grades,
  };
}

/** The figures, measured in a fresh Node process with its collector at hand. */
export async function registerMatchCost(): Promise<RegisterMatchCost> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child"],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as RegisterMatchCost;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(measure()));
