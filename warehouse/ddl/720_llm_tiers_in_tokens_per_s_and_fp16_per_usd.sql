-- Eighteenth review: the build and region tiers' LLM rows measure their machines in tokens/s of the tier's workload
-- (perf_index llm_workload), while the comments said the use case's index; budget_builds keeps the LLM index
COMMENT ON COLUMN marts.build_tiers.perf_index IS 'What throughput and value are measured in: vision (vision), training (beginner), and for LLM machines llm_workload: single-stream decode tokens/s of the tier''s workload (column workload), not an index; marts.budget_builds measures LLM machines in the llm_inference index instead.';
COMMENT ON COLUMN marts.build_tiers.total_relative_perf IS 'Machine throughput in perf_index: for vision and beginner, relative performance x count x scaling efficiency; for LLM (llm_workload) the tokens/s of the tier''s workload (= workload_tokens_per_s), not comparable with marts.budget_builds.total_relative_perf.';
COMMENT ON COLUMN marts.build_tiers.perf_per_1k_usd_tco IS 'Value: total_relative_perf per 1,000 USD of TCO (what the choice maximizes); for LLM machines tokens/s of the tier''s workload per 1,000 USD of TCO.';
COMMENT ON COLUMN marts.region_tiers.perf_index IS 'What throughput and value are measured in: vision (vision), training (beginner), and for LLM machines llm_workload: single-stream decode tokens/s of the tier''s workload (column workload), not an index.';
COMMENT ON COLUMN marts.region_tiers.total_relative_perf IS 'Machine throughput in perf_index: for vision and beginner, relative performance x count x scaling efficiency; for LLM (llm_workload) the tokens/s of the tier''s workload (= workload_tokens_per_s).';
COMMENT ON COLUMN marts.region_tiers.perf_per_1k_usd_tco IS 'Value: total_relative_perf per 1,000 USD of TCO (what the choice maximizes); for LLM machines tokens/s of the tier''s workload per 1,000 USD of TCO.';
-- and usd_per_fp16_tflop is NULL for a card without tensor cores (its FP32 rate had stood in: a Pascal card's FP16
-- runs at 1/64 of it)
COMMENT ON COLUMN marts.gpu_value.usd_per_fp16_tflop IS 'Median price per dense FP16 tensor TFLOP; NULL for a card without tensor cores (its FP16 rate is a fraction or a multiple of its FP32 rate, not a tensor figure).';
