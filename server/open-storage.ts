// The configured storage for uploads (STORAGE=local|s3): what the server, the demo data and the
// operators' commands all store into.
import type { StorageConfig } from "./config";
import { createS3Storage } from "./s3-storage";
import { createLocalStorage, type Storage } from "./storage";

export function openStorage(config: StorageConfig): Storage {
  return config.kind === "local" ? createLocalStorage(config.dir) : createS3Storage(config);
}
