-- 500: how long a listing was on sale is known only for listings first seen after their source's first ingested
-- day; one seen on that day may have been listed for weeks before it (a lower bound), so the medians of days
-- listed leave those out (third review: 20 of the sample's 24 exits in "How fast cards go" were first seen on its
-- first day, and the used RTX 3080 10GB "sold in 2 days").
CREATE OR REPLACE VIEW marts.exits_daily AS
SELECT e.exit_date, e.model_id, e.condition, count(*) AS exits, median(e.last_price) AS median_exit_price,
       median(e.days_listed) FILTER (WHERE e.first_seen > f.first_day) AS median_days_to_exit,
       'sold or withdrawn' AS meaning
FROM marts.listing_exits e
JOIN (SELECT source, min(snapshot_date) AS first_day FROM staging.listings GROUP BY source) f USING (source)
WHERE e.model_id IS NOT NULL
GROUP BY e.exit_date, e.model_id, e.condition;
COMMENT ON VIEW marts.exits_daily IS 'Per exit day, model and condition: listings that left (sold or withdrawn; asking data cannot tell which), their median last asking price and median days listed.';
COMMENT ON COLUMN marts.exits_daily.exit_date IS 'Day the listings were first absent.';
COMMENT ON COLUMN marts.exits_daily.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.exits_daily.condition IS 'Condition on the last day seen.';
COMMENT ON COLUMN marts.exits_daily.exits IS 'Listings that left that day.';
COMMENT ON COLUMN marts.exits_daily.median_exit_price IS 'Median last asking price per unit, shipping included (not a sale price).';
COMMENT ON COLUMN marts.exits_daily.median_days_to_exit IS 'Median days listed before leaving, over the listings first seen after their source''s first ingested day (one seen on that day may have been listed long before); NULL when there are none: how fast such cards go.';
COMMENT ON COLUMN marts.exits_daily.meaning IS 'Always: sold or withdrawn.';
