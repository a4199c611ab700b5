// `npm run uploads:clean [-- --grace-hours 24]`
// Removes uploads that no restaurant uses and nothing names, older than the grace period
// (UPLOAD_GRACE_HOURS, default 24; --grace-hours overrides it). The server does the same every
// hour; this is for operators (say after a restore) and cron. Uses the configured database.
import { parseArgs } from "node:util";
import { runCommand } from "./command";
import { openStorage } from "../server/uploads/open-storage";
import { createFileStore } from "../server/uploads/storage";
import { cleanUploads } from "../server/uploads/upload-cleanup";

async function main(): Promise<number> {
  let graceHours: number | undefined;
  try {
    const { values } = parseArgs({ options: { "grace-hours": { type: "string" } } });
    if (values["grace-hours"] !== undefined) {
      graceHours = Number(values["grace-hours"]);
      if (!Number.isFinite(graceHours) || graceHours < 0) {
        console.error("Give --grace-hours as a number of hours (0 or more).");
        return 1;
      }
    }
  } catch (error) {
    if (error instanceof TypeError && "code" in error) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  return runCommand(
    { inUse: "The running server removes abandoned uploads every hour by itself." },
    async ({ config, database }) => {
      const hours = graceHours ?? config.uploadGraceHours;
      const removed = await cleanUploads({
        db: (await database()).db,
        files: createFileStore(openStorage(config.storage)),
        graceHours: hours,
      });
      console.log(
        `Removed ${removed.length} upload${removed.length === 1 ? "" : "s"} unused for more than ${hours} h.`,
      );
      for (const url of removed) console.log(`  ${url}`);
      return 0;
    },
  );
}

process.exitCode = await main();
