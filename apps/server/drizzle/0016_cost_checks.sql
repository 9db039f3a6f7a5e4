CREATE TABLE "cost_check_findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_check_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"expected" text,
	"found" text,
	"node_id" uuid,
	"node_path" text,
	"node_name" text,
	"item_code" text
);
--> statement-breakpoint
CREATE TABLE "cost_check_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"state" text NOT NULL,
	"rule_version" integer,
	"requested_by" uuid NOT NULL,
	"job_id" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"finding_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"config" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_rule_sets_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE INDEX "cost_check_findings_run" ON "cost_check_findings" USING btree ("run_id","file_id","rule");--> statement-breakpoint
CREATE INDEX "cost_check_findings_project" ON "cost_check_findings" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cost_check_runs_project" ON "cost_check_runs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_check_runs_one_active" ON "cost_check_runs" USING btree ("project_id") WHERE state in ('queued', 'running');