// What the operators' commands share: opening the configured database, or saying plainly that the
// embedded one is in use by the running server (it has one user at a time) and what to do instead.
import type { Config } from "../server/config";
import { openDatabase, type Database } from "../server/data/database";
import { DatabaseInUseError } from "../server/data/pglite-lock";

/** The configured database, or null once the command has said why it cannot have it (`instead`: what to do). */
export async function openCommandDatabase(config: Config, instead: string): Promise<Database | null> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(`${error.message}\n${instead}`);
    return null;
  }
}
