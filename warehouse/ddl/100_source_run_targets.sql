-- 100: how much of its work each ingest run did (issue 16's completeness check reads it).
ALTER TABLE raw.source_runs ADD COLUMN IF NOT EXISTS targets INTEGER;
ALTER TABLE raw.source_runs ADD COLUMN IF NOT EXISTS targets_failed INTEGER;
COMMENT ON COLUMN raw.source_runs.targets IS 'What the run set out to fetch: eBay searches, retailer stores or spec pages.';
COMMENT ON COLUMN raw.source_runs.targets_failed IS 'Of those, how many failed or were not run (a stopped source, a used-up budget).';
