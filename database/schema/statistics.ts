// What owners and admins learn from the site (ADR 025): counts per listing and Tel Aviv day, and
// the home page's searches that found nothing. Counts only: no address, agent or cookie is ever
// stored; a search is counted once per visitor and day by a keyed hash that is deleted when its
// day's counting is done (searchMissVisitors). Each process adds up its counts in memory and adds them here in batches
// (`count = count + excluded.count`), so any number of processes may write at once.
import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { restaurants } from "./restaurants";

/** One listing's counts on one Tel Aviv day: page views and taps on its links out. */
export const listingStats = pgTable(
  "listing_stats",
  {
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    phone_taps: integer("phone_taps").notNull().default(0),
    navigate_taps: integer("navigate_taps").notNull().default(0),
    booking_taps: integer("booking_taps").notNull().default(0),
    order_taps: integer("order_taps").notNull().default(0),
    wolt_taps: integer("wolt_taps").notNull().default(0),
    menu_taps: integer("menu_taps").notNull().default(0),
  },
  // The site's totals (admins) read every listing's days in a range.
  (table) => [primaryKey({ columns: [table.restaurant_id, table.day] }), index("listing_stats_day_idx").on(table.day)],
);

/** A home search's normalised term that found nothing, counted per Tel Aviv day. */
export const searchMisses = pgTable(
  "search_misses",
  {
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.term] })],
);

/**
 * Who searched a term on a Tel Aviv day, as the day's keyed hash of their address (never the
 * address; the key is made from the server's secret and the day and never stored): so a term is
 * counted once per visitor, and one visitor repeating a term cannot put it on the admins' list.
 * Kept only until the day's counting is done; then only search_misses' count remains.
 */
export const searchMissVisitors = pgTable(
  "search_miss_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.term, table.visitor] })],
);
