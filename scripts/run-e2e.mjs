// Runs the browser suite against the built server with the system Chromium.
// No Chromium: outside CI the browser suite (only it) is skipped with a loud message; under
// CI=true that is a failure. Playwright never downloads a browser here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
if (result.status !== 0) {
  try {
    printPagesOfFailures();
  } catch (error) {
    console.warn(`(the pages of the failed tests could not be printed: ${String(error)})`);
  }
}
process.exit(result.status ?? 1);

/**
 * What the page showed when a test failed (Playwright writes it beside the test's results, as an
 * outline of the page), printed after the summary: a CI log then says why without a rerun, where
 * the results folder is gone with the machine. A few files, a few lines each.
 */
function printPagesOfFailures() {
  // Playwright's default output folder, beside its configuration at the project's root.
  const folder = path.join(import.meta.dirname, "..", "test-results");
  if (!existsSync(folder)) return;
  const pages = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith("error-context.md"))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), "utf8") }))
    // The outline is the file's last block of YAML (under "# Page snapshot" in some versions).
    .filter(({ text }) => text.includes("```yaml"))
    .slice(0, 3);
  for (const { name, text } of pages) {
    const test = text.match(/^- Name: (.*)$/m)?.[1] ?? name;
    const page = text.split("```yaml").at(-1)?.split("```")[0] ?? "";
    // From the page's main part when it has one: the header is the same on every page.
    const all = page.trim().split("\n");
    const main = all.findIndex((line) => /^\s*- main\b/.test(line));
    const lines = all.slice(Math.max(main, 0), Math.max(main, 0) + 60);
    console.log(`\n--- The page when "${test}" failed (${lines.length} of its ${all.length} lines):`);
    console.log(lines.join("\n"));
    // How the pages got there (tests/e2e/fixtures.ts writes it beside the outline as PAGE_TRAILS).
    const trails = path.join(folder, path.dirname(name), "page-trails.txt");
    if (existsSync(trails))
      console.log(`--- Where its pages went, oldest step first:\n${readFileSync(trails, "utf8")}`);
  }
}
