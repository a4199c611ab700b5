// The kashrut register's snapshots and rows (ADR 033), the renewals applied from them (each with
// what it changed, so one undo restores it), and the listings whose kashrut inputs disagreed when
// the two were made one (for admins to settle).
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";
import type { CertificateBody, CertificateLevel } from "../lifecycle";
import type {
  EntryOutcome,
  KosherKind,
  MatchGrade,
  PartialReason,
  RegisterList,
  RegisterShape,
  SnapshotStatus,
} from "../register";

/** One imported file: "as published on …", kept with its raw rows; nothing changes until an admin applies it. */
export const registerSnapshots = pgTable(
  "register_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    list: text("list").$type<RegisterList>().notNull(),
    shape: text("shape").$type<RegisterShape>().notNull(),
    /** The day the register published this list (the file's date, or the admin's). */
    published_on: date("published_on", { mode: "string" }).notNull(),
    file_name: text("file_name").notNull(),
    row_count: integer("row_count").notNull(),
    /** Why it looks partial (null: complete); a partial list is kept only with an admin's reason. */
    partial_reason: text("partial_reason").$type<PartialReason>(),
    override_reason: text("override_reason"),
    status: text("status").$type<SnapshotStatus>().notNull().default("pending"),
    uploaded_by: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    applied_by: text("applied_by").references(() => users.id, { onDelete: "set null" }),
    applied_at: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("register_snapshots_list_published_idx").on(t.list, t.published_on)],
);

/** One business of a snapshot: its raw row, what was read from it, and its pairing with a listing. */
export const registerEntries = pgTable(
  "register_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    snapshot_id: uuid("snapshot_id")
      .notNull()
      .references(() => registerSnapshots.id, { onDelete: "cascade" }),
    /** Its place in the file (0-based). */
    position: integer("position").notNull(),
    /** The row as the file had it, field by field. */
    raw: jsonb("raw").$type<Record<string, string>>().notNull(),
    name: text("name").notNull(),
    business_type: text("business_type").notNull().default(""),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    phone: text("phone").notNull().default(""),
    valid_until: date("valid_until", { mode: "string" }),
    level: text("level").$type<CertificateLevel>(),
    kind: text("kind").$type<KosherKind>(),
    /** The supervising body the list speaks for (the Rabbinate's register: rabbinate_tel_aviv). */
    body: text("body").$type<CertificateBody>(),
    /** A place to eat (not a factory, hall, shop or institution): unmatched, it becomes a lead. */
    eatery: boolean("eatery").notNull().default(false),
    restaurant_id: uuid("restaurant_id").references(() => restaurants.id, { onDelete: "set null" }),
    grade: text("grade").$type<MatchGrade>().notNull(),
    /** Why the matcher graded it so, in words for the review page ("same phone", "name differs"). */
    reasons: text("reasons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    outcome: text("outcome").$type<EntryOutcome>(),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("register_entries_snapshot_grade_idx").on(t.snapshot_id, t.grade, t.position),
    index("register_entries_restaurant_idx").on(t.restaurant_id),
  ],
);

/** A batch renewal applied in one step, with each listing's certificate before it, for its one undo. */
export const registerRenewals = pgTable("register_renewals", {
  id: uuid("id").primaryKey().defaultRandom(),
  snapshot_id: uuid("snapshot_id")
    .notNull()
    .references(() => registerSnapshots.id, { onDelete: "cascade" }),
  valid_until: date("valid_until", { mode: "string" }).notNull(),
  /** Per listing: its certificate's last day and register date before the renewal. */
  before: jsonb("before")
    .$type<{ restaurantId: string; validUntil: string | null; registerPublishedOn: string | null }[]>()
    .notNull(),
  applied_by: text("applied_by").references(() => users.id, { onDelete: "set null" }),
  applied_at: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  undone_by: text("undone_by").references(() => users.id, { onDelete: "set null" }),
  undone_at: timestamp("undone_at", { withTimezone: true }),
});

/**
 * A Rabbinate listing that a complete register does not list: flagged for admins (its owners are
 * e-mailed once); the public state stays until an admin decides.
 */
export const registerMissing = pgTable(
  "register_missing",
  {
    snapshot_id: uuid("snapshot_id")
      .notNull()
      .references(() => registerSnapshots.id, { onDelete: "cascade" }),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    notified_at: timestamp("notified_at", { withTimezone: true }),
    /** "kept" (still certified, per the admin) or "expired" (the certificate was ended). */
    decision: text("decision").$type<"kept" | "ended">(),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.snapshot_id, t.restaurant_id] })],
);

/**
 * A listing whose spec kashrut value and certificate disagreed when they were made one model:
 * its public value is unchanged until an admin settles it (keeps one of the two).
 */
export const kashrutDisagreements = pgTable("kashrut_disagreements", {
  restaurant_id: uuid("restaurant_id")
    .primaryKey()
    .references(() => restaurants.id, { onDelete: "cascade" }),
  /** The spec value stored before (rabanut, mehadrin, tzohar, unknown). */
  kashrut: text("kashrut").notNull(),
  certificate_body: text("certificate_body").$type<CertificateBody>(),
  certificate_level: text("certificate_level").$type<CertificateLevel>(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  settled_by: text("settled_by").references(() => users.id, { onDelete: "set null" }),
  settled_at: timestamp("settled_at", { withTimezone: true }),
});
