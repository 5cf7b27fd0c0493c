-- 030: marts. What users query and what the export and dashboard read.
CREATE TABLE IF NOT EXISTS marts.gpu_specs AS SELECT * FROM staging.gpu_specs LIMIT 0;
ALTER TABLE marts.gpu_specs ADD COLUMN IF NOT EXISTS relative_perf DOUBLE;
ALTER TABLE marts.gpu_specs ADD COLUMN IF NOT EXISTS perf_basis VARCHAR;
COMMENT ON TABLE marts.gpu_specs IS 'The merged GPU catalog with its deep-learning performance index: the table to join to.';
COMMENT ON COLUMN marts.gpu_specs.model_id IS 'Catalog key, e.g. rtx-3060-12gb.';
COMMENT ON COLUMN marts.gpu_specs.vendor IS 'nvidia, amd or intel.';
COMMENT ON COLUMN marts.gpu_specs.name IS 'Marketing name.';
COMMENT ON COLUMN marts.gpu_specs.family IS 'Product family.';
COMMENT ON COLUMN marts.gpu_specs.search_query IS 'eBay search string for this model.';
COMMENT ON COLUMN marts.gpu_specs.aliases IS 'Pipe-separated alternative names.';
COMMENT ON COLUMN marts.gpu_specs.part_numbers IS 'Pipe-separated part numbers.';
COMMENT ON COLUMN marts.gpu_specs.architecture IS 'GPU architecture.';
COMMENT ON COLUMN marts.gpu_specs.release_date IS 'Launch date.';
COMMENT ON COLUMN marts.gpu_specs.launch_msrp_usd IS 'Launch price in USD.';
COMMENT ON COLUMN marts.gpu_specs.memory_gb IS 'Memory size in GB.';
COMMENT ON COLUMN marts.gpu_specs.memory_type IS 'Memory type.';
COMMENT ON COLUMN marts.gpu_specs.bandwidth_gbs IS 'Memory bandwidth in GB/s.';
COMMENT ON COLUMN marts.gpu_specs.fp32_tflops IS 'Non-tensor FP32 TFLOPS.';
COMMENT ON COLUMN marts.gpu_specs.fp16_tensor_tflops IS 'Dense FP16 tensor TFLOPS, never sparse.';
COMMENT ON COLUMN marts.gpu_specs.bf16_tensor_tflops IS 'Dense BF16 tensor TFLOPS.';
COMMENT ON COLUMN marts.gpu_specs.int8_tensor_tops IS 'Dense INT8 tensor TOPS.';
COMMENT ON COLUMN marts.gpu_specs.has_tensor_cores IS 'Whether the card has tensor / matrix units.';
COMMENT ON COLUMN marts.gpu_specs.tdp_w IS 'Board power in watts.';
COMMENT ON COLUMN marts.gpu_specs.slot_width IS 'Slots the reference board occupies.';
COMMENT ON COLUMN marts.gpu_specs.length_mm IS 'Reference board length in mm.';
COMMENT ON COLUMN marts.gpu_specs.cooling IS 'blower, open_air or passive.';
COMMENT ON COLUMN marts.gpu_specs.pcie_gen IS 'PCIe generation.';
COMMENT ON COLUMN marts.gpu_specs.form_factor IS 'pcie, sxm or oam.';
COMMENT ON COLUMN marts.gpu_specs.nvlink IS 'Whether the card has an NVLink connector.';
COMMENT ON COLUMN marts.gpu_specs.segment IS 'consumer, workstation or datacenter.';
COMMENT ON COLUMN marts.gpu_specs.power_connectors IS 'Power connectors.';
COMMENT ON COLUMN marts.gpu_specs.source IS 'Sources of the row''s figures.';
COMMENT ON COLUMN marts.gpu_specs.filled_from_spec_sheets IS 'Fields filled from spec sheets.';
COMMENT ON COLUMN marts.gpu_specs.relative_perf IS 'Deep-learning throughput index, RTX 3090 = 1.0 (see README: Relative performance).';
COMMENT ON COLUMN marts.gpu_specs.perf_basis IS 'measured, tensor_model or fp32_model: what relative_perf rests on.';

