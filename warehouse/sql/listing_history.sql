-- Fold one snapshot date (parameter $day) of staging.listings into staging.listing_history.
-- Incremental: touches only the listings seen that day, so the cost does not grow with the history.
-- Re-running a day is safe: a day already folded in (day <= last_seen) leaves the row unchanged, and
-- a backfilled day earlier than first_seen widens first_seen. Dates between first and last seen that
-- are backfilled later adjust days_seen and min/max but not the change count (documented in README).
INSERT INTO staging.listing_history BY NAME
SELECT source, listing_id, model_id, condition, title,
       snapshot_date AS first_seen, snapshot_date AS last_seen, 1 AS days_listed, 1 AS days_seen,
       total_price AS first_price, total_price AS last_price, total_price AS min_price, total_price AS max_price,
       0 AS price_changes, source_mode
FROM staging.listings WHERE snapshot_date = $day
ON CONFLICT (source, listing_id) DO UPDATE SET
    model_id = CASE WHEN EXCLUDED.last_seen >= last_seen THEN EXCLUDED.model_id ELSE model_id END,
    condition = CASE WHEN EXCLUDED.last_seen >= last_seen THEN EXCLUDED.condition ELSE condition END,
    title = CASE WHEN EXCLUDED.last_seen >= last_seen THEN EXCLUDED.title ELSE title END,
    source_mode = CASE WHEN EXCLUDED.last_seen >= last_seen THEN EXCLUDED.source_mode ELSE source_mode END,
    price_changes = price_changes + CASE WHEN EXCLUDED.last_seen > last_seen
                                          AND EXCLUDED.last_price IS DISTINCT FROM last_price THEN 1 ELSE 0 END,
    days_seen = days_seen + CASE WHEN EXCLUDED.last_seen > last_seen OR EXCLUDED.first_seen < first_seen THEN 1 ELSE 0 END,
    first_price = CASE WHEN EXCLUDED.first_seen < first_seen THEN EXCLUDED.first_price ELSE first_price END,
    last_price = CASE WHEN EXCLUDED.last_seen >= last_seen THEN EXCLUDED.last_price ELSE last_price END,
    min_price = least(min_price, EXCLUDED.min_price),
    max_price = greatest(max_price, EXCLUDED.max_price),
    first_seen = least(first_seen, EXCLUDED.first_seen),
    last_seen = greatest(last_seen, EXCLUDED.last_seen),
    days_listed = CAST(date_diff('day', least(first_seen, EXCLUDED.first_seen), greatest(last_seen, EXCLUDED.last_seen)) + 1 AS INTEGER);
