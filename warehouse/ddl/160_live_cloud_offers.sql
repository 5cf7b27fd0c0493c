-- 160: live cloud GPU prices from the gpuhunt catalog; marts.cloud_prices becomes a daily table (issue 18).
CREATE TABLE raw.cloud_offers (
    snapshot_date DATE NOT NULL,
    provider VARCHAR NOT NULL,
    catalog_version VARCHAR NOT NULL,
    catalog_url VARCHAR,
    instance_name VARCHAR NOT NULL,
    location VARCHAR,
    usd_per_hour DOUBLE NOT NULL,
    gpu_count INTEGER NOT NULL,
    gpu_name VARCHAR NOT NULL,
    gpu_memory_gb DOUBLE,
    spot BOOLEAN NOT NULL,
    flags VARCHAR,
    fetched_at TIMESTAMP,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.cloud_offers IS 'GPU instance offers of the clouds in the gpuhunt catalog (dstackai/gpuhunt, published per provider daily), one row per instance, region and spot/on-demand. Live mode only: sample mode uses the dated snapshot warehouse/catalog/cloud_prices.csv and records the source as skipped.';
COMMENT ON COLUMN raw.cloud_offers.snapshot_date IS 'Partition the fetch belongs to.';
COMMENT ON COLUMN raw.cloud_offers.provider IS 'gpuhunt provider id: aws, azure, gcp, lambdalabs, nebius, oci, runpod, verda, cloudrift.';
COMMENT ON COLUMN raw.cloud_offers.catalog_version IS 'The provider catalog version read (YYYYMMDD-run: the UTC day gpuhunt collected it).';
COMMENT ON COLUMN raw.cloud_offers.catalog_url IS 'The catalog.zip read.';
COMMENT ON COLUMN raw.cloud_offers.instance_name IS 'Instance type as the provider names it (e.g. p4d.24xlarge).';
COMMENT ON COLUMN raw.cloud_offers.location IS 'Region or zone.';
COMMENT ON COLUMN raw.cloud_offers.usd_per_hour IS 'USD per instance-hour (all its GPUs).';
COMMENT ON COLUMN raw.cloud_offers.gpu_count IS 'GPUs in the instance.';
COMMENT ON COLUMN raw.cloud_offers.gpu_name IS 'gpuhunt GPU name (A100, H100, L4, RTX4090, ...); matched to catalog models by warehouse/catalog/cloud_gpu_names.csv.';
COMMENT ON COLUMN raw.cloud_offers.gpu_memory_gb IS 'Memory per GPU as the provider reports it, GB.';
COMMENT ON COLUMN raw.cloud_offers.spot IS 'True: interruptible (spot) offer.';
COMMENT ON COLUMN raw.cloud_offers.flags IS 'gpuhunt flags, space separated (e.g. runpod-cluster: multi-node only).';
COMMENT ON COLUMN raw.cloud_offers.fetched_at IS 'When the catalog was fetched (UTC).';
COMMENT ON COLUMN raw.cloud_offers.source_mode IS 'live.';

DELETE FROM marts.cloud_prices;  -- rebuilt per day from now on
ALTER TABLE marts.cloud_prices ADD COLUMN snapshot_date DATE;
ALTER TABLE marts.cloud_prices ADD COLUMN location VARCHAR;
ALTER TABLE marts.cloud_prices ADD COLUMN catalog_version VARCHAR;
COMMENT ON TABLE marts.cloud_prices IS 'Cloud GPU-hour prices for catalog models, per day: in live mode the cheapest offer per model, provider and kind in the gpuhunt catalog (snapshot_basis live), plus the dated snapshot warehouse/catalog/cloud_prices.csv for providers the catalog does not cover; in sample mode the snapshot only (snapshot_basis snapshot: what the sources said on price_date, not today''s quotes).';
COMMENT ON COLUMN marts.cloud_prices.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.cloud_prices.provider IS 'AWS, Azure, GCP, Lambda, RunPod, Modal, Vast.ai, ...';
COMMENT ON COLUMN marts.cloud_prices.offer_kind IS 'on_demand (a VM by the hour), serverless (per-second workers), marketplace (hosts'' asks), spot (interruptible).';
COMMENT ON COLUMN marts.cloud_prices.price_date IS 'When the price was stated: the catalog''s collection day (live) or the source''s date (snapshot; YYYY-MM-DD or YYYY-MM, empty when undated).';
COMMENT ON COLUMN marts.cloud_prices.source IS 'URL read: the gpuhunt catalog.zip (live) or the page behind the snapshot row.';
COMMENT ON COLUMN marts.cloud_prices.note IS 'How the figure was read: offers and locations compared, form-factor assumptions (live); transcription and range caveats (snapshot).';
COMMENT ON COLUMN marts.cloud_prices.snapshot_basis IS 'live (gpuhunt catalog of the day) or snapshot (the bundled dated file).';
COMMENT ON COLUMN marts.cloud_prices.location IS 'Region of the cheapest offer (live rows).';
COMMENT ON COLUMN marts.cloud_prices.catalog_version IS 'gpuhunt catalog version (live rows).';

COMMENT ON COLUMN raw.ingest_errors.source IS 'ebay, ebay_sold, newegg, microcenter, bestbuy, techpowerup, wikipedia, gpuhunt.';
COMMENT ON COLUMN raw.ingest_errors.error_kind IS 'http_status, timeout, transport, malformed_json, layout_changed, store_not_selected, no_results, blocked, budget_exhausted, robots_disallowed, page_loop, page_cap, too_large, credentials_refused, host_down, not_run, malformed_row (one row of a gpuhunt catalog: its line and why).';
COMMENT ON COLUMN raw.source_runs.source IS 'ebay, ebay_sold, retailers, spec_sheets, gpuhunt.';
