CREATE TABLE "alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"last_sent_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_snapshots" (
	"user_id" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"kashrut" text NOT NULL,
	"certificate_body" text,
	"certificate_level" text,
	"closed" boolean NOT NULL,
	"certificate_expired" boolean NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_snapshots_user_id_restaurant_id_pk" PRIMARY KEY("user_id","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_snapshots" ADD CONSTRAINT "alert_snapshots_saved_place_fk" FOREIGN KEY ("user_id","restaurant_id") REFERENCES "public"."saved_places"("user_id","restaurant_id") ON DELETE cascade ON UPDATE no action;