CREATE TABLE "egov_reading" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "egov_reading" ADD CONSTRAINT "egov_reading_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egov_reading" ADD CONSTRAINT "egov_reading_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "egov_reading_expires_idx" ON "egov_reading" USING btree ("expires");