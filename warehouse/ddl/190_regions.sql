-- 190: regions (issue 21): where a buyer lives, its market in local currency and USD, and machines for its mains.
ALTER TABLE staging.listings ADD COLUMN region VARCHAR;
COMMENT ON COLUMN staging.listings.region IS 'Where a buyer of this listing lives: the eBay marketplace''s country (EBAY_GB -> GB), US for the US stores.';

CREATE TABLE marts.region_prices (
    snapshot_date DATE NOT NULL,
    region VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    currency VARCHAR,
    listing_count INTEGER,
    screened_out INTEGER,
    min_price DOUBLE,
    low3_mean DOUBLE,
    p25 DOUBLE,
    median DOUBLE,
    p75 DOUBLE,
    min_price_local DOUBLE,
    p25_local DOUBLE,
    median_local DOUBLE,
    p75_local DOUBLE,
    fx_rate_to_usd DOUBLE,
    fx_rate_date DATE
);
COMMENT ON TABLE marts.region_prices IS 'Asking prices per day, region, model and condition, pooled over the region''s sources, after the outlier screen of marts.price_daily (same code): in USD and in the region''s currency. The US rows equal marts.price_daily''s source = ''all'' rows.';
COMMENT ON COLUMN marts.region_prices.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.region_prices.region IS 'Where the buyer lives: US, GB, DE, FR, IT, ES, CA, AU (warehouse/catalog/regions.csv).';
COMMENT ON COLUMN marts.region_prices.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.region_prices.condition IS 'Price bucket: new (incl. open box), used, refurbished.';
COMMENT ON COLUMN marts.region_prices.currency IS 'The region''s listing currency (NULL if its listings mix currencies).';
COMMENT ON COLUMN marts.region_prices.listing_count IS 'Listings kept by the screen.';
COMMENT ON COLUMN marts.region_prices.screened_out IS 'Listings removed by the screen.';
COMMENT ON COLUMN marts.region_prices.min_price IS 'Lowest unit price, USD (shipping included).';
COMMENT ON COLUMN marts.region_prices.low3_mean IS 'Mean of the three lowest unit prices, USD.';
COMMENT ON COLUMN marts.region_prices.p25 IS '25th percentile, USD.';
COMMENT ON COLUMN marts.region_prices.median IS 'Median unit price, USD.';
COMMENT ON COLUMN marts.region_prices.p75 IS '75th percentile, USD.';
COMMENT ON COLUMN marts.region_prices.min_price_local IS 'Lowest unit price in currency.';
COMMENT ON COLUMN marts.region_prices.p25_local IS '25th percentile in currency.';
COMMENT ON COLUMN marts.region_prices.median_local IS 'Median unit price in currency (UK, EU and AU business sellers include VAT/GST; US and CA prices are before sales tax).';
COMMENT ON COLUMN marts.region_prices.p75_local IS '75th percentile in currency.';
COMMENT ON COLUMN marts.region_prices.fx_rate_to_usd IS 'USD per unit of currency used (ECB reference rate).';
COMMENT ON COLUMN marts.region_prices.fx_rate_date IS 'ECB day of that rate.';

CREATE TABLE marts.region_value AS
SELECT *, NULL::VARCHAR AS region, NULL::VARCHAR AS currency, NULL::DOUBLE AS median_local
FROM marts.gpu_value WHERE false;
ALTER TABLE marts.region_value ALTER COLUMN snapshot_date SET NOT NULL;
ALTER TABLE marts.region_value ALTER COLUMN region SET NOT NULL;
COMMENT ON TABLE marts.region_value IS 'marts.gpu_value per region (same code): performance per USD in each index and ranks within the region, with the median in the region''s currency.';
COMMENT ON COLUMN marts.region_value.region IS 'Where the buyer lives.';
COMMENT ON COLUMN marts.region_value.currency IS 'The region''s currency.';
COMMENT ON COLUMN marts.region_value.median_local IS 'Median unit price in currency.';

CREATE TABLE marts.region_tiers AS
SELECT *, NULL::VARCHAR AS region, NULL::VARCHAR AS mains, NULL::DOUBLE AS usd_per_kwh
FROM marts.build_tiers WHERE false;
ALTER TABLE marts.region_tiers ALTER COLUMN snapshot_date SET NOT NULL;
ALTER TABLE marts.region_tiers ALTER COLUMN region SET NOT NULL;
COMMENT ON TABLE marts.region_tiers IS 'marts.build_tiers per region (same code): the region''s cards at its prices, sized for its outlet with the power cap that fits, energy at its electricity price (warehouse/catalog/regions.csv). Platform parts are the US estimates in USD.';
COMMENT ON COLUMN marts.region_tiers.region IS 'Where the buyer lives.';
COMMENT ON COLUMN marts.region_tiers.mains IS 'The outlet the machine is sized for: volts, outlet amps, continuous amps, plug.';
COMMENT ON COLUMN marts.region_tiers.usd_per_kwh IS 'The region''s household electricity price, USD/kWh at the day''s ECB rate.';

CREATE VIEW marts.cross_market_prices AS
SELECT r.snapshot_date, r.model_id, r.condition, r.region, r.currency, r.median_local, r.median AS median_usd,
       us.median AS us_median_usd, round((r.median / us.median - 1) * 100, 1) AS pct_vs_us,
       r.listing_count, r.fx_rate_date
FROM marts.region_prices r
LEFT JOIN marts.region_prices us
  ON us.snapshot_date = r.snapshot_date AND us.model_id = r.model_id AND us.condition = r.condition AND us.region = 'US';
COMMENT ON VIEW marts.cross_market_prices IS 'The same card and condition in every region on a day: its median asking price in local currency and USD, against the US median (pct_vs_us). Asking prices as listed: a cross-border buyer also pays shipping, duties and VAT, which are not modelled here.';
