-- Twenty-first review: the days that set a deal's 30-day median are counted in sellers (a seller's second listing
-- made a day of two sellers count)
COMMENT ON COLUMN marts.deals.median_30d IS 'Median of the model''s daily medians over the listing''s date and the 29 before it, of the days priced by at least 3 sellers (distinct_sellers: the outlier screen''s minimum, one seller one voice; the median of two asks is their mean) and not grade D. Every deal has one: without it no listing is a deal (NULL only in rows written before 2026-11-27).';
