// Importing a register file (ADR 033): read it (any accepted shape), refuse a partial list without an
// admin's reason, pair its entries with the listings, and keep it as a dated snapshot with its raw
// rows, in one transaction. Nothing on a listing changes here: an admin applies a snapshot later.
import { and, desc, eq, inArray } from "drizzle-orm";
import { MATCH_GRADES, type MatchGrade, type PartialReason } from "../../../../database/register";
import { registerEntries, registerSnapshots } from "../../../../database/schema/register";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { isCalendarDay, telAvivDay } from "../../../lib/dates";
import { AppError } from "../../../lib/errors";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import type { Actor } from "../editing/index.server";
import { matchEntries } from "./match.server";
import { parseRegisterFile, partialReason } from "./parse.server";
import type { RegisterServices } from "./services";
import type { ListingForMatch } from "./types";

/** The longest reason an admin gives for keeping a partial list. */
export const OVERRIDE_REASON_MAX = 500;
/** Entries are written in batches of this many rows (one statement each). */
const INSERT_BATCH = 500;

export interface RegisterUpload {
  fileName: string;
  data: Buffer;
  /** "YYYY-MM-DD": the day the register published the list, when the file does not say; default today. */
  publishedOn?: string | undefined;
  /** An admin's reason for keeping a list that looks partial; required then. */
  overrideReason?: string | undefined;
}

export interface ImportedRegister {
  snapshotId: string;
  rowCount: number;
  partialReason: PartialReason | null;
  counts: Record<MatchGrade, number>;
}

/**
 * Imports a register file as a pending snapshot (admins; `register:manage`). Refuses, storing
 * nothing: a file of no accepted shape or too large (the reader's AppError), a bad publication day,
 * and a partial list (`register.partialShort` / `register.partialMidAlphabet`, a field message on
 * `overrideReason`) unless an override reason is given.
 */
export async function importRegister(
  services: RegisterServices,
  actor: Actor | null,
  upload: RegisterUpload,
  now: Date = new Date(),
): Promise<ImportedRegister> {
  assertCan(actor, "register:manage");
  const { db } = services;
  const given = upload.publishedOn?.trim() ?? "";
  if (given !== "" && (!isCalendarDay(given) || given > telAvivDay(now)))
    throw new AppError("invalid", "register.publishedOnInvalid", {
      subject: given,
      fieldErrors: { publishedOn: "register.publishedOnInvalid" },
    });
  const override = upload.overrideReason?.trim() ?? "";
  if (override.length > OVERRIDE_REASON_MAX)
    throw new AppError("invalid", "register.overrideTooLong", {
      fieldErrors: { overrideReason: "register.overrideTooLong" },
      values: { max: OVERRIDE_REASON_MAX },
    });
  const parsed = parseRegisterFile(upload.fileName, upload.data);
  if (parsed.entries.length === 0) throw new AppError("invalid", "register.empty", { subject: upload.fileName });
  const publishedOn = given || parsed.publishedOn || telAvivDay(now);

  const previous = parsed.list === "register" ? await previousRowCount(db) : null;
  const partial = parsed.list === "register" ? partialReason(parsed.entries, previous) : null;
  if (partial && override === "")
    throw new AppError("conflict", partial === "short" ? "register.partialShort" : "register.partialMidAlphabet", {
      subject: upload.fileName,
      values: { count: parsed.entries.length, previous: previous ?? 0 },
      fieldErrors: { overrideReason: "register.overrideRequired" },
    });

  const matches = matchEntries(parsed.entries, await listingsForMatch(db));
  const counts = Object.fromEntries(MATCH_GRADES.map((grade) => [grade, 0])) as Record<MatchGrade, number>;
  for (const match of matches) counts[match.grade]++;
  const snapshotId = await db.transaction(async (tx) => {
    const [snapshot] = await tx
      .insert(registerSnapshots)
      .values({
        list: parsed.list,
        shape: parsed.shape,
        published_on: publishedOn,
        file_name: upload.fileName.slice(0, 255),
        row_count: parsed.entries.length,
        partial_reason: partial,
        override_reason: partial ? override : null,
        uploaded_by: isSystem(actor) ? null : actor.id,
      })
      .returning({ id: registerSnapshots.id });
    if (!snapshot) throw new Error("the snapshot was not inserted");
    const rows = parsed.entries.map((entry, i) => {
      const match = matches[i];
      return {
        snapshot_id: snapshot.id,
        position: entry.position,
        raw: entry.raw,
        name: entry.name,
        business_type: entry.businessType,
        address: entry.address,
        city: entry.city,
        phone: entry.phone,
        valid_until: entry.validUntil,
        level: entry.level,
        kind: entry.kind,
        body: parsed.body,
        eatery: entry.eatery,
        restaurant_id: match?.restaurantId ?? null,
        grade: match?.grade ?? "new",
        reasons: match?.reasons ?? [],
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(registerEntries).values(rows.slice(i, i + INSERT_BATCH));
    return snapshot.id;
  });
  return { snapshotId, rowCount: parsed.entries.length, partialReason: partial, counts };
}

/** The rows of the last register (not revoked) list kept and not set aside, or null for the first one. */
async function previousRowCount(db: Db): Promise<number | null> {
  const [last] = await db
    .select({ rows: registerSnapshots.row_count })
    .from(registerSnapshots)
    .where(and(eq(registerSnapshots.list, "register"), inArray(registerSnapshots.status, ["pending", "applied"])))
    .orderBy(desc(registerSnapshots.published_on), desc(registerSnapshots.created_at))
    .limit(1);
  return last?.rows ?? null;
}

/** Every listing as the matcher reads it: a few columns each, so 100,000 stay small. */
async function listingsForMatch(db: Db): Promise<ListingForMatch[]> {
  const rows = await db
    .select({
      id: restaurants.id,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      address: restaurants.address,
      addressHe: restaurants.address_he,
      phone: restaurants.phone_number,
      certificateBody: restaurants.certificate_body,
    })
    .from(restaurants);
  return rows.map((row) => ({
    ...row,
    nameHe: row.nameHe ?? "",
    addressHe: row.addressHe ?? "",
    phone: row.phone ?? "",
  }));
}
