CREATE TABLE "ca_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"algorithm" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ca_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ca_certificates" ADD CONSTRAINT "ca_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ca_certificates_fingerprint" ON "ca_certificates" USING btree ("fingerprint") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ca_certificates_issuer_serial" ON "ca_certificates" USING btree ("issuer","serial_number") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "ca_certificates_user" ON "ca_certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ca_challenges_expires" ON "ca_challenges" USING btree ("expires_at");