// Saved places (ADR 024): the restaurants a diner keeps. On a device without an account they live
// in the browser (app/features/restaurants/saved/device.ts); signed in, here, so they follow the
// account. Deleting the account or the restaurant deletes the row.
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { restaurants } from "./restaurants";

export const savedPlaces = pgTable(
  "saved_places",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.restaurant_id] }),
    index("saved_places_restaurant_idx").on(t.restaurant_id),
  ],
);
