ALTER TABLE "restaurants" ADD COLUMN "address_he" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "opening_hours_he" text;