-- Twelfth review: a deal's 30-day median is of the days priced on at least 3 listings (the outlier screen's minimum)
-- and not grade D, and "near the lowest seen" needs the listing at least 5% under that median (transforms/deals.py)
COMMENT ON COLUMN marts.deals.median_30d IS 'Median of the model''s daily medians over the listing''s date and the 29 before it, of the days priced on at least 3 listings (the outlier screen''s minimum: the median of two asks is their mean) and not grade D; NULL when no such day.';
COMMENT ON COLUMN marts.deals.reason IS 'under_30d_median (at least 15% under median_30d), near_lowest_seen (within 5% of lowest_seen after 7 earlier days, and at least 5% under median_30d, or under the day''s median without one), or both.';
