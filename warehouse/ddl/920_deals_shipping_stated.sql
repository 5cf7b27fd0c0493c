-- Thirtieth review (prices): the export said "shipping included" while a sixth of the eBay deals had shipping
-- calculated at checkout or not stated, which the price counts as 0; a deal now says whether its price holds it
ALTER TABLE marts.deals ADD COLUMN shipping_stated BOOLEAN;
COMMENT ON COLUMN marts.deals.shipping_stated IS 'Whether the listing states its shipping cost (free or a fixed amount), so that unit_price holds it; false: calculated at checkout or not stated (a store tile that names none), counted as 0 in unit_price and in every price statistic, and said in the deal''s caveat. NULL on rows written before 2026-11-28.';
