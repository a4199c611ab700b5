// What the public sees of a place's reviews: its published totals (count, stars, the 1-5
// distribution) and its published reviews, newest first, a page at a time, each with its author's
// name, whether it was edited and the owner's reply. The section is worded here in the page's
// language (the `written` area), so the restaurant page's browser code carries none of its words.
import { and, asc, desc, eq, exists, sql } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { restaurantOwners } from "../../../../database/schema/restaurants";
import { reviewReplies, reviewTotals, reviews, reviewVersions } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import {
  REVIEWS_PAGE_SIZE,
  type ReviewLanguage,
  type ReviewStatus,
  type ReviewTotals,
} from "../../../../database/reviews";
import { dateFormat, formatLongDate } from "../../../lib/dates";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { can, type Subject } from "../../../lib/permissions";
import { restaurantPath } from "../../../lib/paths";
import { reviewPath, reviewReplyPath, reviewReportPath } from "../../../lib/member-paths";
import { REVIEWS_ANCHOR } from "./anchor";
import { averageOf } from "./average";

const PUBLISHED: ReviewStatus = "published";
const NO_TOTALS: ReviewTotals = { count: 0, stars: 0, distribution: [0, 0, 0, 0, 0] };

/** A place's published totals, as the database keeps them (review_totals; none yet: zeros). */
export async function reviewTotalsOf(db: Db, restaurantId: string): Promise<ReviewTotals> {
  const [row] = await db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, restaurantId));
  if (!row) return NO_TOTALS;
  return { count: row.count, stars: row.stars, distribution: [row.one, row.two, row.three, row.four, row.five] };
}

/** One published review as stored, with what the page adds to it. */
export interface PublishedReview {
  id: string;
  rating: number;
  body: string;
  language: ReviewLanguage;
  ateHere: boolean;
  visitMonth: string;
  author: string;
  updatedAt: Date;
  edited: boolean;
  reply: string | null;
}

/** The page's number from `?reviews=`: a whole number from 1, anything else the first page. */
export function reviewsPageParam(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A page of a place's published reviews, newest first (latest version, then id). */
export async function publishedReviews(db: Db, restaurantId: string, page: number): Promise<PublishedReview[]> {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      language: reviews.language,
      ateHere: reviews.ate_here,
      visitMonth: reviews.visit_month,
      author: users.name,
      updatedAt: reviews.updated_at,
      edited: exists(
        db
          .select({ one: sql`1` })
          .from(reviewVersions)
          .where(eq(reviewVersions.review_id, reviews.id)),
      ).mapWith(Boolean),
      reply: reviewReplies.body,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.author_id))
    .leftJoin(reviewReplies, eq(reviewReplies.review_id, reviews.id))
    .where(and(eq(reviews.restaurant_id, restaurantId), eq(reviews.status, PUBLISHED)))
    .orderBy(desc(reviews.updated_at), asc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
}

/** One review as the page shows it: its words already in the page's language. */
export interface ShownReview {
  id: string;
  stars: number;
  /** "4 out of 5 stars", the stars' text equivalent. */
  starsText: string;
  body: string;
  language: ReviewLanguage;
  /** "Written in Hebrew". */
  writtenIn: string;
  author: string;
  /** When its latest version was written, long ("March 4, 2026"), and as yyyy-MM-dd. */
  date: string;
  isoDate: string;
  /** "Ate here in March 2026" or "Visited in March 2026". */
  visit: string;
  edited: boolean;
  reply: string | null;
  reportPath: string;
  /** Only for a viewer who may reply (the place's linked owners); a reply already there is edited there. */
  replyPath?: string;
}

/** The restaurant page's reviews section, worded in the page's language. */
export interface ReviewsSectionData {
  count: number;
  /** One decimal, "4.3". */
  average: string;
  words: {
    title: string;
    /** "4.3 out of 5, from 12 reviews", or the line for a place without reviews. */
    summary: string;
    write: string;
    distribution: string;
    edited: string;
    reply: string;
    report: string;
    replyLink: string;
    pages: string;
    newer: string;
    older: string;
    page: string;
  };
  /** Five stars first: how many gave it, its text ("5 stars: 8") and its share of all (0-100). */
  distribution: { stars: number; count: number; text: string; share: number }[];
  reviews: ShownReview[];
  writePath: string;
  page: number;
  pages: number;
  /** The links to the next pages (null on the first or last). */
  newerPath: string | null;
  olderPath: string | null;
}

