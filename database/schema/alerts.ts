// Alerts for saved places (ADR 024): an account may be e-mailed (at most once a Tel Aviv day, a
// digest) when a place it saved changes its kashrut, closes or reopens, or its certificate expires.
// Off by default. What changed is found against a snapshot per (account, saved place) of the facts
// last reported (or first seen); it goes with the saved place (removing the place, the account or
// the restaurant removes it: a foreign key on saved_places with ON DELETE CASCADE).
import { boolean, date, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { savedPlaces } from "./saved";

/** One account's alert setting: on or off, the digest's language, and the last Tel Aviv day a digest was claimed. */
export const alertSettings = pgTable("alert_settings", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  language: text("language").$type<"en" | "he">().notNull().default("en"),
  /** The Tel Aviv day of the last digest, claimed before it is sent (null: none yet). */
  last_sent_day: date("last_sent_day", { mode: "string" }),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The facts of a saved place as last reported to its account (or as first seen). */
export const alertSnapshots = pgTable(
  "alert_snapshots",
  {
    user_id: text("user_id").notNull(),
    restaurant_id: uuid("restaurant_id").notNull(),
    kashrut: text("kashrut").notNull(),
    certificate_body: text("certificate_body"),
    certificate_level: text("certificate_level"),
    closed: boolean("closed").notNull(),
    certificate_expired: boolean("certificate_expired").notNull(),
    taken_at: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.restaurant_id] }),
    foreignKey({
      columns: [t.user_id, t.restaurant_id],
      foreignColumns: [savedPlaces.user_id, savedPlaces.restaurant_id],
      name: "alert_snapshots_saved_place_fk",
    }).onDelete("cascade"),
  ],
);
