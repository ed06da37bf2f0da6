-- `total_received` becomes computed by the database from `total_received_wei` (it was written beside it by every
-- writer, and could drift from it when one forgot). A project whose figure does not match its wei (one without
-- tips whose figure a fixture or an older version wrote, which 0014 left as it was) first gets the wei of its
-- figure, so every project reads the same after as before (to the wei: a figure with more than 18 decimals, only
-- ever the drift of a running sum, is rounded to one). The double goes through its text form, the shortest that
-- reads back as the same double (a float8 -> numeric cast keeps 15 digits only: 3.3000000000000003 became 3.3);
-- `extra_float_digits` > 0 is what makes that text exact, whatever the server or session set. NOT NULL as before:
-- the wei is never null, and the declared constraint keeps the column's type `number` for Drizzle.
SET LOCAL extra_float_digits = 1;--> statement-breakpoint
UPDATE "projects"
   SET "total_received_wei" = round("total_received"::text::numeric * 1000000000000000000)
 WHERE "total_received" IS DISTINCT FROM ("total_received_wei" / 1000000000000000000)::double precision;--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "total_received";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "total_received" double precision GENERATED ALWAYS AS (("total_received_wei" / 1000000000000000000)::double precision) STORED NOT NULL;
