-- 320: deals as events (issue 37). A listing resting at one price was counted as a new deal day after day
-- (121 of 146 on one sample day); now each deal says what happened.
ALTER TABLE marts.deals ADD COLUMN IF NOT EXISTS event VARCHAR;
ALTER TABLE marts.deals ADD COLUMN IF NOT EXISTS previous_price DOUBLE;
COMMENT ON COLUMN marts.deals.event IS 'new_listing (not listed in the 7 days before), price_drop (at least 3% cheaper than its last earlier price) or NULL (resting at a price it had before: still a deal, not news). The dashboard''s new deals, the export and deal alerts read events only (transforms/deals.py).';
COMMENT ON COLUMN marts.deals.previous_price IS 'The listing''s last price in the 7 days before (staging.listings.unit_price), USD; NULL for a new listing.';
