-- The spec fit of each performance index takes the memory's kind (transforms/dl_index.py: the measured HBM
-- datacenter cards ran slower than their bandwidth alone says, which had biased the fit against GDDR cards)
ALTER TABLE marts.perf_index_fits ADD COLUMN hbm_factor DOUBLE;
COMMENT ON COLUMN marts.perf_index_fits.hbm_factor IS 'Factor the fit gives an HBM card over a GDDR card of the same compute and bandwidth (fitted on the measured cards; 1 when they are all of one kind).';
COMMENT ON TABLE marts.perf_index_fits IS 'One row per performance index (training, vision, llm_inference): the benchmark it rests on and how well its spec fit (compute, bandwidth, HBM or GDDR) predicts the measured cards (leave-one-out). Rebuilt with marts.gpu_specs.';
