-- Search past the browser index (issue 28): the normalised text a term is matched against, with a
-- trigram index for substrings and typos. pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "restaurants_search_text_trgm_idx" ON "restaurants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
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
  FOR EACH ROW EXECUTE FUNCTION restaurants_search_text_stale();
