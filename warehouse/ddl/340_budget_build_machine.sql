-- 340: a budget build says which circuit it needs, its cap, its resale and how many cards are listed (issue 36),
-- and for LLM the largest workload it runs and how fast (issue 35), as the build tiers do.
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS circuit VARCHAR;
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS power_cap_pct DOUBLE;
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS resale_usd DOUBLE;
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS listings_available INTEGER;
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS largest_workload VARCHAR;
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS largest_workload_tokens_per_s DOUBLE;
COMMENT ON COLUMN marts.budget_builds.circuit IS 'outlet (runs from the region''s standard outlet, capped by at most 20% where needed) or dedicated (8-GPU servers; up to 4 GPUs a budget build is always an outlet machine), rule O1.';
COMMENT ON COLUMN marts.budget_builds.power_cap_pct IS 'The power limit per GPU, percent of board power (100: uncapped); the draw, energy and throughput are the capped ones (P2).';
COMMENT ON COLUMN marts.budget_builds.resale_usd IS 'Expected resale of the GPUs at the end of the horizon, USD (transforms/cost_model.py); tco_usd subtracts it.';
COMMENT ON COLUMN marts.budget_builds.listings_available IS 'Listings of the card in this condition today (at least gpu_count: a build is for sale in the numbers it needs).';
COMMENT ON COLUMN marts.budget_builds.largest_workload IS 'LLM rows: the largest catalog workload the machine runs at a usable speed (what the build was chosen by, after value); NULL for other use cases.';
COMMENT ON COLUMN marts.budget_builds.largest_workload_tokens_per_s IS 'LLM rows: its single-stream decode tokens/s.';
