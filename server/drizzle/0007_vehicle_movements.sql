CREATE TABLE "vehicle_movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"movement_time" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" text NOT NULL,
	"in_area" boolean DEFAULT false NOT NULL,
	"departed" boolean DEFAULT false NOT NULL,
	"departure_time" timestamp with time zone,
	"entry_id" integer,
	"forwarder_id" integer,
	"plate" text NOT NULL,
	"card" text,
	"driver_first_name" text,
	"driver_last_name" text,
	"driver_contact" text,
	"document_type_id" integer,
	"document_number" text,
	"trailer_plate" text,
	"trailer_in_area" boolean DEFAULT false NOT NULL,
	"trailer_departure_time" timestamp with time zone,
	"purpose_id" integer NOT NULL,
	"tracking_number" text,
	"trailer_tracking_number" text,
	"container_number" text,
	"status" text,
	"trailer_status" text,
	"note" text,
	"gate_id" integer NOT NULL,
	"trailer_seal" text,
	"material_id" integer,
	"type_id" integer
);
--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_forwarder_id_vehicle_forwarder_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."vehicle_forwarder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_document_type_id_system_site_identity_document_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."system_site_identity_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_purpose_id_vehicle_purpose_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."vehicle_purpose"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_material_id_vehicle_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."vehicle_material"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD CONSTRAINT "vehicle_movement_type_id_vehicle_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."vehicle_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_movement_site_time_idx" ON "vehicle_movement" USING btree ("site_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vehicle_movement_in_area_idx" ON "vehicle_movement" USING btree ("site_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "vehicle_movement"."in_area" or "vehicle_movement"."trailer_in_area";--> statement-breakpoint
CREATE INDEX "vehicle_movement_plate_idx" ON "vehicle_movement" USING btree ("site_id","plate","movement_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vehicle_movement_trailer_plate_idx" ON "vehicle_movement" USING btree ("site_id","trailer_plate") WHERE "vehicle_movement"."trailer_in_area";--> statement-breakpoint
CREATE INDEX "vehicle_movement_card_idx" ON "vehicle_movement" USING btree ("site_id","card","movement_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vehicle_movement_in_area_driver_idx" ON "vehicle_movement" USING btree ("site_id",lower("driver_last_name"),lower("driver_first_name")) WHERE "vehicle_movement"."in_area";--> statement-breakpoint
CREATE INDEX "vehicle_movement_plate_trgm_idx" ON "vehicle_movement" USING gin ("plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_movement_driver_last_name_trgm_idx" ON "vehicle_movement" USING gin ("driver_last_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "vehicle_movement" ALTER COLUMN "driver_first_name" TYPE text COLLATE "czech", ALTER COLUMN "driver_last_name" TYPE text COLLATE "czech";
