-- Decision 048. What a card shows that moves without the catalog version (its live columns: a product's stock, its
-- rating) moves this sequence, once per statement that may change it. The embedded database's thread reads it after
-- each write (pglite-worker.mjs `live`): while it stays, a guest's page answers the stock and rating it read last
-- from memory (catalog/live-memo.ts), with no statement and no wait behind a write under way. A write that changes
-- neither (a bulk price change, the rate limits, the outbox) leaves it. A sequence, not a row: nextval takes no lock
-- (orders on PostgreSQL do not queue on it) and is not undone by a rollback (counted then too: never assumed away).
CREATE SEQUENCE "live_changes";
--> statement-breakpoint
CREATE FUNCTION live_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('live_changes');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_live_stock AFTER UPDATE OF stock ON products
  FOR EACH STATEMENT EXECUTE FUNCTION live_changed();
--> statement-breakpoint
CREATE TRIGGER products_live_rows AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION live_changed();
--> statement-breakpoint
CREATE TRIGGER product_ratings_live AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION live_changed();
