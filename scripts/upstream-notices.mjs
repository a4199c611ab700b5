// One line of upstream noise, dropped where it appears (the build, and the development server).
// React Router 7 starts Vite servers of its own with `envFile: false`, which Vite 8 calls
// deprecated once per server (seven times a build), from servers our Vite config never reaches.
// Nothing in this project can act on it and it goes away with React Router 8, so that line
// alone is dropped; everything else is passed on as it is.
const UPSTREAM_DEPRECATION = "The `envFile` option is deprecated, please use `envDir: false` instead.";

export function dropUpstreamDeprecation() {
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    if (args.length === 1 && String(args[0]).includes(UPSTREAM_DEPRECATION)) return;
    warn(...args);
  };
}
