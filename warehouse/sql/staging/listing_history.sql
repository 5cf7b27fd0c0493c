-- Fold one snapshot date (parameter $day) of staging.listings into staging.listing_history.
-- Incremental: changes only the listings seen that day (the join scans the history once, cheaply).
-- Re-running a day is safe: a day already folded in (day <= last_seen) leaves the row unchanged, and
-- a backfilled day earlier than first_seen widens first_seen. Dates between first and last seen that
-- are backfilled later adjust days_seen and min/max but not the change count (documented in README).
-- A MERGE, not INSERT ... ON CONFLICT: the table has no primary-key index to conflict on (ddl/070;
-- the index's upkeep grew with the history). staging.listings holds one row per listing and day
-- (warehouse.keys), so each history row is matched at most once.
MERGE INTO staging.listing_history AS h
USING (SELECT source, listing_id, model_id, condition, title, snapshot_date, total_price, source_mode
       FROM staging.listings WHERE snapshot_date = $day) AS d
ON h.source = d.source AND h.listing_id = d.listing_id
WHEN MATCHED THEN UPDATE SET
    model_id = CASE WHEN d.snapshot_date >= h.last_seen THEN d.model_id ELSE h.model_id END,
    condition = CASE WHEN d.snapshot_date >= h.last_seen THEN d.condition ELSE h.condition END,
    title = CASE WHEN d.snapshot_date >= h.last_seen THEN d.title ELSE h.title END,
    source_mode = CASE WHEN d.snapshot_date >= h.last_seen THEN d.source_mode ELSE h.source_mode END,
    price_changes = h.price_changes + CASE WHEN d.snapshot_date > h.last_seen
                                            AND d.total_price IS DISTINCT FROM h.last_price THEN 1 ELSE 0 END,
    days_seen = h.days_seen + CASE WHEN d.snapshot_date > h.last_seen OR d.snapshot_date < h.first_seen THEN 1 ELSE 0 END,
    first_price = CASE WHEN d.snapshot_date < h.first_seen THEN d.total_price ELSE h.first_price END,
    last_price = CASE WHEN d.snapshot_date >= h.last_seen THEN d.total_price ELSE h.last_price END,
    min_price = least(h.min_price, d.total_price),
    max_price = greatest(h.max_price, d.total_price),
    first_seen = least(h.first_seen, d.snapshot_date),
    last_seen = greatest(h.last_seen, d.snapshot_date),
    days_listed = CAST(date_diff('day', least(h.first_seen, d.snapshot_date), greatest(h.last_seen, d.snapshot_date)) + 1 AS INTEGER)
WHEN NOT MATCHED THEN INSERT (source, listing_id, model_id, condition, title, first_seen, last_seen, days_listed,
                              days_seen, first_price, last_price, min_price, max_price, price_changes, source_mode)
    VALUES (d.source, d.listing_id, d.model_id, d.condition, d.title, d.snapshot_date, d.snapshot_date, 1, 1,
            d.total_price, d.total_price, d.total_price, d.total_price, 0, d.source_mode);
