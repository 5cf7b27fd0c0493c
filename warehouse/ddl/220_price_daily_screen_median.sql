-- 220: the centre of the outlier screen on every price_daily row, so marts.deals screens a day's listings
-- with a join to price_daily instead of recomputing the group medians of every listing (benchmark 2).
ALTER TABLE marts.price_daily ADD COLUMN screen_median DOUBLE;
COMMENT ON COLUMN marts.price_daily.screen_median IS 'Median unit price of every priced listing of the day, model and condition (all sources, before the screen): the screen keeps 40%-250% of it (from 3 listings up).';
