-- Thirty-fourth review (2026-11-28, a German and a UK buyer): eBay's European sites say whether a seller registered as a
-- business or a private person (Browse API Seller.sellerAccountType, returned on EBAY_AT, BE, CH, DE, ES, FR, GB, IE,
-- IT and PL: https://developer.ebay.com/api-docs/buy/browse/types/gct:Seller). A business seller's price includes VAT
-- and, bought at a distance, comes with the right to cancel and the legal guarantee; a private seller's with neither.
-- The regional medians mixed both unsaid.
ALTER TABLE raw.ebay_listings ADD COLUMN seller_account_type VARCHAR;
COMMENT ON COLUMN raw.ebay_listings.seller_account_type IS 'BUSINESS or INDIVIDUAL: how the seller registered with eBay (Browse API seller.sellerAccountType, given on eBay''s European sites only); NULL where eBay does not say (the US site) and on rows stored before migration 995.';
ALTER TABLE staging.listings ADD COLUMN seller_account_type VARCHAR;
COMMENT ON COLUMN staging.listings.seller_account_type IS 'BUSINESS or INDIVIDUAL for an eBay listing on a European site (raw.ebay_listings.seller_account_type); NULL where eBay does not say, for stores and on rows stored before migration 995.';
ALTER TABLE marts.region_prices ADD COLUMN business_share DOUBLE;
COMMENT ON COLUMN marts.region_prices.business_share IS 'Share of the kept listings (before the outlier screen) whose eBay seller registered as a business, among those whose seller type eBay states (0-1): their prices include VAT and come with the right to cancel and the legal guarantee, a private seller''s with neither. NULL where no listing states it (the US) and on rows written before migration 995.';
CREATE OR REPLACE VIEW marts.cross_market_prices AS
SELECT r.snapshot_date, r.model_id, r.condition, r.region, r.currency, r.median_local, r.median AS median_usd,
       us.median AS us_median_usd, round((r.median / us.median - 1) * 100, 1) AS pct_vs_us,
       r.listing_count, r.fx_rate_date, r.source_mode, r.business_share
FROM marts.region_prices r
LEFT JOIN marts.region_prices us
  ON us.snapshot_date = r.snapshot_date AND us.model_id = r.model_id AND us.condition = r.condition AND us.region = 'US';
COMMENT ON VIEW marts.cross_market_prices IS 'The same card and condition in every region on a day: its median asking price in local currency and USD, against the US median (pct_vs_us), and the share of the region''s listings from business sellers. Asking prices as listed: a cross-border buyer also pays shipping, duties and VAT, which are not modelled here.';
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
COMMENT ON COLUMN marts.cross_market_prices.source_mode IS 'live or sample: the day''s configured source mode (sample figures are never market prices).';
COMMENT ON COLUMN marts.cross_market_prices.business_share IS 'Share of the region''s kept listings of the card and condition from business sellers, among those whose seller type eBay states (marts.region_prices.business_share); NULL where none states it.';
