CREATE TABLE "privacy_personal_read" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_personal_read_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"site_id" integer,
	"user_id" integer,
	"user_name" text,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"record_ids" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_personal_read" ADD CONSTRAINT "privacy_personal_read_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_personal_read" ADD CONSTRAINT "privacy_personal_read_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_personal_read_time_idx" ON "privacy_personal_read" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "privacy_personal_read_user_idx" ON "privacy_personal_read" USING btree ("user_id","created_at");