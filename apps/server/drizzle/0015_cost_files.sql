CREATE TABLE "cost_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bidder_user_id" uuid,
	"bidder_name" text,
	"file_id" uuid NOT NULL,
	"sha256" text,
	"layout" text,
	"parse_state" text DEFAULT 'pending' NOT NULL,
	"parse_error" text,
	"tax_method" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parsed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cost_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" uuid NOT NULL,
	"unit_node_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"list" text NOT NULL,
	"category" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"features" text,
	"unit" text,
	"quantity" numeric(20, 4),
	"unit_price" numeric(18, 2),
	"total" numeric(18, 2) NOT NULL,
	"rate" numeric(9, 4),
	"base" text
);
--> statement-breakpoint
CREATE TABLE "cost_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"parent_id" uuid,
	"level" text NOT NULL,
	"path" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"zy" text,
	"zzj" numeric(18, 2) NOT NULL,
	"fbfxf" numeric(18, 2) NOT NULL,
	"csxmf" numeric(18, 2) NOT NULL,
	"aqwmsgf" numeric(18, 2) NOT NULL,
	"qtxmf" numeric(18, 2) NOT NULL,
	"gf" numeric(18, 2) NOT NULL,
	"sj" numeric(18, 2) NOT NULL,
	"zzsxxse" numeric(18, 2) NOT NULL,
	"bases" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "cost_files_project" ON "cost_files" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cost_items_unit" ON "cost_items" USING btree ("unit_node_id","seq");--> statement-breakpoint
CREATE INDEX "cost_items_file_code" ON "cost_items" USING btree ("file_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_nodes_file_path" ON "cost_nodes" USING btree ("file_id","path");