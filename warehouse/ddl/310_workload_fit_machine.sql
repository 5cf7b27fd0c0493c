-- 310: marts.llm_workload_fit says what the machine costs to buy, which circuit it needs and how many cards are
-- listed (issue 35: a watchlist entry may name a workload, a speed and a machine budget; issue 36: the outlet
-- and depth), and a machine capped to fit its outlet decodes at the measured share of its speed.
ALTER TABLE marts.llm_workload_fit ADD COLUMN IF NOT EXISTS machine_build_usd DOUBLE;
ALTER TABLE marts.llm_workload_fit ADD COLUMN IF NOT EXISTS circuit VARCHAR;
ALTER TABLE marts.llm_workload_fit ADD COLUMN IF NOT EXISTS power_cap_pct DOUBLE;
ALTER TABLE marts.llm_workload_fit ADD COLUMN IF NOT EXISTS listings_available INTEGER;
COMMENT ON COLUMN marts.llm_workload_fit.machine_build_usd IS 'What the machine costs to buy today: GPUs + the platform sized for them, USD (marts.build_tiers.total_build_cost_usd''s definition).';
COMMENT ON COLUMN marts.llm_workload_fit.circuit IS 'outlet (runs from the US standard outlet, capped by at most 20% where needed) or dedicated (needs a 240 V circuit; 8-GPU servers), rule O1.';
COMMENT ON COLUMN marts.llm_workload_fit.power_cap_pct IS 'The power limit per GPU of an outlet machine (100: uncapped); tokens_per_s is the capped speed (P2).';
COMMENT ON COLUMN marts.llm_workload_fit.listings_available IS 'Listings of the card in this condition today; a machine of more cards than this cannot be bought today.';
COMMENT ON COLUMN marts.llm_workload_fit.tokens_per_s IS 'Single-stream decode tokens/s with the context full: memory bandwidth x the card''s efficiency / bytes read per token; a layer split runs at one card''s speed (x 0.96, measured), never a sum; a machine capped to fit its outlet decodes at the measured share of that (P2). NULL when it does not fit.';
