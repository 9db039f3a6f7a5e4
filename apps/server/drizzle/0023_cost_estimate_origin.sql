ALTER TABLE "cost_files" ADD COLUMN "origin" jsonb;--> statement-breakpoint
ALTER TABLE "cost_projects" ADD COLUMN "approved_estimate" numeric(18, 2);