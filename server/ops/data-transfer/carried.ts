// Files an export carries (`npm run export -- --with-files`, docs/data-transfer.md), and how an
// import brings them in: each one as if it were uploaded through the dashboard — the same checks
// by content and the same re-encoding (server/uploads/processing.ts), recorded in `uploads` as the
// importer's (the system's: no uploader), then attached by the dashboard's own save — and the rows
// name it by its address on this site instead of the exporting site's.
//
// - A stored file (/uploads/…) this site already has is left alone: within one site, an export
//   with files imports exactly as one without (the rows' own rules decide).
// - A restaurant's file this site does not have and the export does not carry is the row's error
//   (fileNotCarried), not "this file cannot be used here". (A post's image is not checked, as
//   before: the blog form takes any address.)
// - A brought file's name on this site is made from its kind, its old address and its bytes, so
//   importing the same export again names the same files (they are then unchanged, not brought
//   twice).
// - Files are checked and re-encoded into a temporary folder first; they reach the storage only
//   when the import can still go ahead, recorded as unattached uploads *before* they are stored (so
//   an import killed half-way leaves rows the hourly clean-up removes, never files nobody knows of).
//   An import that then fails forgets and deletes them again (discardFiles).
import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { and, inArray, isNull } from "drizzle-orm";
import {
  namedAnywhere,
  namedFiles,
  recordUpload,
  removeStoredFiles,
} from "../../../app/features/restaurants/editing/uploads.server";
import { uploads } from "../../../database/schema/uploads";
import type { Db } from "../../../database/types";
import { createLocalStorage, keyOfUrl, UPLOADS_PUBLIC_BASE, type Storage } from "../../uploads/storage";
import { UPLOAD_RULES, type UploadKind } from "../../../app/features/restaurants/editing/upload-rules";
import { processUpload, UploadError, UploadFailedError, type StoredUpload } from "../../uploads/processing";
import { eachAtMost } from "../at-most";
import type { ImportInput, ImportRow, RowError, Table } from "./format";
import { catalogueMessage, importMessage } from "./messages";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A stored file a row names: the field that names it, and the kind of upload it is. */
export interface FileReference {
  field: string;
  kind: UploadKind;
  url: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value.trim() : null);
const isStored = (url: string | null): url is string => url !== null && url.startsWith(`${UPLOADS_PUBLIC_BASE}/`);

/**
 * The stored files (/uploads/…) a row of an export names. A restaurant's are those the dashboard
 * counts (namedFiles: photo, certificate, PDF menu, menu images); a post's is its image, as a
 * photo. Values of the wrong type name nothing here (the row's rules report them).
 */
export function storedFilesOf(table: Table, values: Record<string, unknown>): FileReference[] {
  if (table === "posts") {
    const image = text(values.image);
    return isStored(image) ? [{ field: "image", kind: "photo", url: image }] : [];
  }
  const menuImages = Array.isArray(values.menuImages)
    ? values.menuImages.flatMap((image: unknown) => {
        const url = isObject(image) ? text(image.url) : null;
        return url === null ? [] : [{ url, name: "" }];
      })
    : [];
  return namedFiles({
    photo: text(values.photo),
    teuda: text(values.teuda),
    menu_link: text(values.menuLink),
    menu_images: menuImages,
  });
}

/** The files an export carries, by the address they had on the site that exported them. */
export interface CarriedFiles {
  /** The size of the file carried for this address, or undefined when the export carries none. */
  sizeOf(url: string): number | undefined;
  read(url: string): Promise<Buffer>;
}

/** The files in an export's `files/` folder (`files/<key>` for `/uploads/<key>`); links and folders are not files. */
export function carriedInFolder(dir: string): CarriedFiles {
  const fileOf = (url: string) => {
    const key = keyOfUrl(url);
    return key === null ? null : path.join(dir, ...key.split("/"));
  };
  return {
    sizeOf(url) {
      const file = fileOf(url);
      if (file === null) return undefined;
      try {
        const info = lstatSync(file);
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw error;
      }
    },
    async read(url) {
      const file = fileOf(url);
      if (file === null) throw new Error(`no carried file for ${url}`);
      return readFile(file);
    },
  };
}

