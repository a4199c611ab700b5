// `npm run backup [-- --out FILE]`
// Writes one file holding the database and the uploads (docs/backups.md): by default
// DATA_DIR/backups/kosher-tel-aviv-backup-<time>.tar.gz. PGlite (no DATABASE_URL) needs the server
// stopped, since the embedded database has one user at a time; PostgreSQL needs pg_dump on PATH.
import { parseArgs } from "node:util";
import { runCommand } from "./command";
import { createBackup } from "../server/ops/backup/create";
import { BackupError, formatBytes } from "../server/ops/backup/manifest";
import { TarFormatError } from "../server/ops/tar";

const USAGE = "Usage: npm run backup [-- --out FILE]";

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    const { values } = parseArgs({ options: { out: { type: "string" } } });
    out = values.out;
  } catch (error) {
    if (error instanceof TypeError && "code" in error) {
      console.error(`${error.message}. ${USAGE}`);
      return 1;
    }
    throw error;
  }
  // createBackup opens (and locks) the embedded database itself, for as long as the snapshot takes.
  return runCommand({ expected: [BackupError, TarFormatError] }, async ({ config }) => {
    const result = await createBackup({
      dataDir: config.dataDir,
      pgliteDir: config.pgliteDir,
      databaseUrl: config.databaseUrl,
      uploadsDir: config.storage.kind === "local" ? config.storage.dir : null,
      out,
      progress: (line) => console.log(line),
    });
    console.log(`Backup written: ${result.file} (${formatBytes(result.bytes)})`);
    return 0;
  });
}

process.exitCode = await main();
