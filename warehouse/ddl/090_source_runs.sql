-- 090: the source mode and outcome of every ingest run, recorded as configured (issue 22).
-- Before this, a day's mode was inferred from its rows (staging.listings), so a live day that fetched nothing
-- was labelled sample. Existing days are seeded once from their raw rows' source_mode (run_id 'before-090').
CREATE TABLE raw.source_runs (
    snapshot_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    run_id VARCHAR NOT NULL,
    source_mode VARCHAR NOT NULL,
    outcome VARCHAR NOT NULL,
    rows_loaded INTEGER,
    errors INTEGER,
    message VARCHAR,
    started_at TIMESTAMP,
    finished_at TIMESTAMP NOT NULL
);
COMMENT ON TABLE raw.source_runs IS 'One row per ingest asset run: the source mode it was configured with and how it went. A day''s source mode is that of its newest eBay run that did not fail (warehouse.source_runs.day_source_mode).';
COMMENT ON COLUMN raw.source_runs.snapshot_date IS 'Partition the run ingested.';
COMMENT ON COLUMN raw.source_runs.source IS 'ebay, retailers or spec_sheets (the ingest asset).';
COMMENT ON COLUMN raw.source_runs.run_id IS 'Dagster run id (before-090 for days seeded by the migration).';
COMMENT ON COLUMN raw.source_runs.source_mode IS 'live or sample, as configured for the run (GPU_MARKET_SOURCE, or live when eBay keys are set); never inferred from rows.';
COMMENT ON COLUMN raw.source_runs.outcome IS 'ok, partial (some queries or pages failed, or the call budget ran out) or failed (source stopped, or nothing arrived).';
COMMENT ON COLUMN raw.source_runs.rows_loaded IS 'Rows the run fetched.';
COMMENT ON COLUMN raw.source_runs.errors IS 'Rows the run wrote to raw.ingest_errors.';
COMMENT ON COLUMN raw.source_runs.message IS 'One sentence on how it went; for a failed eBay run the reason the day failed.';
COMMENT ON COLUMN raw.source_runs.started_at IS 'When the asset started (UTC).';
COMMENT ON COLUMN raw.source_runs.finished_at IS 'When its writes were committed (UTC).';

INSERT INTO raw.source_runs
SELECT snapshot_date, 'ebay', 'before-090', min(source_mode), 'ok', count(*)::INTEGER, NULL,
       'seeded by migration 090 from raw.ebay_listings', NULL, coalesce(max(fetched_at), snapshot_date::TIMESTAMP)
FROM raw.ebay_listings GROUP BY snapshot_date;

COMMENT ON COLUMN raw.ingest_errors.error_kind IS 'http_status, timeout, transport, malformed_json, layout_changed, budget_exhausted, robots_disallowed, page_loop, too_large; auth_refused (credentials refused: the source stopped for the run) and host_down (too many failures in a row on one host: the source stopped), whose reason ends with how many queries or pages were not run.';
