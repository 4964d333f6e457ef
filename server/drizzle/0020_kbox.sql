CREATE TABLE "kbox_content" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_content_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"keybox_id" integer NOT NULL,
	"direction" text DEFAULT 'INCOMING' NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"tracking_number" text,
	"workflow_id" integer,
	"payment_value" numeric(12, 2),
	"currency" text,
	"payment_status" text DEFAULT 'OK' NOT NULL,
	"variable_symbol" text,
	"operation" text,
	"description" text,
	"category" text,
	"expected_time" timestamp with time zone,
	"sender_name" text,
	"sender_email" text,
	"sender_phone" text,
	"sender_owner" boolean DEFAULT false NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"recipient_phone" text,
	"recipient_owner" boolean DEFAULT false NOT NULL,
	"box_name" text,
	"deposited_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"pin_hash" text,
	"pin_expires" timestamp with time zone,
	"returned" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kbox_keybox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_keybox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"uuid" text NOT NULL,
	"status" text DEFAULT 'OK' NOT NULL,
	"notification" text,
	"pin_hours" integer DEFAULT 72 NOT NULL,
	"offline_minutes" integer DEFAULT 30 NOT NULL,
	"last_seen" timestamp with time zone,
	"client_id" integer
);
--> statement-breakpoint
CREATE TABLE "kbox_message" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"content_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"pin" boolean DEFAULT false NOT NULL,
	"email_id" integer,
	"sms_id" integer
);
--> statement-breakpoint
CREATE TABLE "kbox_operation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_operation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"occurred" timestamp with time zone NOT NULL,
	"keybox_id" integer NOT NULL,
	"type" text,
	"name" text,
	"content_id" integer,
	"direction" text,
	"box_name" text,
	"operator_id" integer,
	"pin" boolean DEFAULT false NOT NULL,
	"recipient_notified" boolean DEFAULT false NOT NULL,
	"sender_notified" boolean DEFAULT false NOT NULL,
	"notes" text,
	"uuid" text
);
--> statement-breakpoint
CREATE TABLE "kbox_operator" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_operator_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"card_number" text NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text,
	"pin_set" boolean DEFAULT false NOT NULL,
	"note" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kbox_workflow" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kbox_workflow_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"uuid" text NOT NULL,
	"keybox_id" integer NOT NULL,
	"provider_name" text,
	"email" text,
	"phone" text,
	"notify_admin" boolean DEFAULT false NOT NULL,
	"notify_customer" boolean DEFAULT true NOT NULL,
	"subject" text,
	"incoming_email" boolean DEFAULT false NOT NULL,
	"incoming_sms" boolean DEFAULT false NOT NULL,
	"incoming_message" text,
	"picked_email" boolean DEFAULT false NOT NULL,
	"picked_sms" boolean DEFAULT false NOT NULL,
	"picked_message" text,
	"stored_email" boolean DEFAULT false NOT NULL,
	"stored_sms" boolean DEFAULT false NOT NULL,
	"stored_message" text,
	"prepared_email" boolean DEFAULT false NOT NULL,
	"prepared_sms" boolean DEFAULT false NOT NULL,
	"prepared_message" text,
	"pickup_email" boolean DEFAULT false NOT NULL,
	"pickup_sms" boolean DEFAULT false NOT NULL,
	"pickup_message" text
);
--> statement-breakpoint
ALTER TABLE "kbox_content" ADD CONSTRAINT "kbox_content_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_content" ADD CONSTRAINT "kbox_content_keybox_id_kbox_keybox_id_fk" FOREIGN KEY ("keybox_id") REFERENCES "public"."kbox_keybox"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_content" ADD CONSTRAINT "kbox_content_workflow_id_kbox_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."kbox_workflow"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_keybox" ADD CONSTRAINT "kbox_keybox_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_keybox" ADD CONSTRAINT "kbox_keybox_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_message" ADD CONSTRAINT "kbox_message_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_message" ADD CONSTRAINT "kbox_message_content_id_kbox_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."kbox_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_message" ADD CONSTRAINT "kbox_message_email_id_system_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."system_email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_message" ADD CONSTRAINT "kbox_message_sms_id_system_sms_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."system_sms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_operation" ADD CONSTRAINT "kbox_operation_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_operation" ADD CONSTRAINT "kbox_operation_keybox_id_kbox_keybox_id_fk" FOREIGN KEY ("keybox_id") REFERENCES "public"."kbox_keybox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_operation" ADD CONSTRAINT "kbox_operation_content_id_kbox_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."kbox_content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_operation" ADD CONSTRAINT "kbox_operation_operator_id_kbox_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."kbox_operator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_operator" ADD CONSTRAINT "kbox_operator_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_workflow" ADD CONSTRAINT "kbox_workflow_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kbox_workflow" ADD CONSTRAINT "kbox_workflow_keybox_id_kbox_keybox_id_fk" FOREIGN KEY ("keybox_id") REFERENCES "public"."kbox_keybox"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_content_content_id_uq" ON "kbox_content" USING btree ("site_id","content_id");--> statement-breakpoint
CREATE INDEX "kbox_content_list_idx" ON "kbox_content" USING btree ("site_id","direction","status","content_id");--> statement-breakpoint
CREATE INDEX "kbox_content_direction_idx" ON "kbox_content" USING btree ("site_id","direction","content_id");--> statement-breakpoint
CREATE INDEX "kbox_content_keybox_status_idx" ON "kbox_content" USING btree ("keybox_id","status","deposited_at");--> statement-breakpoint
CREATE INDEX "kbox_content_workflow_idx" ON "kbox_content" USING btree ("workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_keybox_name_uq" ON "kbox_keybox" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_keybox_uuid_uq" ON "kbox_keybox" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_keybox_client_uq" ON "kbox_keybox" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "kbox_keybox_status_idx" ON "kbox_keybox" USING btree ("status","last_seen");--> statement-breakpoint
CREATE INDEX "kbox_message_content_idx" ON "kbox_message" USING btree ("content_id","created");--> statement-breakpoint
CREATE INDEX "kbox_message_site_idx" ON "kbox_message" USING btree ("site_id","created");--> statement-breakpoint
CREATE INDEX "kbox_message_email_idx" ON "kbox_message" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "kbox_message_sms_idx" ON "kbox_message" USING btree ("sms_id");--> statement-breakpoint
CREATE INDEX "kbox_operation_site_time_idx" ON "kbox_operation" USING btree ("site_id","occurred");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_operation_uuid_uq" ON "kbox_operation" USING btree ("keybox_id","uuid") WHERE "kbox_operation"."uuid" is not null;--> statement-breakpoint
CREATE INDEX "kbox_operation_content_idx" ON "kbox_operation" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "kbox_operation_operator_idx" ON "kbox_operation" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_operator_card_uq" ON "kbox_operator" USING btree ("site_id","card_number");--> statement-breakpoint
CREATE INDEX "kbox_operator_name_idx" ON "kbox_operator" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_workflow_name_uq" ON "kbox_workflow" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "kbox_workflow_uuid_uq" ON "kbox_workflow" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "kbox_workflow_keybox_idx" ON "kbox_workflow" USING btree ("keybox_id");--> statement-breakpoint
ALTER TABLE "kbox_keybox" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "kbox_operator" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "kbox_workflow" ALTER COLUMN "name" TYPE text COLLATE "czech";
