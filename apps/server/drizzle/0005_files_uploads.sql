CREATE TABLE "annex_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gn_coding" text NOT NULL,
	"annex_no" text NOT NULL,
	"annex_name" text NOT NULL,
	"annex_format" text[] NOT NULL,
	"annex_size" double precision DEFAULT 0 NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"annex_count" integer DEFAULT 3 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_coding" text NOT NULL,
	"gn_coding" text NOT NULL,
	"record_id" text NOT NULL,
	"annex_no" text DEFAULT '' NOT NULL,
	"file_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upload_chunks" (
	"upload_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"md5" text NOT NULL,
	"size" integer NOT NULL,
	"etag" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_chunk_index_pk" PRIMARY KEY("upload_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "upload_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"md5" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"storage_key" text NOT NULL,
	"storage_upload_id" text DEFAULT '' NOT NULL,
	"gn_coding" text DEFAULT '' NOT NULL,
	"system_coding" text DEFAULT '' NOT NULL,
	"file_no" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "visibility" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_attachments" ADD CONSTRAINT "record_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_upload_tasks_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annex_slots_node_no" ON "annex_slots" USING btree ("gn_coding","annex_no") WHERE "annex_slots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "record_attachments_record" ON "record_attachments" USING btree ("gn_coding","record_id");--> statement-breakpoint
CREATE INDEX "record_attachments_file" ON "record_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "upload_tasks_owner_md5" ON "upload_tasks" USING btree ("owner_user_id","md5");--> statement-breakpoint
CREATE INDEX "upload_tasks_status" ON "upload_tasks" USING btree ("status","touched_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner" ON "stored_files" USING btree ("owner_user_id");