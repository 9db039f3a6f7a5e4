CREATE TABLE "market_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"registration_type" text NOT NULL,
	"specialty" text NOT NULL,
	"certificate_no" text NOT NULL,
	"region" text NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_number" text NOT NULL,
	"person_name" text NOT NULL,
	"from_record_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"to_record_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"released_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"advice" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "market_certificates_record" ON "market_certificates" USING btree ("record_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "market_certificates_number_live" ON "market_certificates" USING btree ("certificate_no","specialty") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "market_transfers_open" ON "market_transfers" USING btree ("id_number") WHERE status in ('pending', 'released') and deleted_at is null;--> statement-breakpoint
CREATE INDEX "market_transfers_from" ON "market_transfers" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "market_transfers_to" ON "market_transfers" USING btree ("to_user_id");