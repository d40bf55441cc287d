CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"reason" varchar(10) NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_piastres" integer DEFAULT 0 NOT NULL,
	"shipping_vat_piastres" integer DEFAULT 0 NOT NULL,
	"net_piastres" bigint NOT NULL,
	"vat_piastres" bigint NOT NULL,
	"gross_piastres" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_reason_ck" CHECK ("credit_notes"."reason" in ('refund', 'cancel'))
);
--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "net_piastres" bigint;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "vat_piastres" bigint;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "gross_piastres" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_piastres" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_vat_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate_bp" integer DEFAULT 1400 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_uq" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate_bp" between 0 and 10000);--> statement-breakpoint
-- Orders placed before VAT was recorded: every product was standard-rated (14%), so their lines' VAT is 14/114 of
-- what they charged, rounded to the piastre (the totals calculator's rule for a line alone); the order's is the sum.
UPDATE "order_products" SET "vat_rate_bp" = 1400,
	"gross_piastres" = "checkout_price_piastres"::bigint * "quantity",
	"vat_piastres" = round("checkout_price_piastres"::numeric * "quantity" * 1400 / 11400),
	"net_piastres" = "checkout_price_piastres"::bigint * "quantity" - round("checkout_price_piastres"::numeric * "quantity" * 1400 / 11400)
	WHERE "checkout_price_piastres" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "vat_piastres" = coalesce((SELECT sum(op."vat_piastres") FROM "order_products" op WHERE op."order_id" = o."id"), 0)
	WHERE o."status" NOT IN ('cart', 'awaiting_payment', 'abandoned');
