// `npm run bench:filter`: filter latency alone, with BENCH_RESTAURANTS (default 2,000) restaurants.
import { FILTER_TARGET_MS, measureFilterLatency } from "./filter-latency";
import { startBenchServer } from "./harness";

const count = Number(process.env.BENCH_RESTAURANTS ?? 2000);
const server = await startBenchServer(count);
try {
  const result = await measureFilterLatency(server.baseUrl);
  console.table([{ restaurants: count, ...result, target_ms: FILTER_TARGET_MS, pass: result.p95 <= FILTER_TARGET_MS }]);
  process.exitCode = result.p95 <= FILTER_TARGET_MS ? 0 : 1;
} finally {
  await server.stop();
}
