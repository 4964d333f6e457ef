CREATE TABLE "km_door_group_member" (
	"site_id" integer NOT NULL,
	"door_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "km_door_group_member_door_id_group_id_pk" PRIMARY KEY("door_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "km_door_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_door_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "km_door" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_door_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "km_digest" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "km_digest_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "km_key_door" (
	"site_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"door_id" integer NOT NULL,
	CONSTRAINT "km_key_door_key_id_door_id_pk" PRIMARY KEY("key_id","door_id")
);
--> statement-breakpoint
CREATE TABLE "km_frame" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_frame_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "km_key_group_member" (
	"site_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "km_key_group_member_key_id_group_id_pk" PRIMARY KEY("key_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "km_key_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_key_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "km_lend" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_lend_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"lend_date_time" timestamp with time zone NOT NULL,
	"due" timestamp with time zone,
	"holder" text,
	"person_id" integer,
	"visit_id" integer,
	"vehicle_id" integer,
	"gate_id" integer NOT NULL,
	"notes" text,
	"returned" boolean DEFAULT false NOT NULL,
	"return_date_time" timestamp with time zone,
	"return_gate_id" integer,
	"return_person" text,
	"return_notes" text,
	"lent_by_id" integer,
	"returned_by_id" integer,
	"overdue_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "km_privilege" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_privilege_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"key_id" integer,
	"key_group_id" integer,
	"person_id" integer,
	"team_id" integer,
	"rule" text DEFAULT 'ALLOW' NOT NULL,
	"note" text,
	CONSTRAINT "km_privilege_key_xor" CHECK (num_nonnulls("km_privilege"."key_id", "km_privilege"."key_group_id") = 1),
	CONSTRAINT "km_privilege_holder_xor" CHECK (num_nonnulls("km_privilege"."person_id", "km_privilege"."team_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "km_key_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_key_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"max_lending_hours" integer,
	"working_time" boolean DEFAULT false NOT NULL,
	"workflow" text DEFAULT 'DEFAULT' NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "km_key" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "km_key_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type_id" integer NOT NULL,
	"frame_id" integer,
	"default_gate_id" integer,
	"default_rule" text DEFAULT 'ALLOW' NOT NULL,
	"max_lending_hours" integer,
	"notification" boolean DEFAULT false NOT NULL,
	"notification_emails" text,
	"lent" boolean DEFAULT false NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "km_door_group_member" ADD CONSTRAINT "km_door_group_member_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_door_group_member" ADD CONSTRAINT "km_door_group_member_door_id_km_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."km_door"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_door_group_member" ADD CONSTRAINT "km_door_group_member_group_id_km_door_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."km_door_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_door_group" ADD CONSTRAINT "km_door_group_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_door" ADD CONSTRAINT "km_door_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_digest" ADD CONSTRAINT "km_digest_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_door" ADD CONSTRAINT "km_key_door_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_door" ADD CONSTRAINT "km_key_door_key_id_km_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."km_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_door" ADD CONSTRAINT "km_key_door_door_id_km_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."km_door"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_frame" ADD CONSTRAINT "km_frame_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_group_member" ADD CONSTRAINT "km_key_group_member_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_group_member" ADD CONSTRAINT "km_key_group_member_key_id_km_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."km_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_group_member" ADD CONSTRAINT "km_key_group_member_group_id_km_key_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."km_key_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_group" ADD CONSTRAINT "km_key_group_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_key_id_km_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."km_key"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_vehicle_id_vehicle_movement_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle_movement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_gate_id_system_site_gate_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_return_gate_id_system_site_gate_id_fk" FOREIGN KEY ("return_gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_lent_by_id_access_user_id_fk" FOREIGN KEY ("lent_by_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_lend" ADD CONSTRAINT "km_lend_returned_by_id_access_user_id_fk" FOREIGN KEY ("returned_by_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_privilege" ADD CONSTRAINT "km_privilege_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_privilege" ADD CONSTRAINT "km_privilege_key_id_km_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."km_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_privilege" ADD CONSTRAINT "km_privilege_key_group_id_km_key_group_id_fk" FOREIGN KEY ("key_group_id") REFERENCES "public"."km_key_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_privilege" ADD CONSTRAINT "km_privilege_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_privilege" ADD CONSTRAINT "km_privilege_team_id_system_person_group_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."system_person_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key_type" ADD CONSTRAINT "km_key_type_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key" ADD CONSTRAINT "km_key_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key" ADD CONSTRAINT "km_key_type_id_km_key_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."km_key_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key" ADD CONSTRAINT "km_key_frame_id_km_frame_id_fk" FOREIGN KEY ("frame_id") REFERENCES "public"."km_frame"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "km_key" ADD CONSTRAINT "km_key_default_gate_id_system_site_gate_id_fk" FOREIGN KEY ("default_gate_id") REFERENCES "public"."system_site_gate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "km_door_group_member_group_idx" ON "km_door_group_member" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "km_door_group_member_site_idx" ON "km_door_group_member" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "km_door_group_name_uq" ON "km_door_group" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "km_door_name_uq" ON "km_door" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "km_key_door_door_idx" ON "km_key_door" USING btree ("door_id");--> statement-breakpoint
CREATE INDEX "km_key_door_site_idx" ON "km_key_door" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "km_frame_name_uq" ON "km_frame" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "km_key_group_member_group_idx" ON "km_key_group_member" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "km_key_group_member_site_idx" ON "km_key_group_member" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "km_key_group_name_uq" ON "km_key_group" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "km_lend_site_time_idx" ON "km_lend" USING btree ("site_id","lend_date_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "km_lend_open_idx" ON "km_lend" USING btree ("site_id","due") WHERE not "km_lend"."returned";--> statement-breakpoint
CREATE UNIQUE INDEX "km_lend_open_key_uq" ON "km_lend" USING btree ("key_id") WHERE not "km_lend"."returned";--> statement-breakpoint
CREATE INDEX "km_lend_key_time_idx" ON "km_lend" USING btree ("key_id","lend_date_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "km_lend_person_idx" ON "km_lend" USING btree ("person_id") WHERE "km_lend"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "km_lend_visit_idx" ON "km_lend" USING btree ("visit_id") WHERE "km_lend"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "km_lend_vehicle_idx" ON "km_lend" USING btree ("vehicle_id") WHERE "km_lend"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "km_privilege_key_idx" ON "km_privilege" USING btree ("site_id","key_id") WHERE "km_privilege"."key_id" is not null;--> statement-breakpoint
CREATE INDEX "km_privilege_key_group_idx" ON "km_privilege" USING btree ("site_id","key_group_id") WHERE "km_privilege"."key_group_id" is not null;--> statement-breakpoint
CREATE INDEX "km_privilege_person_idx" ON "km_privilege" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "km_privilege_team_idx" ON "km_privilege" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "km_key_type_name_uq" ON "km_key_type" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "km_key_code_uq" ON "km_key" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "km_key_name_idx" ON "km_key" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "km_key_type_idx" ON "km_key" USING btree ("type_id");--> statement-breakpoint
ALTER TABLE "km_frame" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_door_group" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_door" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_key_type" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_key_group" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_key" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "km_lend" ALTER COLUMN "holder" TYPE text COLLATE "czech";
