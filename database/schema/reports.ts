// Problem reports from visitors: what they said about a restaurant, and what the admins
// did with it. Every status change is an event with who and when.
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";

import type { ReportReason, ReportStatus } from "../reports";

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    /** The visitor's words, stored as typed (shown escaped). Empty when none. */
    note: text("note").notNull().default(""),
    /** Where to send the reply, if the visitor left an address. */
    email: text("email"),
    /** False for a report sent without JavaScript (no proof-of-work; stricter rate limit). */
    proof_of_work: boolean("proof_of_work").notNull(),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the admins and owners were told of it (null: still to be, in the next digest). */
    notified_at: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    index("reports_status_created_idx").on(t.status, t.created_at),
    index("reports_restaurant_idx").on(t.restaurant_id, t.created_at),
  ],
);

/** Every status change of a report: who, when, and their note. */
export const reportEvents = pgTable(
  "report_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    report_id: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    status: text("status").$type<ReportStatus>().notNull(),
    note: text("note").notNull().default(""),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("report_events_report_idx").on(t.report_id, t.created_at)],
);

/** When each restaurant's reports were last e-mailed: at most one e-mail per restaurant per hour. */
export const reportNotices = pgTable("report_notices", {
  restaurant_id: uuid("restaurant_id")
    .primaryKey()
    .references(() => restaurants.id, { onDelete: "cascade" }),
  sent_at: timestamp("sent_at", { withTimezone: true }).notNull(),
});
