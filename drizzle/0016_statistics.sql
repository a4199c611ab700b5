CREATE TABLE "listing_stats" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"phone_taps" integer DEFAULT 0 NOT NULL,
	"navigate_taps" integer DEFAULT 0 NOT NULL,
	"booking_taps" integer DEFAULT 0 NOT NULL,
	"order_taps" integer DEFAULT 0 NOT NULL,
	"wolt_taps" integer DEFAULT 0 NOT NULL,
	"menu_taps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_stats_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_misses_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
ALTER TABLE "listing_stats" ADD CONSTRAINT "listing_stats_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_stats_day_idx" ON "listing_stats" USING btree ("day");