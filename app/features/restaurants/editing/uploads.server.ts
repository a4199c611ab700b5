// Who may use which uploaded file, and when a file may be deleted (ADR 006, update 2026-11-23).
//
// Every upload is a row in `uploads` (who uploaded it, when, what kind, which restaurant it is
// attached to). A restaurant form may name a file only if the restaurant already names it, or it
// is attached to this restaurant, or it is an unattached upload by the person saving (for the
// system — an import run by `npm run import` — one recorded with no uploader), or an
// unattached upload held by the suggestion an admin is approving. A file is
// deleted only when no restaurant and no blog post names it (in any of its widths) and it is not
// attached anywhere — never because one form stopped naming it.
import { and, eq, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { claims, suggestions } from "../../../../database/schema/lifecycle";
import { blogs } from "../../../../database/schema/blogs";
import { restaurants, type RestaurantRow } from "../../../../database/schema/restaurants";
import { uploads, type UploadKindName } from "../../../../database/schema/uploads";
import type { Db } from "../../../../database/types";
import { imageFiles } from "../../../lib/images";
import { FORM_FILE_MAX_BYTES as FORM_FILE_LIMIT } from "./form-file";
import { AppError } from "../../../lib/errors";
import { can, type Subject } from "../../../lib/permissions";
import { isSystem } from "../../../lib/permissions.server";
import type { MessageKey } from "../../../locales/en";
import type { RestaurantFormValues } from "../core";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;

/** A stored file a restaurant names, with the form field that names it. */
export interface NamedFile {
  field: keyof Pick<RestaurantFormValues, "photo" | "teuda" | "menuLink" | "menuImages">;
  kind: UploadKindName;
  url: string;
}

const isStored = (url: string | null | undefined): url is string =>
  typeof url === "string" && url.startsWith("/uploads/");

/** The stored files a restaurant row names (photo, certificate, PDF menu, menu images). */
export function namedFiles(
  row: Partial<Pick<RestaurantRow, "photo" | "teuda" | "menu_link" | "menu_images">>,
): NamedFile[] {
  const named: NamedFile[] = [];
  if (isStored(row.photo)) named.push({ field: "photo", kind: "photo", url: row.photo });
  if (isStored(row.teuda)) named.push({ field: "teuda", kind: "teuda", url: row.teuda });
  if (isStored(row.menu_link)) named.push({ field: "menuLink", kind: "pdf", url: row.menu_link });
  for (const image of row.menu_images ?? [])
    if (isStored(image.url)) named.push({ field: "menuImages", kind: "menu", url: image.url });
  return named;
}

export type FileErrors = Partial<Record<NamedFile["field"], MessageKey>>;

/** A form named files the person saving may not use; nothing was saved. */
export class FileNotAllowedError extends AppError {
  override name = "FileNotAllowedError";
  constructor(readonly errors: FileErrors) {
    super("invalid", "form.invalid", {
      fieldErrors: errors as Record<string, MessageKey>,
      subject: Object.keys(errors).join(", "),
    });
  }
}

/**
 * Who an upload is recorded as made by: the person, or no one for the system (the scripts, the
 * demo data: `uploaded_by` is null), whose account is not a user's.
 */
export function uploaderOf(actor: Pick<Subject, "role"> & { id: string }): string | null {
  return isSystem(actor) ? null : actor.id;
}

/** Records a stored upload (unattached unless a restaurant is given). */
/**
 * The largest file a page's form may carry (a suggestion's certificate photo, a claim's
 * proof; route facts' `fileForm`), within its kind's own limit: such a form is read into memory whole.
 */
export const FORM_FILE_MAX_BYTES = FORM_FILE_LIMIT;

export async function recordUpload(
  db: DbOrTx,
  upload: {
    url: string;
    kind: UploadKindName;
    uploadedBy: string | null;
    restaurantId?: string | null;
    heldBy?: string;
  },
): Promise<void> {
  const restaurantId = upload.restaurantId ?? null;
  await db.insert(uploads).values({
    url: upload.url,
    kind: upload.kind,
    uploaded_by: upload.uploadedBy,
    restaurant_id: restaurantId,
    attached_at: restaurantId ? new Date() : null,
    held_by: upload.heldBy ?? null,
  });
}

/**
 * Checks that `actor` may put these files on the restaurant (`restaurantId` null for a new one)
 * and locks their rows until the transaction ends. `kept`: the files the restaurant names now,
 * always allowed. `heldBy`: the suggestion being approved, whose held uploads (the visitor's
 * certificate photo) an actor who may manage suggestions may use. Throws FileNotAllowedError
 * naming the fields otherwise.
 */
export async function checkFiles(
  tx: Tx,
  actor: Pick<Subject, "role"> & { id: string },
  restaurantId: string | null,
  files: NamedFile[],
  kept: ReadonlySet<string>,
  { heldBy }: { heldBy?: string | undefined } = {},
): Promise<string[]> {
  const fresh = [...new Set(files.filter((file) => !kept.has(file.url)).map((file) => file.url))];
  if (fresh.length === 0) return [];
  const rows = await tx.select().from(uploads).where(inArray(uploads.url, fresh)).for("update");
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  const errors: FileErrors = {};
  for (const file of files) {
    if (kept.has(file.url)) continue;
    const row = byUrl.get(file.url);
    const allowed =
      row !== undefined &&
      ((restaurantId !== null && row.restaurant_id === restaurantId) ||
        (row.restaurant_id === null && row.uploaded_by === uploaderOf(actor)) ||
        (row.restaurant_id === null &&
          heldBy !== undefined &&
          row.held_by === heldBy &&
          can(actor, "suggestions:manage")));
    if (!allowed) errors[file.field] ??= "upload.notYours";
  }
  if (Object.keys(errors).length > 0) throw new FileNotAllowedError(errors);
  return fresh;
}

/** Attaches files checked by checkFiles to the restaurant. */
export async function attachFiles(tx: Tx, restaurantId: string, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await tx
    .update(uploads)
    .set({ restaurant_id: restaurantId, attached_at: new Date() })
    .where(and(inArray(uploads.url, urls), or(isNull(uploads.restaurant_id), eq(uploads.restaurant_id, restaurantId))));
}

/**
 * Of these URLs, those some restaurant or blog post names — in any width of the image.
 * (A blog post's image field may name an /uploads/ URL, even one width of a restaurant's photo.)
 */
export async function namedAnywhere(db: DbOrTx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const owner = new Map<string, string>();
  for (const url of urls) for (const variant of [url, ...imageFiles(url)]) owner.set(variant, url);
  const variants = [...owner.keys()];
  const list = sql.join(
    variants.map((variant) => sql`${variant}`),
    sql`, `,
  );
  const restaurantRows = await db
    .select({
      photo: restaurants.photo,
      teuda: restaurants.teuda,
      menu_link: restaurants.menu_link,
      menu_images: restaurants.menu_images,
    })
    .from(restaurants)
    .where(
      or(
        inArray(restaurants.photo, variants),
        inArray(restaurants.teuda, variants),
        inArray(restaurants.menu_link, variants),
        sql`exists (select 1 from jsonb_array_elements(${restaurants.menu_images}) as image where image->>'url' in (${list}))`,
      ),
    );
  const blogRows = await db.select({ image: blogs.image }).from(blogs).where(inArray(blogs.image, variants));
  const named = new Set<string>();
  const mark = (value: string | null | undefined) => {
    const url = value ? owner.get(value) : undefined;
    if (url) named.add(url);
  };
  for (const row of restaurantRows) {
    mark(row.photo);
    mark(row.teuda);
    mark(row.menu_link);
    for (const image of row.menu_images) mark(image.url);
  }
  for (const row of blogRows) mark(row.image);
  return named;
}

/**
 * Files the restaurant stopped naming (or that went with it): detached from it, and of those,
 * the ones nothing names or holds any more lose their row. Returns them, for the caller to delete
 * from storage after the transaction commits.
 */
export async function releaseFiles(tx: Tx, restaurantId: string, urls: string[]): Promise<string[]> {
  const candidates = [...new Set(urls)];
  if (candidates.length === 0) return [];
  await tx
    .update(uploads)
    .set({ restaurant_id: null, attached_at: null })
    .where(and(inArray(uploads.url, candidates), eq(uploads.restaurant_id, restaurantId)));
  const held = await tx
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(inArray(uploads.url, candidates), sql`${uploads.restaurant_id} is not null`));
  const kept = await namedAnywhere(tx, candidates);
  for (const { url } of held) kept.add(url);
  const deletable = candidates.filter((url) => !kept.has(url));
  if (deletable.length > 0)
    await tx.delete(uploads).where(and(inArray(uploads.url, deletable), isNull(uploads.restaurant_id)));
  return deletable;
}

