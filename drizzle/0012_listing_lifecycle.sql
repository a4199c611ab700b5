-- How listings arrive and stay true (ADR 023): suggestions from the public, claims by accounts, the
-- kashrut certificate's facts and Pesach per year on each restaurant, the reminders already sent, and
-- uploads held by a suggestion or a claim.
CREATE TABLE "certificate_reminders" (
	"restaurant_id" uuid NOT NULL,
	"valid_until" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminders_restaurant_id_valid_until_days_before_pk" PRIMARY KEY("restaurant_id","valid_until","days_before")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role_at_restaurant" text NOT NULL,
	"business_phone" text NOT NULL,
	"proof_url" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_he" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"kashrut" text DEFAULT '' NOT NULL,
	"link" text,
	"certificate_url" text,
	"note" text DEFAULT '' NOT NULL,
	"email" text,
	"language" text NOT NULL,
	"proof_of_work" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"restaurant_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "certificate_body" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "certificate_level" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "certificate_valid_until" date;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pesach" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_idx" ON "claims" USING btree ("restaurant_id","user_id") WHERE "claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "suggestions_status_created_idx" ON "suggestions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "restaurants_certificate_valid_until_idx" ON "restaurants" USING btree ("certificate_valid_until");