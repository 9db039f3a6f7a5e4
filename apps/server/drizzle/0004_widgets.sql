CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"role_type" text DEFAULT '' NOT NULL,
	"rating" integer,
	"text" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_coding" text DEFAULT '' NOT NULL,
	"gn_coding" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"group_name" text NOT NULL,
	"qa_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_coding" text DEFAULT '' NOT NULL,
	"gn_coding" text DEFAULT '' NOT NULL,
	"example_file_id" uuid,
	"example_file_name" text DEFAULT '' NOT NULL,
	"template_file_id" uuid,
	"template_file_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_files" ADD CONSTRAINT "help_files_group_id_help_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."help_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_files" ADD CONSTRAINT "help_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_groups" ADD CONSTRAINT "help_groups_parent_id_help_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."help_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_templates" ADD CONSTRAINT "help_templates_example_file_id_stored_files_id_fk" FOREIGN KEY ("example_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_templates" ADD CONSTRAINT "help_templates_template_file_id_stored_files_id_fk" FOREIGN KEY ("template_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_created" ON "feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_rating" ON "feedbacks" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "help_files_group" ON "help_files" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "help_groups_scope" ON "help_groups" USING btree ("system_coding","gn_coding","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "help_templates_scope_live" ON "help_templates" USING btree ("system_coding","gn_coding") WHERE deleted_at is null;