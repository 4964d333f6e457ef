CREATE TABLE "privacy_restriction" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_restriction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_subject_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_subject_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"site_id" integer,
	"user_id" integer,
	"user_name" text NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"action" text NOT NULL,
	"found" jsonb NOT NULL,
	"done" jsonb NOT NULL,
	"skipped" jsonb NOT NULL,
	"site_ids" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_restriction" ADD CONSTRAINT "privacy_restriction_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_subject_request" ADD CONSTRAINT "privacy_subject_request_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_subject_request" ADD CONSTRAINT "privacy_subject_request_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_restriction_record_uq" ON "privacy_restriction" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "privacy_restriction_site_idx" ON "privacy_restriction" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "privacy_subject_request_time_idx" ON "privacy_subject_request" USING btree ("created_at");