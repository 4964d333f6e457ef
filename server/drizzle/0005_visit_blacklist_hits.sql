CREATE TABLE "visit_blacklist_hit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_blacklist_hit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"list" text NOT NULL,
	"matched_by" text,
	"value" text,
	"blacklist_id" integer,
	"reason" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "visit_blacklist_hit" ADD CONSTRAINT "visit_blacklist_hit_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_blacklist_hit" ADD CONSTRAINT "visit_blacklist_hit_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_blacklist_hit" ADD CONSTRAINT "visit_blacklist_hit_blacklist_id_blacklist_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."blacklist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_blacklist_hit_visit_idx" ON "visit_blacklist_hit" USING btree ("visit_id");