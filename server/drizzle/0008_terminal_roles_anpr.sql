CREATE TABLE "anpr_read" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anpr_read_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"plate" text NOT NULL,
	"camera" text,
	"gate_id" integer,
	"confidence" integer,
	"client_id" integer,
	"advice_id" integer,
	"matched_plate" text,
	"match_score" integer,
	"match_reasons" jsonb,
	"state" text DEFAULT 'NEW' NOT NULL,
	"state_changed" timestamp with time zone,
	"state_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "vehicle_advice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_advice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"category_id" integer NOT NULL,
	"forwarder" text,
	"supplier" text,
	"direction" text NOT NULL,
	"notes" text,
	"destination" text,
	"district_id" integer,
	"gate_id" integer,
	"vehicle_plate" text,
	"trailer_plate" text,
	"driver_first_name" text,
	"driver_last_name" text,
	"phone" text,
	"email" text,
	"internal_id" text,
	"supplier_id" text
);
--> statement-breakpoint
ALTER TABLE "system_client" ADD COLUMN "internal_role" text;--> statement-breakpoint
ALTER TABLE "system_client" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD CONSTRAINT "anpr_read_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD CONSTRAINT "anpr_read_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD CONSTRAINT "anpr_read_advice_id_vehicle_advice_id_fk" FOREIGN KEY ("advice_id") REFERENCES "public"."vehicle_advice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD CONSTRAINT "vehicle_advice_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD CONSTRAINT "vehicle_advice_category_id_vehicle_advice_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."vehicle_advice_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD CONSTRAINT "vehicle_advice_district_id_system_site_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."system_site_district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD CONSTRAINT "vehicle_advice_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anpr_read_site_time_idx" ON "anpr_read" USING btree ("site_id","time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicle_advice_site_date_idx" ON "vehicle_advice" USING btree ("site_id","date","time");--> statement-breakpoint
ALTER TABLE "system_client" ADD CONSTRAINT "system_client_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Driver names sort in Czech (0004_czech_collation).
ALTER TABLE "vehicle_advice" ALTER COLUMN "driver_first_name" TYPE text COLLATE "czech", ALTER COLUMN "driver_last_name" TYPE text COLLATE "czech";
