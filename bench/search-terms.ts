// What an uncached search of the home page costs, term by term, past the browser index's limit (the
// database answers): the common term of the scale figures (`olive`) and the worst one, a street many
// listings share (`dizengoff`: the most matches, so the most to order and count). Measured as the
// scale figures are (bench/run.ts, scaleCost): median of 5, each request a new address so none is
// cached, after one that compiles the code path.
import http from "node:http";

/** An uncached search at 100,000 restaurants (ms), as the scale figures' search budget. */
export const SEARCH_TERM_TARGET_MS = 15;
/** The worst term (a street a sixth of the listings share) at 100,000 (ms). */
export const WORST_SEARCH_TERM_TARGET_MS = 30;
/** The terms measured, and each one's budget at 100,000 (ms). */
export const SEARCH_TERMS: Readonly<Record<string, number>> = {
  olive: SEARCH_TERM_TARGET_MS,
  dizengoff: WORST_SEARCH_TERM_TARGET_MS,
};

export interface SearchTermCost {
  term: string;
  /** Median time to the last byte of 5 uncached answers (ms). */
  ms: number;
  /** The answer's size (gzip bytes). */
  bytes: number;
  /** The budget at 100,000 (ms), when the term has one. */
  targetMs?: number;
}

/** Time to the last byte of one answer, gzip as a browser asks. */
function timedGet(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ ms: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
      })
      .on("error", reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Each term's uncached search of `/` on the server at `baseUrl`: median of 5 requests after one that
 * warms the code path, every one a new address (the page cache never answers). Throws when an
 * answer is not 200.
 */
export async function searchTermCost(
  baseUrl: string,
  terms: readonly string[] = Object.keys(SEARCH_TERMS),
): Promise<SearchTermCost[]> {
  const costs: SearchTermCost[] = [];
  for (const term of terms) {
    const runs: { ms: number; bytes: number; status: number }[] = [];
    for (let i = 0; i < 6; i++)
      runs.push(await timedGet(`${baseUrl}/?q=${encodeURIComponent(term)}&bench=${Date.now()}-${i}`));
    const counted = runs.slice(1); // the first compiles the code path
    if (counted.some((run) => run.status !== 200))
      throw new Error(`/?q=${term} answered ${counted.map((run) => run.status).join(", ")}`);
    const targetMs = SEARCH_TERMS[term];
    costs.push({
      term,
      ms: Number(median(counted.map((run) => run.ms)).toFixed(1)),
      bytes: counted[0]!.bytes,
      ...(targetMs === undefined ? {} : { targetMs }),
    });
  }
  return costs;
}
