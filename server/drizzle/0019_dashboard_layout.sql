CREATE TABLE "dashboard_layout" (
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"widgets" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_layout_site_id_user_id_pk" PRIMARY KEY("site_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_layout" ADD CONSTRAINT "dashboard_layout_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layout" ADD CONSTRAINT "dashboard_layout_user_id_access_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."access_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_layout_user_idx" ON "dashboard_layout" USING btree ("user_id");