CREATE TABLE "venue_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"from_half" text NOT NULL,
	"to_day" date NOT NULL,
	"to_half" text NOT NULL,
	"purpose" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"section_id" uuid,
	"section_code" text DEFAULT '' NOT NULL,
	"section_name" text DEFAULT '' NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"booked_by" uuid NOT NULL,
	"enterprise_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"refusal" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "venue_bookings_order" CHECK ((from_day, from_half) <= (to_day, to_half))
);
--> statement-breakpoint
CREATE TABLE "venue_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"day" date NOT NULL,
	"half" text NOT NULL,
	"state" text NOT NULL,
	"booking_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_room_id_venue_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."venue_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_cells" ADD CONSTRAINT "venue_cells_room_id_venue_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."venue_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_cells" ADD CONSTRAINT "venue_cells_booking_id_venue_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."venue_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_bookings_status" ON "venue_bookings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "venue_bookings_booker" ON "venue_bookings" USING btree ("booked_by");--> statement-breakpoint
CREATE INDEX "venue_bookings_enterprise" ON "venue_bookings" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_cells_one_occupant" ON "venue_cells" USING btree ("room_id","day","half") WHERE state in ('booked', 'locked');--> statement-breakpoint
CREATE INDEX "venue_cells_day" ON "venue_cells" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_rooms_name" ON "venue_rooms" USING btree ("name") WHERE deleted_at is null;