CREATE TABLE "wechat_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"openid" text,
	"unionid" text,
	"scanned_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_bindings" ADD CONSTRAINT "wechat_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bindings_openid" ON "wechat_bindings" USING btree ("provider","openid") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "wechat_bindings_user" ON "wechat_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_login_attempts_state" ON "wechat_login_attempts" USING btree ("state_hash");