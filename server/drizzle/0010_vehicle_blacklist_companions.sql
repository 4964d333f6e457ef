CREATE TABLE "vehicle_blacklist_hit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_blacklist_hit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"list" text NOT NULL,
	"matched_by" text,
	"value" text,
	"blacklist_id" integer,
	"reason" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_accompaniment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_accompaniment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"name" text COLLATE "czech" NOT NULL,
	"document" text
);
--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD COLUMN "blacklist_government_person" text;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD COLUMN "blacklist_government_vehicle" text;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD COLUMN "blacklist_internal_person" text;--> statement-breakpoint
ALTER TABLE "vehicle_movement" ADD COLUMN "blacklist_internal_vehicle" text;--> statement-breakpoint
ALTER TABLE "vehicle_blacklist_hit" ADD CONSTRAINT "vehicle_blacklist_hit_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_blacklist_hit" ADD CONSTRAINT "vehicle_blacklist_hit_vehicle_id_vehicle_movement_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_blacklist_hit" ADD CONSTRAINT "vehicle_blacklist_hit_blacklist_id_blacklist_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."blacklist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_accompaniment" ADD CONSTRAINT "vehicle_accompaniment_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_accompaniment" ADD CONSTRAINT "vehicle_accompaniment_vehicle_id_vehicle_movement_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_blacklist_hit_vehicle_idx" ON "vehicle_blacklist_hit" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_accompaniment_vehicle_idx" ON "vehicle_accompaniment" USING btree ("vehicle_id");