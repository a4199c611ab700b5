// Where uploaded media lives. Local disk under DATA_DIR/uploads, served as /uploads/<key>.
// Keys are made by the server (never from a user's file name) and checked strictly anyway.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { imageFiles } from "../app/lib/images";
import type { FileStore } from "../app/lib/context";

export interface Storage {
  /** Stores bytes under a key like "restaurant-images/ab12cd-800.webp"; returns the public URL "/uploads/<key>". */
  put(key: string, data: Buffer): Promise<string>;
  /** Removes the file behind a public URL made by put(); ignores URLs it did not make and files already gone. Never deletes outside its root. */
  remove(url: string): Promise<void>;
}

/** The public URL prefix of stored files. */
export const UPLOADS_PUBLIC_BASE = "/uploads";

const KEY_PATTERN = /^[a-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

/** True for a key of the form "<bucket>/<file>" with no way to leave the bucket. */
export function isValidStorageKey(key: string): boolean {
  if (!KEY_PATTERN.test(key) || key.includes("..")) return false;
  const file = key.slice(key.indexOf("/") + 1);
  return file !== "." && !file.startsWith(".");
}

/** The absolute path for a key, or null when it would fall outside rootDir. */
function resolveInside(root: string, key: string): string | null {
  const target = path.resolve(root, key);
  const relative = path.relative(root, target);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return target;
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  return {
    async put(key, data) {
      if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
      const target = resolveInside(root, key);
      if (!target) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a half-written file is never served.
      const temporary = path.join(path.dirname(target), `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(temporary, data, { flag: "wx" });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return `${UPLOADS_PUBLIC_BASE}/${key}`;
    },
    async remove(url) {
      const prefix = `${UPLOADS_PUBLIC_BASE}/`;
      if (!url.startsWith(prefix)) return;
      const key = url.slice(prefix.length);
      if (!isValidStorageKey(key)) return;
      const target = resolveInside(root, key);
      if (!target) return;
      await rm(target, { force: true });
    },
  };
}

/** The files behind public URLs: a stored image is several files (one per width); removing it removes them all. */
export function createFileStore(storage: Storage): FileStore {
  return {
    async remove(url) {
      await Promise.all(imageFiles(url).map((one) => storage.remove(one)));
    },
  };
}
