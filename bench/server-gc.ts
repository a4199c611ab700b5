// The server's garbage collector as its own `/metrics` shows it, for the bench's load runs.

/** The garbage collector's work so far: its time in seconds (all kinds, and minor collections alone), and the old space in use. */
export interface ServerGc {
  seconds: number;
  minorSeconds: number;
  oldSpaceUsedMB: number;
}

/**
 * Reads the GC's figures from a `/metrics` text (prom-client's default metrics:
 * `nodejs_gc_duration_seconds` by kind, `nodejs_heap_space_size_used_bytes` by space). A kind of
 * collection that has not run yet has no series of its own, and counts 0; a metric that is missing
 * altogether throws: a bench that printed 0 for a renamed metric would hide what it is for.
 */
export function gcFromMetrics(text: string): ServerGc {
  const declared = /^# TYPE nodejs_gc_duration_seconds histogram$/m.test(text);
  const sums = [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)$/gm)];
  const old = /^nodejs_heap_space_size_used_bytes\{space="old"\} (\S+)$/m.exec(text);
  if (!declared || !old)
    throw new Error("no GC figures in /metrics (nodejs_gc_duration_seconds, nodejs_heap_space_size_used_bytes)");
  const minor = sums.find((sum) => sum[1] === "minor");
  return {
    seconds: sums.reduce((total, sum) => total + Number(sum[2]), 0),
    minorSeconds: minor ? Number(minor[2]) : 0,
    oldSpaceUsedMB: Math.round(Number(old[1]) / 1e5) / 10,
  };
}
