// Problem reports from visitors: filing one, with its rate limits, and the e-mails that
// tell admins and linked owners, at most one per restaurant per hour. The queue is queue.server.ts.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { users } from "../../../database/schema/auth";
import { userRoles } from "../../../database/schema/people";
import { reportNotices, reports } from "../../../database/schema/reports";
import { restaurantOwners, restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { reportNoticeEmail, type EmailContent } from "../../lib/emails";
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import { AppError } from "../../lib/errors";
import { hitRateLimits, type Limit } from "../../lib/rate-limit.server";
import type { ReportValues } from "./rules";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How many reports may be filed. Every report counts under the general limits; one sent without
 * JavaScript (no proof-of-work) also under the stricter `basic` ones.
 */
export const REPORT_LIMITS = {
  perIp: { max: 5, windowMs: HOUR_MS },
  perRestaurant: { max: 20, windowMs: DAY_MS },
  basicPerIp: { max: 2, windowMs: HOUR_MS },
  basicPerRestaurant: { max: 5, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

/** At most one e-mail about a restaurant's reports per this long; later ones wait for the digest. */
export const NOTICE_INTERVAL_MS = HOUR_MS;

export interface FiledReport {
  slug: string;
  values: ReportValues;
  /** False when sent without JavaScript: stricter limits, and marked in the queue. */
  proofOfWork: boolean;
  clientIp: string;
}

/** Files a visitor's report on the restaurant at `slug`; RateLimitedError (nothing stored) when over a limit. */
export async function fileReport(
  db: Db,
  report: FiledReport,
  now = new Date(),
): Promise<{ id: string; restaurantId: string }> {
  // From the URL: a NUL character cannot be in a stored slug (and PostgreSQL refuses to compare one).
  const [restaurant] = report.slug.includes("\u0000")
    ? []
    : await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, report.slug)).limit(1);
  if (!restaurant) throw new AppError("notFound", "report.restaurantGone", { subject: report.slug });
  // The address's own limits first: an attempt refused there never spends the restaurant's quota
  // (hitRateLimits counts an attempt under all its keys or none), so one address cannot silence a
  // restaurant's reports for everyone else. Only accepted reports count against the restaurant.
  const basic = !report.proofOfWork;
  const hits = [
    { key: `report:ip:${report.clientIp}`, limit: REPORT_LIMITS.perIp },
    ...(basic ? [{ key: `report-basic:ip:${report.clientIp}`, limit: REPORT_LIMITS.basicPerIp }] : []),
    ...(basic ? [{ key: `report-basic:restaurant:${restaurant.id}`, limit: REPORT_LIMITS.basicPerRestaurant }] : []),
    { key: `report:restaurant:${restaurant.id}`, limit: REPORT_LIMITS.perRestaurant },
  ];
  await hitRateLimits(db, hits, now);
  const [row] = await db
    .insert(reports)
    .values({
      restaurant_id: restaurant.id,
      reason: report.values.reason,
      note: report.values.note,
      email: report.values.email || null,
      proof_of_work: report.proofOfWork,
      created_at: now,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error("insert returned nothing");
  return { id: row.id, restaurantId: restaurant.id };
}

/** Admins, and the owners linked to the restaurant: who is told of its reports. */
async function recipientsOf(db: Db, restaurantId: string): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(userRoles.role, "admin"));
  const owners = await db
    .select({ email: users.email })
    .from(restaurantOwners)
    .innerJoin(users, eq(users.id, restaurantOwners.user_id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(restaurantOwners.restaurant_id, restaurantId), eq(userRoles.role, "owner")));
  return [...new Set([...admins, ...owners].map((row) => row.email))];
}

export interface NoticeOptions {
  sendEmail: (to: string, content: EmailContent) => Promise<void>;
  publicUrl: string;
  now?: Date;
}

/**
 * E-mails the admins and linked owners about reports not yet told, one e-mail per restaurant:
 * the newest report, and a line for how many more arrived with it. A restaurant told less than an
 * hour ago waits; the server runs this after every report and every few minutes, so its next
 * e-mail goes out when the hour is up. Safe with several processes: each restaurant's turn is
 * claimed in one statement. Returns how many e-mails were sent.
 */
export async function sendReportNotices(
  db: Db,
  { sendEmail, publicUrl, now = new Date() }: NoticeOptions,
): Promise<number> {
  const waiting = await db
    .selectDistinct({ restaurantId: reports.restaurant_id })
    .from(reports)
    .where(isNull(reports.notified_at));
  let sent = 0;
  for (const { restaurantId } of waiting) {
    const since = new Date(now.getTime() - NOTICE_INTERVAL_MS);
    const [claimed] = await db
      .insert(reportNotices)
      .values({ restaurant_id: restaurantId, sent_at: now })
      .onConflictDoUpdate({
        target: reportNotices.restaurant_id,
        set: { sent_at: now },
        setWhere: sql`${reportNotices.sent_at} <= ${since.toISOString()}::timestamptz`,
      })
      .returning({ restaurantId: reportNotices.restaurant_id });
    if (!claimed) continue;
    // Marked told only after the e-mails are out: a stop mid-send tells them again when the hour is
    // up rather than never, and a report filed while they go out waits for the next e-mail.
    const told = await db
      .select()
      .from(reports)
      .where(and(eq(reports.restaurant_id, restaurantId), isNull(reports.notified_at)));
    const newest = told.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0];
    if (!newest) continue;
    const [restaurant] = await db
      .select({ slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const markTold = () =>
      db
        .update(reports)
        .set({ notified_at: now })
        .where(
          inArray(
            reports.id,
            told.map((report) => report.id),
          ),
        );
    if (!restaurant) {
      await markTold();
      continue;
    }
    const content = reportNoticeEmail({
      restaurant: { en: restaurant.nameEn, he: restaurant.nameHe ?? restaurant.nameEn },
      reason: { en: en[`report.reason.${newest.reason}`], he: he[`report.reason.${newest.reason}`] },
      note: newest.note,
      more: told.length - 1,
      link: `${publicUrl}/dashboard/reports?status=open`,
    });
    for (const to of await recipientsOf(db, restaurantId)) {
      try {
        await sendEmail(to, content);
      } catch (error) {
        // One address failing does not keep the others from being told.
        console.error("[reports] notice e-mail failed:", error);
      }
    }
    await markTold();
    sent++;
  }
  return sent;
}
