// Runs an operator's command as an operator would (`npm run backup` is `tsx scripts/backup.ts`).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface CommandRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * How to start `script` (`scripts/backup.ts`) with Node: its bundle, made once per run from the same
 * modules (tests/setup/global-commands.ts), or through tsx as npm does, when `throughTsx` or when
 * the run made no bundles.
 */
export function commandLine(script: string, { throughTsx = false }: { throughTsx?: boolean } = {}): string[] {
  const bundle = throughTsx ? undefined : inject("commandBundles")?.[script];
  return bundle ? [bundle] : ["--import", "tsx", script];
}

/** `script` (from the repository's root) with `args`, in an environment of PATH, HOME, DEMO_DATA=false and `env` — no DATABASE_URL from CI's. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  { throughTsx = false }: { throughTsx?: boolean } = {},
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...commandLine(script, { throughTsx }), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DEMO_DATA: "false", ...env },
        encoding: "utf8",
      },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}
