-- Recompute marts.listing_exits for the listings whose exit status the day can change: those seen on the day,
-- on the source's previous ingested day, and those whose recorded exit is the day. Exact whatever order the
-- days come in (like listing_history's refold): each listing's row is rebuilt from every day of
-- staging.listings. A day counts as ingested for a source and region when staging.listings has any row of
-- that source and region on it, so a store, or one eBay marketplace, that failed for a day does not make all
-- its listings leave.
-- An exit names its card (model_id) only when the listing counted toward that card's price on its last day: not
-- excluded, and its last price inside the outlier screen of marts.price_daily (transforms/price_daily.py: from
-- $screen_min priced listings of the day, model and price condition up, within $screen_low-$screen_high times
-- their median), per region. A "$1 placeholder, message me for price" that leaves is no card sold.

-- the price condition bucket, as marts.price_daily pools conditions (transforms/conditions.py: open box is new
-- unless configured otherwise; for parts and unknown are never priced)
CREATE OR REPLACE TEMP MACRO exit_bucket(condition, open_box_as_new) AS
    CASE WHEN condition = 'open_box' THEN (CASE WHEN open_box_as_new THEN 'new' ELSE 'open_box' END)
         WHEN condition IN ('new', 'used', 'refurbished') THEN condition END;

CREATE OR REPLACE TEMP TABLE exit_days AS
SELECT DISTINCT source, coalesce(region, 'US') AS region, snapshot_date FROM staging.listings;

CREATE OR REPLACE TEMP TABLE exit_affected AS
SELECT DISTINCT source, listing_id FROM staging.listings l
WHERE l.snapshot_date = $day
   OR l.snapshot_date = (SELECT max(d.snapshot_date) FROM exit_days d
                         WHERE d.source = l.source AND d.region = coalesce(l.region, 'US') AND d.snapshot_date < $day)
UNION
SELECT source, listing_id FROM marts.listing_exits WHERE exit_date = $day;

DELETE FROM marts.listing_exits AS e USING exit_affected AS a
WHERE e.source = a.source AND e.listing_id = a.listing_id;

INSERT INTO marts.listing_exits BY NAME
WITH seen AS (
    SELECT l.source, l.listing_id, min(l.snapshot_date) AS first_seen, max(l.snapshot_date) AS last_seen,
           arg_max_null(l.unit_price, l.snapshot_date) AS last_price,
           arg_max_null(CASE WHEN l.exclude_reason IS NULL THEN l.model_id END, l.snapshot_date) AS model_id,
           arg_max_null(l.condition, l.snapshot_date) AS condition, arg_max_null(l.title, l.snapshot_date) AS title,
           arg_max_null(l.source_mode, l.snapshot_date) AS source_mode,
           arg_max_null(coalesce(l.region, 'US'), l.snapshot_date) AS region
    FROM staging.listings AS l SEMI JOIN exit_affected AS a ON l.source = a.source AND l.listing_id = a.listing_id
    GROUP BY l.source, l.listing_id
),
screens AS (  -- the screen's groups on the exits' last days: every priced kept listing, all sources pooled
    SELECT snapshot_date, coalesce(region, 'US') AS region, model_id, exit_bucket(condition, $open_box_as_new) AS bucket,
           count(*) AS group_listings, median(unit_price) AS group_median
    FROM staging.listings
    WHERE snapshot_date IN (SELECT last_seen FROM seen) AND exclude_reason IS NULL AND model_id IS NOT NULL
      AND unit_price > 0
    GROUP BY ALL
)
SELECT s.* EXCLUDE (model_id),
       CASE WHEN g.group_listings < $screen_min
                 OR s.last_price BETWEEN g.group_median * $screen_low AND g.group_median * $screen_high
            THEN s.model_id END AS model_id,
       CAST(date_diff('day', s.first_seen, s.last_seen) + 1 AS INTEGER) AS days_listed,
       (SELECT min(d.snapshot_date) FROM exit_days d
        WHERE d.source = s.source AND d.region = s.region AND d.snapshot_date > s.last_seen) AS exit_date
FROM seen AS s
LEFT JOIN screens AS g
  ON g.snapshot_date = s.last_seen AND g.region = s.region AND g.model_id = s.model_id
     AND g.bucket = exit_bucket(s.condition, $open_box_as_new)
WHERE EXISTS (SELECT 1 FROM exit_days d WHERE d.source = s.source AND d.region = s.region AND d.snapshot_date > s.last_seen);
