CREATE TABLE "vehicle_photo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_photo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"movement_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "vehicle_photo" ADD CONSTRAINT "vehicle_photo_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photo" ADD CONSTRAINT "vehicle_photo_movement_id_vehicle_movement_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photo" ADD CONSTRAINT "vehicle_photo_file_id_system_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."system_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photo" ADD CONSTRAINT "vehicle_photo_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_photo_movement_idx" ON "vehicle_photo" USING btree ("site_id","movement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_photo_file_uq" ON "vehicle_photo" USING btree ("file_id");