import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build as bundle, RolldownMagicString } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { messageBundles } from "./scripts/message-bundles.ts";

/**
 * Next to every script and stylesheet of the client build, its densest brotli and gzip copies
 * (`.br`, `.gz`), which the server sends as they are (server/http/static-assets.ts): smaller than
 * compressing each request at the middleware's quick levels, and no CPU per request.
 */
function precompressAssets(): Plugin {
  return {
    name: "kta:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      const dir = path.join(options.dir ?? "build/client", "assets");
      for (const name of readdirSync(dir)) {
        if (!/\.(?:js|css)$/.test(name)) continue;
        const raw = readFileSync(path.join(dir, name));
        writeFileSync(
          path.join(dir, `${name}.br`),
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
        writeFileSync(path.join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (app/service-worker.ts) as one classic script at the site's root,
 * `build/client/sw.js` (a worker controls the pages under its own folder), bundled with the rules it
 * imports and named with the build's version (a hash of the client build's file names), with the
 * names of the public pages' message files, which it keeps when it installs: a new build is a new worker, which the browser installs beside the old one (see the worker's "Updates").
 */
function serviceWorker(): Plugin {
  return {
    name: "kta:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, output) {
      const dir = options.dir ?? "build/client";
      const names = readdirSync(path.join(dir, "assets")).sort();
      const version = createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 12);
      // The public pages' messages in both languages (ADR 012's site and restaurant areas): a kept
      // page loads them before it hydrates, by `import()`, so they are named in no page's HTML.
      const messages = Object.values(output)
        .filter(
          (file) =>
            file.type === "chunk" &&
            file.moduleIds.some(
              (id) =>
                /[\\/]app[\\/]locales[\\/](?:en|he)[\\/](?:site|directory|restaurant)\.ts$/.test(id) ||
                id.startsWith("\0virtual:kta-messages/"),
            ),
        )
        .map((file) => `/${file.fileName}`)
        .sort();
      await bundle({
        input: "app/service-worker.ts",
        transform: {
          define: { __KTA_SW_VERSION__: JSON.stringify(version), __KTA_SW_MESSAGES__: JSON.stringify(messages) },
        },
        output: { file: path.join(dir, "sw.js"), format: "iife", minify: true },
        checks: { bundlerTimings: false },
        logLevel: "warn",
      });
    },
  };
}

/**
 * React Router's production build in the browser's bundle. The package's `exports` name only its
 * development build, whose warnings for developers (in the console, and in the error pages React
 * Router draws when an app has none of its own) are code every visitor downloads; the production
 * build beside it is the same code with them switched off (`ENABLE_DEV_WARNINGS = false`). The
 * server keeps the development build: its warnings go to the log, and every page here has its own
 * error boundary, so the two builds draw the same HTML.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.resolve("node_modules/react-router/dist/production");
  const files: Record<string, string> = {
    "react-router": path.join(dist, "index.mjs"),
    "react-router/dom": path.join(dist, "dom-export.mjs"),
  };
  return {
    name: "kta:react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => files[source],
    // React Router's module creates its components with `forwardRef`, `createContext` and `memo` at
    // its top level, without the "pure" mark bundlers read, and names each for the developer tools
    // (`Link.displayName = "Link"`). To the bundler both look like work that must run, so each such
    // component stayed in the framework file whether or not a page uses it. Marked pure, and
    // unnamed (the names serve the developer tools; React's production build words one error
    // message with them), the unused ones are left out.
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/ },
      handler(code, id) {
        const edited = new RolldownMagicString(code);
        let marked = 0;
        for (const call of code.matchAll(/^var \w+ = (?=React\d*\.(?:forwardRef|createContext|memo)\()/gm)) {
          edited.appendLeft(call.index + call[0].length, "/* @__PURE__ */ ");
          marked += 1;
        }
        for (const name of code.matchAll(/^\w+\.displayName = "[\w$]+";$/gm))
          edited.remove(name.index, name.index + name[0].length);
        // The file that defines the components must have some: none means React Router's code
        // changed shape, and every component would silently be back in every first visit.
        if (marked === 0 && /^var NavLink = /m.test(code))
          this.error(`${id}: no top-level forwardRef or createContext call to mark pure; update this transform`);
        return { code: edited };
      },
    },
  };
}

/** React, React Router and the bundler's own helpers: loaded by every page, so one file. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
/**
 * The app's small modules shared by pages (helpers, the shell, the directory's pieces). A module in
 * a group brings the modules it imports along, so none that reaches a library only some pages use
 * (zod's form rules, Radix's dialogs) belongs here, nor one only pages other than home and the
 * restaurant page use (the week's hours table, the blog's post image and the pager). The page's message
 * loader (app/page-messages.ts) is every page's, so it is shared too.
 */
const SHARED =
  /[\\/]app[\\/](?:page-messages\.ts$|lib|locales|components|features[\\/](?:restaurants|blog)[\\/](?!.*editing)(?!.*map))/;
