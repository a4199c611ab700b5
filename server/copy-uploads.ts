// Moving to a bucket: copies the uploads kept on local disk into the S3-compatible bucket under
// the same keys, so every stored URL (/uploads/<key>) keeps working. Safe to run again: a file
// already in the bucket with the same size is skipped. Run by `npm run uploads:copy-to-s3`.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand, S3ServiceException, type S3Client } from "@aws-sdk/client-s3";
import { contentTypeOf, isValidStorageKey, STORED_FILE_CACHE_CONTROL } from "./storage";

export interface CopyResult {
  copied: number;
  skipped: number;
  total: number;
}

/** Every stored file under the uploads folder, as storage keys (half-written temp files left out). */
export async function localKeys(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter(isValidStorageKey)
    .sort();
}

async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
    throw error;
  }
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
  const keys = await localKeys(dir);
  let copied = 0;
  for (const [index, key] of keys.entries()) {
    const file = path.join(dir, ...key.split("/"));
    const size = (await stat(file)).size;
    const there = (await sizeInBucket(client, bucket, key)) === size;
    if (!there) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(file), ContentType: contentTypeOf(key), CacheControl: STORED_FILE_CACHE_CONTROL }),
      );
      copied += 1;
    }
    progress(index + 1, keys.length, key, !there);
  }
  return { copied, skipped: keys.length - copied, total: keys.length };
}
