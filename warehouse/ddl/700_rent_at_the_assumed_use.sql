-- Fifteenth review: a machine whose break-even lies above the use its own TCO was costed at (TierConfig.utilization,
-- 20% by default) says to rent at that use (transforms/buy_vs_rent.py)
COMMENT ON COLUMN marts.buy_vs_rent.verdict IS 'Plain-language reading: own above N h/month, rent below; where N is above the use the machine''s own TCO was costed at, rent at that use; or rent at any use.';
