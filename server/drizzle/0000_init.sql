CREATE TABLE "system_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer,
	"author_id" integer,
	"author" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"params" jsonb,
	"request_headers" jsonb,
	"request_body" jsonb,
	"response_headers" jsonb,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_client" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text,
	"expires" timestamp with time zone,
	"authorized" boolean DEFAULT false NOT NULL,
	"last_access" timestamp with time zone,
	"person_id" integer,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_email" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_email_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"queued" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" timestamp with time zone,
	"delivered" boolean GENERATED ALWAYS AS (sent is not null) STORED NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "system_person" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_person_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"corporate_id" text,
	"home_site_id" integer,
	"note" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_site_module" (
	"site_id" integer NOT NULL,
	"module" text NOT NULL,
	CONSTRAINT "system_site_module_site_id_module_pk" PRIMARY KEY("site_id","module")
);
--> statement-breakpoint
CREATE TABLE "system_site_property" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_site_property_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_site" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_site_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_group_role" (
	"group_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "access_group_role_group_id_role_pk" PRIMARY KEY("group_id","role")
);
--> statement-breakpoint
CREATE TABLE "access_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_login_attempt" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_password_reset" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_password_reset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "access_session" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"client_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"timeout_minutes" integer NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_user_avatar" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_user_group" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "access_user_group_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "access_user_role" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "access_user_role_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "access_user_site" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "access_user_site_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "access_user" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_name" text NOT NULL,
	"auth_provider" text DEFAULT 'LOCAL' NOT NULL,
	"person_id" integer,
	"password_hash" text,
	"last_login" timestamp with time zone,
	"valid" boolean DEFAULT true NOT NULL,
	"force_tfa" boolean DEFAULT false NOT NULL,
	"tfa" boolean DEFAULT false NOT NULL,
	"tfa_secret" text,
	"tfa_pending_secret" text,
	"tfa_last_step" bigint,
	"last_site_id" integer
);
--> statement-breakpoint
CREATE TABLE "blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"document_type_id" integer,
	"document_number" text,
	"licence_plate" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "system_site_district" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_site_district_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gate_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"direction" text NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_site_gate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_site_gate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"district_id" integer NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "system_site_identity_document" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_site_identity_document_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_person_group_member" (
	"group_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	CONSTRAINT "system_person_group_member_group_id_person_id_pk" PRIMARY KEY("group_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "system_person_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_person_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_public_holiday" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_public_holiday_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_advice_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_advice_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_advice_equipment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_advice_equipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"advice_id" integer NOT NULL,
	"object" text NOT NULL,
	"serial_number" text
);
--> statement-breakpoint
CREATE TABLE "visit_advice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_advice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"one_time_date" date,
	"one_time_closed" boolean DEFAULT false NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"active_until" date NOT NULL,
	"reason" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"document_type_id" integer,
	"document_number" text,
	"email" text,
	"visited_first_name" text,
	"visited_last_name" text,
	"visited_company" text,
	"allow_vehicle" boolean DEFAULT false NOT NULL,
	"vehicle_plate" text,
	"vehicle_reason" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"request_user_id" integer,
	"response_date" timestamp with time zone,
	"response_user_id" integer,
	"response_reason" text
);
--> statement-breakpoint
CREATE TABLE "visit_card" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_accompaniment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_accompaniment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"name" text NOT NULL,
	"document" text
);
--> statement-breakpoint
CREATE TABLE "visit_equipment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_equipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"object" text NOT NULL,
	"serial_number" text
);
--> statement-breakpoint
CREATE TABLE "visit_purpose" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_purpose_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"anonymize" boolean DEFAULT false NOT NULL,
	"entry_document" text,
	"leave_document" text,
	"notification_emails" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_visited" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_visited_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"email" text,
	"phone" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"movement_time" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" text NOT NULL,
	"in_area" boolean DEFAULT false NOT NULL,
	"departed" boolean DEFAULT false NOT NULL,
	"departure_time" timestamp with time zone,
	"entry_id" integer,
	"tag" text,
	"purpose_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"company" text,
	"document_type_id" integer,
	"document_number" text,
	"visited_id" integer,
	"visited_first_name" text,
	"visited_last_name" text,
	"visited_company" text,
	"vehicle_plate" text,
	"parking_place" text,
	"note" text,
	"anonymized" boolean DEFAULT false NOT NULL,
	"blacklist_government_person" text,
	"blacklist_government_vehicle" text,
	"blacklist_internal_person" text,
	"blacklist_internal_vehicle" text,
	"advice_id" integer
);
--> statement-breakpoint
CREATE TABLE "system_file" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer,
	"module" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_sms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_sms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_retry" integer DEFAULT 0 NOT NULL,
	"sent_success_full" boolean DEFAULT false NOT NULL,
	"sent" timestamp with time zone,
	"next_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "system_client" ADD CONSTRAINT "system_client_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_email" ADD CONSTRAINT "system_email_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_person" ADD CONSTRAINT "system_person_home_site_id_system_site_id_fk" FOREIGN KEY ("home_site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_module" ADD CONSTRAINT "system_site_module_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_property" ADD CONSTRAINT "system_site_property_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_group_role" ADD CONSTRAINT "access_group_role_group_id_access_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."access_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_password_reset" ADD CONSTRAINT "access_password_reset_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_session" ADD CONSTRAINT "access_session_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_session" ADD CONSTRAINT "access_session_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_session" ADD CONSTRAINT "access_session_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_avatar" ADD CONSTRAINT "access_user_avatar_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_group" ADD CONSTRAINT "access_user_group_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_group" ADD CONSTRAINT "access_user_group_group_id_access_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."access_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_role" ADD CONSTRAINT "access_user_role_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_site" ADD CONSTRAINT "access_user_site_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user_site" ADD CONSTRAINT "access_user_site_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user" ADD CONSTRAINT "access_user_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_user" ADD CONSTRAINT "access_user_last_site_id_system_site_id_fk" FOREIGN KEY ("last_site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_document_type_id_system_site_identity_document_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."system_site_identity_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_district" ADD CONSTRAINT "system_site_district_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_movement" ADD CONSTRAINT "gate_movement_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_movement" ADD CONSTRAINT "gate_movement_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_gate" ADD CONSTRAINT "system_site_gate_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_gate" ADD CONSTRAINT "system_site_gate_district_id_system_site_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."system_site_district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_site_identity_document" ADD CONSTRAINT "system_site_identity_document_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_person_group_member" ADD CONSTRAINT "system_person_group_member_group_id_system_person_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."system_person_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_person_group_member" ADD CONSTRAINT "system_person_group_member_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_person_group" ADD CONSTRAINT "system_person_group_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_public_holiday" ADD CONSTRAINT "system_public_holiday_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice_category" ADD CONSTRAINT "visit_advice_category_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice_equipment" ADD CONSTRAINT "visit_advice_equipment_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice_equipment" ADD CONSTRAINT "visit_advice_equipment_advice_id_visit_advice_id_fk" FOREIGN KEY ("advice_id") REFERENCES "public"."visit_advice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice" ADD CONSTRAINT "visit_advice_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice" ADD CONSTRAINT "visit_advice_category_id_visit_advice_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."visit_advice_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice" ADD CONSTRAINT "visit_advice_document_type_id_system_site_identity_document_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."system_site_identity_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice" ADD CONSTRAINT "visit_advice_request_user_id_access_user_id_fk" FOREIGN KEY ("request_user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_advice" ADD CONSTRAINT "visit_advice_response_user_id_access_user_id_fk" FOREIGN KEY ("response_user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_card" ADD CONSTRAINT "visit_card_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_accompaniment" ADD CONSTRAINT "visit_accompaniment_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_accompaniment" ADD CONSTRAINT "visit_accompaniment_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_equipment" ADD CONSTRAINT "visit_equipment_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_equipment" ADD CONSTRAINT "visit_equipment_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_purpose" ADD CONSTRAINT "visit_purpose_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_visited" ADD CONSTRAINT "visit_visited_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_purpose_id_visit_purpose_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."visit_purpose"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_document_type_id_system_site_identity_document_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."system_site_identity_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_visited_id_visit_visited_id_fk" FOREIGN KEY ("visited_id") REFERENCES "public"."visit_visited"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_file" ADD CONSTRAINT "system_file_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_sms" ADD CONSTRAINT "system_sms_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_audit_created_idx" ON "system_audit" USING btree ("created");--> statement-breakpoint
CREATE INDEX "system_audit_author_idx" ON "system_audit" USING btree ("author","created");--> statement-breakpoint
CREATE INDEX "system_audit_status_idx" ON "system_audit" USING btree ("status","created");--> statement-breakpoint
CREATE UNIQUE INDEX "system_client_token_uq" ON "system_client" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "system_email_pending_idx" ON "system_email" USING btree ("next_attempt") WHERE "system_email"."sent" is null;--> statement-breakpoint
CREATE INDEX "system_email_queued_idx" ON "system_email" USING btree ("queued");--> statement-breakpoint
CREATE UNIQUE INDEX "system_person_corporate_id_uq" ON "system_person" USING btree ("corporate_id");--> statement-breakpoint
CREATE INDEX "system_person_last_name_idx" ON "system_person" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "system_person_home_site_idx" ON "system_person" USING btree ("home_site_id","last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "system_site_property_name_uq" ON "system_site_property" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "system_site_name_uq" ON "system_site" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "access_group_name_uq" ON "access_group" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "access_password_reset_token_uq" ON "access_password_reset" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_session_token_uq" ON "access_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_session_user_idx" ON "access_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_user_group_group_idx" ON "access_user_group" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "access_user_site_site_idx" ON "access_user_site" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_user_user_name_uq" ON "access_user" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_licence_plate_uq" ON "blacklist" USING btree ("site_id","licence_plate");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_document_uq" ON "blacklist" USING btree ("site_id","document_type_id","document_number") WHERE "blacklist"."document_number" is not null;--> statement-breakpoint
CREATE INDEX "blacklist_last_name_idx" ON "blacklist" USING btree ("site_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "blacklist_category_idx" ON "blacklist" USING btree ("site_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "system_site_district_name_uq" ON "system_site_district" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "gate_movement_site_time_idx" ON "gate_movement" USING btree ("site_id","time");--> statement-breakpoint
CREATE INDEX "gate_movement_gate_idx" ON "gate_movement" USING btree ("gate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_site_gate_name_uq" ON "system_site_gate" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "system_site_gate_district_idx" ON "system_site_gate" USING btree ("district_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_site_identity_document_name_uq" ON "system_site_identity_document" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "system_person_group_member_person_idx" ON "system_person_group_member" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_person_group_name_uq" ON "system_person_group" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "system_public_holiday_date_uq" ON "system_public_holiday" USING btree ("site_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_advice_category_name_uq" ON "visit_advice_category" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "visit_advice_equipment_advice_idx" ON "visit_advice_equipment" USING btree ("advice_id");--> statement-breakpoint
CREATE INDEX "visit_advice_status_idx" ON "visit_advice" USING btree ("site_id","status","active_until");--> statement-breakpoint
CREATE INDEX "visit_advice_active_idx" ON "visit_advice" USING btree ("site_id","active_until");--> statement-breakpoint
CREATE INDEX "visit_advice_request_user_idx" ON "visit_advice" USING btree ("site_id","request_user_id","active_until");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_card_code_uq" ON "visit_card" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "visit_accompaniment_visit_idx" ON "visit_accompaniment" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_equipment_visit_idx" ON "visit_equipment" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_purpose_name_uq" ON "visit_purpose" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "visit_visited_name_idx" ON "visit_visited" USING btree ("site_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "visit_site_time_idx" ON "visit" USING btree ("site_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visit_in_area_idx" ON "visit" USING btree ("site_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "visit"."in_area";--> statement-breakpoint
CREATE INDEX "visit_purpose_time_idx" ON "visit" USING btree ("site_id","purpose_id","movement_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visit_gate_time_idx" ON "visit" USING btree ("site_id","gate_id","movement_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visit_in_area_name_idx" ON "visit" USING btree ("site_id",lower("last_name"),lower("first_name")) WHERE "visit"."in_area";--> statement-breakpoint
CREATE INDEX "visit_last_name_trgm_idx" ON "visit" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visit_first_name_trgm_idx" ON "visit" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visit_plate_trgm_idx" ON "visit" USING gin ("vehicle_plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visit_tag_idx" ON "visit" USING btree ("site_id","tag") WHERE "visit"."in_area";--> statement-breakpoint
CREATE UNIQUE INDEX "system_file_storage_key_uq" ON "system_file" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "system_file_created_idx" ON "system_file" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "system_file_site_idx" ON "system_file" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "system_sms_pending_idx" ON "system_sms" USING btree ("next_attempt") WHERE not "system_sms"."sent_success_full";--> statement-breakpoint
CREATE INDEX "system_sms_created_idx" ON "system_sms" USING btree ("created");