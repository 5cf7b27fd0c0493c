-- 140: performance per use case, cloud prices, and buy or rent (issue 18).
ALTER TABLE marts.gpu_specs ADD COLUMN perf_vision DOUBLE;
ALTER TABLE marts.gpu_specs ADD COLUMN perf_vision_basis VARCHAR;
ALTER TABLE marts.gpu_specs ADD COLUMN perf_llm_inference DOUBLE;
ALTER TABLE marts.gpu_specs ADD COLUMN perf_llm_inference_basis VARCHAR;
COMMENT ON COLUMN marts.gpu_specs.relative_perf IS 'Training index dl_index_v1, RTX 3090 = 1.0: Lambda PyTorch training throughput (all workloads) where measured, else modelled (README: Relative performance).';
COMMENT ON COLUMN marts.gpu_specs.perf_vision IS 'Vision index, RTX 3090 = 1.0: Lambda training throughput on ResNet-50 and SSD where measured, else modelled.';
COMMENT ON COLUMN marts.gpu_specs.perf_vision_basis IS 'measured, tensor_model or fp32_model: what perf_vision rests on.';
COMMENT ON COLUMN marts.gpu_specs.perf_llm_inference IS 'LLM inference index, RTX 3090 = 1.0: llama.cpp token generation (tg128, Llama 2 7B Q4_0, vendor backend) where measured, else modelled (mostly from memory bandwidth).';
COMMENT ON COLUMN marts.gpu_specs.perf_llm_inference_basis IS 'measured, tensor_model or fp32_model: what perf_llm_inference rests on.';

CREATE TABLE marts.perf_index_fits (
    perf_index VARCHAR NOT NULL,
    reference_model VARCHAR,
    source VARCHAR,
    measured_cards INTEGER,
    cards_in_fit INTEGER,
    weight_compute DOUBLE,
    weight_bandwidth DOUBLE,
    loo_mean_abs_pct_error DOUBLE,
    loo_max_abs_pct_error DOUBLE,
    loo_worst_model VARCHAR
);
COMMENT ON TABLE marts.perf_index_fits IS 'One row per performance index (training, vision, llm_inference): the benchmark it rests on and how well its spec fit predicts the measured cards (leave-one-out). Rebuilt with marts.gpu_specs.';
COMMENT ON COLUMN marts.perf_index_fits.perf_index IS 'training, vision or llm_inference.';
COMMENT ON COLUMN marts.perf_index_fits.reference_model IS 'The card at 1.0.';
COMMENT ON COLUMN marts.perf_index_fits.source IS 'The published benchmark behind the measured values.';
COMMENT ON COLUMN marts.perf_index_fits.measured_cards IS 'Catalog cards with a measured value.';
COMMENT ON COLUMN marts.perf_index_fits.cards_in_fit IS 'Measured cards with the specs the fit needs.';
COMMENT ON COLUMN marts.perf_index_fits.weight_compute IS 'Exponent of compute (dense FP16 tensor TFLOPS, FP32 without tensor cores) in the fit.';
COMMENT ON COLUMN marts.perf_index_fits.weight_bandwidth IS 'Exponent of memory bandwidth in the fit (1 - weight_compute).';
COMMENT ON COLUMN marts.perf_index_fits.loo_mean_abs_pct_error IS 'Mean absolute error, %, predicting each measured card from a fit on the others.';
COMMENT ON COLUMN marts.perf_index_fits.loo_max_abs_pct_error IS 'Worst such error, %.';
COMMENT ON COLUMN marts.perf_index_fits.loo_worst_model IS 'The card with the worst leave-one-out error.';

