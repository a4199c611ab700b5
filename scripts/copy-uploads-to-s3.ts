// `npm run uploads:copy-to-s3 [-- --from DIR]`
// Copies the uploads on local disk (DATA_DIR/uploads, or --from) into the bucket that STORAGE=s3
// and the S3_* variables name, under the same keys. Idempotent: files already there are skipped.
// Run it before switching a site to STORAGE=s3, and once more right after (for uploads made meanwhile).
import path from "node:path";
import { parseArgs } from "node:util";
import { runCommand } from "./command";
import { copyUploadsToBucket } from "../server/uploads/copy-uploads";
import { createS3Client } from "../server/uploads/s3-storage";

async function main(): Promise<number> {
  let from: string | undefined;
  try {
    const { values } = parseArgs({ options: { from: { type: "string" } } });
    from = values.from;
  } catch (error) {
    if (error instanceof TypeError && "code" in error) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // Only the uploads move: the database is not opened.
  return runCommand({}, async ({ config }) => {
    if (config.storage.kind !== "s3") {
      console.error(
        "Set STORAGE=s3 with S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials as needed) to name the bucket to copy into.",
      );
      return 1;
    }
    const dir = path.resolve(from ?? path.join(config.dataDir, "uploads"));
    const bucket = config.storage.bucket;
    console.log(`Copying ${dir} to bucket ${bucket}…`);
    try {
      const result = await copyUploadsToBucket({
        dir,
        client: createS3Client(config.storage),
        bucket,
        progress: (done, total, key, copied) =>
          console.log(`[${done}/${total}] ${copied ? "copied" : "already there"}: ${key}`),
      });
      console.log(`Done: ${result.copied} copied, ${result.skipped} already in the bucket (${result.total} files).`);
      return 0;
    } catch (error) {
      console.error(
        `Copying stopped: ${error instanceof Error ? error.message : String(error)}. Run the command again to go on; files already copied are skipped.`,
      );
      return 1;
    }
  });
}

process.exitCode = await main();
