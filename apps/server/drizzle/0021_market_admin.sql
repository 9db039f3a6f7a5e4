CREATE TABLE "market_practice_areas" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_number_live" ON "users" USING btree ("id_number") WHERE deleted_at is null and id_number is not null;