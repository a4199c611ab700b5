// `npm run build`: React Router's build, without the one line of upstream noise that
// scripts/upstream-notices.mjs explains.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { dropUpstreamDeprecation } from "./upstream-notices.mjs";

dropUpstreamDeprecation();

// Run as `react-router build [args]` would be, through the package's own command.
const require = createRequire(import.meta.url);
const manifest = require.resolve("@react-router/dev/package.json");
const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
process.argv.splice(2, process.argv.length - 2, "build", ...process.argv.slice(2));
require(path.join(path.dirname(manifest), bin["react-router"]));
