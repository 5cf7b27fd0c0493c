-- 260: which machines run an LLM workload, and how fast (issue 35; transforms/llm_workloads.py).
CREATE TABLE IF NOT EXISTS marts.llm_workload_fit (
    snapshot_date DATE NOT NULL,
    workload VARCHAR NOT NULL,
    model_name VARCHAR,
    params_b DOUBLE,
    active_params_b DOUBLE,
    bits_per_weight DOUBLE,
    quant VARCHAR,
    context_tokens INTEGER,
    condition VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    gpu_name VARCHAR,
    gpu_count INTEGER NOT NULL,
    fits BOOLEAN,
    vram_needed_gb DOUBLE,
    vram_available_gb DOUBLE,
    tokens_per_s DOUBLE,
    prefill_tokens_per_s DOUBLE,
    speed_basis VARCHAR,
    platform_id VARCHAR,
    machine_tco_usd DOUBLE,
    usd_per_token_per_s DOUBLE,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE marts.llm_workload_fit IS 'Per day, LLM workload (a model at a quantization and a context, warehouse/catalog/llm_workloads.csv), condition, card and count (1, 2, 4, 8 where the build tiers build that machine): whether it fits, and its single-stream decode and prefill speed. Memory and speed are modelled (transforms/llm_workloads.py), calibrated on the llama.cpp scoreboard.';
COMMENT ON COLUMN marts.llm_workload_fit.snapshot_date IS 'Daily partition (the prices the machine is costed at).';
COMMENT ON COLUMN marts.llm_workload_fit.workload IS 'Workload id, e.g. llama-3.3-70b-q4km-8k.';
COMMENT ON COLUMN marts.llm_workload_fit.model_name IS 'The model, as its card names it.';
COMMENT ON COLUMN marts.llm_workload_fit.params_b IS 'Total parameters, billions (as llama.cpp reports them).';
COMMENT ON COLUMN marts.llm_workload_fit.active_params_b IS 'Parameters read per token, billions: the total for a dense model, the active experts for a mixture of experts.';
COMMENT ON COLUMN marts.llm_workload_fit.bits_per_weight IS 'Effective bits per weight of the quantization (llama.cpp quantize table).';
COMMENT ON COLUMN marts.llm_workload_fit.quant IS 'llama.cpp quantization type, e.g. Q4_K_M, Q8_0.';
COMMENT ON COLUMN marts.llm_workload_fit.context_tokens IS 'Context length the KV cache is sized for.';
COMMENT ON COLUMN marts.llm_workload_fit.condition IS 'new or used: the machine''s cards.';
COMMENT ON COLUMN marts.llm_workload_fit.model_id IS 'Catalog card.';
COMMENT ON COLUMN marts.llm_workload_fit.gpu_name IS 'The card''s marketing name.';
COMMENT ON COLUMN marts.llm_workload_fit.gpu_count IS 'Cards in the machine (llama.cpp layer split across them).';
COMMENT ON COLUMN marts.llm_workload_fit.fits IS 'Each card holds its share of weights and KV cache plus its own runtime overhead.';
COMMENT ON COLUMN marts.llm_workload_fit.vram_needed_gb IS 'Weights + KV cache (f16) + 0.75 GiB runtime overhead per card, GiB (the unit card memory is sold in).';
COMMENT ON COLUMN marts.llm_workload_fit.vram_available_gb IS 'Memory of all the cards, GiB.';
COMMENT ON COLUMN marts.llm_workload_fit.tokens_per_s IS 'Single-stream decode tokens/s with the context full: memory bandwidth x the card''s efficiency / bytes read per token; a layer split runs at one card''s speed (x 0.96, measured), never a sum. NULL when it does not fit.';
COMMENT ON COLUMN marts.llm_workload_fit.prefill_tokens_per_s IS 'Prompt processing tokens/s: compute (INT8 tensor, else FP16 tensor, else FP32) x the card''s efficiency / (2 x active parameters). NULL when it does not fit.';
COMMENT ON COLUMN marts.llm_workload_fit.speed_basis IS 'measured efficiency (the card is on the llama.cpp scoreboard) or modelled (median efficiency), and the link: one card, or layer split without tensor parallelism.';
COMMENT ON COLUMN marts.llm_workload_fit.platform_id IS 'The platform of the machine (marts.platforms), as the build tiers size it.';
COMMENT ON COLUMN marts.llm_workload_fit.machine_tco_usd IS 'The machine''s total cost of ownership over the horizon, USD (marts.build_tiers.tco_usd''s definition).';
COMMENT ON COLUMN marts.llm_workload_fit.usd_per_token_per_s IS 'machine_tco_usd per token/s of single-stream decode: lower is better value. NULL when it does not fit.';
COMMENT ON COLUMN marts.llm_workload_fit.source_mode IS 'live or sample (sample figures are never market prices).';

-- LLM machines ranked by a workload per tier (transforms/llm_workloads.TIER_WORKLOADS)
ALTER TABLE marts.build_tiers ADD COLUMN IF NOT EXISTS workload VARCHAR;
ALTER TABLE marts.build_tiers ADD COLUMN IF NOT EXISTS workload_tokens_per_s DOUBLE;
ALTER TABLE marts.build_tiers ADD COLUMN IF NOT EXISTS largest_workload VARCHAR;
ALTER TABLE marts.build_tiers ADD COLUMN IF NOT EXISTS largest_workload_tokens_per_s DOUBLE;
COMMENT ON COLUMN marts.build_tiers.workload IS 'LLM rows: the tier''s workload the machines are ranked by (1 GPU a 32B model at 4 bits, 2 GPUs 70B at 4 bits, 4 GPUs 70B at 8 bits, 8 GPUs a 235B mixture of experts at 4 bits); NULL for other use cases.';
COMMENT ON COLUMN marts.build_tiers.workload_tokens_per_s IS 'LLM rows: single-stream decode tokens/s of that workload on the machine (marts.llm_workload_fit''s model); total_relative_perf holds the same figure and perf_per_1k_usd_tco is it per 1,000 USD of TCO.';
COMMENT ON COLUMN marts.build_tiers.largest_workload IS 'LLM rows: the largest workload (by parameters) the machine runs at a usable speed (run config usable_tokens_per_s, 10 by default, an assumption).';
COMMENT ON COLUMN marts.build_tiers.largest_workload_tokens_per_s IS 'LLM rows: its single-stream decode tokens/s.';
ALTER TABLE marts.region_tiers ADD COLUMN IF NOT EXISTS workload VARCHAR;
ALTER TABLE marts.region_tiers ADD COLUMN IF NOT EXISTS workload_tokens_per_s DOUBLE;
ALTER TABLE marts.region_tiers ADD COLUMN IF NOT EXISTS largest_workload VARCHAR;
ALTER TABLE marts.region_tiers ADD COLUMN IF NOT EXISTS largest_workload_tokens_per_s DOUBLE;
COMMENT ON COLUMN marts.region_tiers.workload IS 'LLM rows: the tier''s workload the machines are ranked by (as marts.build_tiers).';
COMMENT ON COLUMN marts.region_tiers.workload_tokens_per_s IS 'LLM rows: single-stream decode tokens/s of that workload on the machine.';
COMMENT ON COLUMN marts.region_tiers.largest_workload IS 'LLM rows: the largest workload the machine runs at a usable speed.';
COMMENT ON COLUMN marts.region_tiers.largest_workload_tokens_per_s IS 'LLM rows: its single-stream decode tokens/s.';
