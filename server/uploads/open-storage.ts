// The configured storage for uploads (STORAGE=local|s3): what the server, the demo data and the
// operators' commands all store into, and what an export with its files reads them from.
import type { StorageConfig } from "../config";
import { createS3Client, createS3Storage, getObject } from "./s3-storage";
import { createLocalStorage, keyOfUrl, readLocalFile, type Storage } from "./storage";

export function openStorage(config: StorageConfig): Storage {
  return config.kind === "local" ? createLocalStorage(config.dir) : createS3Storage(config);
}

/** Reads a stored file back by its public URL: its bytes, or null when there is no such file. */
export type StoredFileReader = (url: string) => Promise<Buffer | null>;

/** What an export with its files reads them with (`npm run export -- --with-files`). */
export function openStoredFileReader(config: StorageConfig): StoredFileReader {
  if (config.kind === "local") return (url) => readLocalFile(config.dir, url);
  const client = createS3Client(config);
  return async (url) => {
    const key = keyOfUrl(url);
    return key === null ? null : getObject(client, config.bucket, key);
  };
}
