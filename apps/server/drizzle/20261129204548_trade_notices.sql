CREATE TABLE "trade_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"gn_coding" text NOT NULL,
	"kind" text NOT NULL,
	"chain_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"section_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"composed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"sent_by" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"spread_at" timestamp with time zone,
	"spread_by" uuid
);
--> statement-breakpoint
ALTER TABLE "trade_notices" ADD CONSTRAINT "trade_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_notices" ADD CONSTRAINT "trade_notices_spread_by_users_id_fk" FOREIGN KEY ("spread_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_notices_record" ON "trade_notices" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_notices_chain_version" ON "trade_notices" USING btree ("chain_id","version_no");--> statement-breakpoint
CREATE INDEX "trade_notices_due" ON "trade_notices" USING btree ("publish_at") WHERE state = 'scheduled';--> statement-breakpoint
CREATE INDEX "trade_notices_project" ON "trade_notices" USING btree ("project_id","kind");--> statement-breakpoint
CREATE INDEX "trade_notices_section" ON "trade_notices" USING btree ("section_id");