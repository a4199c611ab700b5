-- A search walks the listing's order until it has a page of matches. The order's index (drizzle/0022)
-- holds only the keys, so every step read the row's text from the table, whose rows lie in the order
-- they were written: at 100,000 listings a common word that matches late read ~10,000 scattered pages.
-- The walk's index, which replaces it, holds the id and the text too (as keys: drizzle declares no INCLUDE; the unique
-- slug decides the order first), so a search reads its entries in order and never the table (an
-- index-only scan, where VACUUM has marked the pages visible). A B-tree entry holds about 2,700 bytes:
-- rows whose text and names pass 2,000 are left out of it (`walkable`) and searched apart, in their
-- own small index of the order (few: long descriptions).
DROP INDEX "restaurant_search_listing_order_idx";--> statement-breakpoint
ALTER TABLE "restaurant_search" ADD COLUMN "walkable" boolean GENERATED ALWAYS AS (octet_length(coalesce(search_text, '')) + 3 * octet_length(name_en) + octet_length(slug) <= 2000) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "restaurant_search_walk_idx" ON "restaurant_search" USING btree ("has_photo" DESC NULLS FIRST,"tzohar" DESC NULLS FIRST,"name_key","name_en","slug","id","search_text") WHERE walkable;--> statement-breakpoint
CREATE INDEX "restaurant_search_long_idx" ON "restaurant_search" USING btree ("has_photo" DESC NULLS FIRST,"tzohar" DESC NULLS FIRST,"name_key","name_en","slug") WHERE not walkable;
