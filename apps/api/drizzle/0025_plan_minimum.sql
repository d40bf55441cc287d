-- A plan's smallest amount (issue 43: installments were offered on a 279 EGP flash drive). Plans already there keep
-- 0, "any amount", until the owner sets one in the back office; the demo's seed gives its plans 1,000-3,000 EGP.
ALTER TABLE "bank_installments" ADD COLUMN "minimum_piastres" integer DEFAULT 0 NOT NULL;
