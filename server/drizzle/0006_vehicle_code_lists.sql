CREATE TABLE "vehicle_advice_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_advice_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_forwarder" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_forwarder_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_material" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_material_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_purpose" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_purpose_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"requires_trailer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"requires_trailer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_advice_category" ADD CONSTRAINT "vehicle_advice_category_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_forwarder" ADD CONSTRAINT "vehicle_forwarder_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_material" ADD CONSTRAINT "vehicle_material_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_purpose" ADD CONSTRAINT "vehicle_purpose_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_type" ADD CONSTRAINT "vehicle_type_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_advice_category_name_uq" ON "vehicle_advice_category" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_forwarder_name_uq" ON "vehicle_forwarder" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_material_name_uq" ON "vehicle_material" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_purpose_name_uq" ON "vehicle_purpose" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_type_name_uq" ON "vehicle_type" USING btree ("site_id","name");--> statement-breakpoint
-- Names sort in Czech (0004_czech_collation).
ALTER TABLE "vehicle_advice_category" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "vehicle_forwarder" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "vehicle_material" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "vehicle_purpose" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "vehicle_type" ALTER COLUMN "name" TYPE text COLLATE "czech";
