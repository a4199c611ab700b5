// The harness that runs the built server as a child (the bench, the reliability suite and these
// tests use it): a server that logs a line per request for hours must not outgrow the harness's
// memory, and no server may outlive the process that started it.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import express from "express";
import { gcFromMetrics } from "../../bench/server-gc";
import { createMetrics } from "../../server/http/metrics";
import { secondRunOnPostgres } from "../setup/db";
import { outputTail } from "../setup/server-process";

const run = promisify(execFile);

// Reads no database: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("the server harness", () => {
  it("keeps only the tail of a server's output, whatever its length", () => {
    const tail = outputTail(1_000);
    for (let line = 0; line < 50_000; line++) tail.add(`GET /en/restaurant/bench-1 200 ${line}\n`);
    const text = tail.text();
    expect(text.length).toBe(1_000);
    expect(text.endsWith("GET /en/restaurant/bench-1 200 49999\n")).toBe(true);
    // What is kept is the output as written, not a mix of parts.
    expect(
      text
        .split("\n")
        .slice(1, -1)
        .every((line) => /^GET \/en\/restaurant\/bench-1 200 \d+$/.test(line)),
    ).toBe(true);
  });

  it("keeps everything while the output is short", () => {
    const tail = outputTail(1_000);
    tail.add("listening on http://127.0.0.1:1234\n");
    tail.add(Buffer.from("Stopped cleanly.\n"));
    expect(tail.text()).toBe("listening on http://127.0.0.1:1234\nStopped cleanly.\n");
  });

  it("stops the server it started when the starting process dies of an error", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kta-harness-"));
    try {
      // A script that starts a server, prints its process id and then throws (as a bench part would).
      const script = `
        import { startServer } from "./tests/setup/server-process.ts";
        const server = await startServer({ DATA_DIR: ${JSON.stringify(dataDir)}, DEMO_DATA: "false", AUTH_SECRET: "harness-test-secret-0123456789-0123456789" });
        console.log("child " + server.child.pid);
        setTimeout(() => { throw new Error("a part of the run failed"); }, 10);
      `;
      const failed = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        cwd: path.resolve(import.meta.dirname, "../.."),
      }).then(
        () => null,
        (error: { stdout: string; code: number }) => error,
      );
      expect(failed?.code).toBe(1);
      const pid = Number(/child (\d+)/.exec(failed?.stdout ?? "")?.[1]);
      expect(pid).toBeGreaterThan(0);
      // Signal 0 only asks whether the process exists: it must not.
      let alive = true;
      for (let i = 0; i < 50 && alive; i++) {
        try {
          process.kill(pid, 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } catch {
          alive = false;
        }
      }
      expect(alive).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("reads the garbage collector's figures from the server's /metrics (the bench's load runs report them)", async () => {
    const metrics = createMetrics({
      token: "a-long-enough-metrics-token",
      production: true,
      sources: { liveStreams: () => 0, databaseDown: () => false },
    });
    const app = express();
    app.get("/metrics", metrics.serve);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const read = async () => {
        const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, {
          headers: { authorization: "Bearer a-long-enough-metrics-token" },
        });
        return gcFromMetrics(await response.text());
      };
      const before = await read();
      // Short-lived garbage, as requests make: minor collections.
      let kept = 0;
      for (let i = 0; i < 2_000_000; i++) kept += { i, text: `request ${i}` }.text.length;
      expect(kept).toBeGreaterThan(0);
      // The GC's entries reach prom-client's observer a turn of the event loop later.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await read();
      expect(after.minorSeconds).toBeGreaterThan(before.minorSeconds);
      expect(after.seconds).toBeGreaterThanOrEqual(after.minorSeconds);
      expect(after.oldSpaceUsedMB).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it("counts a kind of collection that has not run yet as 0, and says so when /metrics has no GC figures at all", () => {
    const declaredOnly = [
      "# HELP nodejs_gc_duration_seconds Garbage collection duration by kind.",
      "# TYPE nodejs_gc_duration_seconds histogram",
      'nodejs_heap_space_size_used_bytes{space="old"} 52428800',
      "",
    ].join("\n");
    expect(gcFromMetrics(declaredOnly)).toEqual({ seconds: 0, minorSeconds: 0, oldSpaceUsedMB: 52.4 });
    expect(() => gcFromMetrics("# HELP http_requests_total Requests.\nhttp_requests_total 3\n")).toThrow(
      /no GC figures/,
    );
  });
});
