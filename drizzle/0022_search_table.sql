-- What a search of the directory reads, in a table of its own: each restaurant's search text and the
-- listing's order (a photo, Tzohar, the English name, the slug), a fifth of a restaurant's row, so a
-- search at 100,000 reads far fewer pages; the cards' columns are read for one page of results only.
-- A trigger copies a restaurant's row into it on every insert and on every update that changes one of
-- these (after drizzle/0011's trigger has emptied a stale search text); a delete removes it (the key).
-- The restaurants' own trigram and words indexes served only the search: they go (each write kept three
-- indexes of its text up to date).
CREATE TABLE "restaurant_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"has_photo" boolean NOT NULL,
	"tzohar" boolean NOT NULL,
	"name_key" text NOT NULL,
	"name_en" text NOT NULL,
	"slug" text NOT NULL,
	"search_text" text
);
--> statement-breakpoint
DROP INDEX "restaurants_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "restaurants_search_words_idx";--> statement-breakpoint
ALTER TABLE "restaurant_search" ADD CONSTRAINT "restaurant_search_id_restaurants_id_fk" FOREIGN KEY ("id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION restaurant_search_write() RETURNS trigger AS $$
BEGIN
  INSERT INTO restaurant_search (id, has_photo, tzohar, name_key, name_en, slug, search_text)
    VALUES (NEW.id, coalesce(btrim(NEW.photo), '') <> '', NEW.kashrut = 'tzohar', lower(NEW.name_en), NEW.name_en,
            NEW.slug, NEW.search_text)
    ON CONFLICT (id) DO UPDATE SET has_photo = excluded.has_photo, tzohar = excluded.tzohar,
      name_key = excluded.name_key, name_en = excluded.name_en, slug = excluded.slug, search_text = excluded.search_text;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER restaurant_search_insert AFTER INSERT ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION restaurant_search_write();--> statement-breakpoint
CREATE TRIGGER restaurant_search_update AFTER UPDATE ON "restaurants"
  FOR EACH ROW
  WHEN ((OLD.photo, OLD.kashrut, OLD.name_en, OLD.slug, OLD.search_text)
        IS DISTINCT FROM (NEW.photo, NEW.kashrut, NEW.name_en, NEW.slug, NEW.search_text))
  EXECUTE FUNCTION restaurant_search_write();--> statement-breakpoint
-- The restaurants there already (before the indexes: one pass each).
INSERT INTO "restaurant_search" (id, has_photo, tzohar, name_key, name_en, slug, search_text)
  SELECT id, coalesce(btrim(photo), '') <> '', kashrut = 'tzohar', lower(name_en), name_en, slug, search_text
  FROM "restaurants";--> statement-breakpoint
CREATE INDEX "restaurant_search_listing_order_idx" ON "restaurant_search" USING btree ("has_photo" DESC NULLS FIRST,"tzohar" DESC NULLS FIRST,"name_key","name_en","slug");--> statement-breakpoint
CREATE INDEX "restaurant_search_text_trgm_idx" ON "restaurant_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurant_search_words_idx" ON "restaurant_search" USING gin (string_to_array("search_text", ' '));
