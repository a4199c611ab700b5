import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import prettierConfig from "eslint-config-prettier";
import checkFile from "eslint-plugin-check-file";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers (docs/architecture.md, "Who may import what"). Paths are resolved files, not import strings.
const root = import.meta.dirname;
const features = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The restaurants wing's rooms (docs/architecture.md, ADR 026): the core (what a listing is) and the parts
// beside it. A room is entered only through its public files; inside a room, files import each other freely.
// The core imports no part. (That the parts form no loop is checked by app/import-graph.test.ts.)
const wing = "./app/features/restaurants";
const wingRooms = readdirSync(path.join(root, wing), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PUBLIC_FILES = ["./index.ts", "./index.server.ts", "./index.client.ts"];
const wingZones = [
  ...wingRooms.map((room) => ({
    target: wingRooms.filter((other) => other !== room).map((other) => `${wing}/${other}`),
    from: `${wing}/${room}`,
    except: PUBLIC_FILES,
    message: `The restaurants wing's ${room}/ is entered only through its public files (index.ts, index.server.ts, index.client.ts): export what is needed there.`,
  })),
  {
    target: `${wing}/core`,
    from: wingRooms.filter((room) => room !== "core").map((room) => `${wing}/${room}`),
    message:
      "The restaurants core imports no part of the wing: the parts build on it. Move what a listing is into the core, or turn the dependency around.",
  },
];
const layerZones = [
  {
    target: ["./app/lib", "./app/components", "./app/locales"],
    from: ["./app/features", "./app/routes"],
    message:
      "app/lib, app/components and app/locales are shared by every feature and page: they never import a feature or a route.",
  },
  {
    // The files at app/'s top (the route table's facts, the root, the page's message loader) stand above the shared layers.
    target: ["./app/lib", "./app/components", "./app/locales"],
    from: ["./app/*.ts", "./app/*.tsx"],
    message:
      "app/lib, app/components and app/locales never import the files at app/'s top (route facts, root, entries): pass what they need in.",
  },
  {
    target: "./app/features",
    from: "./app/routes",
    message: "A feature never imports a route: routes compose features, not the other way round.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message: `Features never import each other: move what both need to app/lib (or database/), or let the route combine them.`,
  })),
  {
    target: "./database",
    from: ["./app", "./server"],
    message: "database/ is the bottom layer: it imports nothing from app/ or server/.",
  },
  {
    // React Router keeps `*.server.ts` out of the browser bundle; this keeps the Node entry out of app code.
    target: "./app",
    from: "./server",
    message: "app/ must not import the Node server entry (server/).",
  },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["log", "warn", "error"] }],
    },
  },
  {
    // In tests (and benchmarks) a failed non-null assertion is a failed run, which is what it should be.
    files: ["tests/**/*.ts", "bench/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["bench/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { import: importPlugin },
    settings: {
      "import/extensions": [".ts", ".tsx", ".js", ".mjs"],
      // Never parse packages: the cycle check follows our own files only.
      "import/ignore": ["node_modules"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
    },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: root, zones: [...layerZones, ...wingZones] }],
      // Type-only imports are ignored (they vanish at run time); packages are not followed.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A test may reach into the rooms it tests (as routes, server/ and scripts/ may for now): the layers still hold.
    files: ["app/features/restaurants/**/*.test.{ts,tsx}"],
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones }] },
  },
  {
    // Who may do what is decided by the permission modules alone (ADR 009): elsewhere a role
    // is never compared by hand; ask `can`, or a named rule there (mayBeLinkedAsOwner, isAdministrator…).
    // The test data (database/factories.ts) and the tests may pick roles as they like.
    files: ["{app,server,scripts}/**/*.{ts,tsx,js,mjs}"],
    ignores: ["app/lib/permissions.ts", "app/lib/permissions.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='role']",
          "BinaryExpression[operator=/^[!=]==?$/] > ChainExpression > MemberExpression[property.name='role']",
          "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='role']",
          "SwitchStatement > MemberExpression.discriminant[property.name='role']",
          "SwitchStatement > Identifier.discriminant[name='role']",
        ].map((selector) => ({
          selector,
          message:
            "Roles are compared only in app/lib/permissions.ts and permissions.server.ts: ask can(…) or a named rule there.",
        })),
      ],
    },
  },
  {
    // Names show what a file is: components (React, under a components/ folder) in PascalCase,
    // every other module and every folder in kebab-case; `.server`, `.client`, `.test` and the
    // like are read as extensions. (eslint.config.js, vite.config.ts… are tools' fixed names.)
    files: ["{app,server,database,scripts,tests,bench,docs}/**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/components/**/*.tsx"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": [
        "error",
        { "{app,server,database,scripts,tests,bench,docs}/**/": "KEBAB_CASE" },
      ],
    },
  },
  {
    files: ["**/components/**/*.tsx"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.tsx": "PASCAL_CASE" },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Route modules stay thin (ADR 027): they check the permission, call the feature's page model
    // and render; the page model, the domain and the larger components live in the feature. And a
    // side effect has one owner: the domain function that commits the change sends its e-mail and
    // removes the files it made unused, so a route neither sends mail nor removes files itself.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines": ["error", { max: 200, skipBlankLines: true, skipComments: true }],
      "no-restricted-properties": [
        "error",
        {
          property: "sendEmail",
          message:
            "A route sends no e-mail: the domain function (or job) that makes the change sends its own (ADR 027).",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/uploads.server"],
              importNames: ["removeStoredFiles"],
              message:
                "Files are removed by the function that commits the change (saveRestaurant, removeRestaurant…), after its commit (ADR 027).",
            },
            {
              group: ["**/notify.server", "**/emails"],
              message: "A route sends no e-mail: call the feature's decision, which tells whom it must (ADR 027).",
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run lint` checks it): no lint rule argues with it.
  prettierConfig,
);