const MONTH_LOCALES: Record<Language, string> = { en: "en-US", he: "he-IL" };

/** "March 2026" / "מרץ 2026" from YYYY-MM. */
export function visitMonthText(month: string, language: Language): string {
  return dateFormat(MONTH_LOCALES[language], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The accounts linked to the place as its owners (who may reply to its reviews). */
async function ownerIdsOf(db: Db, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: restaurantOwners.user_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.restaurant_id, restaurantId));
  return rows.map((row) => row.userId);
}

/**
 * The section of the place at page `requested` (past the last: the last), for `viewer` (who sees
 * "Reply" only where they may reply: the place's linked owners; a visitor's page asks nothing more).
 */
export async function reviewsSectionOf(
  db: Db,
  place: { id: string; slug: string },
  requested: number,
  language: Language,
  viewer: Subject | null,
): Promise<ReviewsSectionData> {
  const totals = await reviewTotalsOf(db, place.id);
  const pages = Math.max(1, Math.ceil(totals.count / REVIEWS_PAGE_SIZE));
  const page = Math.min(requested, pages);
  const rows = totals.count ? await publishedReviews(db, place.id, page) : [];
  const t = translator(language);
  const average = averageOf(totals);
  const mayReply = viewer ? can(viewer, "review:reply", { ownerIds: await ownerIdsOf(db, place.id) }) : false;
  const pagePath = (n: number) =>
    `${restaurantPath(place.slug, language)}${n > 1 ? `?reviews=${n}` : ""}#${REVIEWS_ANCHOR}`;
  return {
    count: totals.count,
    average,
    words: {
      title: t("reviewWritten.show.title"),
      summary: !totals.count
        ? t("reviewWritten.show.none")
        : t(totals.count === 1 ? "reviewWritten.show.summaryOne" : "reviewWritten.show.summary", {
            average,
            count: totals.count,
          }),
      write: t("reviewWritten.show.write"),
      distribution: t("reviewWritten.show.distribution"),
      edited: t("reviewWritten.show.edited"),
      reply: t("reviewWritten.show.reply"),
      report: t("reviewWritten.show.report"),
      replyLink: t("reviewWritten.show.replyLink"),
      pages: t("reviewWritten.show.pages"),
      newer: t("reviewWritten.show.newer"),
      older: t("reviewWritten.show.older"),
      page: t("reviewWritten.show.page", { page, pages }),
    },
    distribution: [5, 4, 3, 2, 1].map((stars) => {
      const count = totals.distribution[stars - 1] ?? 0;
      return {
        stars,
        count,
        text: t(stars === 1 ? "reviewWritten.show.starRow" : "reviewWritten.show.starsRow", { stars, count }),
        share: totals.count ? Math.round((count / totals.count) * 100) : 0,
      };
    }),
    reviews: rows.map((row) => ({
      id: row.id,
      stars: row.rating,
      starsText: t("reviewWritten.show.stars", { stars: row.rating }),
      body: row.body,
      language: row.language,
      writtenIn: t(row.language === "he" ? "reviewWritten.show.writtenIn.he" : "reviewWritten.show.writtenIn.en"),
      author: row.author,
      date: formatLongDate(row.updatedAt, language),
      isoDate: row.updatedAt.toISOString().slice(0, 10),
      visit: t(row.ateHere ? "reviewWritten.show.ateHere" : "reviewWritten.show.visited", {
        month: visitMonthText(row.visitMonth, language),
      }),
      edited: row.edited,
      reply: row.reply,
      reportPath: reviewReportPath(place.slug, row.id, language),
      ...(mayReply ? { replyPath: reviewReplyPath(place.slug, row.id, language) } : {}),
    })),
    writePath: reviewPath(place.slug, language),
    page,
    pages,
    newerPath: page > 1 ? pagePath(page - 1) : null,
    olderPath: page < pages ? pagePath(page + 1) : null,
  };
}

/**
 * schema.org's rating of the place and its shown reviews, for search engines: published reviews
 * only (all this section holds), and nothing when there are none.
 */
export function reviewsStructuredData(section: ReviewsSectionData): Record<string, unknown> {
  if (!section.count) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: section.average,
      reviewCount: section.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: section.reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.isoDate,
      reviewBody: review.body,
      inLanguage: review.language,
      reviewRating: { "@type": "Rating", ratingValue: review.stars, bestRating: 5, worstRating: 1 },
    })),
  };
}
