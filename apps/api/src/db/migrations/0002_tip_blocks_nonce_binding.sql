ALTER TABLE "siwe_nonces" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "block_hash" text;--> statement-breakpoint
CREATE INDEX "tips_block_idx" ON "tips" USING btree ("block_number");