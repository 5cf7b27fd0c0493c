-- 050: convenience views over the marts.
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
       u.price_median / n.price_median AS used_to_new_price_ratio
FROM n FULL JOIN u ON u.snapshot_date = n.snapshot_date AND u.model_id = n.model_id;
COMMENT ON VIEW marts.gpu_value_new_vs_used IS 'marts.gpu_value with new and used side by side, one row per date and model.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.name IS 'Marketing name.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.vram_gb IS 'Memory GB.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.relative_perf IS 'Deep-learning throughput index (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_price_median IS 'Median asking price, new (incl. open box).';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_listings IS 'Listings behind the new price.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_perf_per_1k_usd IS 'relative_perf per 1,000 USD, new.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.new_rank IS 'Rank by perf per USD among new cards.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_price_median IS 'Median asking price, used.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_listings IS 'Listings behind the used price.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_perf_per_1k_usd IS 'relative_perf per 1,000 USD, used.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_rank IS 'Rank by perf per USD among used cards.';
COMMENT ON COLUMN marts.gpu_value_new_vs_used.used_to_new_price_ratio IS 'Used median divided by new median.';
