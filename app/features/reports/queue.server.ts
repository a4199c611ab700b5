// The problem reports queue: who sees which reports (admins all, linked owners those on
// their restaurants), and status changes (admins), each recorded with who and when. Every function
// checks its reader or actor itself (the scope below, assertCan), so no route or script can skip it.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { REPORT_NOTE_MAX, REPORT_STATUSES, type ReportReason, type ReportStatus } from "../../../database/reports";
import { reportEvents, reports } from "../../../database/schema/reports";
import { restaurantOwners, restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { can, type Subject } from "../../lib/permissions";
import { assertCan, isSystem } from "../../lib/permissions.server";

export interface Reader extends Subject {
  id: string;
}

/** Whose reports `reader` sees: all (admins), their linked restaurants' (owners), none (others). */
function scopeOf(db: Db, reader: Reader): SQL | undefined | "none" {
  if (can(reader, "reports:view")) return undefined;
  if (!can(reader, "dashboard:enter")) return "none";
  // An owner: the restaurants they are linked to (can(reader, "reports:view", restaurant) for each).
  const linked = db
    .select({ id: restaurantOwners.restaurant_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.user_id, reader.id));
  return inArray(reports.restaurant_id, linked);
}

export const REPORTS_PAGE_SIZE = 50;

export interface QueueFilter {
  status?: ReportStatus | undefined;
  reason?: ReportReason | undefined;
  page?: number;
}

/**
 * What became of a report. Owners see the status and when; who acted (an admin's address) and the
 * admin's note are the admins' own working notes, and stay with them.
 */
export interface QueueEvent {
  status: ReportStatus;
  createdAt: string;
  /** Admins only. */
  note?: string;
  /** Admins only. */
  actorEmail?: string;
}

/**
 * A report as its reader may see it. Owners (of the restaurant) read the visitor's reason and
 * words, the status and the dates: enough to fix the listing. Admins also see who sent it, the
 * anti-spam mark, and who acted on it with their notes.
 */
export interface QueueReport {
  id: string;
  restaurant: { id: string; slug: string; nameEn: string; nameHe: string | null };
  reason: ReportReason;
  note: string;
  /** The reporter's address: admins only (owners read the report, not who sent it). */
  email: string | null;
  /** False when sent without JavaScript (no proof-of-work): admins only. */
  proofOfWork?: boolean;
  status: ReportStatus;
  createdAt: string;
  events: QueueEvent[];
}

export interface Queue {
  reports: QueueReport[];
  total: number;
  page: number;
  pages: number;
}

/** The reports `reader` may see, newest first, a page of 50 at a time. */
export async function listReports(db: Db, reader: Reader, filter: QueueFilter = {}): Promise<Queue> {
  const scope = scopeOf(db, reader);
  if (scope === "none") throw new AppError("forbidden", "access.denied");
  const where = and(
    scope,
    filter.status ? eq(reports.status, filter.status) : undefined,
    filter.reason ? eq(reports.reason, filter.reason) : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(reports).where(where);
  const total = totals?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(filter.page ?? 1) || 1), pages);
  const rows = await db
    .select({ report: reports, slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
    .from(reports)
    .innerJoin(restaurants, eq(restaurants.id, reports.restaurant_id))
    .where(where)
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(REPORTS_PAGE_SIZE)
    .offset((page - 1) * REPORTS_PAGE_SIZE);
  const ids = rows.map((row) => row.report.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reportEvents)
          .where(inArray(reportEvents.report_id, ids))
          .orderBy(reportEvents.created_at);
  const forAdmins = can(reader, "reports:manage");
  return {
    total,
    page,
    pages,
    reports: rows.map(({ report, slug, nameEn, nameHe }) => ({
      id: report.id,
      restaurant: { id: report.restaurant_id, slug, nameEn, nameHe },
      reason: report.reason,
      note: report.note,
      email: forAdmins ? report.email : null,
      ...(forAdmins ? { proofOfWork: report.proof_of_work } : {}),
      status: report.status,
      createdAt: report.created_at.toISOString(),
      events: events
        .filter((event) => event.report_id === report.id)
        .map((event) => ({
          status: event.status,
          ...(forAdmins ? { note: event.note, actorEmail: event.actor_email } : {}),
          createdAt: event.created_at.toISOString(),
        })),
    })),
  };
}

/** How many open reports `reader` sees (the dashboard navigation's badge); 0 for whoever sees none. */
export async function countOpenReports(db: Db, reader: Reader): Promise<number> {
  const scope = scopeOf(db, reader);
  if (scope === "none") return 0;
  const [row] = await db
    .select({ open: count() })
    .from(reports)
    .where(and(scope, eq(reports.status, "open")));
  return row?.open ?? 0;
}

export interface Actor extends Subject {
  id: string;
  email: string;
}

export interface ClosedReport {
  id: string;
  restaurantId: string;
  restaurantSlug: string;
  restaurantName: { en: string; he: string | null };
  email: string | null;
  status: ReportStatus;
}

/** An admin's note on a report: at most 1,000 characters of storable text (AppError "invalid" otherwise). */
export function checkReportNote(note: string): void {
  if (note.length > REPORT_NOTE_MAX)
    throw new AppError("invalid", "reports.noteTooLong", { fieldErrors: { note: "reports.noteTooLong" } });
  if (note.includes("\u0000"))
    throw new AppError("invalid", "error.invalidCharacters", { fieldErrors: { note: "error.invalidCharacters" } });
}

/**
 * Resolves or dismisses an open report (admins), recording who and when with the note. A report no
 * longer open is a conflict (someone else got there first): nothing changes.
 */
export async function closeReport(
  db: Db,
  actor: Actor | null,
  id: string,
  status: Exclude<ReportStatus, "open">,
  note = "",
): Promise<ClosedReport> {
  assertCan(actor, "reports:manage");
  if (!REPORT_STATUSES.includes(status) || status === ("open" as ReportStatus))
    throw new AppError("invalid", "form.invalidValue");
  checkReportNote(note);
  if (!isUuid(id)) throw new AppError("notFound", "reports.notFound", { subject: id });
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reports)
      .set({ status })
      .where(and(eq(reports.id, id), eq(reports.status, "open")))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
      throw exists
        ? new AppError("conflict", "reports.alreadyClosed")
        : new AppError("notFound", "reports.notFound", { subject: id });
    }
    await tx.insert(reportEvents).values({
      report_id: id,
      status,
      note: note.trim(),
      actor_id: isSystem(actor) ? null : actor.id,
      actor_email: actor.email,
    });
    const [restaurant] = await tx
      .select({ slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
      .from(restaurants)
      .where(eq(restaurants.id, updated.restaurant_id));
    return {
      id,
      restaurantId: updated.restaurant_id,
      restaurantSlug: restaurant?.slug ?? "",
      restaurantName: { en: restaurant?.nameEn ?? "", he: restaurant?.nameHe ?? null },
      email: updated.email,
      status,
    };
  });
}

/** An open report's restaurant (for the queue's one-click changes), or undefined. */
export async function openReportRestaurant(db: Db, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ restaurantId: reports.restaurant_id })
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.status, "open")));
  return row?.restaurantId;
}
