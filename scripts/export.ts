// `npm run export -- [--format json|csv] [--out PATH] [--with-files]` (docs/data-transfer.md)
// Writes every restaurant (both languages, every field, owners by e-mail) and every blog post of
// the configured database. JSON (the default) is one file, written to --out FILE or to standard
// output; CSV is two files, restaurants.csv and blog-posts.csv, written into --out DIR.
// --with-files also carries the stored files (photos, certificates, menus, post images) the export
// names, for another site's import: --out is then a folder (the data and files/), or a .tar.gz
// archive of the same. Every file is written with mode 0600.
// Exit codes: 0 written, 1 a bad argument, configuration or file, or the database in use.
import { parseArgs } from "node:util";
import { runCommand } from "./command";
import { exportData } from "../server/ops/data-transfer/export";
import { formatBytes } from "../server/ops/backup/manifest";
import { isArchiveName, TransferFileError, writeBundle, writeExport } from "../server/ops/data-transfer/files";
import { CSV_FILES, toJson } from "../server/ops/data-transfer/format";
import { importMessage, inBothLanguages } from "../server/ops/data-transfer/messages";
import { openStoredFileReader } from "../server/uploads/open-storage";

const USAGE =
  "Usage: npm run export -- [--format json|csv] [--out PATH] [--with-files]   (JSON: a file, or standard output without --out; CSV: --out DIR; --with-files: --out DIR or FILE.tar.gz)";

/** Why the arguments cannot be used, or what they ask for. */
function readArguments(): { format: "json" | "csv"; out: string | undefined; withFiles: boolean } | string {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        format: { type: "string", default: "json" },
        out: { type: "string" },
        "with-files": { type: "boolean", default: false },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    if (error instanceof TypeError) return error.message;
    throw error;
  }
  const format = values.format.trim().toLowerCase();
  if (format !== "json" && format !== "csv")
    return `Unknown --format ${JSON.stringify(values.format)}: give json or csv.`;
  const out = values.out?.trim();
  if (out === "") return "Give --out a path.";
  if (values["with-files"] && out === undefined) return inBothLanguages(importMessage("filesNeedOut"));
  if (format === "csv" && out === undefined)
    return `A CSV export is two files (${CSV_FILES.restaurants}, ${CSV_FILES.posts}): give --out DIR for the folder to write them into.`;
  return { format, out, withFiles: values["with-files"] };
}

async function main(): Promise<number> {
  const args = readArguments();
  if (typeof args === "string") {
    console.error(`${args}\n${USAGE}`);
    return 1;
  }
  return runCommand(
    { inUse: "The embedded database has one user at a time: stop the server, export, then start it again." },
    async ({ config, database }) => {
      const data = await exportData((await database()).db);
      const counted = `${data.restaurants.length} restaurant${data.restaurants.length === 1 ? "" : "s"} and ${data.posts.length} blog post${data.posts.length === 1 ? "" : "s"}`;
      try {
        if (args.format === "json" && args.out === undefined) {
          process.stdout.write(toJson(data));
          // Standard output is the data; the report goes to standard error.
          console.error(`Exported ${counted}.`);
          return 0;
        }
        if (args.withFiles && args.out !== undefined) {
          const bundle = await writeBundle(data, {
            format: args.format,
            out: args.out,
            read: openStoredFileReader(config.storage),
          });
          const files = `${bundle.files} file${bundle.files === 1 ? "" : "s"} (${formatBytes(bundle.bytes)})`;
          console.log(`Exported ${counted} with ${files} to ${isArchiveName(args.out) ? args.out : `${args.out}/`}.`);
          if (bundle.missing.length > 0)
            console.error(
              inBothLanguages(
                importMessage("filesMissing", { count: bundle.missing.length, urls: bundle.missing.join(", ") }),
              ),
            );
          return 0;
        }
        const written = writeExport(data, { format: args.format, out: args.out ?? "." });
        console.log(`Exported ${counted} to ${written.join(" and ")}.`);
        return 0;
      } catch (error) {
        if (error instanceof TransferFileError) {
          console.error(error.he === undefined ? error.message : inBothLanguages({ en: error.message, he: error.he }));
          return 1;
        }
        // A folder that cannot be made, a file that cannot be written: say which, in one line.
        if (error instanceof Error && "code" in error && "path" in error) {
          console.error(`Cannot write ${String(error.path)}: ${String(error.code)}.`);
          return 1;
        }
        throw error;
      }
    },
  );
}

process.exitCode = await main();
