-- 150: budget picks and budget builds rank each use case by its own performance index (issue 18).
ALTER TABLE marts.budget_picks ADD COLUMN perf_index VARCHAR;
ALTER TABLE marts.budget_picks ADD COLUMN perf_basis VARCHAR;
COMMENT ON COLUMN marts.budget_picks.perf_index IS 'The performance index the use case ranks by: llm_inference (llm), vision (vision), training (beginner).';
COMMENT ON COLUMN marts.budget_picks.perf_basis IS 'measured, tensor_model or fp32_model: what the card''s value in perf_index rests on.';
COMMENT ON COLUMN marts.budget_picks.relative_perf IS 'The card''s performance in perf_index, RTX 3090 = 1.0.';
COMMENT ON COLUMN marts.budget_picks.perf_per_1k_usd IS 'perf_index value per 1,000 USD of the median price.';
ALTER TABLE marts.budget_builds ADD COLUMN perf_index VARCHAR;
COMMENT ON COLUMN marts.budget_builds.perf_index IS 'The performance index throughput and value are measured in: llm_inference (llm), vision (vision), training (beginner).';
COMMENT ON COLUMN marts.budget_builds.perf_basis IS 'measured, tensor_model or fp32_model: what the card''s value in perf_index rests on.';
