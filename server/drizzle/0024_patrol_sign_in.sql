CREATE TABLE "patrol_sign_in" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patrol_sign_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"guard_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patrol_instance" ADD COLUMN "offline_window_seconds" integer;--> statement-breakpoint
ALTER TABLE "patrol_sign_in" ADD CONSTRAINT "patrol_sign_in_site_id_system_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."system_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_sign_in" ADD CONSTRAINT "patrol_sign_in_client_id_system_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_sign_in" ADD CONSTRAINT "patrol_sign_in_guard_id_patrol_guard_id_fk" FOREIGN KEY ("guard_id") REFERENCES "public"."patrol_guard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_sign_in_token_uq" ON "patrol_sign_in" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "patrol_sign_in_client_idx" ON "patrol_sign_in" USING btree ("client_id","expires_at");