// A room's public file (restaurants/<part>/index.ts) only re-exports: in a group it would bring every module it names along.
// A listing's location (core/location.ts) is for the pages with a map or a form, as the map part is; the kashrut
// model (core/kashrut-model.ts) is for the form and the saves.
// The dashboard's queue pieces (DataTable, QueuePage, BackLink) are used by several dashboard pages and by no public one.
// The blog's picture with its fallback (FallbackImage, image-fallback) goes with the blog's pages, and the finder of
// left-to-right runs (ltr-runs) with the forms' fields: neither home nor the restaurant page uses them. (A
// suggestion's field limits stay: alone they would be one more file on the suggestion page.)
// Reviews' pieces are their own pages' (the restaurant page gets its section as HTML); only the ordering by
// rating (bayes.ts) and the section's anchor are the directory's. The signed-in pages' paths (member-paths.ts) too.
const NOT_SHARED =
  /[\\/]reviews[\\/](?!bayes\.ts$|anchor\.ts$)|member-paths\.ts$|[\\/]restaurants[\\/][a-z-]+[\\/]index\.ts$|[\\/]restaurants[\\/]core[\\/](?:location|kashrut-model)\.ts$|(?:rules|schema)\.ts$|ConfirmDialog|MobileMenu|MenuLightbox|FormFields|DraftNotice|use-local-draft|use-focus-first-invalid|\.server\.|[\\/]hours[\\/]components[\\/]Hours\.tsx$|BlogImage|[\\/]blog[\\/]format\.ts$|[\\/]ui[\\/]Pager\.tsx$|use-proof-of-work|[\\/]hours[\\/]hours\.ts$|[\\/]ui[\\/]ShareButton\.tsx$|[\\/]alerts[\\/]|[\\/]ui[\\/](?:PeriodLinks|DataTable|QueuePage|BackLink)\.tsx$|[\\/]statistics[\\/](?!ping\.ts$)|FallbackImage|image-fallback|ltr-runs/;

/** The restaurants wing's public files (ADR 026): re-exports only. */
const PUBLIC_FILE = /[\\/]features[\\/]restaurants[\\/][a-z-]+[\\/]index(?:\.client)?\.ts$/;

const CARDS =
  /[\\/]search[\\/]components[\\/](?:ResultsGrid|RestaurantCard|MapView)\.tsx$|[\\/]map[\\/]distance\.ts$|[\\/]pesach[\\/]hours\.ts$|[\\/]pesach[\\/]components[\\/]PesachMark\.tsx$|[\\/]hours[\\/]open-line\.ts$/;

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    messageBundles(),
    tailwindcss(),
    reactRouter(),
    precompressAssets(),
    serviceWorker(),
  ],
  build: {
    sourcemap: process.env.KTA_SOURCEMAP === "1",
    rolldownOptions: {
      // Timings are for whoever tunes the build (precompression at brotli's best level is most
      // of it, on purpose), not for every `npm start`.
      checks: { bundlerTimings: false },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger files for a first visit: each file costs its own request and headers, and
            // brotli compresses a larger file better (ADR 020).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // The bundler's helpers (ids starting with \0), not the joined message files, which are words.
                  test: (id) =>
                    FRAMEWORK.test(id) || (id.startsWith("\0") && !id.startsWith("\0virtual:kta-messages/")),
                  priority: 20,
                },
                {
                  name: "shared",
                  test: (id) => SHARED.test(id) && !NOT_SHARED.test(id) && !CARDS.test(id),
                  minShareCount: 2,
                  priority: 10,
                },
                // The forms' fields (every public form's page): a group of their own, so the next group does not take them along.
                {
                  name: "FormFields",
                  test: (id) => /[\\/]ui[\\/]FormFields\.tsx$|[\\/]i18n[\\/]ltr-runs\.ts$/.test(id),
                  minShareCount: 2,
                  priority: 7,
                },
                // The sign-in pages' frame and failure message (signing in and up, passwords, two-factor): one
                // file for those pages, not two.
                {
                  name: "sign-in",
                  test: (id) => /[\\/]accounts[\\/]components[\\/](?:AuthCard|FailureAlert)\.tsx$/.test(id),
                  minShareCount: 2,
                  priority: 6,
                },
                // The cards, the map view and the hours rules, which home and the Saved page share
                // and no other public page loads: one file for those two, not every page's `shared`.
                { name: "cards", test: (id) => CARDS.test(id), minShareCount: 2, priority: 5 },
              ],
            },
          },
          checks: { bundlerTimings: false },
          // A restaurants room's public files (index.ts, index.client.ts) only re-export: marked free of side
          // effects, a page's bundle takes from them only the modules whose names it uses, never the whole room.
          treeshake: { moduleSideEffects: (id) => (PUBLIC_FILE.test(id) ? false : undefined) },
          experimental: { lazyBarrel: true },
        },
      },
    },
    ssr: {
      build: {
        // The server build's entry is our Express app, which imports the React Router build,
        // so routes and the server share one module graph (one context key, one db handle).
        // (React Router reads the entry from `rollupOptions`.)
        rollupOptions: { input: "./server/index.ts" },
        rolldownOptions: {
          // The server is one bundle: its dynamic imports are there for the browser's build,
          // which splits them, so "will not move module into another chunk" is expected here.
          checks: { bundlerTimings: false, ineffectiveDynamicImport: false },
        },
      },
    },
  },
});
