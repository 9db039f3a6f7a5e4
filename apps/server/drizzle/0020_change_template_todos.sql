CREATE TABLE "record_change_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_version" integer NOT NULL,
	"file_id" uuid,
	"file_name" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_change_templates_template_version_unique" UNIQUE("template_version")
);
--> statement-breakpoint
ALTER TABLE "record_changes" ADD COLUMN "review_todo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "record_change_templates" ADD CONSTRAINT "record_change_templates_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_change_templates" ADD CONSTRAINT "record_change_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;