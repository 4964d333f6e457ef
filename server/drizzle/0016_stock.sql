CREATE TABLE "overdue_digest" (
	"module" text NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_digest_module_site_id_day_pk" PRIMARY KEY("module","site_id","day")
);
--> statement-breakpoint
CREATE TABLE "stock_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"note" text,
	"issue_document" boolean DEFAULT false NOT NULL,
	"return_document" boolean DEFAULT false NOT NULL,
	"max_lending_hours" integer
);
--> statement-breakpoint
CREATE TABLE "stock_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"type" text DEFAULT 'BATCH' NOT NULL,
	"minimum" numeric(15, 3),
	"current" numeric(18, 3) DEFAULT '0' NOT NULL,
	"below_minimum" boolean DEFAULT false NOT NULL,
	"price" numeric(15, 3),
	"description" text,
	"valid" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stock_item_current_not_negative" CHECK ("stock_item"."current" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_level" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_level_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"current" numeric(18, 3) DEFAULT '0' NOT NULL,
	"minimum" numeric(15, 3),
	"below_minimum" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stock_level_current_not_negative" CHECK ("stock_level"."current" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"movement_time" timestamp with time zone NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"units" numeric(15, 3) NOT NULL,
	"type" text DEFAULT 'STOCK_OPERATION' NOT NULL,
	"serial" text,
	"person_id" integer,
	"due" timestamp with time zone,
	"returned" boolean DEFAULT false NOT NULL,
	"returned_at" timestamp with time zone,
	"return_of_id" integer,
	"user_id" integer,
	"note" text,
	"overdue_notified_at" timestamp with time zone,
	CONSTRAINT "stock_movement_units_not_zero" CHECK ("stock_movement"."units" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_serial" (
	"site_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"serial" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	CONSTRAINT "stock_serial_item_id_serial_pk" PRIMARY KEY("item_id","serial")
);
--> statement-breakpoint
CREATE TABLE "stock_taking_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_taking_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"taking_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"counted" numeric(15, 3) NOT NULL,
	"expected" numeric(18, 3),
	"difference" numeric(18, 3)
);
--> statement-breakpoint
CREATE TABLE "stock_taking" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_taking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"warehouse_id" integer,
	"user_id" integer,
	"created" timestamp with time zone NOT NULL,
	"closed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_mu" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_mu_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"abbreviation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_warehouse" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_warehouse_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "overdue_digest" ADD CONSTRAINT "overdue_digest_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_category" ADD CONSTRAINT "stock_category_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item" ADD CONSTRAINT "stock_item_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item" ADD CONSTRAINT "stock_item_category_id_stock_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."stock_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item" ADD CONSTRAINT "stock_item_unit_id_stock_mu_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."stock_mu"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_level" ADD CONSTRAINT "stock_level_warehouse_id_stock_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_warehouse_id_stock_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_return_of_id_stock_movement_id_fk" FOREIGN KEY ("return_of_id") REFERENCES "public"."stock_movement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serial" ADD CONSTRAINT "stock_serial_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serial" ADD CONSTRAINT "stock_serial_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serial" ADD CONSTRAINT "stock_serial_warehouse_id_stock_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking_line" ADD CONSTRAINT "stock_taking_line_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking_line" ADD CONSTRAINT "stock_taking_line_taking_id_stock_taking_id_fk" FOREIGN KEY ("taking_id") REFERENCES "public"."stock_taking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking_line" ADD CONSTRAINT "stock_taking_line_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking_line" ADD CONSTRAINT "stock_taking_line_warehouse_id_stock_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking" ADD CONSTRAINT "stock_taking_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking" ADD CONSTRAINT "stock_taking_warehouse_id_stock_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_warehouse"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_taking" ADD CONSTRAINT "stock_taking_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_mu" ADD CONSTRAINT "stock_mu_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_warehouse" ADD CONSTRAINT "stock_warehouse_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_category_name_uq" ON "stock_category" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_item_code_uq" ON "stock_item" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "stock_item_name_idx" ON "stock_item" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "stock_item_below_minimum_idx" ON "stock_item" USING btree ("site_id","below_minimum","code");--> statement-breakpoint
CREATE INDEX "stock_item_category_idx" ON "stock_item" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stock_item_unit_idx" ON "stock_item" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_level_item_warehouse_uq" ON "stock_level" USING btree ("item_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_level_warehouse_idx" ON "stock_level" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_level_below_minimum_idx" ON "stock_level" USING btree ("item_id") WHERE "stock_level"."below_minimum";--> statement-breakpoint
CREATE INDEX "stock_level_site_idx" ON "stock_level" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stock_movement_site_time_idx" ON "stock_movement" USING btree ("site_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movement_item_time_idx" ON "stock_movement" USING btree ("site_id","item_id","movement_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movement_open_lending_idx" ON "stock_movement" USING btree ("site_id","due") WHERE "stock_movement"."type" in ('LONG_TERM', 'SHORT_TERM') and "stock_movement"."return_of_id" is null and not "stock_movement"."returned";--> statement-breakpoint
CREATE INDEX "stock_movement_return_of_idx" ON "stock_movement" USING btree ("return_of_id") WHERE "stock_movement"."return_of_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movement_warehouse_idx" ON "stock_movement" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movement_person_idx" ON "stock_movement" USING btree ("person_id") WHERE "stock_movement"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_serial_warehouse_idx" ON "stock_serial" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_serial_site_idx" ON "stock_serial" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_taking_line_uq" ON "stock_taking_line" USING btree ("taking_id","item_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_taking_line_item_idx" ON "stock_taking_line" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_taking_line_warehouse_idx" ON "stock_taking_line" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_taking_line_site_idx" ON "stock_taking_line" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stock_taking_site_created_idx" ON "stock_taking" USING btree ("site_id","created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_taking_warehouse_idx" ON "stock_taking" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_mu_name_uq" ON "stock_mu" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_warehouse_name_uq" ON "stock_warehouse" USING btree ("site_id","name");--> statement-breakpoint
INSERT INTO "overdue_digest" ("module", "site_id", "day", "sent_at") SELECT 'MOD_KM', "site_id", "day", "sent_at" FROM "km_digest";--> statement-breakpoint
DROP TABLE "km_digest" CASCADE;--> statement-breakpoint
ALTER TABLE "stock_category" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "stock_mu" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "stock_warehouse" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "stock_item" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "stock_taking" ALTER COLUMN "name" TYPE text COLLATE "czech";
