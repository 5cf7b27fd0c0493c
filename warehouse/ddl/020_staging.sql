-- 020: staging layer.
CREATE TABLE IF NOT EXISTS staging.gpu_specs (
    model_id VARCHAR PRIMARY KEY,
    vendor VARCHAR, name VARCHAR, family VARCHAR, search_query VARCHAR, aliases VARCHAR, part_numbers VARCHAR,
    architecture VARCHAR, release_date DATE, launch_msrp_usd DOUBLE,
    memory_gb DOUBLE, memory_type VARCHAR, bandwidth_gbs DOUBLE,
    fp32_tflops DOUBLE, fp16_tensor_tflops DOUBLE, bf16_tensor_tflops DOUBLE, int8_tensor_tops DOUBLE,
    has_tensor_cores BOOLEAN, tdp_w DOUBLE, slot_width DOUBLE, length_mm DOUBLE, cooling VARCHAR,
    pcie_gen INTEGER, form_factor VARCHAR, nvlink BOOLEAN, segment VARCHAR, power_connectors VARCHAR,
    source VARCHAR, filled_from_spec_sheets VARCHAR
);
COMMENT ON TABLE staging.gpu_specs IS 'Curated catalog merged with scraped spec sheets; curated values win, sheets only fill gaps.';
COMMENT ON COLUMN staging.gpu_specs.model_id IS 'Catalog key, e.g. rtx-3060-12gb.';
COMMENT ON COLUMN staging.gpu_specs.vendor IS 'nvidia, amd or intel.';
COMMENT ON COLUMN staging.gpu_specs.name IS 'Marketing name.';
COMMENT ON COLUMN staging.gpu_specs.family IS 'Product family, e.g. GeForce RTX 40.';
COMMENT ON COLUMN staging.gpu_specs.search_query IS 'eBay search string for this model.';
COMMENT ON COLUMN staging.gpu_specs.aliases IS 'Pipe-separated alternative names seen in titles.';
COMMENT ON COLUMN staging.gpu_specs.part_numbers IS 'Pipe-separated manufacturer and board-partner part numbers.';
COMMENT ON COLUMN staging.gpu_specs.architecture IS 'GPU architecture.';
COMMENT ON COLUMN staging.gpu_specs.release_date IS 'Launch date.';
COMMENT ON COLUMN staging.gpu_specs.launch_msrp_usd IS 'Launch price in USD, NULL when never published.';
COMMENT ON COLUMN staging.gpu_specs.memory_gb IS 'Memory size in GB.';
COMMENT ON COLUMN staging.gpu_specs.memory_type IS 'GDDR6X, HBM3, ...';
COMMENT ON COLUMN staging.gpu_specs.bandwidth_gbs IS 'Memory bandwidth in GB/s.';
COMMENT ON COLUMN staging.gpu_specs.fp32_tflops IS 'Non-tensor FP32 TFLOPS at boost clock.';
COMMENT ON COLUMN staging.gpu_specs.fp16_tensor_tflops IS 'Dense FP16 tensor TFLOPS (FP32 accumulate on GeForce), never sparse.';
COMMENT ON COLUMN staging.gpu_specs.bf16_tensor_tflops IS 'Dense BF16 tensor TFLOPS, NULL without BF16 support.';
COMMENT ON COLUMN staging.gpu_specs.int8_tensor_tops IS 'Dense INT8 tensor TOPS.';
COMMENT ON COLUMN staging.gpu_specs.has_tensor_cores IS 'Whether the card has tensor / matrix units.';
COMMENT ON COLUMN staging.gpu_specs.tdp_w IS 'Board power in watts.';
COMMENT ON COLUMN staging.gpu_specs.slot_width IS 'Slots the reference board occupies, NULL for SXM/OAM modules.';
COMMENT ON COLUMN staging.gpu_specs.length_mm IS 'Reference board length in mm.';
COMMENT ON COLUMN staging.gpu_specs.cooling IS 'blower, open_air or passive (reference design).';
COMMENT ON COLUMN staging.gpu_specs.pcie_gen IS 'PCIe generation.';
COMMENT ON COLUMN staging.gpu_specs.form_factor IS 'pcie, sxm or oam.';
COMMENT ON COLUMN staging.gpu_specs.nvlink IS 'Whether the card has an NVLink connector.';
COMMENT ON COLUMN staging.gpu_specs.segment IS 'consumer, workstation or datacenter.';
COMMENT ON COLUMN staging.gpu_specs.power_connectors IS 'Power connectors on the reference board.';
COMMENT ON COLUMN staging.gpu_specs.source IS 'Sources of the row''s figures.';
COMMENT ON COLUMN staging.gpu_specs.filled_from_spec_sheets IS 'Fields the curated catalog left NULL and a spec sheet filled, with the page.';

CREATE TABLE IF NOT EXISTS staging.gpu_benchmarks (
    model_id VARCHAR NOT NULL,
    lambda_gpu_name VARCHAR NOT NULL,
    workload VARCHAR NOT NULL,
    precision VARCHAR NOT NULL,
    gpu_count INTEGER NOT NULL,
    samples_per_s DOUBLE NOT NULL,
    system_watts DOUBLE,
    source VARCHAR NOT NULL
);
COMMENT ON TABLE staging.gpu_benchmarks IS 'Published measured training throughput (Lambda PyTorch benchmarks), keyed to catalog models.';
COMMENT ON COLUMN staging.gpu_benchmarks.model_id IS 'Catalog model.';
COMMENT ON COLUMN staging.gpu_benchmarks.lambda_gpu_name IS 'System name in the published table.';
COMMENT ON COLUMN staging.gpu_benchmarks.workload IS 'Model trained (resnet50, bert_large_squad, ...).';
COMMENT ON COLUMN staging.gpu_benchmarks.precision IS 'fp16 (mixed precision) or fp32.';
COMMENT ON COLUMN staging.gpu_benchmarks.gpu_count IS 'GPUs in the system (1, 2, 4, 8).';
COMMENT ON COLUMN staging.gpu_benchmarks.samples_per_s IS 'Measured training throughput of the whole system.';
COMMENT ON COLUMN staging.gpu_benchmarks.system_watts IS 'GPU power of the whole system as published.';
COMMENT ON COLUMN staging.gpu_benchmarks.source IS 'Where the figure was published.';

