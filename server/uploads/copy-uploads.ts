// Moving to a bucket: copies the uploads kept on local disk into the S3-compatible bucket under
// the same keys, so every stored URL (/uploads/<key>) keeps working. Safe to run again: a file
// already in the bucket with the same size is skipped. Run by `npm run uploads:copy-to-s3`.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { objectSize, putObject } from "./s3-storage";
import { storedKeys } from "./storage";

export interface CopyResult {
  copied: number;
  skipped: number;
  total: number;
}

export async function copyUploadsToBucket({
  dir,
  client,
  bucket,
  progress = () => {},
}: {
  dir: string;
  client: S3Client;
  bucket: string;
  /** Told of each file as it is handled: its position, the total, its key and whether it was copied. */
  progress?: (done: number, total: number, key: string, copied: boolean) => void;
}): Promise<CopyResult> {
  const keys = await storedKeys(dir);
  let copied = 0;
  for (const [index, key] of keys.entries()) {
    const file = path.join(dir, ...key.split("/"));
    const size = (await stat(file)).size;
    const there = (await objectSize(client, bucket, key)) === size;
    if (!there) {
      await putObject(client, bucket, key, await readFile(file));
      copied += 1;
    }
    progress(index + 1, keys.length, key, !there);
  }
  return { copied, skipped: keys.length - copied, total: keys.length };
}
