ALTER TABLE "bank_installments" ADD COLUMN "fee_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Product cards show the lowest monthly amount over the plans (issue 16): a bank or a plan changed moves the
-- catalog's version, so every instance recomputes it (decision 009).
CREATE TRIGGER banks_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banks
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER bank_installments_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bank_installments
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
