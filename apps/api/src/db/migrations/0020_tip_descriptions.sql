-- A tip reported after the indexer had written its Transfer got the type 'project_tip' but no description
-- (send-coin set only the type, and the indexer's reconcile looks only at rows still typed 'transfer'), so the
-- explorer, its transaction dialog and the CSV said nothing of the project. Those rows get it from their tip.
UPDATE "transactions" t SET "description" = 'Tip for project #' || p."project_number"
FROM "tips" tp JOIN "projects" p ON p."id" = tp."project_id"
WHERE t."type" = 'project_tip' AND t."description" IS NULL
	AND tp."tx_hash" = t."tx_hash" AND tp."log_index" = t."log_index";
