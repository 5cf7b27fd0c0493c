-- Thirteenth review: "near the lowest seen" needs the listing at least 5% under the 30-day median, and no deal is
-- judged without one (the day's own median had stood in: on days priced on two listings, the mean of two asks)
COMMENT ON COLUMN marts.deals.median_30d IS 'Median of the model''s daily medians over the listing''s date and the 29 before it, of the days priced on at least 3 listings (the outlier screen''s minimum: the median of two asks is their mean) and not grade D. Every deal has one: without it no listing is a deal (NULL only in rows written before 2026-11-27).';
COMMENT ON COLUMN marts.deals.reason IS 'under_30d_median (at least 15% under median_30d), near_lowest_seen (within 5% of lowest_seen after 7 earlier days, and at least 5% under median_30d), or both.';
