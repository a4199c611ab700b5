// The harness that runs the built server as a child (the bench, the reliability suite and these
// tests use it): a server that logs a line per request for hours must not outgrow the harness's
// memory, and no server may outlive the process that started it.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
});
