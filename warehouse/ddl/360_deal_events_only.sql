-- 360: marts.deals holds deal events only (issue 37): a listing resting at a price it had before is not a new
-- deal each day (on the sample about half of a day's rows repeated the day before at the same price).
COMMENT ON TABLE marts.deals IS 'Deal events per day: a kept listing at least 15% under its model''s 30-day median, or within 5% of the lowest price seen before that day, on the day it is news: new (not listed in the 7 days before) or at least 3% cheaper than its last earlier price (transforms/deals.py). A listing resting at its price is not a new row each day.';
COMMENT ON COLUMN marts.deals.event IS 'new_listing (not listed in the 7 days before) or price_drop (at least 3% cheaper than its last earlier price); only events are stored (transforms/deals.py).';
