import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: process.env.CI === "true",
  retries: 0,
  reporter: process.env.TEST_RESULTS_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_RESULTS_DIR}/playwright-${process.pid}.json` }]]
    : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    reducedMotion: "reduce",
    trace: "off",
    launchOptions: {
      // The system Chromium (see scripts/run-e2e.mjs); flags keep it off the closed network.
      executablePath: process.env.CHROME_PATH,
      args: [
        // Only the test servers: any other host (a map tile, a demo photo on the internet) is not
        // found at once, never looked up nor fetched.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The built server as `node server.js` runs it, plus a control socket for the signedInAs
    // fixture (tests/e2e/serve.ts, tests/e2e/fixtures.ts).
    command: "node --import tsx tests/e2e/serve.ts",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      PUBLIC_URL: baseURL,
      DEMO_DATA: "true",
    },
  },
});
