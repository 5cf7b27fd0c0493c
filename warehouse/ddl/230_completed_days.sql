-- 230: a day counts as stored only when all of it is stored (issue 40). Before this, a day was taken as stored
-- once its eBay run had not failed, so a first run killed (or a disk that filled) after a day's listings and
-- before its marts left holes that no later run filled. A row here is written after the whole run of a day
-- committed, and removed before a day is run again. Existing days whose listings, staging and prices are all
-- present are seeded once (run_id 'before-230').
CREATE TABLE raw.completed_days (
    snapshot_date DATE NOT NULL,
    scope VARCHAR NOT NULL,
    run_id VARCHAR NOT NULL,
    source_mode VARCHAR,
    completed_at TIMESTAMP NOT NULL
);
COMMENT ON TABLE raw.completed_days IS 'One row per day whose every table was written by one completed run (warehouse.completed_days): what `make run`, the sample history and `make backfill` read to decide that a day needs no more work. Removed before a day is run again.';
COMMENT ON COLUMN raw.completed_days.snapshot_date IS 'The day.';
COMMENT ON COLUMN raw.completed_days.scope IS 'day (the whole daily job), trends (an earlier sample day: listings through staging and the listing marts) or seeded (by migration 230 from the rows present).';
COMMENT ON COLUMN raw.completed_days.run_id IS 'Dagster run id of the run that completed the day (for trends, the range run of the listing marts).';
COMMENT ON COLUMN raw.completed_days.source_mode IS 'live or sample, as configured for that run.';
COMMENT ON COLUMN raw.completed_days.completed_at IS 'When the run completed (UTC).';

INSERT INTO raw.completed_days
SELECT r.snapshot_date, 'seeded', 'before-230', NULL, now()::TIMESTAMP
FROM (SELECT DISTINCT snapshot_date FROM raw.ebay_listings) r
WHERE r.snapshot_date IN (SELECT snapshot_date FROM staging.listings)
  AND r.snapshot_date IN (SELECT snapshot_date FROM marts.price_daily)
  AND r.snapshot_date IN (SELECT snapshot_date FROM marts.gpu_value);
