CREATE TABLE "logistics_logistics_operation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_logistics_operation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notification_emails" text,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "logistics_ramp" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_ramp_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "logistics_status" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_status_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archive" boolean DEFAULT false NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "logistics_supplier" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_supplier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_transport" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_transport_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"datetime_arrive" timestamp with time zone NOT NULL,
	"entry" timestamp with time zone,
	"leave" timestamp with time zone,
	"licence_plate" text,
	"spedition" text,
	"supplier_id" integer,
	"type_id" integer,
	"driver_first_name" text,
	"driver_last_name" text,
	"phone" text,
	"document_type_id" integer,
	"document_number" text,
	"card_number" text,
	"ramp_id" integer,
	"operation_id" integer,
	"status_id" integer NOT NULL,
	"cancelled" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "logistics_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_transport_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_transport_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"transport_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"user_id" integer,
	"operation_id" integer,
	"start_status_id" integer,
	"end_status_id" integer,
	"edit" boolean DEFAULT false NOT NULL,
	"note" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "logistics_transport_logistics_op" (
	"site_id" integer NOT NULL,
	"transport_id" integer NOT NULL,
	"logistics_operation_id" integer NOT NULL,
	CONSTRAINT "logistics_transport_logistics_op_transport_id_logistics_operation_id_pk" PRIMARY KEY("transport_id","logistics_operation_id")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_automatic" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"attribute" text NOT NULL,
	CONSTRAINT "logistics_workflow_automatic_operation_id_attribute_pk" PRIMARY KEY("operation_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_compulsory" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"attribute" text NOT NULL,
	CONSTRAINT "logistics_workflow_compulsory_operation_id_attribute_pk" PRIMARY KEY("operation_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_locked" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"attribute" text NOT NULL,
	CONSTRAINT "logistics_workflow_locked_operation_id_attribute_pk" PRIMARY KEY("operation_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_operation_person" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	CONSTRAINT "logistics_workflow_operation_person_operation_id_person_id_pk" PRIMARY KEY("operation_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_operation_role" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "logistics_workflow_operation_role_operation_id_role_pk" PRIMARY KEY("operation_id","role")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_operation_team" (
	"site_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "logistics_workflow_operation_team_operation_id_group_id_pk" PRIMARY KEY("operation_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "logistics_workflow_operation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_workflow_operation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_status_id" integer NOT NULL,
	"end_status_id" integer NOT NULL,
	"require_confirmation" boolean DEFAULT false NOT NULL,
	"without_editor" boolean DEFAULT false NOT NULL,
	"notification_emails" text,
	"active" boolean DEFAULT true NOT NULL,
	"color" text
);
--> statement-breakpoint
ALTER TABLE "logistics_logistics_operation" ADD CONSTRAINT "logistics_logistics_operation_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_ramp" ADD CONSTRAINT "logistics_ramp_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_status" ADD CONSTRAINT "logistics_status_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_supplier" ADD CONSTRAINT "logistics_supplier_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_supplier_id_logistics_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."logistics_supplier"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_type_id_logistics_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."logistics_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_document_type_id_system_site_identity_document_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."system_site_identity_document"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_ramp_id_logistics_ramp_id_fk" FOREIGN KEY ("ramp_id") REFERENCES "public"."logistics_ramp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport" ADD CONSTRAINT "logistics_transport_status_id_logistics_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."logistics_status"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_type" ADD CONSTRAINT "logistics_type_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_transport_id_logistics_transport_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."logistics_transport"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_start_status_id_logistics_status_id_fk" FOREIGN KEY ("start_status_id") REFERENCES "public"."logistics_status"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_log" ADD CONSTRAINT "logistics_transport_log_end_status_id_logistics_status_id_fk" FOREIGN KEY ("end_status_id") REFERENCES "public"."logistics_status"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_logistics_op" ADD CONSTRAINT "logistics_transport_logistics_op_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_logistics_op" ADD CONSTRAINT "logistics_transport_logistics_op_transport_id_logistics_transport_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."logistics_transport"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_transport_logistics_op" ADD CONSTRAINT "logistics_transport_logistics_op_logistics_operation_id_logistics_logistics_operation_id_fk" FOREIGN KEY ("logistics_operation_id") REFERENCES "public"."logistics_logistics_operation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_automatic" ADD CONSTRAINT "logistics_workflow_automatic_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_automatic" ADD CONSTRAINT "logistics_workflow_automatic_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_compulsory" ADD CONSTRAINT "logistics_workflow_compulsory_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_compulsory" ADD CONSTRAINT "logistics_workflow_compulsory_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_locked" ADD CONSTRAINT "logistics_workflow_locked_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_locked" ADD CONSTRAINT "logistics_workflow_locked_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_person" ADD CONSTRAINT "logistics_workflow_operation_person_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_person" ADD CONSTRAINT "logistics_workflow_operation_person_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_person" ADD CONSTRAINT "logistics_workflow_operation_person_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_role" ADD CONSTRAINT "logistics_workflow_operation_role_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_role" ADD CONSTRAINT "logistics_workflow_operation_role_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_team" ADD CONSTRAINT "logistics_workflow_operation_team_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_team" ADD CONSTRAINT "logistics_workflow_operation_team_operation_id_logistics_workflow_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."logistics_workflow_operation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation_team" ADD CONSTRAINT "logistics_workflow_operation_team_group_id_system_person_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."system_person_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation" ADD CONSTRAINT "logistics_workflow_operation_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation" ADD CONSTRAINT "logistics_workflow_operation_start_status_id_logistics_status_id_fk" FOREIGN KEY ("start_status_id") REFERENCES "public"."logistics_status"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation" ADD CONSTRAINT "logistics_workflow_operation_end_status_id_logistics_status_id_fk" FOREIGN KEY ("end_status_id") REFERENCES "public"."logistics_status"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_logistics_operation_name_uq" ON "logistics_logistics_operation" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_ramp_name_uq" ON "logistics_ramp" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_status_name_uq" ON "logistics_status" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_supplier_name_uq" ON "logistics_supplier" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "logistics_transport_site_arrive_idx" ON "logistics_transport" USING btree ("site_id","datetime_arrive" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logistics_transport_open_idx" ON "logistics_transport" USING btree ("site_id","status_id","datetime_arrive") WHERE "logistics_transport"."cancelled" is null;--> statement-breakpoint
CREATE INDEX "logistics_transport_status_idx" ON "logistics_transport" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "logistics_transport_supplier_idx" ON "logistics_transport" USING btree ("supplier_id") WHERE "logistics_transport"."supplier_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_transport_type_idx" ON "logistics_transport" USING btree ("type_id") WHERE "logistics_transport"."type_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_transport_ramp_idx" ON "logistics_transport" USING btree ("ramp_id") WHERE "logistics_transport"."ramp_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_transport_operation_idx" ON "logistics_transport" USING btree ("operation_id") WHERE "logistics_transport"."operation_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_transport_document_type_idx" ON "logistics_transport" USING btree ("document_type_id") WHERE "logistics_transport"."document_type_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_type_name_uq" ON "logistics_type" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "logistics_transport_log_transport_idx" ON "logistics_transport_log" USING btree ("transport_id","time","id");--> statement-breakpoint
CREATE INDEX "logistics_transport_log_operation_idx" ON "logistics_transport_log" USING btree ("operation_id") WHERE "logistics_transport_log"."operation_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_transport_logistics_op_op_idx" ON "logistics_transport_logistics_op" USING btree ("logistics_operation_id");--> statement-breakpoint
CREATE INDEX "logistics_transport_logistics_op_site_idx" ON "logistics_transport_logistics_op" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_automatic_site_idx" ON "logistics_workflow_automatic" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_compulsory_site_idx" ON "logistics_workflow_compulsory" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_locked_site_idx" ON "logistics_workflow_locked" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_person_person_idx" ON "logistics_workflow_operation_person" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_person_site_idx" ON "logistics_workflow_operation_person" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_role_site_idx" ON "logistics_workflow_operation_role" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_team_group_idx" ON "logistics_workflow_operation_team" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_team_site_idx" ON "logistics_workflow_operation_team" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_start_idx" ON "logistics_workflow_operation" USING btree ("site_id","start_status_id");--> statement-breakpoint
CREATE INDEX "logistics_workflow_operation_end_idx" ON "logistics_workflow_operation" USING btree ("end_status_id");--> statement-breakpoint
ALTER TABLE "logistics_status" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "logistics_ramp" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "logistics_type" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "logistics_supplier" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "logistics_logistics_operation" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "logistics_workflow_operation" ALTER COLUMN "name" TYPE text COLLATE "czech";
