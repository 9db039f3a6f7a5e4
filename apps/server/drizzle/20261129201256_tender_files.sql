CREATE TABLE "tender_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tender_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_section_id_trading_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."trading_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_downloads" ADD CONSTRAINT "tender_downloads_document_id_tender_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tender_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_downloads" ADD CONSTRAINT "tender_downloads_section_id_trading_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."trading_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_downloads" ADD CONSTRAINT "tender_downloads_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_sign_ups" ADD CONSTRAINT "tender_sign_ups_section_id_trading_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."trading_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_sign_ups" ADD CONSTRAINT "tender_sign_ups_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tender_documents_section" ON "tender_documents" USING btree ("section_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_documents_section_file" ON "tender_documents" USING btree ("section_id","file_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "tender_downloads_section" ON "tender_downloads" USING btree ("section_id","bidder_id");--> statement-breakpoint
CREATE INDEX "tender_downloads_document" ON "tender_downloads" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_sign_ups_section_bidder" ON "tender_sign_ups" USING btree ("section_id","bidder_id");--> statement-breakpoint
CREATE INDEX "tender_sign_ups_bidder" ON "tender_sign_ups" USING btree ("bidder_id");