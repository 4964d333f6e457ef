-- Name filters are contains-searches (ilike '%…%'); the planner estimates them from the column's most common
-- values. With the default statistics target (100) a list of a little over 100 surnames kept only a random
-- few of them, a common name could be estimated as rare, and the page then read every match instead of
-- walking the time index. A larger target keeps the common names, so the estimate and the plan are stable.
ALTER TABLE "visit" ALTER COLUMN "last_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "visit" ALTER COLUMN "first_name" SET STATISTICS 1000;
