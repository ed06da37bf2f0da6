CREATE TABLE "admin_signatures" (
	"signature_hash" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounties" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bounties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reward" double precision NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"crossed_out" boolean DEFAULT false NOT NULL,
	"completed_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deploy_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deploy_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"signature_hash" text NOT NULL,
	"status" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"minted" integer DEFAULT 0 NOT NULL,
	"amount_per_profile" double precision NOT NULL,
	"tx_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexed_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"has_logs" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexer_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_wallet" text NOT NULL,
	"content" text NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet" text NOT NULL,
	"name" text NOT NULL,
	"birthday" text NOT NULL,
	"star_sign" text NOT NULL,
	"photo" text,
	"bio" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_wallet" text NOT NULL,
	"project_number" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"total_received" double precision DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"amount" double precision NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_daily" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"count" bigint NOT NULL,
	"volume_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "transaction_daily_day_type_pk" PRIMARY KEY("day","type")
);
--> statement-breakpoint
CREATE TABLE "transaction_hourly" (
	"hour" timestamp PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"volume_wei" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_totals" (
	"type" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"volume_wei" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_wallet_daily" (
	"wallet" text NOT NULL,
	"role" text NOT NULL,
	"type" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "transaction_wallet_daily_wallet_role_type_day_pk" PRIMARY KEY("wallet","role","type","day")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"status" text DEFAULT 'completed' NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"post_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_post_id_wallet_pk" PRIMARY KEY("post_id","wallet")
);
--> statement-breakpoint
CREATE TABLE "whitelist" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whitelist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_runs_one_running_key" ON "deploy_runs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "indexed_blocks_prunable_idx" ON "indexed_blocks" USING btree ("number") WHERE not "indexed_blocks"."has_logs";--> statement-breakpoint
CREATE INDEX "posts_visible_idx" ON "posts" USING btree ("hidden","id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_wallet_key" ON "profiles" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_author_number_key" ON "projects" USING btree ("author_wallet","project_number");--> statement-breakpoint
CREATE INDEX "projects_number_idx" ON "projects" USING btree ("project_number","archived","id");--> statement-breakpoint
CREATE INDEX "sessions_wallet_idx" ON "sessions" USING btree ("wallet");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_tx_log_key" ON "tips" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_tx_log_key" ON "transactions" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "transactions_block_idx" ON "transactions" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "transactions_time_idx" ON "transactions" USING btree ("timestamp","id");--> statement-breakpoint
CREATE INDEX "transactions_type_time_idx" ON "transactions" USING btree ("type","timestamp","id");--> statement-breakpoint
CREATE INDEX "transactions_from_time_idx" ON "transactions" USING btree ("from_wallet","timestamp","id");--> statement-breakpoint
CREATE INDEX "transactions_to_time_idx" ON "transactions" USING btree ("to_wallet","timestamp","id");--> statement-breakpoint
CREATE INDEX "transactions_from_type_time_idx" ON "transactions" USING btree ("from_wallet","type","timestamp","id");--> statement-breakpoint
CREATE INDEX "transactions_to_type_time_idx" ON "transactions" USING btree ("to_wallet","type","timestamp","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whitelist_wallet_key" ON "whitelist" USING btree ("wallet");