// Diners' reviews of restaurants: the review (one per account and place; its latest version counts),
// its earlier versions, reports on it, the owner's one reply (and its edits), every decision with who
// and why, the admins' watched words, and each restaurant's published totals.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";
import type { HoldSignal, ReviewDecision, ReviewLanguage, ReviewReportReason, ReviewStatus } from "../reviews";

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    /** The diner who wrote it; their account's deletion deletes their reviews. */
    author_id: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    /** The language it is written in (recognised from its letters; the author may correct it). */
    language: text("language").$type<ReviewLanguage>().notNull(),
    /** "I ate here" (a first-hand visit), and its month, YYYY-MM. */
    ate_here: boolean("ate_here").notNull(),
    visit_month: text("visit_month").notNull(),
    status: text("status").$type<ReviewStatus>().notNull(),
    /** The signals that held it (empty when none fired); kept after an admin's decision, for the log. */
    held_for: text("held_for")
      .array()
      .$type<HoldSignal[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An admin's reason for a rejection, which the author sees. */
    rejection_reason: text("rejection_reason"),
    /** When its author asked for a second look at a rejection (once per review). */
    second_look_at: timestamp("second_look_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its latest version was written. */
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was last made public (null: never). */
    published_at: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    unique("reviews_one_per_author_key").on(t.restaurant_id, t.author_id),
    index("reviews_restaurant_published_idx").on(t.restaurant_id, t.status, t.published_at),
    index("reviews_status_idx").on(t.status, t.updated_at),
    index("reviews_author_idx").on(t.author_id, t.created_at),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Every version a review had before its latest (an edit keeps the one it replaces). */
export const reviewVersions = pgTable(
  "review_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    review_id: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    language: text("language").$type<ReviewLanguage>().notNull(),
    ate_here: boolean("ate_here").notNull(),
    visit_month: text("visit_month").notNull(),
    /** When this version was written (it counted until the next). */
    written_at: timestamp("written_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("review_versions_review_idx").on(t.review_id, t.written_at)],
);

/** A signed-in account's report of a review: one per account and review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    review_id: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporter_id: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReviewReportReason>().notNull(),
    note: text("note").notNull().default(""),
    /** What it counts towards hiding the review (REVIEW_HIDE_WEIGHT). */
    weight: smallint("weight").notNull(),
    /** Set when an admin decided the review after this report (it no longer counts). */
    settled_at: timestamp("settled_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("review_reports_one_per_account_key").on(t.review_id, t.reporter_id),
    index("review_reports_open_idx").on(t.review_id, t.settled_at),
  ],
);

/** The owner's public reply to a review: one per review. */
export const reviewReplies = pgTable("review_replies", {
  review_id: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  author_id: text("author_id").references(() => users.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each edit of a reply: the text it replaced, who edited it and when. */
export const reviewReplyEdits = pgTable(
  "review_reply_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    review_id: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    previous_body: text("previous_body").notNull(),
    editor_id: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_reply_edits_review_idx").on(t.review_id, t.created_at)],
);

/** Every decision on a review (an admin's, the reports' hiding, the author's request), with who and why. */
export const reviewDecisions = pgTable(
  "review_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    review_id: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    decision: text("decision").$type<ReviewDecision>().notNull(),
    reason: text("reason").notNull().default(""),
    /** Who decided: null for the reports' own hiding (actor_email then says "reports"). */
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_decisions_review_idx").on(t.review_id, t.created_at)],
);

/** Words and phrases that hold a review for an admin (the admins keep the list). */
export const reviewWatchedWords = pgTable("review_watched_words", {
  /** Stored as the shared normaliser folds it (lower case, no niqqud, final letters as others). */
  word: text("word").primaryKey(),
  added_by: text("added_by").references(() => users.id, { onDelete: "set null" }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each restaurant's published reviews in numbers, kept with every change of a review's state. */
export const reviewTotals = pgTable("review_totals", {
  restaurant_id: uuid("restaurant_id")
    .primaryKey()
    .references(() => restaurants.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
  stars: integer("stars").notNull().default(0),
  /** Reviews giving 1..5 stars. */
  one: integer("one").notNull().default(0),
  two: integer("two").notNull().default(0),
  three: integer("three").notNull().default(0),
  four: integer("four").notNull().default(0),
  five: integer("five").notNull().default(0),
});

export type ReviewRow = typeof reviews.$inferSelect;
