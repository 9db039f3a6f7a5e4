CREATE TABLE "notify_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"msg_type" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"messages" text NOT NULL,
	"attachment_file_id" uuid,
	"attachment_name" text DEFAULT '' NOT NULL,
	"audience" text NOT NULL,
	"audience_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publisher_user_id" uuid,
	"publisher_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notify_todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"system_coding" text NOT NULL,
	"system_name" text NOT NULL,
	"gn_name" text NOT NULL,
	"business_name" text NOT NULL,
	"business_id" text DEFAULT '' NOT NULL,
	"submitter_name" text DEFAULT '' NOT NULL,
	"sb_time" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_message_id_notify_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."notify_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_messages" ADD CONSTRAINT "notify_messages_attachment_file_id_stored_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_todos" ADD CONSTRAINT "notify_todos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_deliveries_message_user" ON "notify_deliveries" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "notify_deliveries_user" ON "notify_deliveries" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "notify_messages_category" ON "notify_messages" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "notify_todos_user_open" ON "notify_todos" USING btree ("user_id","system_coding") WHERE done_at is null and deleted_at is null;