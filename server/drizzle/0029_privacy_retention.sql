CREATE TABLE "privacy_hold" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_hold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"subject" text NOT NULL,
	"record_id" integer,
	"first_name" text,
	"last_name" text,
	"reason" text NOT NULL,
	"until" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "anonymized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD COLUMN "anonymized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "anonymized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kbox_content" ADD COLUMN "anonymized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_hold" ADD CONSTRAINT "privacy_hold_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_hold_site_idx" ON "privacy_hold" USING btree ("site_id","subject","until");--> statement-breakpoint
CREATE INDEX "visit_retention_idx" ON "visit" USING btree ("site_id",coalesce("departure_time", "movement_time"),"id") WHERE not "visit"."anonymized" and not "visit"."in_area";--> statement-breakpoint
CREATE INDEX "anpr_read_retention_idx" ON "anpr_read" USING btree ("site_id","time","id") WHERE not "anpr_read"."anonymized";--> statement-breakpoint
CREATE INDEX "vehicle_movement_retention_idx" ON "vehicle_movement" USING btree ("site_id",coalesce("departure_time", "movement_time"),"id") WHERE not "vehicle_movement"."anonymized" and not "vehicle_movement"."in_area" and not "vehicle_movement"."trailer_in_area";--> statement-breakpoint
CREATE INDEX "incident_retention_idx" ON "incident" USING btree ("site_id","created_date","id") WHERE not "incident"."anonymized";--> statement-breakpoint
CREATE INDEX "kbox_content_retention_idx" ON "kbox_content" USING btree ("site_id","picked_up_at","id") WHERE not "kbox_content"."anonymized" and "kbox_content"."picked_up_at" is not null;--> statement-breakpoint
ALTER TABLE "privacy_hold" ALTER COLUMN "first_name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "privacy_hold" ALTER COLUMN "last_name" TYPE text COLLATE "czech";
