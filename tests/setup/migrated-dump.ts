// One embedded database, migrated, as a dump: the template each test's database is a copy of (the
// database suite's global setup, the browser suite's in-process servers), since loading a copy is
// a fraction of migrating anew.
import { openDatabase } from "../../server/data/database";

export async function migratedPgliteDump(compression: "none" | "gzip"): Promise<Blob> {
  const database = await openDatabase({});
  try {
    return await database.pglite!.dumpDataDir(compression);
  } finally {
    await database.close();
  }
}
