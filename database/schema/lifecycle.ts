// How listings arrive and stay true (ADR 023): suggestions from the public, claims by accounts,
// and the certificate reminders already sent.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";

import type { ClaimStatus, SuggestionStatus } from "../lifecycle";

/** A restaurant a visitor suggested: nothing of it is public until an admin approves it. */
export const suggestions = pgTable(
  "suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name_en: text("name_en").notNull().default(""),
    name_he: text("name_he").notNull().default(""),
    address: text("address").notNull(),
    /** The kashrut as the visitor knows it, in their words. */
    kashrut: text("kashrut").notNull().default(""),
    link: text("link"),
    /** The certificate's photo (an upload's URL), if they sent one. */
    certificate_url: text("certificate_url"),
    note: text("note").notNull().default(""),
    /** Where to send the answer, if the visitor left an address; told in `language`. */
    email: text("email"),
    language: text("language").$type<"en" | "he">().notNull(),
    /** False for a suggestion sent without JavaScript (no proof-of-work; stricter rate limit). */
    proof_of_work: boolean("proof_of_work").notNull(),
    status: text("status").$type<SuggestionStatus>().notNull().default("open"),
    /** The admin's reason (a rejection's is sent to the visitor). */
    decision_note: text("decision_note").notNull().default(""),
    /** The listing it became (approved) or was already (merged). */
    restaurant_id: uuid("restaurant_id").references(() => restaurants.id, { onDelete: "set null" }),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("suggestions_status_created_idx").on(t.status, t.created_at)],
);

/** "This is my restaurant": an account asks to be linked to a listing without owners. */
export const claims = pgTable(
  "claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Their role at the restaurant, in their words ("owner", "manager"). */
    role_at_restaurant: text("role_at_restaurant").notNull(),
    business_phone: text("business_phone").notNull(),
    /** The proof (an upload's URL): the certificate or a business document. */
    proof_url: text("proof_url").notNull(),
    note: text("note").notNull().default(""),
    language: text("language").$type<"en" | "he">().notNull(),
    status: text("status").$type<ClaimStatus>().notNull().default("open"),
    decision_note: text("decision_note").notNull().default(""),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("claims_status_created_idx").on(t.status, t.created_at),
    index("claims_user_idx").on(t.user_id, t.created_at),
    // One open claim per account and listing.
    uniqueIndex("claims_one_open_idx")
      .on(t.restaurant_id, t.user_id)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Which certificate reminders went out: once per restaurant, certificate date and days before it. */
export const certificateReminders = pgTable(
  "certificate_reminders",
  {
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    valid_until: date("valid_until", { mode: "string" }).notNull(),
    days_before: integer("days_before").notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.restaurant_id, t.valid_until, t.days_before] })],
);
