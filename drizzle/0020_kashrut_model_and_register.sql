CREATE TABLE "kashrut_disagreements" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"kashrut" text NOT NULL,
	"certificate_body" text,
	"certificate_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_by" text,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "register_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"name" text NOT NULL,
	"business_type" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"level" text,
	"kind" text,
	"body" text,
	"eatery" boolean DEFAULT false NOT NULL,
	"restaurant_id" uuid,
	"grade" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"outcome" text,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "register_missing" (
	"snapshot_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"decision" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "register_missing_snapshot_id_restaurant_id_pk" PRIMARY KEY("snapshot_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "register_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"valid_until" date NOT NULL,
	"before" jsonb NOT NULL,
	"applied_by" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" text,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "register_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"shape" text NOT NULL,
	"published_on" date NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"partial_reason" text,
	"override_reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "kosher_kind" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "register_published_on" date;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "certificate_revoked_on" date;--> statement-breakpoint
ALTER TABLE "kashrut_disagreements" ADD CONSTRAINT "kashrut_disagreements_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kashrut_disagreements" ADD CONSTRAINT "kashrut_disagreements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_snapshot_id_register_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."register_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_missing" ADD CONSTRAINT "register_missing_snapshot_id_register_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."register_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_missing" ADD CONSTRAINT "register_missing_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_missing" ADD CONSTRAINT "register_missing_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_renewals" ADD CONSTRAINT "register_renewals_snapshot_id_register_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."register_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_renewals" ADD CONSTRAINT "register_renewals_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_renewals" ADD CONSTRAINT "register_renewals_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_snapshots" ADD CONSTRAINT "register_snapshots_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_snapshots" ADD CONSTRAINT "register_snapshots_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_entries_snapshot_grade_idx" ON "register_entries" USING btree ("snapshot_id","grade","position");--> statement-breakpoint
CREATE INDEX "register_entries_restaurant_idx" ON "register_entries" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "register_snapshots_list_published_idx" ON "register_snapshots" USING btree ("list","published_on");--> statement-breakpoint
-- One kashrut model: a listing without a certificate's body gets the body its spec value implies
-- (in Tel Aviv, Rabanut and Mehadrin without more are the city Rabbinate's).
UPDATE "restaurants" SET "certificate_body" = 'rabbinate_tel_aviv', "certificate_level" = 'regular' WHERE "certificate_body" IS NULL AND "kashrut" = 'rabanut';--> statement-breakpoint
UPDATE "restaurants" SET "certificate_body" = 'rabbinate_tel_aviv', "certificate_level" = 'mehadrin' WHERE "certificate_body" IS NULL AND "kashrut" = 'mehadrin';--> statement-breakpoint
UPDATE "restaurants" SET "certificate_body" = 'tzohar' WHERE "certificate_body" IS NULL AND "kashrut" = 'tzohar';--> statement-breakpoint
-- Where a body was given and implies another spec value, both are kept as they are (the public value
-- unchanged) and the listing is listed for the admins to settle.
INSERT INTO "kashrut_disagreements" ("restaurant_id", "kashrut", "certificate_body", "certificate_level")
SELECT "id", "kashrut", "certificate_body", "certificate_level" FROM "restaurants"
WHERE "certificate_body" IS NOT NULL AND "kashrut" <> CASE
  WHEN "certificate_body" = 'rabbinate_tel_aviv' AND "certificate_level" = 'mehadrin' THEN 'mehadrin'
  WHEN "certificate_body" = 'rabbinate_tel_aviv' THEN 'rabanut'
  WHEN "certificate_body" LIKE 'badatz\_%' THEN 'mehadrin'
  WHEN "certificate_body" = 'tzohar' THEN 'tzohar'
  WHEN "certificate_body" = 'private_other' AND "certificate_level" = 'mehadrin' THEN 'mehadrin'
  ELSE 'unknown' END;--> statement-breakpoint
-- Meat or dairy, where the tags say one and not the other.
UPDATE "restaurants" SET "kosher_kind" = 'meat' WHERE 'Meat' = ANY("tags") AND NOT 'Dairy' = ANY("tags");--> statement-breakpoint
UPDATE "restaurants" SET "kosher_kind" = 'dairy' WHERE 'Dairy' = ANY("tags") AND NOT 'Meat' = ANY("tags");
