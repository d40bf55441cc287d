-- The share of the time an import's runner lets it work (IMPORT_PACE of the instance or worker that claimed it): its
-- card in the back office says it runs more slowly while shoppers browse only when it does (below 1).
ALTER TABLE "import_jobs" ADD COLUMN "pace" double precision;