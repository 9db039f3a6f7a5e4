CREATE TABLE "node_data_sources" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_definitions" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_migrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"kind" text NOT NULL,
	"statement" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_schema_versions" (
	"node_id" uuid NOT NULL,
	"schema_version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	CONSTRAINT "node_schema_versions_node_id_schema_version_pk" PRIMARY KEY("node_id","schema_version")
);
--> statement-breakpoint
ALTER TABLE "node_data_sources" ADD CONSTRAINT "node_data_sources_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_definitions" ADD CONSTRAINT "node_definitions_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_migrations" ADD CONSTRAINT "node_migrations_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_migrations" ADD CONSTRAINT "node_migrations_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_schema_versions" ADD CONSTRAINT "node_schema_versions_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_schema_versions" ADD CONSTRAINT "node_schema_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "node_data_sources_table" ON "node_data_sources" USING btree ("table_name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "node_migrations_node" ON "node_migrations" USING btree ("node_id","id");--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "ks_data";
