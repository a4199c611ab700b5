// Restaurants and who may edit them (spec section 3).
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import type { WeeklyHours } from "../hours";
import type { CertificateBody, CertificateLevel, PesachPlans } from "../lifecycle";
import type { PriceLevel, WheelchairAccess } from "../practical";
import type { KosherKind } from "../register";

/** A menu image as stored in `restaurants.menu_images`. */
export interface StoredMenuImage {
  url: string;
  name: string;
  size?: number;
  type?: string;
}

export const restaurants = pgTable(
  "restaurants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name_en: text("name_en").notNull(),
    name_he: text("name_he"),
    address: text("address").notNull(),
    /** The address in Hebrew; null: the (English) `address` is shown on Hebrew pages too. */
    address_he: text("address_he"),
    phone_number: text("phone_number"),
    opening_hours: text("opening_hours"),
    /** The hours note in Hebrew; null: the note as written (`opening_hours`) is shown on Hebrew pages too. */
    opening_hours_he: text("opening_hours_he"),
    kashrut: text("kashrut").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photo: text("photo"),
    description_en: text("description_en"),
    description_he: text("description_he"),
    last_verified: date("last_verified", { mode: "string" }),
    waze_link: text("waze_link"),
    menu_link: text("menu_link"),
    booking_link: text("booking_link"),
    teuda: text("teuda"),
    online_order_link: text("online_order_link"),
    wolt_link: text("wolt_link"),
    menu_images: jsonb("menu_images")
      .$type<StoredMenuImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_permanently_closed: boolean("is_permanently_closed").notNull().default(false),
    kashrut_website: text("kashrut_website"),
    /** Structured weekly hours and Shabbat rules; null until set. `opening_hours` stays as the note. */
    hours: jsonb("hours").$type<WeeklyHours>(),
    /** Where the restaurant is: both or neither, inside Israel (checked by the form's rules). */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** The kashrut certificate's facts: all null when not given. */
    certificate_body: text("certificate_body").$type<CertificateBody>(),
    certificate_level: text("certificate_level").$type<CertificateLevel>(),
    certificate_number: text("certificate_number"),
    certificate_valid_until: date("certificate_valid_until", { mode: "string" }),
    /** Meat, dairy or parve, where known (the kashrut group of the form). */
    kosher_kind: text("kosher_kind").$type<KosherKind>(),
    /** The published date of the Rabbinate register whose facts the certificate carries; null: typed by hand. */
    register_published_on: date("register_published_on", { mode: "string" }),
    /** Set from the register's list of revoked certificates (its published date): only an admin clears it. */
    certificate_revoked_on: date("certificate_revoked_on", { mode: "string" }),
    /** Pesach, per year: `{ "2027": { status, kitniyot?, certificate?, cholHamoed? } }`. */
    pesach: jsonb("pesach")
      .$type<PesachPlans>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The practical facts (database/practical.ts); null and false are "not given". */
    price_level: smallint("price_level").$type<PriceLevel>(),
    delivery: boolean("delivery").notNull().default(false),
    takeaway: boolean("takeaway").notNull().default(false),
    catering: boolean("catering").notNull().default(false),
    wheelchair: text("wheelchair").$type<WheelchairAccess>(),
    /**
     * What a search term is matched against: names, descriptions, address and tags in
     * both languages, normalised by the browser index's own normaliser (searchTextOf). Written with
     * every save; null when a write changed those fields without it (a trigger sees to that), until
     * the server fills it in again.
     */
    search_text: text("search_text"),
    /** The search text's words, each a candidate for a typo's match (rule 3 in app/lib/search-text.ts); kept by the database. */
    search_words: text("search_words")
      .array()
      .generatedAlwaysAs(sql`string_to_array(search_text, ' ')`),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("restaurants_kashrut_idx").on(t.kashrut),
    // The listing's order (compareForListing), so a page of the directory needs no sort.
    index("restaurants_listing_order_idx").on(
      sql`(coalesce(btrim(${t.photo}), '') <> '') desc`,
      sql`(${t.kashrut} = 'tzohar') desc`,
      sql`lower(${t.name_en})`,
      t.name_en,
      t.slug,
    ),
    index("restaurants_certificate_valid_until_idx").on(t.certificate_valid_until),
    index("restaurants_search_text_missing_idx")
      .on(t.id)
      .where(sql`${t.search_text} is null`),
  ],
);

