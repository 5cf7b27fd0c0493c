-- 650: a vision or beginner card pick names the card the budget buys that is at least 1.25 times as fast at about
-- its value, and a cheaper card at least as fast (review of 2026-11-20: used vision at 500 USD picked an RTX 4060 Ti
-- 16GB at 348 USD, vision index 0.36, beside an RTX 4070 at 410 USD, 0.60, and an RTX 3060 12GB at 203 USD, 0.40,
-- and nothing said so). The pick itself is unchanged (G5).
ALTER TABLE marts.budget_picks ADD COLUMN faster_alternative VARCHAR;
COMMENT ON COLUMN marts.budget_picks.faster_alternative IS 'Rank-1 vision and beginner rows: in words (name, price, how many times the pick''s speed in the use case''s index, value per USD against the pick''s, memory, for a beginner row the board power when over D6''s 200 W, and what speaks for the pick), the fastest eligible card priced within the budget at a value per USD within 80% of the pick''s when it is at least 1.25 times as fast (the thresholds of budget_builds.faster_alternative, assumptions), and the cheapest such card at least as fast as the pick when one costs less; cards V1 marks outclassed are not named. NULL otherwise, for alternatives (pick_rank 2 and 3) and for LLM rows (memory decides the model that runs).';
ALTER TABLE marts.region_picks ADD COLUMN faster_alternative VARCHAR;
COMMENT ON COLUMN marts.region_picks.faster_alternative IS 'As marts.budget_picks.faster_alternative, among the region''s cards.';
