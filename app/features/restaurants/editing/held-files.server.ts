// Files held by a claim or a suggestion (a claim's proof, a suggestion's certificate photo) are about
// a person, not a listing: only the admins who decide them may open them, and they are deleted a set
// time after the decision. A file attached to a listing (an approved suggestion's photo, once the
// listing is saved) is the listing's and public like its other files.
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { claims, suggestions } from "../../../../database/schema/lifecycle";
import { uploads } from "../../../../database/schema/uploads";
import type { Db } from "../../../../database/types";
import { imageFiles } from "../../../lib/images";
import { can, mustSetUpTwoFactor, type Subject } from "../../../lib/permissions";

type TwoFactorSettings = Parameters<typeof mustSetUpTwoFactor>[1];

/** Days a held file is kept after its claim or suggestion is decided: long enough to answer a question about the decision. */
export const HELD_FILE_DAYS = 30;

const DAY_MS = 24 * 60 * 60_000;

/** Who asks for a stored file: their role and two-factor state, or null for a visitor. */
export type FileReader = (Pick<Subject, "role"> & { twoFactorEnabled: boolean }) | null;

/**
 * Who may open the stored file at `url` (a public /uploads/ address, any width of an image):
 * "public" for everyone (a listing's file, anything not held), "allowed" for this reader (an admin
 * who decides claims or suggestions, with two-factor set up where the site requires it), "refused"
 * otherwise. The reader is only looked up for a held file.
 */
export async function heldFileAccess(
  db: Db,
  url: string,
  reader: () => Promise<FileReader>,
  settings: TwoFactorSettings,
): Promise<"public" | "allowed" | "refused"> {
  const [row] = await db
    .select({ heldBy: uploads.held_by })
    .from(uploads)
    .where(and(inArray(uploads.url, imageFiles(url)), isNotNull(uploads.held_by), isNull(uploads.restaurant_id)))
    .limit(1);
  if (!row?.heldBy) return "public";
  const viewer = await reader();
  if (viewer === null || mustSetUpTwoFactor(viewer, settings)) return "refused";
  const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.id, row.heldBy));
  return can(viewer, claim ? "claims:manage" : "suggestions:manage") ? "allowed" : "refused";
}

/** A claim or a suggestion decided before `cutoff`. */
function decidedBefore(holder: typeof claims | typeof suggestions, cutoff: Date) {
  return and(ne(holder.status, "open"), isNotNull(holder.decided_at), lt(holder.decided_at, cutoff));
}

/**
 * Takes the held files whose claim or suggestion was decided more than HELD_FILE_DAYS before `now`
 * and that no listing took: deletes their rows and the holders' links to them (a claim's proof
 * address becomes empty, a suggestion's photo none) in one transaction, with the rows locked, so
 * two processes running this at once take each file once. Returns their URLs; the caller removes
 * the files after the commit.
 */
export async function takeDecidedHeldFiles(db: Db, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - HELD_FILE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ url: uploads.url })
      .from(uploads)
      .where(
        and(
          isNotNull(uploads.held_by),
          isNull(uploads.restaurant_id),
          or(
            sql`exists (select 1 from ${claims} where ${claims.id} = ${uploads.held_by} and ${decidedBefore(claims, cutoff)})`,
            sql`exists (select 1 from ${suggestions} where ${suggestions.id} = ${uploads.held_by} and ${decidedBefore(suggestions, cutoff)})`,
          ),
        ),
      )
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    const deleted = await tx
      .delete(uploads)
      .where(
        and(
          inArray(
            uploads.url,
            rows.map((row) => row.url),
          ),
          isNull(uploads.restaurant_id),
        ),
      )
      .returning({ url: uploads.url });
    const urls = deleted.map((row) => row.url);
    if (urls.length > 0) {
      await tx.update(claims).set({ proof_url: "" }).where(inArray(claims.proof_url, urls));
      await tx.update(suggestions).set({ certificate_url: null }).where(inArray(suggestions.certificate_url, urls));
    }
    return urls;
  });
}
