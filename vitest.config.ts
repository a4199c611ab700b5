import path from "node:path";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { messageBundles } from "./scripts/message-bundles.ts";

// CI collects a JSON report from every run to print one closing summary line.
const resultsDir = process.env.TEST_RESULTS_DIR;
const reporters: NonNullable<ViteUserConfig["test"]>["reporters"] = resultsDir
  ? ["default", ["json", { outputFile: path.join(resultsDir, `vitest-${process.pid}.json`) }]]
  : ["default"];

/**
 * The suites that run against a migrated database and the built server: the database suite and the
 * two reliability projects. The built server is loaded as Node loads it (one copy of react-router),
 * not transformed.
 */
const ON_A_DATABASE = {
  server: { deps: { external: [/\/build\/server\//] } },
  environment: "node",
  globalSetup: ["tests/setup/global-db.ts"],
  setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/messages.ts"],
} satisfies NonNullable<ViteUserConfig["test"]>;

export default defineConfig({
  // The message files that join two areas, as the app's build makes them.
  plugins: [messageBundles()],
  test: {
    reporters,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "database/**/*.test.ts", "docs/**/*.test.ts"],
          environment: "node",
          // The files of a worker share its loaded modules: loading them anew for each of the 108
          // files was more than half the suite's time (116 s → 47 s here). So a stubbed global is put
          // back after each test, whatever the test does (a file that fakes the clock does so too).
          isolate: false,
          unstubGlobals: true,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/messages.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/integration/**/*.test.ts"],
          ...ON_A_DATABASE,
          // The operators' commands, bundled once for the files that start them (tests/setup/commands.ts).
          globalSetup: [...ON_A_DATABASE.globalSetup, "tests/setup/global-commands.ts"],
          // Each file opens its own database copy; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // The files of a worker share its loaded modules: each loading the server's modules anew
          // cost some 3 s per file (a third of the suite's time). No file keeps state in a module
          // between files: each opens its own database and starts its own servers.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // `npm run test:reliability` runs the two projects below: load, crash safety, database outage
      // and fuzzing against the built server. Slow by nature (minutes), so it is its own command,
      // run by .ci/run.
      {
        extends: true,
        test: {
          // Load, crash safety, outage, two processes, beacon bursts: they measure answer times or
          // load the whole machine, so one file at a time, and only after the fuzzing has finished.
          name: "reliability",
          include: ["tests/reliability/*.test.ts"],
          ...ON_A_DATABASE,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Fuzzing: each file runs its own in-process server (port 0) on its own database copy and
          // data folder and measures no time, so two at a time suits a 2-core machine. They run
          // before the measuring files above, never beside them.
          name: "reliability-fuzz",
          include: ["tests/reliability/fuzz/**/*.test.ts"],
          ...ON_A_DATABASE,
          maxWorkers: 2,
          // As in the database suite: the files of a worker share its loaded modules.
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
