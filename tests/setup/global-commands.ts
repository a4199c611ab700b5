// The operator's commands (`npm run backup`, `export`, `import`, …: `tsx scripts/<name>.ts`), bundled
// once per run of the database suite. Under tsx a command spends about a second of its start
// compiling and resolving the app's modules one by one, and the suite starts commands dozens of times
// per run; a bundle of the same modules starts in half that. The tests start the bundles
// (tests/setup/commands.ts), except one test that starts each command through tsx as npm does.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "rolldown";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Each command's script (`scripts/backup.ts`) and its bundle's absolute path. */
    commandBundles: Record<string, string>;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The scripts npm runs with tsx (package.json's `"backup": "tsx scripts/backup.ts"`), from the repository's root. */
export function operatorScripts(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return Object.values(scripts)
    .map((line) => /^tsx (scripts\/[\w-]+\.ts)$/.exec(line)?.[1])
    .filter((script): script is string => script !== undefined);
}

export default async function setup(project: TestProject) {
  // Inside node_modules, so the bundles' imports of packages resolve as the scripts' own do.
  const dir = path.join(ROOT, "node_modules", ".cache", `kta-commands-${process.pid}-${project.name}`);
  const scripts = operatorScripts();
  const input = Object.fromEntries(scripts.map((script) => [path.basename(script, ".ts"), path.join(ROOT, script)]));
  await build({
    input,
    platform: "node",
    // Packages load from node_modules as under tsx; the app's own modules are what is bundled. The
    // server's development-only import of React Router's build is never reached by a command.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
    output: { dir, format: "esm", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" },
    checks: { bundlerTimings: false },
    logLevel: "warn",
  });
  project.provide(
    "commandBundles",
    Object.fromEntries(scripts.map((script) => [script, path.join(dir, `${path.basename(script, ".ts")}.mjs`)])),
  );
  return () => rmSync(dir, { recursive: true, force: true });
}
