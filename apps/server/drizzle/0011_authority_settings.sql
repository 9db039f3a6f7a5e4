CREATE TABLE "node_authorities" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "node_authorities" ADD CONSTRAINT "node_authorities_node_id_menu_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."menu_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_authorities" ADD CONSTRAINT "node_authorities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_orgs_name_live" ON "audit_orgs" USING btree ("name") WHERE deleted_at is null;