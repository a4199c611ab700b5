// First-visit JavaScript in Pesach's season (ADR 023): home with its filter and the cards' marks,
// and the restaurant page of a place kosher for Pesach with its Pesach section. The season is a
// date, so this part runs the browser suite's server (tests/e2e/serve.ts: the built app with demo
// data, which hears a request's `x-test-now`) at a day of Pesach 2027's season; the bytes of
// script do not depend on how many restaurants there are.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/setup/server-process";
import { visitorJs, type VisitorJs } from "./visitor-js";

/** Twelve days before Pesach 2027 (22–28 April): in its season. */
export const IN_SEASON = "2027-04-10T12:00:00+03:00";

const ROOT = path.resolve(import.meta.dirname, "..");

export async function inSeasonJs(): Promise<{ at: string; pages: VisitorJs[] }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-bench-season-"));
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DEMO_DATA: "true",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 180_000;
    while (!/\(browser tests\) listening on/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the in-season server did not start:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const headers = { "x-test-now": IN_SEASON };
    // A place kosher for Pesach: the first card of the season's filter.
    const home = await (await fetch(`${base}/?pesach=kosher`, { headers })).text();
    const slug = /href="\/en\/restaurant\/([^"]+)"/.exec(home)?.[1];
    if (!slug) throw new Error("no restaurant kosher for Pesach in the demo data");
    const pages = await visitorJs(base, ["/", "/he", `/en/restaurant/${slug}`, `/he/restaurant/${slug}`], headers);
    return { at: IN_SEASON, pages };
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
