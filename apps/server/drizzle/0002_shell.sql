CREATE TABLE "header_item_roles" (
	"item_id" uuid NOT NULL,
	"login_role_type" text NOT NULL,
	CONSTRAINT "header_item_roles_item_id_login_role_type_pk" PRIMARY KEY("item_id","login_role_type")
);
--> statement-breakpoint
CREATE TABLE "header_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "menu_node_roles" (
	"node_id" uuid NOT NULL,
	"login_role_type" text NOT NULL,
	CONSTRAINT "menu_node_roles_node_id_login_role_type_pk" PRIMARY KEY("node_id","login_role_type")
);
--> statement-breakpoint
CREATE TABLE "menu_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"it_shows" text DEFAULT '是' NOT NULL,
	"node_properties" text NOT NULL,
	"gn_coding" text NOT NULL,
	"style" text DEFAULT '' NOT NULL,
	"node_set_flag" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_name" text NOT NULL,
	"title" text NOT NULL,
	"gn_coding" text NOT NULL,
	"levels" text DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_themes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "header_item_roles" ADD CONSTRAINT "header_item_roles_item_id_header_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."header_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_node_roles" ADD CONSTRAINT "menu_node_roles_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_nodes" ADD CONSTRAINT "menu_nodes_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_themes" ADD CONSTRAINT "user_themes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "header_items_code" ON "header_items" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_nodes_system_gn_coding_live" ON "menu_nodes" USING btree ("system_id","gn_coding") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "menu_nodes_parent" ON "menu_nodes" USING btree ("system_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "systems_gn_coding" ON "systems" USING btree ("gn_coding");