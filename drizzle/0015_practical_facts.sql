-- The practical facts people filter by (ADR 024): a price level (1-4), delivery, takeaway and
-- catering (each a yes or not given), and wheelchair access (yes, partly, no). All optional.
-- A place tagged Takeaway (the spec's tag, which stays) is taken to offer takeaway.
ALTER TABLE "restaurants" ADD COLUMN "price_level" smallint;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "takeaway" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "catering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "wheelchair" text;--> statement-breakpoint
UPDATE "restaurants" SET "takeaway" = true WHERE 'Takeaway' = ANY("tags");