CREATE TABLE IF NOT EXISTS staging.listings (
    snapshot_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    listing_id VARCHAR NOT NULL,
    title VARCHAR,
    condition VARCHAR,
    price DOUBLE,
    shipping_cost DOUBLE,
    total_price DOUBLE,
    unit_price DOUBLE,
    lot_quantity INTEGER,
    model_id VARCHAR,
    exclude_reason VARCHAR,
    evidence VARCHAR,
    url VARCHAR,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, source, listing_id)
);
COMMENT ON TABLE staging.listings IS 'Every listing of every source with its classification: a catalog model, or an exclusion reason.';
COMMENT ON COLUMN staging.listings.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN staging.listings.source IS 'ebay, newegg, microcenter or bestbuy.';
COMMENT ON COLUMN staging.listings.listing_id IS 'eBay item id or store SKU.';
COMMENT ON COLUMN staging.listings.title IS 'Listing title.';
COMMENT ON COLUMN staging.listings.condition IS 'new, open_box, refurbished, used or for_parts. Retailer rows are new unless labelled otherwise.';
COMMENT ON COLUMN staging.listings.price IS 'Asking price in USD without shipping.';
COMMENT ON COLUMN staging.listings.shipping_cost IS 'Shipping in USD; 0 when free; NULL when calculated or unknown.';
COMMENT ON COLUMN staging.listings.total_price IS 'price plus shipping (shipping counted as 0 when unknown).';
COMMENT ON COLUMN staging.listings.unit_price IS 'total_price divided by lot_quantity.';
COMMENT ON COLUMN staging.listings.lot_quantity IS 'Cards in the listing (1 unless a lot).';
COMMENT ON COLUMN staging.listings.model_id IS 'Catalog model, NULL when none can be named.';
COMMENT ON COLUMN staging.listings.exclude_reason IS 'NULL when the listing counts toward prices; else accessory, box_only, for_parts, lot, system, variation, unclear, low_feedback.';
COMMENT ON COLUMN staging.listings.evidence IS 'Why the classifier decided so (matched tokens, rules fired).';
COMMENT ON COLUMN staging.listings.url IS 'Listing URL.';
COMMENT ON COLUMN staging.listings.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS staging.listing_history (
    source VARCHAR NOT NULL,
    listing_id VARCHAR NOT NULL,
    model_id VARCHAR,
    condition VARCHAR,
    title VARCHAR,
    first_seen DATE NOT NULL,
    last_seen DATE NOT NULL,
    days_listed INTEGER NOT NULL,
    days_seen INTEGER NOT NULL,
    first_price DOUBLE,
    last_price DOUBLE,
    min_price DOUBLE,
    max_price DOUBLE,
    price_changes INTEGER NOT NULL,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (source, listing_id)
);
COMMENT ON TABLE staging.listing_history IS 'Per listing across snapshot dates: how long it sat and how its asking price moved.';
COMMENT ON COLUMN staging.listing_history.source IS 'Source of the listing.';
COMMENT ON COLUMN staging.listing_history.listing_id IS 'eBay item id or store SKU.';
COMMENT ON COLUMN staging.listing_history.model_id IS 'Latest classification.';
COMMENT ON COLUMN staging.listing_history.condition IS 'Latest condition.';
COMMENT ON COLUMN staging.listing_history.title IS 'Latest title.';
COMMENT ON COLUMN staging.listing_history.first_seen IS 'First snapshot date the listing was seen.';
COMMENT ON COLUMN staging.listing_history.last_seen IS 'Last snapshot date the listing was seen.';
COMMENT ON COLUMN staging.listing_history.days_listed IS 'last_seen - first_seen + 1.';
COMMENT ON COLUMN staging.listing_history.days_seen IS 'Snapshot dates on which it was seen.';
COMMENT ON COLUMN staging.listing_history.first_price IS 'Total price when first seen.';
COMMENT ON COLUMN staging.listing_history.last_price IS 'Total price when last seen.';
COMMENT ON COLUMN staging.listing_history.min_price IS 'Lowest total price seen.';
COMMENT ON COLUMN staging.listing_history.max_price IS 'Highest total price seen.';
COMMENT ON COLUMN staging.listing_history.price_changes IS 'Times the total price differed from the previous snapshot.';
COMMENT ON COLUMN staging.listing_history.source_mode IS 'live or sample, as last seen.';

CREATE TABLE IF NOT EXISTS staging.unmatched_titles (
    snapshot_date DATE NOT NULL,
    kind VARCHAR NOT NULL,
    text VARCHAR NOT NULL,
    listings INTEGER NOT NULL,
    example_title VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE staging.unmatched_titles IS 'Most frequent titles and tokens of listings no model could be named for: where to extend the catalog.';
COMMENT ON COLUMN staging.unmatched_titles.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN staging.unmatched_titles.kind IS 'title or token.';
COMMENT ON COLUMN staging.unmatched_titles.text IS 'Normalized title or token.';
COMMENT ON COLUMN staging.unmatched_titles.listings IS 'Unmatched listings carrying it.';
COMMENT ON COLUMN staging.unmatched_titles.example_title IS 'One title as listed.';
COMMENT ON COLUMN staging.unmatched_titles.source_mode IS 'live or sample.';
