CREATE TABLE "review_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reply_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"previous_body" text NOT NULL,
	"editor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"weight" smallint NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_one_per_account_key" UNIQUE("review_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "review_totals" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"stars" integer DEFAULT 0 NOT NULL,
	"one" integer DEFAULT 0 NOT NULL,
	"two" integer DEFAULT 0 NOT NULL,
	"three" integer DEFAULT 0 NOT NULL,
	"four" integer DEFAULT 0 NOT NULL,
	"five" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"ate_here" boolean NOT NULL,
	"visit_month" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_watched_words" (
	"word" text PRIMARY KEY NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"ate_here" boolean NOT NULL,
	"visit_month" text NOT NULL,
	"status" text NOT NULL,
	"held_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejection_reason" text,
	"second_look_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reviews_one_per_author_key" UNIQUE("restaurant_id","author_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply_edits" ADD CONSTRAINT "review_reply_edits_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply_edits" ADD CONSTRAINT "review_reply_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_totals" ADD CONSTRAINT "review_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_watched_words" ADD CONSTRAINT "review_watched_words_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_decisions_review_idx" ON "review_decisions" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "review_reply_edits_review_idx" ON "review_reply_edits" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id","settled_at");--> statement-breakpoint
CREATE INDEX "review_versions_review_idx" ON "review_versions" USING btree ("review_id","written_at");--> statement-breakpoint
CREATE INDEX "reviews_restaurant_published_idx" ON "reviews" USING btree ("restaurant_id","status","published_at");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
-- A restaurant's published totals follow its reviews whatever changes them (a decision, an edit,
-- an account or a listing deleted): recounted by the database itself. During a listing's own
-- deletion its row is gone already, so nothing is written for it.
CREATE OR REPLACE FUNCTION review_totals_refresh(rid uuid) RETURNS void AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM restaurants WHERE id = rid) THEN
    RETURN;
  END IF;
  INSERT INTO review_totals (restaurant_id, count, stars, one, two, three, four, five)
  SELECT rid, count(*), coalesce(sum(rating), 0),
    count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
    count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)
  FROM reviews WHERE restaurant_id = rid AND status = 'published'
  ON CONFLICT (restaurant_id) DO UPDATE SET count = excluded.count, stars = excluded.stars, one = excluded.one,
    two = excluded.two, three = excluded.three, four = excluded.four, five = excluded.five;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A change to what is published (a review shown, edited while shown, or taken down) recounts its
-- restaurant and empties every process's cached pages; a held review changes no public page.
CREATE OR REPLACE FUNCTION reviews_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'published' THEN
      PERFORM review_totals_refresh(OLD.restaurant_id);
      PERFORM pg_notify('content_changes', json_build_object('table', 'reviews', 'op', 'delete')::text);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.status = 'published' THEN
      PERFORM review_totals_refresh(NEW.restaurant_id);
      PERFORM pg_notify('content_changes', json_build_object('table', 'reviews', 'op', 'insert')::text);
    END IF;
  ELSIF NEW.status = 'published' OR OLD.status = 'published' THEN
    PERFORM review_totals_refresh(NEW.restaurant_id);
    PERFORM pg_notify('content_changes', json_build_object('table', 'reviews', 'op', 'update')::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_change_totals
AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_changed();
--> statement-breakpoint
-- An owner's reply shows on the restaurant page: its changes empty the cached pages too.
CREATE TRIGGER review_replies_notify_change
AFTER INSERT OR UPDATE OR DELETE ON review_replies
FOR EACH STATEMENT EXECUTE FUNCTION notify_content_change();
