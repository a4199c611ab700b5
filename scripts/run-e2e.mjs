// Runs the browser suite against the built server with the system Chromium.
// No Chromium: outside CI the browser suite (only it) is skipped with a loud message; under
// CI=true that is a failure. Playwright never downloads a browser here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Chromium's headless shell first when it is installed (Debian: chromium-headless-shell, the same
// engine and version as the chromium package, without the full browser's window machinery): the
// browser takes most of the suite's CPU, and the shell takes less of it (ADR 035). Then the full
// browser, which any machine with Chromium has.
const candidates = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];
const chromium = candidates.find((candidate) => candidate && existsSync(candidate));

if (!chromium) {
  const banner = "=".repeat(78);
  if (process.env.CI === "true") {
    console.error(
      `${banner}\nBROWSER TESTS CANNOT RUN: no Chromium found (set CHROME_PATH or install /usr/bin/chromium).\nUnder CI=true this is a failure.\n${banner}`,
    );
    process.exit(1);
  }
  console.warn(
    `${banner}\nSKIPPING THE BROWSER SUITE: no Chromium found.\nSet CHROME_PATH or install Chromium (Debian: apt-get install chromium) to run it.\nLint, typecheck, unit and database suites still ran.\n${banner}`,
  );
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kta-e2e-"));
const env = { ...process.env, CHROME_PATH: chromium, E2E_DATA_DIR: dataDir };
// The browser suite always runs on its own embedded database with demo data.
delete env.DATABASE_URL;
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
