-- Rebuild staging.listing_history from staging.listings (all dates).
INSERT INTO staging.listing_history
WITH ordered AS (
    SELECT source, listing_id, snapshot_date, total_price, model_id, condition, title, source_mode,
           lag(total_price) OVER (PARTITION BY source, listing_id ORDER BY snapshot_date) AS prev_price,
           row_number() OVER (PARTITION BY source, listing_id ORDER BY snapshot_date DESC) AS newest
    FROM staging.listings
)
SELECT source, listing_id,
       any_value(model_id) FILTER (WHERE newest = 1),
       any_value(condition) FILTER (WHERE newest = 1),
       any_value(title) FILTER (WHERE newest = 1),
       min(snapshot_date), max(snapshot_date),
       CAST(date_diff('day', min(snapshot_date), max(snapshot_date)) + 1 AS INTEGER),
       CAST(count(*) AS INTEGER),
       arg_min(total_price, snapshot_date), arg_max(total_price, snapshot_date),
       min(total_price), max(total_price),
       CAST(count(*) FILTER (WHERE prev_price IS NOT NULL AND total_price IS DISTINCT FROM prev_price) AS INTEGER),
       any_value(source_mode) FILTER (WHERE newest = 1)
FROM ordered
GROUP BY source, listing_id;
