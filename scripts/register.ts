// `npm run register -- import FILE [--published-on YYYY-MM-DD] [--override "reason"]` and
// `npm run register -- list` (ADR 033): the operator's way to the register import the admins' page
// makes. `import` reads a register file of any accepted shape, refuses a partial list without
// --override (and a bad file) with the page's message in English and Hebrew, and keeps it as a
// pending snapshot graded against the listings, printing the grades' counts; nothing on a listing
// changes (an admin applies it at /dashboard/register). `list` prints the snapshots kept.
// It acts as the system. Exit codes: 0 done, 1 a bad argument, file or configuration, or the database in use.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { importRegister, listSnapshots } from "../app/features/restaurants/register/index.server";
import { isAppError } from "../app/lib/errors";
import { SYSTEM } from "../app/lib/permissions.server";
import { catalogueMessage, inBothLanguages } from "../server/ops/data-transfer/messages";
import { runCommand } from "./command";

const USAGE =
  'Usage: npm run register -- import FILE [--published-on YYYY-MM-DD] [--override "reason"]\n       npm run register -- list';
/** Larger than any register list: refused before it is read into memory. */
const FILE_MAX_BYTES = 64 * 1024 * 1024;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { "published-on": { type: "string" }, override: { type: "string" } },
      allowPositionals: true,
    });
  } catch (error) {
    if (error instanceof TypeError) {
      console.error(`${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
  const [verb, given, ...rest] = parsed.positionals;
  if (!((verb === "import" && given !== undefined) || (verb === "list" && given === undefined)) || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const file = given ?? "";
  const inUse = "The embedded database has one user at a time: stop the server, run this, then start it again.";
  if (verb === "list")
    return runCommand({ inUse }, async ({ database }) => {
      const { db } = await database();
      const snapshots = await listSnapshots(db, SYSTEM);
      if (snapshots.length === 0) console.log("No register has been imported yet.");
      for (const snapshot of snapshots)
        console.log(
          [
            snapshot.id,
            snapshot.published_on,
            snapshot.list,
            snapshot.status,
            `${snapshot.row_count} rows`,
            snapshot.partial_reason ? `partial (${snapshot.partial_reason}): ${snapshot.override_reason ?? ""}` : "",
            snapshot.file_name,
          ]
            .filter(Boolean)
            .join("  "),
        );
      return 0;
    });
  let data: Buffer;
  try {
    if ((await stat(file)).size > FILE_MAX_BYTES) {
      console.error(inBothLanguages(catalogueMessage("register.fileTooLarge")));
      return 1;
    }
    data = await readFile(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  return runCommand({ inUse }, async ({ database }) => {
    const db = (await database()).db;
    try {
      const imported = await importRegister({ db, sendEmail: async () => {} }, SYSTEM, {
        fileName: path.basename(file),
        data,
        publishedOn: parsed.values["published-on"],
        overrideReason: parsed.values.override,
      });
      const { exact, probable, review, new: fresh } = imported.counts;
      console.log(
        `Imported ${imported.rowCount} rows as snapshot ${imported.snapshotId}${imported.partialReason ? ` (partial: ${imported.partialReason}, kept with the reason given)` : ""}.`,
      );
      console.log(`exact ${exact}, probable ${probable}, for review ${review}, new ${fresh}`);
      console.log("Nothing on a listing changed: an admin reviews and applies it at /dashboard/register.");
      return 0;
    } catch (error) {
      if (!isAppError(error)) throw error;
      console.error(inBothLanguages(catalogueMessage(error.messageKey, error.values ?? {})));
      const field = error.fieldErrors?.overrideReason;
      if (field) console.error(`${inBothLanguages(catalogueMessage(field))}\n(--override "reason")`);
      return 1;
    }
  });
}

process.exitCode = await main();
