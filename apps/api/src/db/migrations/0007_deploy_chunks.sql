ALTER TABLE "deploy_runs" ADD COLUMN "recipient_wallets" jsonb;--> statement-breakpoint
ALTER TABLE "deploy_runs" ADD COLUMN "chunk_size" integer;
