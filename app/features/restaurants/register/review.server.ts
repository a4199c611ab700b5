// Reading register snapshots for the admins' pages (ADR 033): the snapshots list, one snapshot's
// overview (counts by grade, the renewal it offers, its renewal applied, its flagged listings) and
// its entries, a page at a time, each with its paired listing. Admins only (register:manage).
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { MATCH_GRADES, type MatchGrade } from "../../../../database/register";
import {
  registerEntries,
  registerMissing,
  registerRenewals,
  registerSnapshots,
} from "../../../../database/schema/register";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import { isUuid } from "../../../lib/ids";
import { assertCan } from "../../../lib/permissions.server";
import type { Actor } from "../editing/index.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;

/** Entries shown on one page of the review. */
export const ENTRIES_PER_PAGE = 50;
/** Snapshots shown on the import page. */
const SNAPSHOTS_LISTED = 50;

export type SnapshotRow = typeof registerSnapshots.$inferSelect;

/** The snapshots, latest publication first (the import page's list). */
export async function listSnapshots(db: Db, actor: Actor | null): Promise<SnapshotRow[]> {
  assertCan(actor, "register:manage");
  return db
    .select()
    .from(registerSnapshots)
    .orderBy(desc(registerSnapshots.published_on), desc(registerSnapshots.created_at))
    .limit(SNAPSHOTS_LISTED);
}

export interface RenewalPlan {
  /** The batch date: the last day most of the paired entries give. */
  validUntil: string;
  listings: { restaurantId: string; validUntil: string | null; registerPublishedOn: string | null }[];
  entryIds: string[];
}

/**
 * What "apply the renewal" would change: the listings paired (exact or probable) with an entry of
 * the batch date (the date most paired entries give), under the Rabbinate, not revoked, whose last
 * day differs; each listing once. Null when no paired entry gives a date.
 */
export async function renewalPlan(db: DbOrTx, snapshotId: string): Promise<RenewalPlan | null> {
  const candidates = await db
    .select({
      entryId: registerEntries.id,
      entryValidUntil: registerEntries.valid_until,
      restaurantId: restaurants.id,
      validUntil: restaurants.certificate_valid_until,
      registerPublishedOn: restaurants.register_published_on,
    })
    .from(registerEntries)
    .innerJoin(restaurants, eq(restaurants.id, registerEntries.restaurant_id))
    .where(
      and(
        eq(registerEntries.snapshot_id, snapshotId),
        inArray(registerEntries.grade, ["exact", "probable"]),
        sql`${registerEntries.valid_until} is not null`,
        eq(restaurants.certificate_body, "rabbinate_tel_aviv"),
        isNull(restaurants.certificate_revoked_on),
      ),
    )
    .orderBy(registerEntries.position);
  const byDate = new Map<string, number>();
  for (const { entryValidUntil: day } of candidates) if (day) byDate.set(day, (byDate.get(day) ?? 0) + 1);
  const validUntil = [...byDate.entries()].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]))[0]?.[0];
  if (!validUntil) return null;
  const seen = new Set<string>();
  const plan: RenewalPlan = { validUntil, listings: [], entryIds: [] };
  for (const row of candidates) {
    if (row.entryValidUntil !== validUntil || row.validUntil === validUntil || seen.has(row.restaurantId)) continue;
    seen.add(row.restaurantId);
    plan.listings.push({
      restaurantId: row.restaurantId,
      validUntil: row.validUntil,
      registerPublishedOn: row.registerPublishedOn,
    });
    plan.entryIds.push(row.entryId);
  }
  return plan;
}

export interface SnapshotOverview {
  snapshot: SnapshotRow;
  counts: Record<MatchGrade, number>;
  /** The renewal on offer (none when applied and not undone, or nothing to renew). */
  offer: { validUntil: string; count: number } | null;
  /** Its renewal applied and not undone, for the undo button. */
  renewal: { id: string; validUntil: string; count: number; appliedAt: Date } | null;
  /** Unmatched places to eat not decided yet (the "send all to suggestions" button). */
  openLeads: number;
  /** The Rabbinate listings this (complete) register does not list, as flagged. */
  missing: FlaggedListing[];
}

export interface FlaggedListing {
  restaurantId: string;
  slug: string;
  nameEn: string;
  nameHe: string | null;
  decision: "kept" | "ended" | null;
  notifiedAt: Date | null;
}

