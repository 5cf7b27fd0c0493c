-- 550: an exit keeps its region, so that days listed count from the first day its own marketplace was read (one eBay
-- source holds the US, UK and German marketplaces, read from different days).
ALTER TABLE marts.listing_exits ADD COLUMN region VARCHAR;
COMMENT ON COLUMN marts.listing_exits.region IS 'Region of the listing''s marketplace or store on the last day seen (US, GB, DE); NULL on rows written before migration 550 (US).';
CREATE OR REPLACE VIEW marts.exits_daily AS
SELECT e.exit_date, e.model_id, e.condition, count(*) AS exits, median(e.last_price) AS median_exit_price,
       median(e.days_listed) FILTER (WHERE e.first_seen > f.first_day) AS median_days_to_exit,
       'sold or withdrawn' AS meaning
FROM marts.listing_exits e
JOIN (SELECT source, coalesce(region, 'US') AS region, min(snapshot_date) AS first_day FROM staging.listings GROUP BY ALL) f
  ON f.source = e.source AND f.region = coalesce(e.region, 'US')
WHERE e.model_id IS NOT NULL
GROUP BY e.exit_date, e.model_id, e.condition;
COMMENT ON VIEW marts.exits_daily IS 'Per exit day, model and condition: listings that left (sold or withdrawn; asking data cannot tell which), their median last asking price and median days listed.';
COMMENT ON COLUMN marts.exits_daily.exit_date IS 'Day the listings were first absent.';
COMMENT ON COLUMN marts.exits_daily.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.exits_daily.condition IS 'Condition on the last day seen.';
COMMENT ON COLUMN marts.exits_daily.exits IS 'Listings that left that day.';
COMMENT ON COLUMN marts.exits_daily.median_exit_price IS 'Median last asking price per unit, shipping included (not a sale price).';
COMMENT ON COLUMN marts.exits_daily.median_days_to_exit IS 'Median days listed before leaving, over the listings first seen after the first day their source and region were read (one seen on that day may have been listed long before); NULL when there are none: how fast such cards go.';
COMMENT ON COLUMN marts.exits_daily.meaning IS 'Always: sold or withdrawn.';
