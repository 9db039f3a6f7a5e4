CREATE TABLE "record_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"schema_version" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"submitter_user_id" uuid NOT NULL,
	"submitter_enterprise_id" uuid,
	"status" text NOT NULL,
	"current_level" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"way" text NOT NULL,
	"reviewer_user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"acted_at" timestamp with time zone,
	"todo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_instances" ADD CONSTRAINT "audit_instances_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_instances" ADD CONSTRAINT "audit_instances_submitter_user_id_users_id_fk" FOREIGN KEY ("submitter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_steps" ADD CONSTRAINT "audit_steps_instance_id_audit_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."audit_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_steps" ADD CONSTRAINT "audit_steps_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_steps" ADD CONSTRAINT "audit_steps_todo_id_notify_todos_id_fk" FOREIGN KEY ("todo_id") REFERENCES "public"."notify_todos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_revisions_record" ON "record_revisions" USING btree ("node_id","record_id","version");--> statement-breakpoint
CREATE INDEX "audit_instances_record" ON "audit_instances" USING btree ("node_id","record_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_instances_running" ON "audit_instances" USING btree ("node_id","record_id") WHERE status = 'running' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "audit_steps_instance" ON "audit_steps" USING btree ("instance_id","level");--> statement-breakpoint
CREATE INDEX "audit_steps_reviewer_pending" ON "audit_steps" USING btree ("reviewer_user_id") WHERE status = 'pending' and deleted_at is null;