/** One snapshot's overview; AppError notFound for no such snapshot. */
export async function snapshotOverview(db: Db, actor: Actor | null, snapshotId: string): Promise<SnapshotOverview> {
  assertCan(actor, "register:manage");
  if (!isUuid(snapshotId)) throw new AppError("notFound", "register.notFound", { subject: snapshotId });
  const [snapshot] = await db.select().from(registerSnapshots).where(eq(registerSnapshots.id, snapshotId));
  if (!snapshot) throw new AppError("notFound", "register.notFound", { subject: snapshotId });
  const grades = await db
    .select({ grade: registerEntries.grade, n: count() })
    .from(registerEntries)
    .where(eq(registerEntries.snapshot_id, snapshotId))
    .groupBy(registerEntries.grade);
  const counts = Object.fromEntries(MATCH_GRADES.map((grade) => [grade, 0])) as Record<MatchGrade, number>;
  for (const row of grades) counts[row.grade] = row.n;
  const [renewal] = await db
    .select()
    .from(registerRenewals)
    .where(and(eq(registerRenewals.snapshot_id, snapshotId), isNull(registerRenewals.undone_at)))
    .limit(1);
  const plan = renewal || snapshot.list !== "register" ? null : await renewalPlan(db, snapshotId);
  const [leads] = await db.select({ n: count() }).from(registerEntries).where(openLeads(snapshotId));
  const missing = await db
    .select({
      restaurantId: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      decision: registerMissing.decision,
      notifiedAt: registerMissing.notified_at,
    })
    .from(registerMissing)
    .innerJoin(restaurants, eq(restaurants.id, registerMissing.restaurant_id))
    .where(eq(registerMissing.snapshot_id, snapshotId))
    .orderBy(restaurants.name_en);
  return {
    snapshot,
    counts,
    offer: plan && plan.listings.length > 0 ? { validUntil: plan.validUntil, count: plan.listings.length } : null,
    renewal: renewal
      ? {
          id: renewal.id,
          validUntil: renewal.valid_until,
          count: renewal.before.length,
          appliedAt: renewal.applied_at,
        }
      : null,
    openLeads: leads?.n ?? 0,
    missing,
  };
}

export interface ReviewEntry {
  id: string;
  position: number;
  name: string;
  businessType: string;
  address: string;
  phone: string;
  validUntil: string | null;
  level: string | null;
  kind: string | null;
  eatery: boolean;
  grade: MatchGrade;
  reasons: string[];
  outcome: string | null;
  listing: {
    id: string;
    slug: string;
    nameEn: string;
    nameHe: string | null;
    address: string;
    addressHe: string | null;
    validUntil: string | null;
    level: string | null;
    kind: string | null;
    revokedOn: string | null;
  } | null;
  /** The register says another level or meat/dairy than the paired listing (apply one by one). */
  differs: boolean;
}

/** One page of a snapshot's entries of one grade, in the file's order. */
export async function reviewEntries(
  db: Db,
  actor: Actor | null,
  snapshotId: string,
  grade: MatchGrade,
  page: number,
): Promise<{ entries: ReviewEntry[]; total: number }> {
  assertCan(actor, "register:manage");
  if (!isUuid(snapshotId)) throw new AppError("notFound", "register.notFound", { subject: snapshotId });
  const where = and(eq(registerEntries.snapshot_id, snapshotId), eq(registerEntries.grade, grade));
  const [total] = await db.select({ n: count() }).from(registerEntries).where(where);
  const rows = await db
    .select({ entry: registerEntries, listing: restaurants })
    .from(registerEntries)
    .leftJoin(restaurants, eq(restaurants.id, registerEntries.restaurant_id))
    .where(where)
    .orderBy(registerEntries.position)
    .limit(ENTRIES_PER_PAGE)
    .offset(Math.max(0, page - 1) * ENTRIES_PER_PAGE);
  const entries = rows.map(({ entry, listing }): ReviewEntry => {
    const paired = listing !== null && (grade === "exact" || grade === "probable");
    return {
      id: entry.id,
      position: entry.position,
      name: entry.name,
      businessType: entry.business_type,
      address: entry.address,
      phone: entry.phone,
      validUntil: entry.valid_until,
      level: entry.level,
      kind: entry.kind,
      eatery: entry.eatery,
      grade: entry.grade,
      reasons: entry.reasons,
      outcome: entry.outcome,
      listing: listing
        ? {
            id: listing.id,
            slug: listing.slug,
            nameEn: listing.name_en,
            nameHe: listing.name_he,
            address: listing.address,
            addressHe: listing.address_he,
            validUntil: listing.certificate_valid_until,
            level: listing.certificate_level,
            kind: listing.kosher_kind,
            revokedOn: listing.certificate_revoked_on,
          }
        : null,
      differs:
        paired &&
        ((entry.level !== null && entry.level !== listing.certificate_level) ||
          (entry.kind !== null && entry.kind !== listing.kosher_kind)),
    };
  });
  return { entries, total: total?.n ?? 0 };
}

/** A snapshot's open leads: entries pairing with no listing, places to eat, not yet decided. */
export function openLeads(snapshotId: string) {
  return and(
    eq(registerEntries.snapshot_id, snapshotId),
    eq(registerEntries.grade, "new"),
    eq(registerEntries.eatery, true),
    isNull(registerEntries.outcome),
  );
}
