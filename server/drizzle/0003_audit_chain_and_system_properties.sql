CREATE TABLE "system_audit_chain" (
	"chain" integer PRIMARY KEY NOT NULL,
	"last_id" bigint,
	"last_hash" text,
	"head_hash" text
);
--> statement-breakpoint
CREATE TABLE "system_property" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_property_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "system_audit_created_idx";--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "event" text DEFAULT 'WRITE' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "entity" text;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "system_audit" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "system_property_name_uq" ON "system_property" USING btree ("name");--> statement-breakpoint
CREATE INDEX "system_audit_created_id_idx" ON "system_audit" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "system_audit_site_created_idx" ON "system_audit" USING btree ("site_id","created");--> statement-breakpoint
CREATE INDEX "system_audit_event_created_idx" ON "system_audit" USING btree ("event","created");--> statement-breakpoint
CREATE INDEX "system_audit_entity_record_idx" ON "system_audit" USING btree ("entity","record_id");--> statement-breakpoint
CREATE INDEX "system_audit_author_trgm_idx" ON "system_audit" USING gin ("author" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_audit_path_trgm_idx" ON "system_audit" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_audit_method_created_idx" ON "system_audit" USING btree ("method","created");--> statement-breakpoint
-- Entries written before events existed: logins and refusals told apart by path and status.
UPDATE "system_audit" SET "event" = CASE
  WHEN "path" = '/api/session' AND "method" = 'GET' AND "status" = 200 THEN 'LOGIN'
  WHEN "path" = '/api/session' AND "method" = 'GET' THEN 'LOGIN_FAILED'
  WHEN "status" IN (401, 403) THEN 'DENIED'
  WHEN "status" >= 400 THEN 'REFUSED'
  ELSE 'WRITE' END;
--> statement-breakpoint
-- Every setting is listed from the start, with its default (SYSTEM_PROPERTIES of the contract).
INSERT INTO "system_property" ("name", "value") VALUES ('SESSION_MAX_HOURS', 12), ('AUDIT_RETENTION_MONTHS', 24);
