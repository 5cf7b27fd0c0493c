-- The HBM factor of each performance index's spec fit is per vendor (ninth review: the LLM benchmark's only HBM
-- cards are AMD's MI50 and MI100 on ROCm, whose factor is not NVIDIA's A100 or H100 on CUDA)
ALTER TABLE marts.perf_index_fits DROP COLUMN hbm_factor;
ALTER TABLE marts.perf_index_fits ADD COLUMN hbm_factors VARCHAR;
COMMENT ON COLUMN marts.perf_index_fits.hbm_factors IS 'The factor the fit gives a vendor''s HBM cards over GDDR cards of the same compute and bandwidth, per vendor with at least 2 HBM cards measured (`nvidia 0.795`); any other card takes 1; NULL: none fitted.';
COMMENT ON TABLE marts.perf_index_fits IS 'One row per performance index (training, vision, llm_inference): the benchmark it rests on and how well its spec fit (compute, bandwidth, a vendor''s HBM cards or GDDR) predicts the measured cards (leave-one-out). Rebuilt with marts.gpu_specs.';
