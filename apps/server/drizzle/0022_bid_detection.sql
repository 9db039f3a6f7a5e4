CREATE TABLE "bid_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"bidder_user_id" uuid,
	"bidder_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"directories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"achievements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"achievement_note" text DEFAULT '' NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements_version" integer,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bid_pages" (
	"document_id" uuid NOT NULL,
	"page_no" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "bid_pages_document_id_page_no_pk" PRIMARY KEY("document_id","page_no")
);
--> statement-breakpoint
CREATE TABLE "bid_publicity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"published_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_requirements" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"chapters" jsonb NOT NULL,
	"score_items" jsonb NOT NULL,
	"publicity_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bid_documents_project" ON "bid_documents" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_documents_bidder" ON "bid_documents" USING btree ("project_id",coalesce("bidder_user_id"::text, "bidder_name")) WHERE "bid_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bid_publicity_project" ON "bid_publicity" USING btree ("project_id","starts_at");