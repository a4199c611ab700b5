// A newcomer's first run: `npm install` asks nothing about install scripts, and
// `npm run build` prints Vite's full output and nothing alarming, and the build `npm start` runs
// prints one summary line. The builds run on a copy of the sources in a temporary folder, so the
// build the other test files use is left alone.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondRunOnPostgres } from "../setup/db";

const root = path.resolve(".");

// Reads no database: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("a clean first run", () => {
  let scratch = "";
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), "kta-first-run-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("npm install: every package with an install script is approved or denied in package.json (npm 11 warns of the rest)", () => {
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    const { allowScripts = {} } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      allowScripts?: Record<string, boolean>;
    };
    expect([...new Set(withScripts)].filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it("npm run build: Vite's full list and no warning, deprecation or future-flag notice; npm start's build: one summary line", () => {
    for (const entry of [
      "app",
      "server",
      "database",
      "drizzle",
      "public",
      "scripts",
      "package.json",
      "package-lock.json",
      "vite.config.ts",
      "react-router.config.ts",
      "tsconfig.json",
    ]) {
      cpSync(path.join(root, entry), path.join(scratch, entry), { recursive: true });
    }
    symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"), "dir");
    // A newcomer's shell, not the test runner's: vitest sets NODE_ENV=test, which builds React's
    // development code (a 515 kB framework chunk and a size warning no newcomer sees).
    const { NODE_ENV: _testRunner, ...shell } = process.env;
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], {
      cwd: scratch,
      encoding: "utf8",
      env: { ...shell, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.status, output).toBe(0);
    expect(output).toMatch(/built in/);
    const alarming = output
      .split("\n")
      .filter((line) => /warn|deprecat|future flag|INEFFECTIVE|PLUGIN_TIMINGS|error/i.test(line));
    expect(alarming).toEqual([]);
    // Vite's table lists every file: `npm run build` shows it all.
    expect(output.split("\n").filter((line) => /build\/client\/assets\//.test(line)).length).toBeGreaterThan(20);

    // `npm start` builds when a source changed, and says so in one summary line, not the table.
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(scratch, "app", "root.tsx"), later, later);
    const start = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
      cwd: scratch,
      encoding: "utf8",
      env: { ...shell, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    const startOutput = `${start.stdout}\n${start.stderr}`.trim();
    expect(start.status, startOutput).toBe(0);
    expect(startOutput.split("\n"), startOutput).toHaveLength(2);
    expect(startOutput).toMatch(
      /^Sources changed since the last build: rebuilding…\nBuilt in [\d.]+ s: \d+ files in build\/ \(VERBOSE=1/,
    );
  }, 420_000);
});
