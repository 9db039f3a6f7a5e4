DROP INDEX "market_transfers_open";--> statement-breakpoint
ALTER TABLE "market_transfers" ADD COLUMN "refusal" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_transfers" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "market_transfers_open" ON "market_transfers" USING btree ("id_number") WHERE status in ('pending', 'released', 'refused') and deleted_at is null;