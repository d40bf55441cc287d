CREATE TABLE "order_return_lines" (
	"return_id" integer NOT NULL,
	"order_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_return_id_order_product_id_pk" PRIMARY KEY("return_id","order_product_id"),
	CONSTRAINT "order_return_lines_quantity_ck" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"reason" varchar(30) NOT NULL,
	"details" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"pickup_courier" varchar(20),
	"pickup_carrier_name" varchar(80),
	"pickup_tracking_number" varchar(60),
	"pickup_courier_id" varchar(80),
	"pickup_booked_at" timestamp with time zone,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"refund_piastres" bigint,
	"refund_method" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_ck" CHECK ("order_returns"."status" in ('requested', 'approved', 'refused', 'refunded')),
	CONSTRAINT "order_returns_refund_method_ck" CHECK ("order_returns"."refund_method" is null or "order_returns"."refund_method" in ('gateway', 'by_hand', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_received_by_staff_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_line_idx" ON "order_return_lines" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","id");