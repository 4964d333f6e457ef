ALTER TABLE "anpr_read" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "vehicle_matched_plate" text;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "vehicle_match_score" integer;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "vehicle_match_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "proposal" text DEFAULT 'ENTRY' NOT NULL;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD COLUMN "movement_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD CONSTRAINT "anpr_read_vehicle_id_vehicle_movement_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anpr_read" ADD CONSTRAINT "anpr_read_movement_id_vehicle_movement_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_advice" ADD CONSTRAINT "vehicle_advice_vehicle_id_vehicle_movement_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anpr_read_new_idx" ON "anpr_read" USING btree ("site_id","time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "anpr_read"."state" = 'NEW';--> statement-breakpoint
CREATE INDEX "anpr_read_vehicle_idx" ON "anpr_read" USING btree ("vehicle_id") WHERE "anpr_read"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "anpr_read_movement_idx" ON "anpr_read" USING btree ("movement_id") WHERE "anpr_read"."movement_id" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_advice_vehicle_idx" ON "vehicle_advice" USING btree ("vehicle_id") WHERE "vehicle_advice"."vehicle_id" is not null;