/** How many carried files are checked and re-encoded at once: one for each core. */
const FILES_AT_ONCE = Math.max(1, availableParallelism());

/** A file brought in: its address here, its kind, and its stored files (keys) in the staging folder. */
interface BroughtFile {
  url: string;
  kind: UploadKind;
  keys: string[];
}

export interface PreparedFiles {
  /** The rows, naming each brought file by its address on this site. */
  input: ImportInput;
  /** Files rows name that cannot be brought in: not on this site and not carried, or refused by the upload checks. */
  errors: RowError[];
  /** Checked and re-encoded files this site does not have yet, waiting in `staging`. */
  brought: BroughtFile[];
  staging: string | null;
}

/** Of these addresses, those this site has: an upload row, or named by a restaurant or a post. */
async function onThisSite(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const known = await namedAnywhere(db, urls);
  for (const row of await db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, urls)))
    known.add(row.url);
  return known;
}

/** The id a brought file is stored under: the same file (kind, old address, bytes) gets the same one. */
function fileId(kind: UploadKind, url: string, data: Buffer): string {
  return createHash("sha256").update(`${kind}\n${url}\n`).update(data).digest("hex").slice(0, 24);
}

/**
 * Finds the stored files the rows name that this site does not have, checks and re-encodes the
 * ones the export carries into a staging folder, and rewrites the rows to name them. Nothing is
 * written to the database or the storage.
 */
