import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Server-only modules must never be imported by code that reaches the browser bundle:
    // React Router enforces this for `*.server.ts`; this keeps the Node entry out of app code too.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/*"], message: "app/ must not import the Node server entry (server/)." }] }],
    },
  },
);
