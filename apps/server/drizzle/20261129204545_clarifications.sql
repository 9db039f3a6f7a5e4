CREATE TABLE "clarification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clarification_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"enterprise_name" text NOT NULL,
	"downloaded_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "clarification_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clarification_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clarification_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clarification_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clarification_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"section_code" text NOT NULL,
	"section_name" text NOT NULL,
	"project_name" text NOT NULL,
	"raised_by" uuid NOT NULL,
	"raised_by_name" text NOT NULL,
	"content" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by" uuid,
	"answered_by_name" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clarifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"section_code" text NOT NULL,
	"section_name" text NOT NULL,
	"project_name" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"new_bid_deadline_at" timestamp with time zone,
	"return_reason" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clarification_deliveries" ADD CONSTRAINT "clarification_deliveries_clarification_id_clarifications_id_fk" FOREIGN KEY ("clarification_id") REFERENCES "public"."clarifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_deliveries" ADD CONSTRAINT "clarification_deliveries_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_files" ADD CONSTRAINT "clarification_files_clarification_id_clarifications_id_fk" FOREIGN KEY ("clarification_id") REFERENCES "public"."clarifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_files" ADD CONSTRAINT "clarification_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_history" ADD CONSTRAINT "clarification_history_clarification_id_clarifications_id_fk" FOREIGN KEY ("clarification_id") REFERENCES "public"."clarifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_history" ADD CONSTRAINT "clarification_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_objections" ADD CONSTRAINT "clarification_objections_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_objections" ADD CONSTRAINT "clarification_objections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clarification_deliveries_clarification_bidder" ON "clarification_deliveries" USING btree ("clarification_id","bidder_id");--> statement-breakpoint
CREATE INDEX "clarification_deliveries_bidder" ON "clarification_deliveries" USING btree ("bidder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clarification_files_clarification_file" ON "clarification_files" USING btree ("clarification_id","file_id");--> statement-breakpoint
CREATE INDEX "clarification_history_clarification" ON "clarification_history" USING btree ("clarification_id","at");--> statement-breakpoint
CREATE INDEX "clarification_objections_section" ON "clarification_objections" USING btree ("section_id","state");--> statement-breakpoint
CREATE INDEX "clarification_objections_raised_by" ON "clarification_objections" USING btree ("raised_by");--> statement-breakpoint
CREATE INDEX "clarifications_section" ON "clarifications" USING btree ("section_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clarifications_project" ON "clarifications" USING btree ("project_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clarifications_state" ON "clarifications" USING btree ("state") WHERE deleted_at is null;