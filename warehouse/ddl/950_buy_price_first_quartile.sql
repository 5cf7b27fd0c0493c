-- Code review of rule B1 (2026-11-28): the new price is the first quartile of the sellers' asks, not the mean of the
-- three cheapest (those were an open-box unit and two listings of one pickup store); the comments that said "median"
-- of what is now rule B1's price; the new-vs-used view gains both prices
COMMENT ON TABLE marts.gpu_value IS 'Performance per USD per day, model and condition (new, used), at the price a card is bought at (price_usd, rule B1: a new card''s first quartile of its sellers'' asks, a used card''s median; the median before 2026-11-28) of all sources.';
COMMENT ON COLUMN marts.gpu_value.price_usd IS 'The price the card is valued and bought at, USD (rule B1, transforms.gpu_value.buy_price): new, the first quartile of its sellers'' asks (marts.price_daily.p25, never above the median: new units are interchangeable, so a buyer takes a cheaper seller''s over the resellers''); used, price_median (used units are not, and their cheapest asks are the riskiest). The ratios, ranks, picks and machines count it. NULL on rows written before 2026-11-28, whose ratios counted price_median.';
COMMENT ON COLUMN marts.budget_picks.price_usd IS 'The card''s price, USD: marts.gpu_value.price_usd (rule B1: new, the first quartile of its sellers'' asks; used, the median); the median on rows written before 2026-11-28.';
COMMENT ON COLUMN marts.budget_picks.perf_per_1k_usd IS 'perf_index value per 1,000 USD of price_usd.';
COMMENT ON COLUMN marts.build_tiers.unit_price IS 'Price per GPU, USD: gpu_total_price / gpu_count, the cards bought at rule B1''s price (marts.gpu_value.price_usd) up to three and at the median past them (transforms.cost_model.cards_cost); the median before 2026-11-28.';
CREATE OR REPLACE VIEW marts.gpu_value_new_vs_used AS
WITH n AS (SELECT * FROM marts.gpu_value WHERE condition = 'new'),
     u AS (SELECT * FROM marts.gpu_value WHERE condition = 'used')
SELECT coalesce(n.snapshot_date, u.snapshot_date) AS snapshot_date, coalesce(n.model_id, u.model_id) AS model_id,
       coalesce(n.name, u.name) AS name, coalesce(n.vram_gb, u.vram_gb) AS vram_gb,
       coalesce(n.relative_perf, u.relative_perf) AS relative_perf,
       n.price_median AS new_price_median, n.listing_count AS new_listings, n.perf_per_1k_usd AS new_perf_per_1k_usd,
       n.rank_overall AS new_rank,
       u.price_median AS used_price_median, u.listing_count AS used_listings, u.perf_per_1k_usd AS used_perf_per_1k_usd,
       u.rank_overall AS used_rank,
       u.price_median / n.price_median AS used_to_new_price_ratio,
       n.price_usd AS new_price_usd, u.price_usd AS used_price_usd
FROM n FULL JOIN u ON u.snapshot_date = n.snapshot_date AND u.model_id = n.model_id;
COMMENT ON VIEW marts.gpu_value_new_vs_used IS 'marts.gpu_value with new and used side by side, one row per date and model.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.name IS 'Marketing name.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.vram_gb IS 'Memory GB.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.relative_perf IS 'Deep-learning throughput index (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_price_median IS 'Median asking price, new (incl. open box).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_listings IS 'Listings behind the new price.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_perf_per_1k_usd IS 'relative_perf per 1,000 USD of new_price_usd (rule B1; of the median before 2026-11-28).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_rank IS 'Rank by perf per USD among new cards.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_price_median IS 'Median asking price, used.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_listings IS 'Listings behind the used price.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_perf_per_1k_usd IS 'relative_perf per 1,000 USD of used_price_usd (the median).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_rank IS 'Rank by perf per USD among used cards.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_to_new_price_ratio IS 'Used median divided by new median.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_price_usd IS 'The new card''s price_usd (rule B1: the first quartile of its sellers'' asks); NULL on days written before 2026-11-28.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_price_usd IS 'The used card''s price_usd (its median); NULL on days written before 2026-11-28.';
COMMENT ON COLUMN marts.gpu_specs.pytorch_cuda IS 'NVIDIA: PyTorch''s wheels for the target: current, cuda12_only (only the CUDA 12 wheels carry its kernels), or ''up to X'' (X was the last release with wheels for it: Maxwell, Pascal and Volta, up to 2.14; support_label then reads ''CUDA 12 and PyTorch up to 2.14'').';