export async function prepareFiles(db: Db, input: ImportInput, carried: CarriedFiles | null): Promise<PreparedFiles> {
  const references = (["restaurants", "posts"] as const).flatMap((table) =>
    input[table].flatMap((row) =>
      storedFilesOf(table, row.values).map((reference) => ({ ...reference, table, row: row.row })),
    ),
  );
  const known = await onThisSite(db, [...new Set(references.map((reference) => reference.url))]);
  const missing = references.filter((reference) => !known.has(reference.url));
  const errors: RowError[] = [];
  const fail = (reference: (typeof missing)[number], message: RowError["message"]) =>
    errors.push({ table: reference.table, row: reference.row, field: reference.field, message });

  // One upload per file and kind, however many rows name it.
  const wanted = new Map<string, { kind: UploadKind; url: string; references: typeof missing }>();
  for (const reference of missing) {
    if (carried?.sizeOf(reference.url) === undefined) {
      // As before for a post: its image may name anything the blog form accepts.
      if (reference.table === "restaurants") fail(reference, importMessage("fileNotCarried", { flag: "--with-files" }));
      continue;
    }
    const id = `${reference.kind}\n${reference.url}`;
    const entry = wanted.get(id) ?? { kind: reference.kind, url: reference.url, references: [] };
    entry.references.push(reference);
    wanted.set(id, entry);
  }
  if (wanted.size === 0 || !carried) return { input, errors, brought: [], staging: null };

  const staging = await mkdtemp(path.join(tmpdir(), "kta-import-files-"));
  try {
    const local = createLocalStorage(staging);
    // Files are checked and re-encoded a few at a time: each one's re-encoding mostly keeps one core
    // busy, and an export of a whole site carries hundreds. The outcomes keep the files' order, so the
    // errors are reported in the same order whatever finished first.
    const outcomes = await eachAtMost(FILES_AT_ONCE, [...wanted], async ([id, file]) => {
      const size = carried.sizeOf(file.url) ?? 0;
      try {
        // Refused by its size before it is read, as an upload is.
        if (size > UPLOAD_RULES[file.kind].maxBytes) throw new UploadError(file.kind, "tooLarge", `${size} bytes`);
        const data = await carried.read(file.url);
        const keys: string[] = [];
        const recording: Storage = {
          ...local,
          put(key, bytes) {
            keys.push(key);
            return local.put(key, bytes);
          },
        };
        const upload = await processUpload(file.kind, data, path.basename(file.url), recording, {
          id: fileId(file.kind, file.url, data),
        });
        return { id, file, stored: { upload, keys, kind: file.kind } };
      } catch (error) {
        if (!(error instanceof UploadError) && !(error instanceof UploadFailedError)) throw error;
        return { id, file, refused: error };
      }
    });
    const stored = new Map<string, { upload: StoredUpload; keys: string[]; kind: UploadKind }>();
    for (const outcome of outcomes) {
      if (outcome.stored) stored.set(outcome.id, outcome.stored);
      else
        for (const reference of outcome.file.references) fail(reference, catalogueMessage(outcome.refused.messageKey));
    }
    // Brought by an earlier import of the same export: named as it is, not stored again.
    const already = await onThisSite(
      db,
      [...stored.values()].map((file) => file.upload.url),
    );
    const brought = [...stored.values()]
      .filter((file) => !already.has(file.upload.url))
      .map((file) => ({ url: file.upload.url, kind: file.kind, keys: file.keys }));
    const rewritten: ImportInput = {
      restaurants: input.restaurants.map((row) =>
        rewriteRow("restaurants", row, (kind, url) => stored.get(`${kind}\n${url}`)?.upload),
      ),
      posts: input.posts.map((row) => rewriteRow("posts", row, (kind, url) => stored.get(`${kind}\n${url}`)?.upload)),
    };
    return { input: rewritten, errors, brought, staging };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The row, naming brought files by their new addresses (a menu image's size and type become the new file's, when it has them). */
function rewriteRow(
  table: Table,
  row: ImportRow,
  broughtAs: (kind: UploadKind, url: string) => StoredUpload | undefined,
): ImportRow {
  const references = storedFilesOf(table, row.values);
  if (references.length === 0) return row;
  const values = { ...row.values };
  for (const reference of references) {
    const upload = broughtAs(reference.kind, reference.url);
    if (!upload) continue;
    const field = values[reference.field];
    if (reference.field !== "menuImages" || !Array.isArray(field)) {
      values[reference.field] = upload.url;
      continue;
    }
    values[reference.field] = field.map((image: unknown) =>
      isObject(image) && text(image.url) === reference.url
        ? {
            ...image,
            url: upload.url,
            ...("size" in image ? { size: upload.size } : {}),
            ...("type" in image ? { type: upload.type } : {}),
          }
        : image,
    );
  }
  return { ...row, values };
}

/**
 * Records the brought files as unattached uploads of `uploadedBy` (committed: the import's own
 * transaction then attaches them), then stores them. If storing fails, both are undone.
 */
export async function storeFiles(
  db: Db,
  prepared: PreparedFiles,
  storage: Storage,
  uploadedBy: string | null,
): Promise<void> {
  if (prepared.brought.length === 0 || prepared.staging === null) return;
  await recordFiles(db, prepared, uploadedBy);
  try {
    for (const file of prepared.brought)
      for (const key of file.keys)
        await storage.put(key, await readFile(path.join(prepared.staging, ...key.split("/"))));
  } catch (error) {
    await discardFiles(db, prepared, storage);
    throw error;
  }
}

/** Records the brought files as unattached uploads of `uploadedBy` (in a transaction that will be rolled back: a dry run, or an import with errors). */
export async function recordFiles(db: Db | Tx, prepared: PreparedFiles, uploadedBy: string | null): Promise<void> {
  for (const file of prepared.brought) await recordUpload(db, { url: file.url, kind: file.kind, uploadedBy });
}

/** Forgets and deletes the files stored for an import that then failed (those it did not attach: all of them, as it rolled back). */
export async function discardFiles(db: Db, prepared: PreparedFiles, storage: Storage): Promise<void> {
  const urls = prepared.brought.map((file) => file.url);
  if (urls.length === 0) return;
  await db.delete(uploads).where(and(inArray(uploads.url, urls), isNull(uploads.restaurant_id)));
  // Every file stored, by its key (an image narrower than 400 pixels has one width that is none of the usual ones).
  await removeStoredFiles(
    storage,
    prepared.brought.flatMap((file) => file.keys.map((key) => `${UPLOADS_PUBLIC_BASE}/${key}`)),
  );
}

/** Removes the staging folder. */
export async function closeFiles(prepared: PreparedFiles): Promise<void> {
  if (prepared.staging !== null) await rm(prepared.staging, { recursive: true, force: true });
}
