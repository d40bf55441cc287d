CREATE TABLE "abandoned_cart_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sms" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "abandoned_cart_settings_one_row" CHECK ("abandoned_cart_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"order_id" integer NOT NULL,
	"cart_updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "cart_reminders_order_id_cart_updated_at_pk" PRIMARY KEY("order_id","cart_updated_at")
);
--> statement-breakpoint
CREATE TABLE "price_watches" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_piastres" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_watches_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shopper_alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"price_drops" boolean DEFAULT false NOT NULL,
	"channel" varchar(10) DEFAULT 'sms' NOT NULL,
	"price_drop_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shopper_alert_settings_channel_check" CHECK ("shopper_alert_settings"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "abandoned_cart_settings" ADD CONSTRAINT "abandoned_cart_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_favorite_fk" FOREIGN KEY ("user_id","product_id") REFERENCES "public"."favorites"("user_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_alert_settings" ADD CONSTRAINT "shopper_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_alert_settings_price_drops_idx" ON "shopper_alert_settings" USING btree ("user_id") WHERE price_drops;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_uq" ON "stock_alerts" USING btree ("user_id","product_id") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_product_idx" ON "stock_alerts" USING btree ("product_id","id") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "orders_cart_untouched_idx" ON "orders" USING btree ("updated_at","id") WHERE status = 'cart';