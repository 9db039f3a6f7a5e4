CREATE TABLE "provided_systems" (
	"system_coding" text PRIMARY KEY NOT NULL,
	"module" text NOT NULL,
	"provided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_item_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"qy_type" text NOT NULL,
	"credit_class" text NOT NULL,
	"max_score" double precision NOT NULL,
	"window_months" integer DEFAULT 0 NOT NULL,
	"default_severity" text DEFAULT '' NOT NULL,
	"suggestion" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_letter_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"text_sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_letter_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_letter_templates_template_version_unique" UNIQUE("template_version")
);
--> statement-breakpoint
CREATE TABLE "credit_score_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"grade" text NOT NULL,
	"model_version" integer NOT NULL,
	"reason" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_score_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_version" integer NOT NULL,
	"base" double precision NOT NULL,
	"full_score" double precision NOT NULL,
	"good_cap" double precision,
	"bad_cap" double precision,
	"basic_counts" boolean DEFAULT false NOT NULL,
	"bands" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_score_models_model_version_unique" UNIQUE("model_version")
);
--> statement-breakpoint
CREATE TABLE "credit_scores" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"grade" text NOT NULL,
	"model_version" integer NOT NULL,
	"good_sum" double precision DEFAULT 0 NOT NULL,
	"bad_sum" double precision DEFAULT 0 NOT NULL,
	"basic_sum" double precision DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_letter_signatures" ADD CONSTRAINT "credit_letter_signatures_template_id_credit_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."credit_letter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_letter_signatures" ADD CONSTRAINT "credit_letter_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_letter_templates" ADD CONSTRAINT "credit_letter_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_score_history" ADD CONSTRAINT "credit_score_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_score_models" ADD CONSTRAINT "credit_score_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_scores" ADD CONSTRAINT "credit_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_item_types_code_live" ON "credit_item_types" USING btree ("code") WHERE "credit_item_types"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_letter_signatures_once" ON "credit_letter_signatures" USING btree ("template_id","user_id");--> statement-breakpoint
CREATE INDEX "credit_score_history_user" ON "credit_score_history" USING btree ("user_id","computed_at");