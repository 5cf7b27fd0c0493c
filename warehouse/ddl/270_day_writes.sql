-- 270: when each day of the tables that later days read was written, kept in the warehouse (issues 38, 40).
-- Before this, which later days a re-run made stale was read from the Dagster instance's materialization
-- records, so it held only while dagster_home/ matched the warehouse file (a restored, copied or rebuilt
-- file, a wiped dagster_home/). Seeded once from raw.completed_days for the days already present.
CREATE TABLE raw.day_writes (
    table_name VARCHAR NOT NULL,
    snapshot_date DATE NOT NULL,
    first_written_at TIMESTAMP NOT NULL,
    written_at TIMESTAMP NOT NULL,
    run_id VARCHAR
);
COMMENT ON TABLE raw.day_writes IS 'One row per table and day: when the day of staging.listings, marts.price_daily or marts.deals was first and last written (warehouse.day_writes). pipelines/defs/stale_days.py reads it to find later days computed before a day they read changed.';
COMMENT ON COLUMN raw.day_writes.table_name IS 'schema.table written: staging.listings, marts.price_daily or marts.deals.';
COMMENT ON COLUMN raw.day_writes.snapshot_date IS 'The day written.';
COMMENT ON COLUMN raw.day_writes.first_written_at IS 'When the day was first written (UTC); kept when it is written again.';
COMMENT ON COLUMN raw.day_writes.written_at IS 'When the day was last written (UTC).';
COMMENT ON COLUMN raw.day_writes.run_id IS 'Dagster run id of the last write (seeded-270 for rows seeded by this migration).';

INSERT INTO raw.day_writes
SELECT t.table_name, c.snapshot_date, c.completed_at, c.completed_at, 'seeded-270'
FROM (SELECT snapshot_date, max(completed_at) AS completed_at FROM raw.completed_days GROUP BY ALL) c
CROSS JOIN (VALUES ('staging.listings'), ('marts.price_daily'), ('marts.deals')) t(table_name);
