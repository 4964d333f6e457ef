ALTER TABLE "system_email" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
ALTER TABLE "system_sms" ADD COLUMN "secrets" jsonb;