ALTER TABLE "stock_category" ADD COLUMN "handover_document_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "document_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_category" ADD CONSTRAINT "stock_category_handover_document_id_signature_document_id_fk" FOREIGN KEY ("handover_document_id") REFERENCES "public"."signature_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_document_id_signature_signed_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_signed"("id") ON DELETE no action ON UPDATE no action;