-- A listing the market's bar moved over and back was "cut to a deal" again by a cut of cents (on the 14-day sample
-- a used RTX 4070 Ti SUPER three times in six days): a small cut is news only when the listing was no deal on any
-- day of the 7-day look-back
COMMENT ON COLUMN marts.deals.event IS 'new_listing (not listed in the 7 days before), price_drop (at least 3% cheaper than its last earlier price) or cut_to_deal (a smaller cut that brings it under the bar, from a price over the bar of that earlier day, of a listing that was under no day''s bar in the 7 days before); only events are stored (transforms/deals.py).';
