// `npm run restore -- FILE [--force]`
// Puts back the database and the uploads from a file made by `npm run backup` (docs/backups.md).
// Refuses a database that already holds restaurants, users or blog posts unless --force; builds
// the new database and uploads folder beside the old ones and swaps them in, so a refused or
// failed restore changes nothing. PGlite needs the server stopped; PostgreSQL needs psql on PATH,
// with restricted mode (\restrict: 13.22, 14.19, 15.14, 16.10, 17.6, 18 or newer).
import { parseArgs } from "node:util";
import { runCommand } from "./command";
import { BackupError } from "../server/ops/backup/manifest";
import { restoreBackup } from "../server/ops/backup/restore";

const USAGE = "Usage: npm run restore -- FILE [--force]";

async function main(): Promise<number> {
  let file: string;
  let force: boolean;
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: "boolean", default: false } },
      allowPositionals: true,
    });
    if (positionals.length !== 1 || !positionals[0]) {
      console.error(`Give one backup file. ${USAGE}`);
      return 1;
    }
    file = positionals[0];
    force = values.force;
  } catch (error) {
    if (error instanceof TypeError && "code" in error) {
      console.error(`${error.message}. ${USAGE}`);
      return 1;
    }
    throw error;
  }
  // restoreBackup opens (and locks) the embedded database itself, to build the new one beside it.
  return runCommand({ expected: [BackupError] }, async ({ config }) => {
    await restoreBackup({
      file,
      force,
      dataDir: config.dataDir,
      pgliteDir: config.pgliteDir,
      databaseUrl: config.databaseUrl,
      uploadsDir: config.storage.kind === "local" ? config.storage.dir : null,
      progress: (line) => console.log(line),
    });
    console.log("Restored. Start the server: it applies any migrations newer than the backup.");
    return 0;
  });
}

process.exitCode = await main();
