CREATE TABLE "signature_attribute" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_attribute_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"name" text NOT NULL,
	"page" integer NOT NULL,
	"x" numeric(8, 2) NOT NULL,
	"y" numeric(8, 2) NOT NULL,
	"print_name" text,
	"type" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"stamp" boolean DEFAULT true NOT NULL,
	"font_size" integer DEFAULT 10 NOT NULL,
	"bold" boolean DEFAULT false NOT NULL,
	"italic" boolean DEFAULT false NOT NULL,
	"underline" boolean DEFAULT false NOT NULL,
	"min" numeric(15, 3),
	"max" numeric(15, 3),
	"values" text
);
--> statement-breakpoint
CREATE TABLE "signature_document" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_document_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"shred_days" integer,
	"max_age_days" integer,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_signed" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_signed_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"document_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"expires" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_by" text,
	"signed_by_user_id" integer,
	"terminal" text,
	"terminal_id" integer,
	"file_id" integer,
	"sha256" text,
	"shred_due" timestamp with time zone,
	"shredded_at" timestamp with time zone,
	"attribute_values" text,
	"source" text,
	"source_id" integer
);
--> statement-breakpoint
CREATE TABLE "signature_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"locale" text NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"pages" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_zone" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_zone_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"name" text NOT NULL,
	"page" integer NOT NULL,
	"x" numeric(8, 2) NOT NULL,
	"y" numeric(8, 2) NOT NULL,
	"width" numeric(8, 2) NOT NULL,
	"height" numeric(8, 2) NOT NULL,
	"notification" text
);
--> statement-breakpoint
ALTER TABLE "visit_purpose" ADD COLUMN "entry_document_id" integer;--> statement-breakpoint
ALTER TABLE "visit_purpose" ADD COLUMN "leave_document_id" integer;--> statement-breakpoint
ALTER TABLE "km_key_type" ADD COLUMN "handover_document_id" integer;--> statement-breakpoint
ALTER TABLE "signature_attribute" ADD CONSTRAINT "signature_attribute_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_attribute" ADD CONSTRAINT "signature_attribute_template_id_signature_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."signature_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_document" ADD CONSTRAINT "signature_document_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_document_id_signature_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_template_id_signature_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."signature_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_signed_by_user_id_access_user_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_terminal_id_system_client_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."system_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signed" ADD CONSTRAINT "signature_signed_file_id_system_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."system_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_template" ADD CONSTRAINT "signature_template_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_template" ADD CONSTRAINT "signature_template_version_id_signature_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."signature_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_template" ADD CONSTRAINT "signature_template_file_id_system_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."system_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_version" ADD CONSTRAINT "signature_version_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_version" ADD CONSTRAINT "signature_version_document_id_signature_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_zone" ADD CONSTRAINT "signature_zone_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_zone" ADD CONSTRAINT "signature_zone_template_id_signature_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."signature_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_attribute_template_idx" ON "signature_attribute" USING btree ("site_id","template_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_document_name_uq" ON "signature_document" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "signature_signed_created_idx" ON "signature_signed" USING btree ("site_id","created");--> statement-breakpoint
CREATE INDEX "signature_signed_status_idx" ON "signature_signed" USING btree ("site_id","status","created");--> statement-breakpoint
CREATE INDEX "signature_signed_hash_idx" ON "signature_signed" USING btree ("site_id","sha256");--> statement-breakpoint
CREATE INDEX "signature_signed_source_idx" ON "signature_signed" USING btree ("site_id","source","source_id");--> statement-breakpoint
CREATE INDEX "signature_signed_shred_idx" ON "signature_signed" USING btree ("shred_due") WHERE "signature_signed"."shredded_at" is null and "signature_signed"."shred_due" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_template_locale_uq" ON "signature_template" USING btree ("version_id","locale");--> statement-breakpoint
CREATE INDEX "signature_template_site_idx" ON "signature_template" USING btree ("site_id","version_id");--> statement-breakpoint
CREATE INDEX "signature_version_document_idx" ON "signature_version" USING btree ("site_id","document_id","name");--> statement-breakpoint
CREATE INDEX "signature_zone_template_idx" ON "signature_zone" USING btree ("site_id","template_id","name");--> statement-breakpoint
ALTER TABLE "visit_purpose" ADD CONSTRAINT "visit_purpose_entry_document_id_signature_document_id_fk" FOREIGN KEY ("entry_document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_purpose" ADD CONSTRAINT "visit_purpose_leave_document_id_signature_document_id_fk" FOREIGN KEY ("leave_document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_type" ADD CONSTRAINT "km_key_type_handover_document_id_signature_document_id_fk" FOREIGN KEY ("handover_document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_purpose" DROP COLUMN "entry_document";--> statement-breakpoint
ALTER TABLE "visit_purpose" DROP COLUMN "leave_document";--> statement-breakpoint
ALTER TABLE "signature_document" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "signature_version" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "signature_zone" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "signature_attribute" ALTER COLUMN "name" TYPE text COLLATE "czech";
