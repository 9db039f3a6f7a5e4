CREATE TABLE "market_identity_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"id_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"phone" text,
	"proof" text,
	"refusal" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "market_transfers_open";--> statement-breakpoint
ALTER TABLE "market_transfers" ALTER COLUMN "from_record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "market_transfers" ALTER COLUMN "from_user_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "market_identity_claims_user" ON "market_identity_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "market_identity_claims_status" ON "market_identity_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_transfers_open_per_asker" ON "market_transfers" USING btree ("id_number","to_user_id") WHERE status in ('pending', 'released', 'refused') and deleted_at is null;--> statement-breakpoint
-- Links made before claims needed proof were never proven: they go to the administrators' queue.
INSERT INTO "market_identity_claims" ("user_id", "id_number")
  SELECT "id", "id_number" FROM "users"
  WHERE "id_number" IS NOT NULL AND "deleted_at" IS NULL AND "login_role_type" = 'P';--> statement-breakpoint
UPDATE "users" SET "id_number" = NULL, "practicing_status" = '[]'::jsonb
  WHERE "id_number" IS NOT NULL AND "login_role_type" = 'P';
