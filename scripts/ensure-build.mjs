// Builds the app when there is no build yet or a source file is newer than it, so that
// `npm start` works on a fresh clone and after a `git pull` without a separate build step.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = ["app", "server", "database", "drizzle", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

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
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
