CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"state_code" integer NOT NULL,
	"state_name" varchar(60) NOT NULL,
	"effect" varchar(20) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text,
	"cod_collected_piastres" bigint,
	"applied" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" varchar(20) NOT NULL,
	"carrier_name" varchar(80),
	"courier_shipment_id" varchar(80),
	"tracking_number" varchar(60) NOT NULL,
	"status" varchar(20) DEFAULT 'created' NOT NULL,
	"cod_piastres" bigint DEFAULT 0 NOT NULL,
	"cod_collected_piastres" bigint,
	"label_printed_at" timestamp with time zone,
	"last_state_code" integer,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_courier_ck" CHECK ("shipments"."courier" in ('manual', 'bosta')),
	CONSTRAINT "shipments_status_ck" CHECK ("shipments"."status" in ('created', 'delivering', 'delivered', 'returned', 'canceled')),
	CONSTRAINT "shipments_cod_ck" CHECK ("shipments"."cod_piastres" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_once_uq" ON "shipment_events" USING btree ("shipment_id","state_code","occurred_at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_tracking_uq" ON "shipments" USING btree ("courier","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");