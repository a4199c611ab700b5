// `npm run import -- FILE... [--dry-run] [--as EMAIL] [--skip-missing-owners]` (docs/data-transfer.md)
// Reads an export — a .json file, one or both .csv files, the folder a CSV export wrote, or an
// export with its files (--with-files: a folder or a .tar.gz), whose files are brought in as
// uploads, through the upload checks, into the configured storage — checks
// every row with the forms' own rules and imports all of it in one transaction, or nothing.
// Errors are printed as `Row N, field: message`, in English and then in Hebrew, under the file
// they are in. --dry-run checks and counts without writing. The history records the import as
// "system", or as the administrator named by --as. --skip-missing-owners imports a restaurant
// without the owners whose e-mail no account has, printing a warning for each.
// Exit codes: 0 imported (or, with --dry-run, it would import), 1 errors in the file (nothing
// changed), a bad argument, configuration or file, or the database in use.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import type { Actor } from "../app/features/restaurants/editing/changes.server";
import { removeStoredFiles } from "../app/features/restaurants/editing/uploads.server";
import { can } from "../app/lib/permissions";
import { users } from "../database/schema/auth";
import { userRoles } from "../database/schema/people";
import type { Db } from "../database/types";
import { runCommand, type Command } from "./command";
import { readImportSource, TransferFileError, type ImportSource } from "../server/ops/data-transfer/files";
import type { Table } from "../server/ops/data-transfer/format";
import { describeSummary, formatRowError, importData, type RowError } from "../server/ops/data-transfer/import";
import { inBothLanguages } from "../server/ops/data-transfer/messages";
import { openStorage } from "../server/uploads/open-storage";
import { createFileStore } from "../server/uploads/storage";

const USAGE =
  "Usage: npm run import -- FILE... [--dry-run] [--as EMAIL] [--skip-missing-owners]   (FILE: export.json, restaurants.csv, blog-posts.csv, a folder holding them, or the .tar.gz of an export with its files)";

/** A problem to print in one line and exit 1. */
class UsageError extends Error {}

interface Options {
  dryRun: boolean;
  as: string | undefined;
  skipMissingOwners: boolean;
}

/** The administrator named by --as, as the history will record them. */
async function adminActor(db: Db, email: string): Promise<Actor> {
  const wanted = email.trim().toLowerCase();
  const [user] = wanted.includes("\u0000")
    ? []
    : await db
        .select({ id: users.id, email: users.email, role: userRoles.role })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, wanted));
  // The import checks its actor itself (data:import); this only turns a wrong --as into its message.
  if (!user || !can(user, "data:import"))
    throw new UsageError(`No administrator has the e-mail ${email}: --as names an administrator's account.`);
  return { id: user.id, email: user.email, role: user.role };
}

/** Errors or warnings under the file and list they belong to, then `closing` with their count. */
function printRows(rows: RowError[], labels: Record<Table, string>, closing: (count: string) => string): void {
  if (rows.length === 0) return;
  let heading: Table | undefined;
  for (const row of rows) {
    if (row.table !== heading) {
      heading = row.table;
      console.error(`${labels[row.table]}:`);
    }
    console.error(formatRowError(row).replace(/^/gm, "  "));
  }
  console.error(closing(String(rows.length)));
}

async function main(): Promise<number> {
  let positionals: string[];
  let options: Options;
  try {
    const parsed = parseArgs({
      options: {
        "dry-run": { type: "boolean", default: false },
        as: { type: "string" },
        "skip-missing-owners": { type: "boolean", default: false },
      },
      allowPositionals: true,
    });
    if (parsed.positionals.length === 0) throw new UsageError("Give the file to import.");
    positionals = parsed.positionals;
    options = {
      dryRun: parsed.values["dry-run"],
      as: parsed.values.as,
      skipMissingOwners: parsed.values["skip-missing-owners"],
    };
  } catch (error) {
    if (error instanceof UsageError || error instanceof TypeError) {
      console.error(`${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
  return runCommand(
    { inUse: "The embedded database has one user at a time: stop the server, import, then start it again." },
    async (command) => {
      let inputs: ImportSource;
      try {
        inputs = await readImportSource(positionals);
      } catch (error) {
        if (error instanceof TransferFileError) {
          // A problem with the file itself: in English, and in Hebrew when it has it.
          console.error(error.he === undefined ? error.message : inBothLanguages({ en: error.message, he: error.he }));
          return 1;
        }
        throw error;
      }
      try {
        return await importInto(command, inputs, options);
      } finally {
        await inputs.close();
      }
    },
  );
}

async function importInto({ config, database }: Command, inputs: ImportSource, options: Options): Promise<number> {
  const { db } = await database();
  const storage = openStorage(config.storage);
  let actor: Actor | undefined;
  try {
    actor = options.as === undefined ? undefined : await adminActor(db, options.as);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const result = await importData(db, inputs.input, {
    dryRun: options.dryRun,
    skipMissingOwners: options.skipMissingOwners,
    // The files an export with its files carries come in as uploads, into the configured storage.
    files: { carried: inputs.carried, storage },
    ...(actor ? { actor } : {}),
  });
  printRows(
    result.warnings,
    inputs.labels,
    (count) =>
      `${count} warning${count === "1" ? "" : "s"}: ${count === "1" ? "this owner is" : "these owners are"} left out (--skip-missing-owners).`,
  );
  if (!result.ok) {
    printRows(
      result.errors,
      inputs.labels,
      (count) => `Nothing was imported: ${count} error${count === "1" ? "" : "s"}.`,
    );
    return 1;
  }
  console.log(describeSummary(result.summary, result.dryRun));
  if (result.removedFiles.length > 0) {
    // As after a dashboard save: files that nothing names any more go, once the change is committed.
    await removeStoredFiles(createFileStore(storage), result.removedFiles);
    console.log(
      `Removed ${result.removedFiles.length} file${result.removedFiles.length === 1 ? "" : "s"} that no restaurant or post names any more.`,
    );
  }
  return 0;
}

process.exitCode = await main();
