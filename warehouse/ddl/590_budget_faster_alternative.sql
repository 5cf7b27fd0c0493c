-- 590: a training budget names the machine with the most throughput it buys at about the choice's value when that
-- has at least 1.25 times the choice's throughput (fifth review: every used vision budget from 5,000 to 30,000 USD
-- chose one RTX 5090).
ALTER TABLE marts.budget_builds ADD COLUMN faster_alternative VARCHAR;
COMMENT ON COLUMN marts.budget_builds.faster_alternative IS 'Vision and beginner rows: the machine with the most throughput the budget buys at a value per USD of TCO within 80% of the chosen machine''s, in words (price, throughput and how many times this one''s, value against this one, memory per card), when it has at least 1.25 times the chosen machine''s throughput (both figures assumptions); NULL otherwise and for LLM rows (chosen by the largest model, then the fastest on it).';
