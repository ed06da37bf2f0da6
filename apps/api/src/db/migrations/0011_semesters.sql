-- Semesters (issue 18): the current semester (the latest row: from which block the live explorer counts), and
-- the read-only archives of past semesters. An archive's sections are snapshot documents (JSONB, read-only);
-- its explorer rows are rows, numbered 1, 2, 3, … oldest first without gaps (`position`), so a page of them
-- is a range lookup of the primary key at any depth (issue 19: no OFFSET scans).
CREATE TABLE "semesters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "semesters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"start_block" bigint DEFAULT 0 NOT NULL,
	"token" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "archives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"semester_id" bigint NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_block" bigint NOT NULL,
	"end_block" bigint NOT NULL,
	"counts" jsonb NOT NULL,
	"profiles" jsonb NOT NULL,
	"projects" jsonb NOT NULL,
	"posts" jsonb NOT NULL,
	"bounties" jsonb NOT NULL,
	"predictions" jsonb NOT NULL,
	"leaderboard" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archives_semester_key" ON "archives" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "archives_created_idx" ON "archives" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "archive_transactions" (
	"archive_id" bigint NOT NULL,
	"position" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"type" text NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"from_name" text,
	"to_name" text,
	"from_photo" text,
	"to_photo" text,
	"amount" double precision NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "archive_transactions_archive_id_position_pk" PRIMARY KEY("archive_id","position")
);
--> statement-breakpoint
ALTER TABLE "archive_transactions" ADD CONSTRAINT "archive_transactions_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_transactions_tx_log_key" ON "archive_transactions" USING btree ("archive_id","tx_hash","log_index");--> statement-breakpoint
-- The first semester: from the start of the index.
INSERT INTO "semesters" ("start_block") VALUES (0);
