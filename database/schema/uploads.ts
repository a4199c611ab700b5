// Every stored upload: who uploaded it, when, what kind, and which restaurant it is attached to
// (ADR 006, update 2026-11-23). `url` is the public URL a form names: for an image, the widest
// width (its other widths are derived by imageFiles()), for a PDF the file itself.
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";

/** As in POST /api/uploads?kind=… (server/uploads/processing.ts). */
export type UploadKindName = "photo" | "teuda" | "menu" | "pdf";

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull().unique(),
    kind: text("kind").$type<UploadKindName>().notNull(),
    /** Null for files made by the system (demo data, rows backfilled at migration). */
    uploaded_by: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The restaurant using the file; null until a save attaches it, and again once detached. */
    restaurant_id: uuid("restaurant_id").references(() => restaurants.id, { onDelete: "set null" }),
    attached_at: timestamp("attached_at", { withTimezone: true }),
    /** Held by a suggestion or a claim rather than a restaurant: kept while it is. */
    held_by: uuid("held_by"),
  },
  (t) => [
    index("uploads_restaurant_idx").on(t.restaurant_id),
    index("uploads_unattached_idx")
      .on(t.created_at)
      .where(sql`${t.restaurant_id} is null`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