/**
 * What a search of the directory reads, one row per restaurant: the listing's order and the search
 * text, copied from its restaurant by a database trigger (drizzle/0022). A search at 100,000 walks the
 * order and tests each row's text: in this table a row is a fifth of a restaurant's (no menus,
 * descriptions or hours beside the text), so far fewer pages are read; the cards' columns are then
 * read for one page of results only.
 */
export const restaurantSearch = pgTable(
  "restaurant_search",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    /** A photo is given (the listing's first key). */
    has_photo: boolean("has_photo").notNull(),
    /** Under Tzohar's supervision (the second key). */
    tzohar: boolean("tzohar").notNull(),
    /** The English name in lower case, then as written, then the slug: the rest of the order. */
    name_key: text("name_key").notNull(),
    name_en: text("name_en").notNull(),
    slug: text("slug").notNull(),
    /** The restaurant's search_text (null until it is written). */
    search_text: text("search_text"),
    /**
     * The row fits an entry of the walking index below (a B-tree entry holds about 2,700 bytes): its
     * text and names within 2,000 bytes, the name counted thrice (name_key is its lower case, which can
     * be longer). Nearly every listing; one with long descriptions is searched apart.
     */
    walkable: boolean("walkable")
      .notNull()
      .generatedAlwaysAs(
        sql`octet_length(coalesce(search_text, '')) + 3 * octet_length(name_en) + octet_length(slug) <= 2000`,
      ),
  },
  (t) => [
    // The listing's order with the id and the text in the entries (drizzle/0023): a search walks it in
    // order and tests each text without visiting the table's rows, which lie in no particular order.
    index("restaurant_search_walk_idx")
      .on(
        t.has_photo.desc().nullsFirst(),
        t.tzohar.desc().nullsFirst(),
        t.name_key,
        t.name_en,
        t.slug,
        t.id,
        t.search_text,
      )
      .where(sql`walkable`),
    // The listing's order of the rows left out of it, searched apart (the table's rows: their text).
    index("restaurant_search_long_idx")
      .on(t.has_photo.desc().nullsFirst(), t.tzohar.desc().nullsFirst(), t.name_key, t.name_en, t.slug)
      .where(sql`not walkable`),
    index("restaurant_search_text_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
    // The text's words (a typo's close words are looked for among them), without storing them twice.
    index("restaurant_search_words_idx").using("gin", sql`string_to_array(${t.search_text}, ' ')`),
  ],
);

export type RestaurantRow = typeof restaurants.$inferSelect;
export type NewRestaurantRow = typeof restaurants.$inferInsert;

export const restaurantOwners = pgTable(
  "restaurant_owners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    restaurant_id: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The approved claim that made this link, if one did (null for an admin's link). A listing has
     * at most one such link: two approvals at once cannot both make an owner. Unlinking the owner
     * deletes the row, so a later claim can be approved again.
     */
    claim_id: uuid("claim_id"),
  },
  (t) => [
    unique("restaurant_owners_restaurant_user_key").on(t.restaurant_id, t.user_id),
    index("restaurant_owners_user_idx").on(t.user_id),
    uniqueIndex("restaurant_owners_one_claimed_idx")
      .on(t.restaurant_id)
      .where(sql`${t.claim_id} is not null`),
  ],
);

/** Old slugs of renamed restaurants, so their old URLs redirect permanently to the new ones. */
export const restaurantSlugRedirects = pgTable("restaurant_slug_redirects", {
  old_slug: text("old_slug").primaryKey(),
  restaurant_id: uuid("restaurant_id")
    .notNull()
    .references(() => restaurants.id, { onDelete: "cascade" }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const CHANGE_ACTIONS = ["create", "update", "delete", "owner_add", "owner_remove", "verify"] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/**
 * Who changed which restaurant when, and what (old and new values). No foreign key on the
 * restaurant, so the history outlives a deletion.
 */
export const restaurantChanges = pgTable(
  "restaurant_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    restaurant_id: uuid("restaurant_id").notNull(),
    restaurant_name: text("restaurant_name").notNull(),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    action: text("action").$type<ChangeAction>().notNull(),
    changes: jsonb("changes")
      .$type<FieldChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("restaurant_changes_restaurant_idx").on(t.restaurant_id, t.created_at)],
);

/**
 * Every word any restaurant's search text has had: where a typo's close words are
 * looked up (rule 3 in app/lib/search-text.ts). Kept by a database trigger; a word no restaurant has any more
 * only costs a look-up that finds nothing.
 */
export const searchVocabulary = pgTable(
  "search_vocabulary",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_vocabulary_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);
