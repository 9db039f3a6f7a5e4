CREATE TABLE "trading_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"capacity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tenderee_name" text NOT NULL,
	"principal" text NOT NULL,
	"principal_phone" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"return_reason" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_section_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"estimate_price" numeric(16, 2) NOT NULL,
	"control_price" numeric(16, 2),
	"control_price_note" text DEFAULT '' NOT NULL,
	"qualification" text NOT NULL,
	"evaluation_method" text NOT NULL,
	"notice_at" timestamp with time zone NOT NULL,
	"sale_start_at" timestamp with time zone NOT NULL,
	"sale_end_at" timestamp with time zone NOT NULL,
	"bid_deadline_at" timestamp with time zone NOT NULL,
	"opening_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_history" ADD CONSTRAINT "trading_history_project_id_trading_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trading_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_history" ADD CONSTRAINT "trading_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_parties" ADD CONSTRAINT "trading_parties_project_id_trading_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trading_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_parties" ADD CONSTRAINT "trading_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_projects" ADD CONSTRAINT "trading_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_section_files" ADD CONSTRAINT "trading_section_files_section_id_trading_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."trading_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_section_files" ADD CONSTRAINT "trading_section_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_sections" ADD CONSTRAINT "trading_sections_project_id_trading_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trading_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_history_project" ON "trading_history" USING btree ("project_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_parties_project_user" ON "trading_parties" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "trading_parties_user" ON "trading_parties" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_projects_code" ON "trading_projects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trading_projects_state" ON "trading_projects" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_section_files_section_file" ON "trading_section_files" USING btree ("section_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_sections_code" ON "trading_sections" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trading_sections_project" ON "trading_sections" USING btree ("project_id") WHERE deleted_at is null;