-- Thirty-first review: the median of new asks is set by resellers over the stores' prices, so a new card is valued and
-- bought at the mean of its three cheapest sellers' asks (price_low); a used card keeps the median (rule B1)
ALTER TABLE marts.gpu_value ADD COLUMN price_usd DOUBLE;
COMMENT ON COLUMN marts.gpu_value.price_usd IS 'The price the card is valued and bought at, USD (rule B1, transforms.gpu_value.buy_price): new, price_low (new units are interchangeable, so a buyer takes the cheapest sellers''); used, price_median (used units are not, and their cheapest asks are the riskiest). The ratios, ranks, picks and machines count it. NULL on rows written before 2026-11-28, whose ratios counted price_median.';
COMMENT ON COLUMN marts.gpu_value.price_median IS 'Median asking price in USD (sellers'' voices). The ratios counted it until 2026-11-28; since, they count price_usd, which is the median for a used card and price_low for a new one.';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd IS 'relative_perf (training) per 1,000 USD of price_usd (price_median before 2026-11-28), and rank_overall orders by it.';
COMMENT ON COLUMN marts.gpu_value.usd_per_gb_vram IS 'price_usd per GB of memory (price_median before 2026-11-28).';
COMMENT ON COLUMN marts.gpu_value.usd_per_fp16_tflop IS 'price_usd per dense FP16 tensor TFLOP (price_median before 2026-11-28), and NULL for a card without tensor cores (its FP16 rate is a fraction or a multiple of its FP32 rate, not a tensor figure).';
COMMENT ON COLUMN marts.gpu_value.usd_per_gbs IS 'price_usd per GB/s of memory bandwidth (price_median before 2026-11-28).';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd_vision IS 'perf_vision per 1,000 USD of price_usd (price_median before 2026-11-28).';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd_llm_inference IS 'perf_llm_inference per 1,000 USD of price_usd (price_median before 2026-11-28).';
