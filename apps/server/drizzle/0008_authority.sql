CREATE TABLE "audit_org_members" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "audit_org_members_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_orgs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_function_grants" (
	"node_id" uuid NOT NULL,
	"function_code" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text NOT NULL,
	CONSTRAINT "node_function_grants_node_id_function_code_subject_type_subject_pk" PRIMARY KEY("node_id","function_code","subject_type","subject")
);
--> statement-breakpoint
ALTER TABLE "audit_org_members" ADD CONSTRAINT "audit_org_members_org_id_audit_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."audit_orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_org_members" ADD CONSTRAINT "audit_org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_function_grants" ADD CONSTRAINT "node_function_grants_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_org_members_user" ON "audit_org_members" USING btree ("user_id");