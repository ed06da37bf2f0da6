ALTER TABLE "projects" ADD COLUMN "total_received_wei" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The exact sum of each project's tips, and `total_received` from it: until now a running sum of doubles (1.1 +
-- 2.2 made 3.3000000000000003, more than a single 3.3 tip, and decided a prediction round on that difference).
UPDATE "projects" p
   SET "total_received_wei" = t.wei, "total_received" = (t.wei / 1000000000000000000)::double precision
  FROM (SELECT project_id, sum(amount_wei) AS wei FROM "tips" GROUP BY project_id) t
 WHERE t.project_id = p.id;
