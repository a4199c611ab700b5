// Where uploaded media lives: local disk under DATA_DIR/uploads (the default), or an S3-compatible
// bucket (server/uploads/s3-storage.ts). Either way a file's public URL is /uploads/<key>, so stored URLs
// never change with the storage; the storage serves that path itself.
// Keys are made by the server (never from a user's file name) and checked strictly anyway.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { imageFiles } from "../../app/lib/images";
import type { FileStore } from "../../app/lib/context";

export interface Storage {
  /** Stores bytes under a key like "restaurant-images/ab12cd-800.webp"; returns the public URL "/uploads/<key>". */
  put(key: string, data: Buffer): Promise<string>;
  /** Removes the file behind a public URL made by put(); ignores URLs it did not make and files already gone. Never deletes outside its root. */
  remove(url: string): Promise<void>;
  /** Answers GET/HEAD under /uploads (mounted there): the file with long-lived caching, or a plain 404. */
  serve: RequestHandler;
}

/** Uploaded and generated files have random names and are never rewritten. */
export const STORED_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A held file (a claim's proof, a suggestion's photo) is for one admin's eyes: never kept by a browser or a proxy. */
export const PRIVATE_FILE_CACHE_CONTROL = "private, no-store";

/**
 * True when the guard in front of the storage (server/uploads/held-files.ts) let an admin through
 * to a held file: the storage then serves it uncached and never sends the visitor to a CDN.
 */
export function isPrivateFile(res: { locals: Record<string, unknown> }): boolean {
  return res.locals.privateFile === true;
}

/** The storage key behind a public URL made by put(), or null for any other URL. */
export function keyOfUrl(url: string): string | null {
  const prefix = `${UPLOADS_PUBLIC_BASE}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return isValidStorageKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/** The Content-Type a stored file is served with, by its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** The types a page shows in place (an <img>, the browser's PDF viewer); anything else is only downloaded. */
const INLINE_TYPES = new Set(["image/webp", "image/png", "image/jpeg", "application/pdf"]);

/**
 * The headers a stored file is served with, by either storage. They follow from its name alone,
 * which the upload pipeline gave it for what it made (server/uploads/processing.ts), never from a bucket's
 * metadata or the file system's guess: a file the app did not make (someone with access to the
 * bucket or the folder, a misconfigured bucket) can then never be a page of this site — no
 * text/html, no sniffing, and anything but an image or a PDF is a download.
 * `name` is a key or a file's path: only its extension counts; `privately` for a held file.
 */
export function storedFileHeaders(name: string, privately = false): Record<string, string> {
  const type = contentTypeOf(name);
  return {
    "Content-Type": type,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": privately ? PRIVATE_FILE_CACHE_CONTROL : STORED_FILE_CACHE_CONTROL,
    ...(INLINE_TYPES.has(type) ? {} : { "Content-Disposition": "attachment" }),
  };
}

/** Raised by a storage that cannot be reached (a bucket's outage): uploads say so, nothing is kept. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
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

/**
 * The names the upload pipeline gives files (server/uploads/processing.ts): an image's widths,
 * "<bucket>/<random hex>-<width>.webp", and a PDF, "restaurant-menus/pdf_<random hex>.pdf".
 * A backup takes no other file and a restore accepts no other name, so a backup file cannot bring
 * in a page, a script or a path out of the folder (storage.test.ts holds this to the pipeline).
 */
const UPLOAD_KEY_PATTERN =
  /^(?:restaurant-images|restaurant-menus)\/[0-9a-f]+-\d+\.webp$|^restaurant-menus\/pdf_[0-9a-f]+\.pdf$/;

/** True for a name the upload pipeline makes. */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
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
      const key = keyOfUrl(url);
      const target = key === null ? null : resolveInside(root, key);
      if (!target) return;
      await rm(target, { force: true });
    },
    serve: express.static(root, {
      cacheControl: false,
      // The type set here is kept: express.static only guesses one when none is set.
      setHeaders: (res, file) => {
        for (const [name, value] of Object.entries(storedFileHeaders(file, isPrivateFile(res))))
          res.setHeader(name, value);
      },
      fallthrough: false,
      index: false,
    }),
  };
}

/** Every file a local storage holds under rootDir, as sorted keys (half-written temp files left out). */
export async function storedKeys(rootDir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(rootDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter(isValidStorageKey)
    .sort();
}

/** The bytes behind a public URL made by a local storage's put(), or null when it has no such file. */
export async function readLocalFile(rootDir: string, url: string): Promise<Buffer | null> {
  const key = keyOfUrl(url);
  const target = key === null ? null : resolveInside(path.resolve(rootDir), key);
  if (!target) return null;
  try {
    return await readFile(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The files behind public URLs: a stored image is several files (one per width); removing it removes them all. */
export function createFileStore(storage: Storage): FileStore {
  return {
    async remove(url) {
      await Promise.all(imageFiles(url).map((one) => storage.remove(one)));
    },
  };
}
