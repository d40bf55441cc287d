CREATE TABLE "cod_settlement_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" varchar(20) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"rows" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"courier" varchar(20) NOT NULL,
	"shipment_id" integer,
	"tracking_number" varchar(60) NOT NULL,
	"business_reference" varchar(80),
	"collected_piastres" bigint NOT NULL,
	"settled_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_settlements_collected_ck" CHECK ("cod_settlements"."collected_piastres" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cod_settlement_files" ADD CONSTRAINT "cod_settlement_files_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_settlements" ADD CONSTRAINT "cod_settlements_file_id_cod_settlement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."cod_settlement_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_settlements" ADD CONSTRAINT "cod_settlements_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_settlement_files_sha_uq" ON "cod_settlement_files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_settlements_parcel_uq" ON "cod_settlements" USING btree ("courier","tracking_number");--> statement-breakpoint
CREATE INDEX "cod_settlements_shipment_idx" ON "cod_settlements" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "cod_settlements_day_idx" ON "cod_settlements" USING btree ("settled_on");