ALTER TABLE marts.gpu_value ADD COLUMN perf_vision DOUBLE;
ALTER TABLE marts.gpu_value ADD COLUMN perf_vision_basis VARCHAR;
ALTER TABLE marts.gpu_value ADD COLUMN perf_llm_inference DOUBLE;
ALTER TABLE marts.gpu_value ADD COLUMN perf_llm_inference_basis VARCHAR;
ALTER TABLE marts.gpu_value ADD COLUMN perf_per_1k_usd_vision DOUBLE;
ALTER TABLE marts.gpu_value ADD COLUMN perf_per_1k_usd_llm_inference DOUBLE;
ALTER TABLE marts.gpu_value ADD COLUMN rank_vision INTEGER;
ALTER TABLE marts.gpu_value ADD COLUMN rank_llm_inference INTEGER;
COMMENT ON COLUMN marts.gpu_value.relative_perf IS 'Training index dl_index_v1 (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd IS 'relative_perf (training) per 1,000 USD of median price; rank_overall orders by it.';
COMMENT ON COLUMN marts.gpu_value.perf_vision IS 'Vision index (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value.perf_vision_basis IS 'measured, tensor_model or fp32_model.';
COMMENT ON COLUMN marts.gpu_value.perf_llm_inference IS 'LLM inference index (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value.perf_llm_inference_basis IS 'measured, tensor_model or fp32_model.';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd_vision IS 'perf_vision per 1,000 USD of median price.';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd_llm_inference IS 'perf_llm_inference per 1,000 USD of median price.';
COMMENT ON COLUMN marts.gpu_value.rank_vision IS 'Rank by perf_per_1k_usd_vision within the day and condition.';
COMMENT ON COLUMN marts.gpu_value.rank_llm_inference IS 'Rank by perf_per_1k_usd_llm_inference within the day and condition.';

ALTER TABLE marts.build_tiers ADD COLUMN perf_index VARCHAR;
COMMENT ON COLUMN marts.build_tiers.perf_index IS 'The performance index the use case ranks by: llm_inference (llm), vision (vision), training (beginner).';
COMMENT ON COLUMN marts.build_tiers.total_relative_perf IS 'Machine throughput in the use case''s index (perf_index): relative performance x count x scaling efficiency.';
COMMENT ON COLUMN marts.build_tiers.perf_basis IS 'measured (published benchmarks) or modelled (fit from specs): how the GPU performance in perf_index is known.';

CREATE TABLE marts.cloud_prices (
    model_id VARCHAR NOT NULL,
    provider VARCHAR NOT NULL,
    offer_kind VARCHAR NOT NULL,
    usd_per_gpu_hour DOUBLE,
    instance VARCHAR,
    price_date VARCHAR,
    source VARCHAR,
    note VARCHAR,
    snapshot_basis VARCHAR
);
COMMENT ON TABLE marts.cloud_prices IS 'Cloud GPU-hour prices for catalog models: the dated, sourced snapshot in warehouse/catalog/cloud_prices.csv (offline default). Prices are what the sources said on price_date, not today''s quotes.';
COMMENT ON COLUMN marts.cloud_prices.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.cloud_prices.provider IS 'Lambda, RunPod, Modal, Vast.ai, ...';
COMMENT ON COLUMN marts.cloud_prices.offer_kind IS 'on_demand (a reserved-for-you VM), serverless (per-second workers), marketplace (hosts'' asks), spot (interruptible).';
COMMENT ON COLUMN marts.cloud_prices.usd_per_gpu_hour IS 'USD per GPU-hour (instance price / GPUs in it).';
COMMENT ON COLUMN marts.cloud_prices.instance IS 'Instance or offer as the source names it.';
COMMENT ON COLUMN marts.cloud_prices.price_date IS 'When the source stated the price (YYYY-MM-DD or YYYY-MM); empty when the source is undated.';
COMMENT ON COLUMN marts.cloud_prices.source IS 'URL of the source read.';
COMMENT ON COLUMN marts.cloud_prices.note IS 'How the figure was read and its caveats (third-party transcription, pooled GPU tier, floor of a range).';
COMMENT ON COLUMN marts.cloud_prices.snapshot_basis IS 'snapshot (the bundled file) or live (a refresh).';

