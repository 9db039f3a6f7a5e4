CREATE TABLE "record_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_coding" text NOT NULL,
	"gn_coding" text NOT NULL,
	"business_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"change" integer DEFAULT 1 NOT NULL,
	"change_type" text DEFAULT '' NOT NULL,
	"change_type_code" text DEFAULT '' NOT NULL,
	"logbook" text DEFAULT '' NOT NULL,
	"audit_record" text DEFAULT '' NOT NULL,
	"file_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requester_user_id" uuid NOT NULL,
	"requester_enterprise_id" uuid,
	"reviewer_user_id" uuid,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_changes_record" ON "record_changes" USING btree ("gn_coding","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_changes_round" ON "record_changes" USING btree ("business_id","round") WHERE "record_changes"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "record_changes_open" ON "record_changes" USING btree ("business_id") WHERE "record_changes"."change" = 1 and "record_changes"."deleted_at" is null;