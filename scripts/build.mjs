// `npm run build`: React Router's build, less one line. React Router 7's CLI starts Vite servers
// of its own with `envFile: false`, which Vite 8 calls deprecated once per server (seven times a
// build, some from servers our Vite config never reaches). Nothing in this project can act on
// it, and it goes away with React Router 8, so that line alone is dropped; everything else the
// build says is passed on as it is.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const UPSTREAM_DEPRECATION = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (args.length === 1 && String(args[0]).includes(UPSTREAM_DEPRECATION)) return;
  warn(...args);
};

// Run as `react-router build [args]` would be, through the package's own command.
const require = createRequire(import.meta.url);
const manifest = require.resolve("@react-router/dev/package.json");
const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
process.argv.splice(2, process.argv.length - 2, "build", ...process.argv.slice(2));
require(path.join(path.dirname(manifest), bin["react-router"]));
