-- Recompute from staging.listings the history rows of every listing seen on $day, exactly, whatever order
-- the days were folded in. Used when $day is not later than every day already folded for those listings (a
-- backfilled, late or re-run day); listing_history.sql's MERGE is the fast path for a new day and gives the
-- same rows (price_changes counts the observed days whose price differs from the observed day before).
DELETE FROM staging.listing_history AS h
USING (SELECT DISTINCT source, listing_id FROM staging.listings WHERE snapshot_date = $day) AS d
WHERE h.source = d.source AND h.listing_id = d.listing_id;

INSERT INTO staging.listing_history BY NAME
SELECT source, listing_id,
       arg_max_null(model_id, snapshot_date) AS model_id,
       arg_max_null(condition, snapshot_date) AS condition,
       arg_max_null(title, snapshot_date) AS title,
       min(snapshot_date) AS first_seen,
       max(snapshot_date) AS last_seen,
       CAST(date_diff('day', min(snapshot_date), max(snapshot_date)) + 1 AS INTEGER) AS days_listed,
       CAST(count(*) AS INTEGER) AS days_seen,
       arg_min_null(total_price, snapshot_date) AS first_price,
       arg_max_null(total_price, snapshot_date) AS last_price,
       min(total_price) AS min_price,
       max(total_price) AS max_price,
       CAST(sum(changed) AS INTEGER) AS price_changes,
       arg_max_null(source_mode, snapshot_date) AS source_mode
FROM (
    SELECT l.source, l.listing_id, l.model_id, l.condition, l.title, l.snapshot_date, l.total_price, l.source_mode,
           CASE WHEN lag(l.snapshot_date) OVER w IS NOT NULL
                     AND l.total_price IS DISTINCT FROM lag(l.total_price) OVER w THEN 1 ELSE 0 END AS changed
    FROM staging.listings AS l
    SEMI JOIN (SELECT source, listing_id FROM staging.listings WHERE snapshot_date = $day) AS d
        ON l.source = d.source AND l.listing_id = d.listing_id
    WINDOW w AS (PARTITION BY l.source, l.listing_id ORDER BY l.snapshot_date)
)
GROUP BY source, listing_id;
