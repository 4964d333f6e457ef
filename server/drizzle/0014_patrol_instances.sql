CREATE TABLE "patrol_instance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_instance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"client_patrol_id" uuid NOT NULL,
	"route_id" integer NOT NULL,
	"guard_id" integer NOT NULL,
	"terminal_id" integer,
	"client_id" integer,
	"started" timestamp with time zone NOT NULL,
	"finished" timestamp with time zone,
	"in_progress" boolean DEFAULT true NOT NULL,
	"finished_by_id" integer,
	"route_name" text NOT NULL,
	"ordered" boolean NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkpoint_count" integer DEFAULT 0 NOT NULL,
	"scanned_count" integer DEFAULT 0 NOT NULL,
	"incident_count" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"integrity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clock_skew_seconds" integer,
	"clock_skew_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patrol_route_interval" (
	"site_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"from_checkpoint_id" integer NOT NULL,
	"to_checkpoint_id" integer NOT NULL,
	"fastest_seconds" integer NOT NULL,
	CONSTRAINT "patrol_route_interval_route_id_from_checkpoint_id_to_checkpoint_id_pk" PRIMARY KEY("route_id","from_checkpoint_id","to_checkpoint_id")
);
--> statement-breakpoint
CREATE TABLE "patrol_scan" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_scan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"checkpoint_id" integer,
	"tag_id" text NOT NULL,
	"method" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"route_position" integer,
	"out_of_order" boolean DEFAULT false NOT NULL,
	"duplicate" boolean DEFAULT false NOT NULL,
	"too_fast" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_task_done" (
	"site_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"index" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "patrol_task_done_instance_id_index_pk" PRIMARY KEY("instance_id","index")
);
--> statement-breakpoint
CREATE TABLE "patrol_terminal_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_terminal_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"instance_id" integer,
	"incident_id" integer,
	"checkpoint_id" integer,
	"attachment_id" integer,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_route_id_patrol_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."patrol_route"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_guard_id_patrol_guard_id_fk" FOREIGN KEY ("guard_id") REFERENCES "public"."patrol_guard"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_terminal_id_patrol_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."patrol_terminal"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD CONSTRAINT "patrol_instance_finished_by_id_access_user_id_fk" FOREIGN KEY ("finished_by_id") REFERENCES "public"."access_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_interval" ADD CONSTRAINT "patrol_route_interval_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_interval" ADD CONSTRAINT "patrol_route_interval_route_id_patrol_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."patrol_route"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_interval" ADD CONSTRAINT "patrol_route_interval_from_checkpoint_id_patrol_checkpoint_id_fk" FOREIGN KEY ("from_checkpoint_id") REFERENCES "public"."patrol_checkpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_route_interval" ADD CONSTRAINT "patrol_route_interval_to_checkpoint_id_patrol_checkpoint_id_fk" FOREIGN KEY ("to_checkpoint_id") REFERENCES "public"."patrol_checkpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_scan" ADD CONSTRAINT "patrol_scan_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_scan" ADD CONSTRAINT "patrol_scan_instance_id_patrol_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."patrol_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_scan" ADD CONSTRAINT "patrol_scan_checkpoint_id_patrol_checkpoint_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."patrol_checkpoint"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task_done" ADD CONSTRAINT "patrol_task_done_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task_done" ADD CONSTRAINT "patrol_task_done_instance_id_patrol_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."patrol_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_instance_id_patrol_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."patrol_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_checkpoint_id_patrol_checkpoint_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."patrol_checkpoint"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_terminal_event" ADD CONSTRAINT "patrol_terminal_event_attachment_id_incident_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."incident_attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_instance_client_uq" ON "patrol_instance" USING btree ("site_id","client_patrol_id");--> statement-breakpoint
CREATE INDEX "patrol_instance_progress_idx" ON "patrol_instance" USING btree ("site_id","in_progress","started" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patrol_instance_started_idx" ON "patrol_instance" USING btree ("site_id","started" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patrol_instance_finished_idx" ON "patrol_instance" USING btree ("site_id","finished" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patrol_instance_route_idx" ON "patrol_instance" USING btree ("route_id","started" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patrol_instance_guard_idx" ON "patrol_instance" USING btree ("guard_id","started" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patrol_instance_terminal_idx" ON "patrol_instance" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "patrol_scan_instance_idx" ON "patrol_scan" USING btree ("instance_id","time","id");--> statement-breakpoint
CREATE INDEX "patrol_scan_checkpoint_idx" ON "patrol_scan" USING btree ("checkpoint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_terminal_event_uq" ON "patrol_terminal_event" USING btree ("client_id","event_id");--> statement-breakpoint
CREATE INDEX "patrol_terminal_event_instance_idx" ON "patrol_terminal_event" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "patrol_terminal_event_incident_idx" ON "patrol_terminal_event" USING btree ("incident_id") WHERE "patrol_terminal_event"."incident_id" is not null;--> statement-breakpoint
ALTER TABLE "patrol_instance" ALTER COLUMN "route_name" TYPE text COLLATE "czech";
