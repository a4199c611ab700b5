// `npm run backup [-- --out FILE]`
// Writes one file holding the database and the uploads (docs/backups.md): by default
// DATA_DIR/backups/kosher-tel-aviv-backup-<time>.tar.gz. PGlite (no DATABASE_URL) needs the server
// stopped, since the embedded database has one user at a time; PostgreSQL needs pg_dump on PATH.
import { parseArgs } from "node:util";
import { createBackup } from "../server/ops/backup/create";
import { BackupError, formatBytes } from "../server/ops/backup/manifest";
import { ConfigError, parseConfig, type Config } from "../server/config";
import { DatabaseInUseError } from "../server/data/pglite-lock";
import { TarFormatError } from "../server/ops/tar";

const USAGE = "Usage: npm run backup [-- --out FILE]";

async function main(): Promise<number> {
  let config: Config;
  let out: string | undefined;
  try {
    const { values } = parseArgs({ options: { out: { type: "string" } } });
    out = values.out;
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof TypeError && "code" in error) {
      console.error(`${error.message}. ${USAGE}`);
      return 1;
    }
    throw error;
  }
  try {
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
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(`Stop the server first: the embedded database has one user at a time. ${error.message}`);
      return 1;
    }
    if (error instanceof BackupError || error instanceof TarFormatError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