/** The URLs of uploads attached to a restaurant. */
export async function attachedTo(db: DbOrTx, restaurantId: string): Promise<string[]> {
  const rows = await db.select({ url: uploads.url }).from(uploads).where(eq(uploads.restaurant_id, restaurantId));
  return rows.map((row) => row.url);
}

/** The default grace period before an upload never attached to anything is removed. */
export const DEFAULT_UPLOAD_GRACE_HOURS = 24;

/**
 * Forgets uploads that were never attached (or were detached) before `olderThan` and that no
 * restaurant or blog post names; returns their URLs, for the caller to delete from storage.
 */
/** Not held by a suggestion or a claim that still exists: a holder's deletion frees its file. */
const heldByNothing = or(
  isNull(uploads.held_by),
  and(
    notExists(sql`(select 1 from ${suggestions} where ${suggestions.id} = ${uploads.held_by})`),
    notExists(sql`(select 1 from ${claims} where ${claims.id} = ${uploads.held_by})`),
  ),
);

export async function takeAbandonedUploads(db: Db, olderThan: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ url: uploads.url })
      .from(uploads)
      .where(and(isNull(uploads.restaurant_id), heldByNothing, lt(uploads.created_at, olderThan)))
      .for("update");
    const candidates = rows.map((row) => row.url);
    const named = await namedAnywhere(tx, candidates);
    const abandoned = candidates.filter((url) => !named.has(url));
    if (abandoned.length === 0) return [];
    const deleted = await tx
      .delete(uploads)
      .where(and(inArray(uploads.url, abandoned), isNull(uploads.restaurant_id)))
      .returning({ url: uploads.url });
    return deleted.map((row) => row.url);
  });
}

/** Deletes stored files after a commit; a file that cannot be deleted is logged, not an error. */
export async function removeStoredFiles(store: { remove(url: string): Promise<void> }, urls: string[]): Promise<void> {
  const results = await Promise.allSettled(urls.map((url) => store.remove(url)));
  results.forEach((result, i) => {
    if (result.status === "rejected") console.error(`[uploads] could not delete ${urls[i]}:`, result.reason);
  });
}
