CREATE TABLE "patrol_checkpoint" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_checkpoint_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"tag_id" text NOT NULL,
	"description" text,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_guard" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_guard_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"pin_hash" text,
	"pin_set" boolean DEFAULT false NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_route_checkpoint" (
	"route_id" integer NOT NULL,
	"checkpoint_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "patrol_route_checkpoint_route_id_checkpoint_id_pk" PRIMARY KEY("route_id","checkpoint_id")
);
--> statement-breakpoint
CREATE TABLE "patrol_route" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_route_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"ordered" boolean DEFAULT false NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"notification_emails" text,
	"report" boolean DEFAULT false NOT NULL,
	"description" text,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_terminal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_terminal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"uuid" text NOT NULL,
	"pin_set" boolean DEFAULT true NOT NULL,
	"description" text,
	"client_id" integer
);
--> statement-breakpoint
ALTER TABLE "patrol_checkpoint" ADD CONSTRAINT "patrol_checkpoint_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_guard" ADD CONSTRAINT "patrol_guard_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_guard" ADD CONSTRAINT "patrol_guard_person_id_system_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."system_person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_checkpoint" ADD CONSTRAINT "patrol_route_checkpoint_route_id_patrol_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."patrol_route"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_checkpoint" ADD CONSTRAINT "patrol_route_checkpoint_checkpoint_id_patrol_checkpoint_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."patrol_checkpoint"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route" ADD CONSTRAINT "patrol_route_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal" ADD CONSTRAINT "patrol_terminal_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal" ADD CONSTRAINT "patrol_terminal_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_checkpoint_tag_uq" ON "patrol_checkpoint" USING btree ("site_id","tag_id");--> statement-breakpoint
CREATE INDEX "patrol_checkpoint_name_idx" ON "patrol_checkpoint" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_guard_person_uq" ON "patrol_guard" USING btree ("site_id","person_id");--> statement-breakpoint
CREATE INDEX "patrol_route_checkpoint_checkpoint_idx" ON "patrol_route_checkpoint" USING btree ("checkpoint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_route_name_uq" ON "patrol_route" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_terminal_name_uq" ON "patrol_terminal" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_terminal_uuid_uq" ON "patrol_terminal" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_terminal_client_uq" ON "patrol_terminal" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "patrol_checkpoint" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "patrol_route" ALTER COLUMN "name" TYPE text COLLATE "czech";--> statement-breakpoint
ALTER TABLE "patrol_terminal" ALTER COLUMN "name" TYPE text COLLATE "czech";
