DROP INDEX "cost_items_file_code";--> statement-breakpoint
DROP INDEX "cost_nodes_file_path";--> statement-breakpoint
ALTER TABLE "cost_files" ADD COLUMN "tree_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cost_files" ADD COLUMN "last_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cost_items" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cost_nodes" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cost_items_file_code" ON "cost_items" USING btree ("file_id","generation","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_nodes_file_path" ON "cost_nodes" USING btree ("file_id","generation","path");