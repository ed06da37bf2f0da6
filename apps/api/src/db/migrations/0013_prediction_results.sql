CREATE TABLE "prediction_results" (
	"project_number" smallint NOT NULL,
	"project_id" bigint NOT NULL,
	"total_received" double precision NOT NULL,
	"winner" boolean NOT NULL,
	CONSTRAINT "prediction_results_project_number_project_id_pk" PRIMARY KEY("project_number","project_id")
);
--> statement-breakpoint
ALTER TABLE "prediction_results" ADD CONSTRAINT "prediction_results_project_number_prediction_rounds_project_number_fk" FOREIGN KEY ("project_number") REFERENCES "public"."prediction_rounds"("project_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_results" ADD CONSTRAINT "prediction_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rounds closed before this migration kept no result (it was computed from the live totals on every read, so
-- tips after the close changed who was right). They are recorded here from the totals AS THEY STAND AT
-- MIGRATION TIME (`projects.total_received` now, including any tip received after their close: the figures at
-- their close were never stored), with the submissions the live page ranked (active submissions by active
-- profiles) and the same rule: the most received wins, ties all win, none when nothing was received. From now
-- on, closing a round records its result in the same transaction.
INSERT INTO "prediction_results" ("project_number", "project_id", "total_received", "winner")
SELECT c.project_number, c.id, c.total_received,
       c.total_received > 0 AND c.total_received = max(c.total_received) OVER (PARTITION BY c.project_number)
  FROM (SELECT p.project_number, p.id, p.total_received
          FROM "projects" p
          JOIN "profiles" pr ON pr.wallet = p.author_wallet
          JOIN "prediction_rounds" r ON r.project_number = p.project_number
         WHERE NOT r.open AND r.closed_at IS NOT NULL AND NOT p.archived AND NOT pr.archived) c;
