// The admins' moderation queue: reviews held by a signal, reviews reported (hidden by their reports,
// or still shown with reports open), and rejections whose author asked for a second look; and the
// decisions — approve (published) or reject with a reason its author sees — each logged with who and
// why, settling the review's open reports. Every function checks its reader or actor itself. The
// database recounts the totals and empties the page caches itself (its trigger on reviews).
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { restaurants } from "../../../../database/schema/restaurants";
import { reviewDecisions, reviewReports, reviews, reviewVersions } from "../../../../database/schema/reviews";
import type {
  HoldSignal,
  ReviewDecision,
  ReviewLanguage,
  ReviewReportReason,
  ReviewStatus,
} from "../../../../database/reviews";
import type { Db } from "../../../../database/types";
import type { AppServices } from "../../../lib/context";
import { reviewDecisionEmail } from "../../../lib/emails";
import { AppError } from "../../../lib/errors";
import { localized } from "../../../lib/i18n/language";
import { reviewPath } from "../../../lib/member-paths";
import { FORM_PARSE, fieldMessages } from "../../../lib/form-rules";
import { isUuid } from "../../../lib/ids";
import { can, type Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { rejectionSchema } from "./queue-rules";

/** The queue's three lists. */
export const MODERATION_TABS = ["held", "reported", "second-look"] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

export const MODERATION_PAGE_SIZE = 20;

export interface Moderator extends Subject {
  id: string;
  email: string;
}

/** A report on a review, as the queue shows it. */
export interface QueueReport {
  reason: ReviewReportReason;
  note: string;
  weight: number;
  reporter: string;
  createdAt: string;
  /** Settled by a decision (it no longer counts). */
  settled: boolean;
}

/** One entry of a review's decision log. */
export interface QueueDecision {
  decision: ReviewDecision;
  reason: string;
  /** The admin's e-mail, the author's for a second look, or "reports" for the reports' hiding. */
  actor: string;
  at: string;
}

export interface QueueReview {
  id: string;
  place: { slug: string; nameEn: string; nameHe: string | null };
  author: { name: string; email: string };
  rating: number;
  body: string;
  language: ReviewLanguage;
  ateHere: boolean;
  visitMonth: string;
  status: ReviewStatus;
  heldFor: HoldSignal[];
  rejectionReason: string | null;
  updatedAt: string;
  /** Earlier versions kept by its edits. */
  versions: number;
  /** The weight of its open reports. */
  openWeight: number;
  reports: QueueReport[];
  decisions: QueueDecision[];
}

export interface ModerationQueue {
  tab: ModerationTab;
  reviews: QueueReview[];
  /** How many wait in each list (the tabs' counts). */
  counts: Record<ModerationTab, number>;
  page: number;
  pages: number;
}

const openReportOf = (reviewId: SQL | typeof reviews.id) =>
  sql`exists (select 1 from ${reviewReports} where ${reviewReports.review_id} = ${reviewId} and ${reviewReports.settled_at} is null)`;

/** The latest entry of the review's log is its author's request for a second look. */
const secondLookPending = sql`(select d.decision from review_decisions d where d.review_id = ${reviews.id}
  order by d.created_at desc limit 1) = 'second-look'`;

/** The condition of each list. */
function whereTab(tab: ModerationTab): SQL {
  if (tab === "held") return sql`${reviews.status} = 'held'`;
  if (tab === "reported")
    return sql`(${reviews.status} = 'hidden' or (${reviews.status} = 'published' and ${openReportOf(reviews.id)}))`;
  return sql`(${reviews.status} = 'rejected' and ${reviews.second_look_at} is not null and ${secondLookPending})`;
}

async function countsOf(db: Db): Promise<Record<ModerationTab, number>> {
  const counts = { held: 0, reported: 0, "second-look": 0 };
  for (const tab of MODERATION_TABS) {
    const [row] = await db.select({ n: count() }).from(reviews).where(whereTab(tab));
    counts[tab] = row?.n ?? 0;
  }
  return counts;
}

/** How many reviews wait for a decision (the dashboard navigation's badge); 0 for whoever may not decide. */
export async function countReviewsToModerate(db: Db, reader: Subject | null): Promise<number> {
  if (!can(reader, "reviews:moderate")) return 0;
  const counts = await countsOf(db);
  return counts.held + counts.reported + counts["second-look"];
}

/** One page of a list of the queue (admins only), the longest waiting first. */
export async function listModeration(
  db: Db,
  reader: Subject | null,
  options: { tab?: ModerationTab; page?: number } = {},
): Promise<ModerationQueue> {
  assertCan(reader, "reviews:moderate");
  const tab = options.tab ?? "held";
  const counts = await countsOf(db);
  const pages = Math.max(1, Math.ceil(counts[tab] / MODERATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), pages);
  const rows = await db
    .select({
      review: reviews,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      authorName: users.name,
      authorEmail: users.email,
      versions: db.$count(reviewVersions, eq(reviewVersions.review_id, reviews.id)),
    })
    .from(reviews)
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurant_id))
    .innerJoin(users, eq(users.id, reviews.author_id))
    .where(whereTab(tab))
    .orderBy(asc(reviews.updated_at), asc(reviews.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset((page - 1) * MODERATION_PAGE_SIZE);
  const ids = rows.map((row) => row.review.id);
  const reports = ids.length
    ? await db
        .select({ report: reviewReports, reporter: users.email })
        .from(reviewReports)
        .innerJoin(users, eq(users.id, reviewReports.reporter_id))
        .where(inArray(reviewReports.review_id, ids))
        .orderBy(desc(reviewReports.created_at))
    : [];
  const decisions = ids.length
    ? await db
        .select()
        .from(reviewDecisions)
        .where(inArray(reviewDecisions.review_id, ids))
        .orderBy(asc(reviewDecisions.created_at))
    : [];
  return {
    tab,
    counts,
    page,
    pages,
    reviews: rows.map(({ review, slug, nameEn, nameHe, authorName, authorEmail, versions }) => {
      const its = reports.filter((row) => row.report.review_id === review.id);
      return {
        id: review.id,
        place: { slug, nameEn, nameHe },
        author: { name: authorName, email: authorEmail },
        rating: review.rating,
        body: review.body,
        language: review.language,
        ateHere: review.ate_here,
        visitMonth: review.visit_month,
        status: review.status,
        heldFor: review.held_for,
        rejectionReason: review.rejection_reason,
        updatedAt: review.updated_at.toISOString(),
        versions: Number(versions),
        openWeight: its.filter((row) => !row.report.settled_at).reduce((total, row) => total + row.report.weight, 0),
        reports: its.map(({ report, reporter }) => ({
          reason: report.reason,
          note: report.note,
          weight: report.weight,
          reporter,
          createdAt: report.created_at.toISOString(),
          settled: report.settled_at !== null,
        })),
        decisions: decisions
          .filter((decision) => decision.review_id === review.id)
          .map((decision) => ({
            decision: decision.decision,
            reason: decision.reason,
            actor: decision.actor_email,
            at: decision.created_at.toISOString(),
          })),
      };
    }),
  };
}

export type ReviewVerdict = { intent: "approve" } | { intent: "reject"; reason: string };

export interface DecidedReview {
  id: string;
  status: "published" | "rejected";
  authorEmail: string;
  language: ReviewLanguage;
  place: { slug: string; nameEn: string; nameHe: string | null };
  reason: string;
}

/**
 * An admin's decision on a review waiting in the queue: approve (published) or reject with a reason
 * (required; its author sees it). Logged with who and why; the review's open reports are settled.
 * Refused (nothing changes): anyone but an admin (403), an unknown review (404), a review that
 * waits for no decision (409: decided already, or never held nor reported), a rejection without a reason.
 * Its author is e-mailed the decision (the side effect belongs to the function that commits it).
 */
export async function decideReview(
  services: DecisionServices,
  admin: Moderator | null,
  reviewId: string,
  verdict: ReviewVerdict,
  now = new Date(),
): Promise<DecidedReview> {
  const decided = await decide(services.db, admin, reviewId, verdict, now);
  await tellAuthor(services, decided);
  return decided;
}

/** What a decision needs: the database, and the mail for its author's notice. */
export type DecisionServices = Pick<AppServices, "db" | "sendEmail" | "settings">;

/**
 * E-mails the author the decision, in the language they wrote the review in, with a link to their
 * review's page. A failure is logged and never undoes the decision.
 */
async function tellAuthor(services: DecisionServices, decided: DecidedReview): Promise<void> {
  if (!decided.authorEmail) return;
  const { language } = decided;
  const content = reviewDecisionEmail({
    language,
    outcome: decided.status,
    restaurant: localized({ en: decided.place.nameEn, he: decided.place.nameHe ?? undefined }, language),
    reason: decided.reason,
    link: `${services.settings.publicUrl}${reviewPath(decided.place.slug, language)}`,
  });
  await services.sendEmail(decided.authorEmail, content).catch((error: unknown) => {
    console.error("[reviews] decision e-mail failed:", error);
  });
}

async function decide(
  db: Db,
  admin: Moderator | null,
  reviewId: string,
  verdict: ReviewVerdict,
  now: Date,
): Promise<DecidedReview> {
  assertCan(admin, "reviews:moderate");
  if (!isUuid(reviewId)) throw new AppError("notFound", "reviewQueue.notFound", { subject: reviewId });
  const reason = verdict.intent === "reject" ? verdict.reason.replace(/\r\n?/g, "\n").trim() : "";
  if (verdict.intent === "reject") {
    const parsed = rejectionSchema.safeParse({ reason: verdict.reason }, FORM_PARSE);
    if (!parsed.success) {
      const errors = fieldMessages<"reason">(parsed.error.issues);
      const message = errors.reason ?? "reviewQueue.reasonRequired";
      throw new AppError("invalid", message, { fieldErrors: { reason: message } });
    }
  }
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!review) throw new AppError("notFound", "reviewQueue.notFound", { subject: reviewId });
    const [pending] = await tx
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), sql`(${sql.join(MODERATION_TABS.map(whereTab), sql` or `)})`));
    if (!pending?.n) throw new AppError("conflict", "reviewQueue.alreadyDecided", { subject: reviewId });
    const status = verdict.intent === "approve" ? ("published" as const) : ("rejected" as const);
    await tx
      .update(reviews)
      .set(
        status === "published"
          ? {
              status,
              rejection_reason: null,
              // Set when it becomes public (kept when it stayed shown while reported).
              published_at: review.status === "published" ? review.published_at : now,
            }
          : { status, rejection_reason: reason },
      )
      .where(eq(reviews.id, reviewId));
    await tx
      .update(reviewReports)
      .set({ settled_at: now })
      .where(and(eq(reviewReports.review_id, reviewId), isNull(reviewReports.settled_at)));
    await tx.insert(reviewDecisions).values({
      review_id: reviewId,
      decision: status === "published" ? "approved" : "rejected",
      reason,
      actor_id: admin.id,
      actor_email: admin.email,
      created_at: now,
    });
    const [place] = await tx
      .select({ slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
      .from(restaurants)
      .where(eq(restaurants.id, review.restaurant_id));
    const [author] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.author_id));
    return {
      id: reviewId,
      status,
      authorEmail: author?.email ?? "",
      language: review.language,
      place: place ?? { slug: "", nameEn: "", nameHe: null },
      reason,
    };
  });
}
