-- 530: a regional machine's card price in the region's currency beside its USD figure (third review: unit_price in USD beside currency EUR read as euros).
ALTER TABLE marts.region_tiers ADD COLUMN unit_price_local DOUBLE;
COMMENT ON COLUMN marts.region_tiers.unit_price_local IS 'unit_price (USD) in the region''s currency: the median asking price per GPU as the region''s listings state it, at the latest ECB rate on or before the day.';
COMMENT ON COLUMN marts.region_tiers.total_build_cost_local IS 'total_build_cost_usd in the region''s currency (the latest ECB rate on or before the day).';
COMMENT ON COLUMN marts.region_tiers.tco_local IS 'tco_usd in the region''s currency (the latest ECB rate on or before the day).';