CREATE TABLE marts.buy_vs_rent (
    snapshot_date DATE NOT NULL,
    tier VARCHAR NOT NULL,
    use_case VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    model_id VARCHAR,
    gpu_count INTEGER,
    horizon_years DOUBLE,
    perf_index VARCHAR,
    total_relative_perf DOUBLE,
    total_build_cost_usd DOUBLE,
    gpu_total_price DOUBLE,
    resale_fraction DOUBLE,
    resale_basis VARCHAR,
    resale_value_usd DOUBLE,
    own_fixed_usd DOUBLE,
    own_energy_usd_per_hour DOUBLE,
    rent_model_id VARCHAR,
    rent_provider VARCHAR,
    rent_offer_kind VARCHAR,
    rent_usd_per_gpu_hour DOUBLE,
    rent_gpus_for_same_perf DOUBLE,
    rent_usd_per_hour DOUBLE,
    break_even_hours_per_month DOUBLE,
    break_even_utilization_pct DOUBLE,
    verdict VARCHAR,
    notes VARCHAR,
    source_mode VARCHAR
);
COMMENT ON TABLE marts.buy_vs_rent IS 'Per day, tier, use case and condition: the hours per month above which owning the recommended machine (marts.build_tiers) costs less over the horizon than renting the same throughput in the cloud (D16: the cloud for large or occasional work).';
COMMENT ON COLUMN marts.buy_vs_rent.perf_index IS 'Index the throughput is measured in (the use case''s).';
COMMENT ON COLUMN marts.buy_vs_rent.total_relative_perf IS 'Throughput of the machine to match.';
COMMENT ON COLUMN marts.buy_vs_rent.total_build_cost_usd IS 'What the machine costs to buy (GPUs + platform).';
COMMENT ON COLUMN marts.buy_vs_rent.gpu_total_price IS 'The GPUs'' share of it.';
COMMENT ON COLUMN marts.buy_vs_rent.resale_fraction IS 'Share of the GPU price expected back when sold after the horizon.';
COMMENT ON COLUMN marts.buy_vs_rent.resale_basis IS 'How resale_fraction was found: observed (used medians today of cards released about horizon_years ago, over their launch MSRP) or the assumption when too few such cards have prices.';
COMMENT ON COLUMN marts.buy_vs_rent.resale_value_usd IS 'gpu_total_price x resale_fraction (the platform is assumed worth nothing).';
COMMENT ON COLUMN marts.buy_vs_rent.own_fixed_usd IS 'total_build_cost_usd - resale_value_usd.';
COMMENT ON COLUMN marts.buy_vs_rent.own_energy_usd_per_hour IS 'Electricity per hour of use (wall draw at the configured USD/kWh).';
COMMENT ON COLUMN marts.buy_vs_rent.rent_model_id IS 'The cloud GPU that gives the throughput most cheaply.';
COMMENT ON COLUMN marts.buy_vs_rent.rent_provider IS 'Its provider.';
COMMENT ON COLUMN marts.buy_vs_rent.rent_offer_kind IS 'on_demand, serverless or marketplace (spot is not used: interruptible).';
COMMENT ON COLUMN marts.buy_vs_rent.rent_usd_per_gpu_hour IS 'Its price per GPU-hour.';
COMMENT ON COLUMN marts.buy_vs_rent.rent_gpus_for_same_perf IS 'Cloud GPUs needed for the machine''s throughput (fractional: the cost scales).';
COMMENT ON COLUMN marts.buy_vs_rent.rent_usd_per_hour IS 'USD per hour to rent the same throughput.';
COMMENT ON COLUMN marts.buy_vs_rent.break_even_hours_per_month IS 'own_fixed_usd / (horizon months x (rent_usd_per_hour - own_energy_usd_per_hour)); NULL when renting never costs more per hour than the electricity.';
COMMENT ON COLUMN marts.buy_vs_rent.break_even_utilization_pct IS 'The same as a share of the 730 hours in a month.';
COMMENT ON COLUMN marts.buy_vs_rent.verdict IS 'Plain-language reading: own above N h/month, rent below; or rent at any use.';
COMMENT ON COLUMN marts.buy_vs_rent.notes IS 'What the figures rest on.';
COMMENT ON COLUMN marts.buy_vs_rent.source_mode IS 'live or sample (sample prices: not market advice).';
COMMENT ON COLUMN marts.buy_vs_rent.snapshot_date IS 'Price date of the machine.';
COMMENT ON COLUMN marts.buy_vs_rent.tier IS 'beginner, 1gpu, 2gpu, 4gpu or 8gpu (marts.build_tiers).';
COMMENT ON COLUMN marts.buy_vs_rent.use_case IS 'llm, vision or beginner.';
COMMENT ON COLUMN marts.buy_vs_rent.condition IS 'new or used GPUs.';
COMMENT ON COLUMN marts.buy_vs_rent.model_id IS 'The machine''s GPU model.';
COMMENT ON COLUMN marts.buy_vs_rent.gpu_count IS 'GPUs in the machine.';
COMMENT ON COLUMN marts.buy_vs_rent.horizon_years IS 'Years of ownership compared (the tiers'' horizon).';
