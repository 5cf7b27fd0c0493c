-- Twenty-fourth review: a listing cut in steps of under 3% to a deal price was never news, so a deal alert never
-- fired for it; a cut that brings it under the bar from a price over that day's bar is an event of its own
COMMENT ON COLUMN marts.deals.event IS 'new_listing (not listed in the 7 days before), price_drop (at least 3% cheaper than its last earlier price) or cut_to_deal (a smaller cut that brings it under the bar, from a price over the bar of that earlier day); only events are stored (transforms/deals.py).';
