// Builds the app when there is no build yet or a source file is newer than it, so that
// `npm start` works on a fresh clone and after a `git pull` without a separate build step.
// It prints one summary line instead of Vite's table of every file (about 130 lines before the
// address); VERBOSE=1 shows the full output, which `npm run build` always shows. A failed
// build shows everything it printed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
  "database",
  "drizzle",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: rebuilding…");
  const verbose = ["1", "true", "yes"].includes((process.env.VERBOSE ?? "").toLowerCase());
  const started = Date.now();
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], {
    cwd: root,
    stdio: verbose ? "inherit" : "pipe",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    if (!verbose) {
      process.stdout.write(build.stdout ?? "");
      process.stderr.write(build.stderr ?? "");
    }
    process.exit(build.status ?? 1);
  }
  if (!verbose) {
    const files = (build.stdout ?? "")
      .split("\n")
      .filter((line) => /build\/(client|server)\/\S+\s+[\d.]+ kB/.test(line)).length;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Built in ${seconds} s: ${files} files in build/ (VERBOSE=1 npm start, or npm run build, lists them).`);
  }
}
