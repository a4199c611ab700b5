CREATE TABLE "search_miss_visitors" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "search_miss_visitors_day_term_visitor_pk" PRIMARY KEY("day","term","visitor")
);
