-- Search past the browser index (ADR 022): the normalised text a term is matched
-- against, its words, every word ever searched-for text has had, trigram indexes for substrings and
-- typos, and the listing's order. pg_trgm is a trusted extension (PostgreSQL 13+): the database's
-- owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(search_text, ' ')) STORED;--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_search_text_trgm_idx" ON "restaurants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_search_words_idx" ON "restaurants" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "restaurants_listing_order_idx" ON "restaurants" USING btree ((coalesce(btrim("photo"), '') <> '') desc,("kashrut" = 'tzohar') desc,lower("name_en"),"name_en","slug");--> statement-breakpoint
CREATE INDEX "restaurants_search_text_missing_idx" ON "restaurants" USING btree ("id") WHERE "restaurants"."search_text" is null;--> statement-breakpoint
-- A write that changes what is searched without writing the search text (a script, psql, an older
-- process) leaves it empty, so no search matches stale words; the server fills it in again.
CREATE FUNCTION restaurants_search_text_stale() RETURNS trigger AS $$
BEGIN
  IF NEW.search_text IS NOT DISTINCT FROM OLD.search_text
     AND (NEW.name_en, NEW.name_he, NEW.description_en, NEW.description_he, NEW.address, NEW.tags)
         IS DISTINCT FROM (OLD.name_en, OLD.name_he, OLD.description_en, OLD.description_he, OLD.address, OLD.tags) THEN
    NEW.search_text := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER restaurants_search_text_stale BEFORE UPDATE ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION restaurants_search_text_stale();--> statement-breakpoint
-- Every word of letters only (what a typo may be close to) of a written search text joins the
-- vocabulary, once per statement whatever its rows.
CREATE FUNCTION search_vocabulary_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM written, unnest(written.search_words) AS w WHERE w ~ '^[[:alpha:]]+$'
    ORDER BY w -- one order for every writer: two saves adding the same words never wait on each other in a circle
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER restaurants_vocabulary_insert AFTER INSERT ON "restaurants"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_add();--> statement-breakpoint
CREATE TRIGGER restaurants_vocabulary_update AFTER UPDATE ON "restaurants"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_add();
