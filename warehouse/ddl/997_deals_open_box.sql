-- Thirty-fourth review (2026-11-28, an export reader): a SQL user of marts.deals read an open-box unit's deal as a new
-- card's (the marts price open box with new by default); only the export, from staging, said which were open box.
ALTER TABLE marts.deals ADD COLUMN open_box BOOLEAN;
COMMENT ON COLUMN marts.deals.open_box IS 'Whether the listing is an open-box unit (staging.listings.condition open_box), priced with new cards under the default open-box rule: its discount is measured against new and open-box asks alike. NULL on rows written before migration 997.';
