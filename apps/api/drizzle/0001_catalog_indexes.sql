CREATE TABLE "catalog_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_on_offer_idx" ON "products" USING btree ("current_price_piastres","id","stock","created_at","featured") WHERE active and promotion_id is not null and current_price_piastres < price_piastres;--> statement-breakpoint
CREATE INDEX "products_featured_id_idx" ON "products" USING btree ("featured","id");--> statement-breakpoint
CREATE INDEX "products_repriced_idx" ON "products" USING btree ("id") WHERE current_price_piastres <> price_piastres;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","current_price_piastres","id","stock","created_at","featured") WHERE active;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","current_price_piastres","id","stock","created_at","featured") WHERE active;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("current_price_piastres","id") WHERE active;