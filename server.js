// Starts Kosher Tel Aviv. `node server.js` serves the production build (see scripts/ensure-build.mjs);
// `node server.js --dev` serves the sources through Vite with hot reload.
import { fileURLToPath } from "node:url";

const dev = process.argv.includes("--dev");
// The operator's environment, read by our configuration before anything else changes it.
const env = { ...process.env };

if (dev) {
  const { dropUpstreamDeprecation } = await import("./scripts/upstream-notices.mjs");
  dropUpstreamDeprecation();
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { main } = await viteServer.ssrLoadModule("./server/index.ts");
  await main({
    env,
    clientDir: fileURLToPath(new URL("./public", import.meta.url)),
    dev: {
      middleware: viteServer.middlewares,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build"),
    },
  });
} else {
  // The build is a production build: libraries (React, Express) must take their production code
  // paths whatever NODE_ENV the operator chose. Our own mode (development, production, test)
  // was captured above in `env` and decides secrets and demo data.
  process.env.NODE_ENV = "production";
  const { main } = await import("./build/server/index.js");
  await main({ env, clientDir: fileURLToPath(new URL("./build/client", import.meta.url)) });
}
