CREATE TABLE "treasury_payments" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"to_wallets" jsonb NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"native" boolean DEFAULT false NOT NULL,
	"nonce" bigint NOT NULL,
	"raw_tx" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"block_number" bigint,
	"fee_wei" numeric(78, 0),
	"gas_used" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "welcome_grants" (
	"wallet" text PRIMARY KEY NOT NULL,
	"cc_wei" numeric(78, 0) NOT NULL,
	"eth_wei" numeric(78, 0) NOT NULL,
	"cc_tx_hash" text,
	"eth_tx_hash" text,
	"eth_skipped" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "completed_by_wallet" text;--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "reward_tx_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_payments_live_purpose_key" ON "treasury_payments" USING btree ("purpose") WHERE status in ('signed', 'mined');--> statement-breakpoint
CREATE INDEX "treasury_payments_open_idx" ON "treasury_payments" USING btree ("created_at") WHERE status = 'signed';
