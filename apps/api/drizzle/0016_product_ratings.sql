CREATE TABLE "product_ratings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A rating of an order counts for every product of that order (issue 16). The trigger keeps the sums as ratings
-- come and go (an order deleted takes its rating along); what was rated before this migration is counted once.
CREATE FUNCTION product_ratings_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_ratings (product_id, rating_sum, rating_count)
      SELECT DISTINCT op.product_id, NEW.rating, 1 FROM order_products op WHERE op.order_id = NEW.order_id
    ON CONFLICT (product_id) DO UPDATE
      SET rating_sum = product_ratings.rating_sum + EXCLUDED.rating_sum,
          rating_count = product_ratings.rating_count + 1;
    RETURN NEW;
  END IF;
  UPDATE product_ratings pr SET rating_sum = pr.rating_sum - OLD.rating, rating_count = pr.rating_count - 1
    WHERE pr.product_id IN (SELECT op.product_id FROM order_products op WHERE op.order_id = OLD.order_id);
  DELETE FROM product_ratings WHERE rating_count <= 0;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER ratings_product_ratings AFTER INSERT OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION product_ratings_follow();
--> statement-breakpoint
INSERT INTO product_ratings (product_id, rating_sum, rating_count)
  SELECT op.product_id, sum(r.rating), count(*) FROM ratings r JOIN order_products op ON op.order_id = r.order_id
  GROUP BY op.product_id;