CREATE TABLE IF NOT EXISTS marts.price_daily (
    snapshot_date DATE NOT NULL,
    model_id VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    listing_count INTEGER NOT NULL,
    screened_out INTEGER NOT NULL,
    min_price DOUBLE,
    low3_mean DOUBLE,
    p25 DOUBLE,
    median DOUBLE,
    p75 DOUBLE,
    rolling_7d_median DOUBLE,
    change_7d_pct DOUBLE,
    change_30d_pct DOUBLE,
    price_basis VARCHAR NOT NULL,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, model_id, condition, source)
);
COMMENT ON TABLE marts.price_daily IS 'Asking prices of active listings (not sale prices) per day, model, condition and source, shipping included, after the outlier screen.';
COMMENT ON COLUMN marts.price_daily.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.price_daily.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.price_daily.condition IS 'new (open box included unless configured), used, refurbished.';
COMMENT ON COLUMN marts.price_daily.source IS 'ebay, newegg, microcenter, bestbuy, or all (every source together).';
COMMENT ON COLUMN marts.price_daily.listing_count IS 'Listings kept after the outlier screen.';
COMMENT ON COLUMN marts.price_daily.screened_out IS 'Listings removed by the outlier screen.';
COMMENT ON COLUMN marts.price_daily.min_price IS 'Lowest unit price in USD.';
COMMENT ON COLUMN marts.price_daily.low3_mean IS 'Mean of the three lowest unit prices (fewer when fewer listings): the robust low.';
COMMENT ON COLUMN marts.price_daily.p25 IS '25th percentile (linear interpolation).';
COMMENT ON COLUMN marts.price_daily.median IS 'Median unit price.';
COMMENT ON COLUMN marts.price_daily.p75 IS '75th percentile (linear interpolation).';
COMMENT ON COLUMN marts.price_daily.rolling_7d_median IS 'Median of the daily medians over the last 7 snapshot dates up to this one.';
COMMENT ON COLUMN marts.price_daily.change_7d_pct IS 'Median change in percent against the snapshot 7 days earlier (NULL without one).';
COMMENT ON COLUMN marts.price_daily.change_30d_pct IS 'Median change in percent against the snapshot 30 days earlier (NULL without one).';
COMMENT ON COLUMN marts.price_daily.price_basis IS 'What the figures are: asking prices of active listings incl. shipping.';
COMMENT ON COLUMN marts.price_daily.source_mode IS 'live or sample (sample data is not market prices).';

