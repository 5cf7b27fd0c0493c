-- 210: region prices say whether they come from sample data or live listings, like every other mart.
ALTER TABLE marts.region_prices ADD COLUMN source_mode VARCHAR;
COMMENT ON COLUMN marts.region_prices.source_mode IS 'live or sample: the day''s configured source mode (sample figures are never market prices).';
CREATE OR REPLACE VIEW marts.cross_market_prices AS
SELECT r.snapshot_date, r.model_id, r.condition, r.region, r.currency, r.median_local, r.median AS median_usd,
       us.median AS us_median_usd, round((r.median / us.median - 1) * 100, 1) AS pct_vs_us,
       r.listing_count, r.fx_rate_date, r.source_mode
FROM marts.region_prices r
LEFT JOIN marts.region_prices us
  ON us.snapshot_date = r.snapshot_date AND us.model_id = r.model_id AND us.condition = r.condition AND us.region = 'US';
COMMENT ON VIEW marts.cross_market_prices IS 'The same card and condition in every region on a day: its median asking price in local currency and USD, against the US median (pct_vs_us). Asking prices as listed: a cross-border buyer also pays shipping, duties and VAT, which are not modelled here.';
COMMENT ON COLUMN marts.cross_market_prices.snapshot_date IS 'Day.';
COMMENT ON COLUMN marts.cross_market_prices.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.cross_market_prices.condition IS 'Price bucket.';
COMMENT ON COLUMN marts.cross_market_prices.region IS 'Where the buyer lives.';
COMMENT ON COLUMN marts.cross_market_prices.currency IS 'The region''s currency.';
COMMENT ON COLUMN marts.cross_market_prices.median_local IS 'Median asking price in currency.';
COMMENT ON COLUMN marts.cross_market_prices.median_usd IS 'Median asking price in USD.';
COMMENT ON COLUMN marts.cross_market_prices.us_median_usd IS 'The US median of the same card and condition, USD.';
COMMENT ON COLUMN marts.cross_market_prices.pct_vs_us IS 'Percent above (+) or below (-) the US median.';
COMMENT ON COLUMN marts.cross_market_prices.listing_count IS 'Listings behind the region''s median.';
COMMENT ON COLUMN marts.cross_market_prices.fx_rate_date IS 'ECB day of the rate used.';
COMMENT ON COLUMN marts.cross_market_prices.source_mode IS 'live or sample.';
