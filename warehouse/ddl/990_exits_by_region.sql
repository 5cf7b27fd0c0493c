-- Thirty-fourth review (2026-11-28): marts.exits_daily pooled the UK's and Germany's exits with the US ones under one
-- model and condition, so the export's exits and days to sell (US figures, in USD) took in VAT-inclusive asks from
-- the day after those marketplaces were first read. The view now keeps the region; the US report reads its own.
-- And three comments of migration 970 said "8 or more sellers, else the median" after 980 blended between 4 and 8.
CREATE OR REPLACE VIEW marts.exits_daily AS
SELECT e.exit_date, coalesce(e.region, 'US') AS region, e.model_id, e.condition, count(*) AS exits,
       median(e.last_price) AS median_exit_price,
       median(e.days_listed) FILTER (WHERE e.first_seen > f.first_day) AS median_days_to_exit,
       'sold or withdrawn' AS meaning
FROM marts.listing_exits e
JOIN (SELECT source, coalesce(region, 'US') AS region, min(snapshot_date) AS first_day FROM staging.listings GROUP BY ALL) f
  ON f.source = e.source AND f.region = coalesce(e.region, 'US')
WHERE e.model_id IS NOT NULL
GROUP BY e.exit_date, coalesce(e.region, 'US'), e.model_id, e.condition;
COMMENT ON VIEW marts.exits_daily IS 'Per exit day, region, model and condition: listings that left (sold or withdrawn; asking data cannot tell which), their median last asking price and median days listed.';
COMMENT ON COLUMN marts.exits_daily.exit_date IS 'Day the listings were first absent.';
COMMENT ON COLUMN marts.exits_daily.region IS 'Region of the listings'' marketplace or store (US, GB, DE; rows written before migration 550: US).';
COMMENT ON COLUMN marts.exits_daily.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.exits_daily.condition IS 'Condition on the last day seen.';
COMMENT ON COLUMN marts.exits_daily.exits IS 'Listings that left that day.';
COMMENT ON COLUMN marts.exits_daily.median_exit_price IS 'Median last asking price per unit in USD, shipping included (not a sale price; a UK or German ask converted at the day''s rate, VAT included where the seller charges it).';
COMMENT ON COLUMN marts.exits_daily.median_days_to_exit IS 'Median days listed before leaving, over the listings first seen after the first day their source and region were read (one seen on that day may have been listed long before); NULL when there are none: how fast such cards go.';
COMMENT ON COLUMN marts.exits_daily.meaning IS 'Always: sold or withdrawn.';
COMMENT ON COLUMN marts.budget_picks.price_usd IS 'The card''s price, USD: marts.gpu_value.price_usd (rule B1: new, the first quartile of its sellers'' asks where 8 or more list it, the median with 4 or fewer, a quarter of the way between for each seller over 4; used, the median); the median on rows written before 2026-11-28.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_price_usd IS 'The new card''s price_usd (rule B1: the first quartile of its sellers'' asks where 8 or more list it, the median with 4 or fewer, a quarter of the way between for each seller over 4); NULL on days written before 2026-11-28.';
COMMENT ON TABLE marts.gpu_value IS 'Performance per USD per day, model and condition (new, used), at the price a card is bought at (price_usd, rule B1: a new card''s first quartile of its sellers'' asks where 8 or more list it, the median with 4 or fewer, a quarter of the way between for each seller over 4; a used card''s median; the median before 2026-11-28) of all sources.';