CREATE TABLE IF NOT EXISTS marts.gpu_value (
    snapshot_date DATE NOT NULL,
    model_id VARCHAR NOT NULL,
    name VARCHAR,
    condition VARCHAR NOT NULL,
    price_median DOUBLE,
    price_low DOUBLE,
    listing_count INTEGER,
    enough_listings BOOLEAN,
    relative_perf DOUBLE,
    perf_basis VARCHAR,
    perf_per_1k_usd DOUBLE,
    usd_per_gb_vram DOUBLE,
    usd_per_fp16_tflop DOUBLE,
    usd_per_gbs DOUBLE,
    vram_gb DOUBLE,
    vram_class VARCHAR,
    fp32_tflops DOUBLE,
    fp16_tensor_tflops DOUBLE,
    bandwidth_gbs DOUBLE,
    tdp_w DOUBLE,
    rank_overall INTEGER,
    rank_in_vram_class INTEGER,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, model_id, condition)
);
COMMENT ON TABLE marts.gpu_value IS 'Performance per USD per day, model and condition (new, used), on median asking prices of all sources.';
COMMENT ON COLUMN marts.gpu_value.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.gpu_value.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.gpu_value.name IS 'Marketing name.';
COMMENT ON COLUMN marts.gpu_value.condition IS 'new or used (refurbished is reported in price_daily only).';
COMMENT ON COLUMN marts.gpu_value.price_median IS 'Median asking price in USD, the price used for ratios.';
COMMENT ON COLUMN marts.gpu_value.price_low IS 'Robust low: mean of the three lowest asking prices.';
COMMENT ON COLUMN marts.gpu_value.listing_count IS 'Listings behind the price.';
COMMENT ON COLUMN marts.gpu_value.enough_listings IS 'At least 3 listings behind the price.';
COMMENT ON COLUMN marts.gpu_value.relative_perf IS 'Deep-learning throughput index (RTX 3090 = 1.0).';
COMMENT ON COLUMN marts.gpu_value.perf_basis IS 'measured, tensor_model or fp32_model.';
COMMENT ON COLUMN marts.gpu_value.perf_per_1k_usd IS 'relative_perf per 1,000 USD of median price.';
COMMENT ON COLUMN marts.gpu_value.usd_per_gb_vram IS 'Median price per GB of memory.';
COMMENT ON COLUMN marts.gpu_value.usd_per_fp16_tflop IS 'Median price per dense FP16 tensor TFLOP (FP32 TFLOP without tensor cores).';
COMMENT ON COLUMN marts.gpu_value.usd_per_gbs IS 'Median price per GB/s of memory bandwidth.';
COMMENT ON COLUMN marts.gpu_value.vram_gb IS 'Memory in GB.';
COMMENT ON COLUMN marts.gpu_value.vram_class IS 'Memory class: <12 GB, 12-23 GB, 24-47 GB, 48+ GB.';
COMMENT ON COLUMN marts.gpu_value.fp32_tflops IS 'FP32 TFLOPS.';
COMMENT ON COLUMN marts.gpu_value.fp16_tensor_tflops IS 'Dense FP16 tensor TFLOPS.';
COMMENT ON COLUMN marts.gpu_value.bandwidth_gbs IS 'Memory bandwidth GB/s.';
COMMENT ON COLUMN marts.gpu_value.tdp_w IS 'Board power W.';
COMMENT ON COLUMN marts.gpu_value.rank_overall IS 'Rank by perf_per_1k_usd within date and condition (1 = best).';
COMMENT ON COLUMN marts.gpu_value.rank_in_vram_class IS 'Rank by perf_per_1k_usd within date, condition and vram_class.';
COMMENT ON COLUMN marts.gpu_value.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS marts.budget_picks (
    snapshot_date DATE NOT NULL,
    budget_usd INTEGER NOT NULL,
    use_case VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    pick_rank INTEGER NOT NULL,
    model_id VARCHAR NOT NULL,
    name VARCHAR,
    vram_gb DOUBLE,
    price_usd DOUBLE,
    relative_perf DOUBLE,
    perf_per_1k_usd DOUBLE,
    listing_count INTEGER,
    rule VARCHAR NOT NULL,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, budget_usd, use_case, condition, pick_rank)
);
COMMENT ON TABLE marts.budget_picks IS 'The pick and two alternatives per budget, use case (VRAM floor) and condition.';
COMMENT ON COLUMN marts.budget_picks.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.budget_picks.budget_usd IS 'Budget for one card in USD.';
COMMENT ON COLUMN marts.budget_picks.use_case IS 'llm (>= 24 GB), vision (>= 12 GB) or beginner (>= 8 GB).';
COMMENT ON COLUMN marts.budget_picks.condition IS 'new or used.';
COMMENT ON COLUMN marts.budget_picks.pick_rank IS '1 = the pick, 2 and 3 = alternatives.';
COMMENT ON COLUMN marts.budget_picks.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.budget_picks.name IS 'Marketing name.';
COMMENT ON COLUMN marts.budget_picks.vram_gb IS 'Memory GB.';
COMMENT ON COLUMN marts.budget_picks.price_usd IS 'Median asking price USD.';
COMMENT ON COLUMN marts.budget_picks.relative_perf IS 'Deep-learning throughput index.';
COMMENT ON COLUMN marts.budget_picks.perf_per_1k_usd IS 'Index per 1,000 USD.';
COMMENT ON COLUMN marts.budget_picks.listing_count IS 'Listings behind the price.';
COMMENT ON COLUMN marts.budget_picks.rule IS 'The selection rule applied.';
COMMENT ON COLUMN marts.budget_picks.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS marts.deals (
    snapshot_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    listing_id VARCHAR NOT NULL,
    model_id VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    title VARCHAR,
    unit_price DOUBLE NOT NULL,
    median_30d DOUBLE,
    discount_pct DOUBLE,
    lowest_seen DOUBLE,
    reason VARCHAR NOT NULL,
    url VARCHAR,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, source, listing_id)
);
COMMENT ON TABLE marts.deals IS 'Listings at least 15% under their model''s 30-day median, or within 5% of the lowest price seen for that model and condition.';
COMMENT ON COLUMN marts.deals.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.deals.source IS 'Source of the listing.';
COMMENT ON COLUMN marts.deals.listing_id IS 'eBay item id or store SKU.';
COMMENT ON COLUMN marts.deals.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.deals.condition IS 'Price condition (new, used, refurbished).';
COMMENT ON COLUMN marts.deals.title IS 'Listing title.';
COMMENT ON COLUMN marts.deals.unit_price IS 'Asking price incl. shipping per card.';
COMMENT ON COLUMN marts.deals.median_30d IS 'Median of the model''s daily medians over 30 days.';
COMMENT ON COLUMN marts.deals.discount_pct IS 'Percent under median_30d.';
COMMENT ON COLUMN marts.deals.lowest_seen IS 'Lowest daily minimum the warehouse has for the model and condition.';
COMMENT ON COLUMN marts.deals.reason IS 'under_30d_median, near_lowest_seen, or both.';
COMMENT ON COLUMN marts.deals.url IS 'Listing URL.';
COMMENT ON COLUMN marts.deals.source_mode IS 'live or sample.';
