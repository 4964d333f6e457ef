CREATE TABLE "incident_attachment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"incident_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"module" text NOT NULL,
	"name" text COLLATE "czech" NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"notification_emails" text,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"module" text NOT NULL,
	"type_id" integer NOT NULL,
	"consequence" text DEFAULT 'NORMAL' NOT NULL,
	"report" text NOT NULL,
	"description" text,
	"notify" boolean DEFAULT false NOT NULL,
	"object_class" text,
	"object_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "incident_attachment" ADD CONSTRAINT "incident_attachment_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachment" ADD CONSTRAINT "incident_attachment_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachment" ADD CONSTRAINT "incident_attachment_file_id_system_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."system_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachment" ADD CONSTRAINT "incident_attachment_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_type" ADD CONSTRAINT "incident_type_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_type_id_incident_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."incident_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_created_by_id_system_person_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."system_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_resolved_by_id_access_user_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_attachment_incident_idx" ON "incident_attachment" USING btree ("incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_attachment_file_uq" ON "incident_attachment" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_type_name_uq" ON "incident_type" USING btree ("site_id","module","name");--> statement-breakpoint
CREATE INDEX "incident_list_idx" ON "incident" USING btree ("site_id","module","resolved","created_date");--> statement-breakpoint
CREATE INDEX "incident_type_idx" ON "incident" USING btree ("type_id");