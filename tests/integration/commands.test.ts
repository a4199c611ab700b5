// How every operator's command starts and ends (scripts/command.ts): a bad configuration printed as
// the server prints it, the embedded database held by the running server said plainly with what to
// do instead, and the database closed on the way out, also when the command fails.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCommand } from "../../scripts/command";
import { pgliteDirIn } from "../../server/config";
import { openDatabase } from "../../server/data/database";
import { BackupError } from "../../server/ops/backup/manifest";
import { runScript } from "../setup/commands";
import { placeMigratedPglite, secondRunOnPostgres } from "../setup/db";
import { operatorScripts } from "../setup/global-commands";
import { allowConsoleErrors } from "../setup/fail-on-console-error";

const SLOW = 120_000;

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-command-"));
  temporary.push(dir);
  return dir;
}

/** Opens DATA_DIR's embedded database as the server would (taking its lock): a copy of the run's migrated data folder. */
async function openInstall(dataDir: string) {
  placeMigratedPglite(pgliteDirIn(dataDir));
  return openDatabase({ pgliteDir: pgliteDirIn(dataDir), migrate: false });
}

const STACK_LINE = /^\s+at /m;

// Reads no database but embedded ones of its own: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("the operators' commands", () => {
  it(
    "print a bad configuration as the server does, and exit 1",
    async () => {
      const env = { DATA_DIR: tempDir(), PORT: "abc" };
      const commands: [string, string[]][] = [
        ["scripts/export.ts", []],
        ["scripts/import.ts", ["export.json"]],
        ["scripts/backup.ts", []],
        ["scripts/restore.ts", ["backup.tar.gz"]],
        ["scripts/seed.ts", []],
        ["scripts/create-admin.ts", ["--email", "boss@example.com"]],
        ["scripts/clean-uploads.ts", []],
        ["scripts/copy-uploads-to-s3.ts", []],
        ["scripts/register.ts", ["list"]],
      ];
      // Started through tsx, as npm starts them (the other tests start their bundles): every command.
      expect(commands.map(([script]) => script).sort()).toEqual(operatorScripts().sort());
      const results = await Promise.all(
        commands.map(([script, args]) => runScript(script, args, env, { throughTsx: true })),
      );
      for (const [index, result] of results.entries()) {
        expect(result, commands[index]![0]).toEqual({
          status: 1,
          stdout: "",
          stderr: "Invalid configuration:\n  PORT: Invalid input: expected number, received NaN\n",
        });
      }
    },
    SLOW,
  );

  it(
    "say plainly that the running server holds the embedded database, and what to do instead",
    async () => {
      const dataDir = tempDir();
      const held = await openInstall(dataDir);
      const inUse = new RegExp(
        `^The embedded database in ${pgliteDirIn(dataDir)} is already open in another process \\(pid ${process.pid}\\)\\..*\\n(.+)\\n$`,
      );
      try {
        const commands: [string, string[], string][] = [
          ["scripts/export.ts", [], "stop the server, export, then start it again."],
          ["scripts/seed.ts", [], "The running server loads the demo data"],
          [
            "scripts/create-admin.ts",
            ["--email", "boss@example.com"],
            "stop the server, run this again, then start it.",
          ],
          ["scripts/clean-uploads.ts", [], "The running server removes abandoned uploads every hour by itself."],
          ["scripts/backup.ts", [], "Stop the server first: the embedded database has one user at a time."],
          ["scripts/register.ts", ["list"], "stop the server, run this, then start it again."],
        ];
        for (const [script, args, instead] of commands) {
          const result = await runScript(script, args, { DATA_DIR: dataDir });
          expect(result.status, script).toBe(1);
          expect(result.stderr, script).toMatch(inUse);
          expect(inUse.exec(result.stderr)?.[1], script).toContain(instead);
          expect(result.stderr, script).not.toMatch(STACK_LINE);
        }
      } finally {
        await held.close();
      }
      // Once the server has stopped, the same command runs.
      const exported = await runScript("scripts/export.ts", [], { DATA_DIR: dataDir });
      expect(exported.status, exported.stderr).toBe(0);
      expect(exported.stderr).toBe("Exported 0 restaurants and 0 blog posts.\n");
    },
    SLOW,
  );

  it("closes the database on the way out, also when the command fails, printing an operator's mistake without a stack", async () => {
    allowConsoleErrors();
    const dataDir = tempDir();
    await openInstall(dataDir).then((database) => database.close());
    const lock = `${pgliteDirIn(dataDir)}.lock`;
    const env = { DATA_DIR: dataDir, DEMO_DATA: "false" };

    const refused = await runCommand({ env, expected: [BackupError] }, async ({ database }) => {
      await database();
      expect(existsSync(lock)).toBe(true);
      throw new BackupError("That backup is not one.");
    });
    expect(refused).toBe(1);
    expect(existsSync(lock)).toBe(false);
    expect(vi.mocked(console.error)).toHaveBeenLastCalledWith("That backup is not one.");

    // A fault in the command itself keeps its stack, for whoever fixes it.
    const fault = await runCommand({ env }, async ({ database }) => {
      await database();
      throw new Error("a bug");
    });
    expect(fault).toBe(1);
    expect(existsSync(lock)).toBe(false);
    expect(String(vi.mocked(console.error).mock.lastCall?.[0])).toMatch(/^Error: a bug\n\s+at /);

    // The body's exit code is the command's, and asking twice opens the database once.
    const done = await runCommand({ env }, async ({ database }) => ((await database()) === (await database()) ? 0 : 2));
    expect(done).toBe(0);
    expect(existsSync(lock)).toBe(false);

    expect(await runCommand({ env: { ...env, LOG_LEVEL: "loud" } }, () => Promise.resolve(0))).toBe(1);
    expect(String(vi.mocked(console.error).mock.lastCall?.[0])).toMatch(
      /^Invalid configuration:\n {2}LOG_LEVEL: must be one of/,
    );
  });
});
