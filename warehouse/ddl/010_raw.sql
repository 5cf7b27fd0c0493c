-- 010: raw layer. Each source asset replaces its snapshot_date in one transaction.
CREATE TABLE IF NOT EXISTS raw.ebay_listings (
    snapshot_date DATE NOT NULL,
    item_id VARCHAR NOT NULL,
    title VARCHAR,
    price DOUBLE,
    currency VARCHAR,
    shipping_cost DOUBLE,
    shipping_type VARCHAR,
    condition_id INTEGER,
    condition VARCHAR,
    buying_options VARCHAR,
    item_group_type VARCHAR,
    seller_feedback_pct DOUBLE,
    seller_feedback_score BIGINT,
    item_location_country VARCHAR,
    item_creation_date TIMESTAMP,
    item_end_date TIMESTAMP,
    web_url VARCHAR,
    image_url VARCHAR,
    epid VARCHAR,
    query_model_id VARCHAR,
    query VARCHAR,
    fetched_at TIMESTAMP,
    source_mode VARCHAR NOT NULL,
    raw_json VARCHAR,
    PRIMARY KEY (snapshot_date, item_id)
);
COMMENT ON TABLE raw.ebay_listings IS 'eBay Browse item summaries, one row per item per snapshot date (deduplicated by item_id across queries). Asking prices of active listings.';
COMMENT ON COLUMN raw.ebay_listings.snapshot_date IS 'Daily partition the item was seen in.';
COMMENT ON COLUMN raw.ebay_listings.item_id IS 'eBay RESTful item id, e.g. v1|123456789012|0.';
COMMENT ON COLUMN raw.ebay_listings.title IS 'Listing title as the seller wrote it.';
COMMENT ON COLUMN raw.ebay_listings.price IS 'Asking price (price.value), without shipping.';
COMMENT ON COLUMN raw.ebay_listings.currency IS 'Currency of price (price.currency).';
COMMENT ON COLUMN raw.ebay_listings.shipping_cost IS 'Cheapest FIXED shipping cost; NULL when shipping is CALCULATED or not given.';
COMMENT ON COLUMN raw.ebay_listings.shipping_type IS 'shippingCostType of the cheapest option: FIXED, CALCULATED, or NULL.';
COMMENT ON COLUMN raw.ebay_listings.condition_id IS 'eBay condition id (1000 new, 1500 open box, 2000-2500 refurbished, 3000 used, 7000 for parts).';
COMMENT ON COLUMN raw.ebay_listings.condition IS 'Normalized condition: new, open_box, refurbished, used, for_parts.';
COMMENT ON COLUMN raw.ebay_listings.buying_options IS 'Comma-separated buyingOptions (FIXED_PRICE, BEST_OFFER, ...).';
COMMENT ON COLUMN raw.ebay_listings.item_group_type IS 'SELLER_DEFINED_VARIATIONS when the price shown is the cheapest of several variants.';
COMMENT ON COLUMN raw.ebay_listings.seller_feedback_pct IS 'Seller positive feedback percentage (no user names are stored).';
COMMENT ON COLUMN raw.ebay_listings.seller_feedback_score IS 'Seller feedback score.';
COMMENT ON COLUMN raw.ebay_listings.item_location_country IS 'Item location country code.';
COMMENT ON COLUMN raw.ebay_listings.item_creation_date IS 'When the listing was created (UTC).';
COMMENT ON COLUMN raw.ebay_listings.item_end_date IS 'When the listing ends (UTC), if given.';
COMMENT ON COLUMN raw.ebay_listings.web_url IS 'Listing page URL.';
COMMENT ON COLUMN raw.ebay_listings.image_url IS 'Primary image URL.';
COMMENT ON COLUMN raw.ebay_listings.epid IS 'eBay product id, if the listing is tied to a catalog product.';
COMMENT ON COLUMN raw.ebay_listings.query_model_id IS 'Catalog model whose search found the item first.';
COMMENT ON COLUMN raw.ebay_listings.query IS 'The q parameter of that search.';
COMMENT ON COLUMN raw.ebay_listings.fetched_at IS 'When the page holding the item was fetched (UTC).';
COMMENT ON COLUMN raw.ebay_listings.source_mode IS 'live (eBay API) or sample (bundled project-authored snapshot, not market prices).';
COMMENT ON COLUMN raw.ebay_listings.raw_json IS 'The item summary exactly as received, seller user name removed.';

CREATE TABLE IF NOT EXISTS raw.retailer_listings (
    snapshot_date DATE NOT NULL,
    store VARCHAR NOT NULL,
    sku VARCHAR NOT NULL,
    title VARCHAR,
    price DOUBLE,
    was_price DOUBLE,
    shipping_cost DOUBLE,
    in_stock BOOLEAN,
    condition VARCHAR,
    brand VARCHAR,
    rating DOUBLE,
    review_count INTEGER,
    price_note VARCHAR,
    url VARCHAR,
    fetched_at TIMESTAMP,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, store, sku, condition)
);
COMMENT ON TABLE raw.retailer_listings IS 'Retailer product listings (Newegg, Micro Center, Best Buy), one row per store SKU and condition per snapshot date (Micro Center shows open-box units beside new ones).';
COMMENT ON COLUMN raw.retailer_listings.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN raw.retailer_listings.store IS 'newegg, microcenter or bestbuy.';
COMMENT ON COLUMN raw.retailer_listings.sku IS 'Store item number, product id or SKU.';
COMMENT ON COLUMN raw.retailer_listings.title IS 'Product name as the store shows it.';
COMMENT ON COLUMN raw.retailer_listings.price IS 'Current price in USD; NULL when missing or a range.';
COMMENT ON COLUMN raw.retailer_listings.was_price IS 'Regular price when the item is on sale.';
COMMENT ON COLUMN raw.retailer_listings.shipping_cost IS 'Shipping in USD, 0 for free, NULL when unknown.';
COMMENT ON COLUMN raw.retailer_listings.in_stock IS 'Whether the store shows it as available.';
COMMENT ON COLUMN raw.retailer_listings.condition IS 'new, open_box, refurbished or used.';
COMMENT ON COLUMN raw.retailer_listings.brand IS 'Brand, when the store gives it.';
COMMENT ON COLUMN raw.retailer_listings.rating IS 'Average customer rating (0-5).';
COMMENT ON COLUMN raw.retailer_listings.review_count IS 'Number of customer reviews.';
COMMENT ON COLUMN raw.retailer_listings.price_note IS 'Why a price is missing or odd (range, call for price, unparsed text).';
COMMENT ON COLUMN raw.retailer_listings.url IS 'Product page URL.';
COMMENT ON COLUMN raw.retailer_listings.fetched_at IS 'When the page was fetched (UTC).';
COMMENT ON COLUMN raw.retailer_listings.source_mode IS 'live or sample (project-authored pages, not market prices).';

CREATE TABLE IF NOT EXISTS raw.gpu_spec_sheets (
    snapshot_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    page_url VARCHAR NOT NULL,
    model_name VARCHAR,
    model_id VARCHAR,
    field VARCHAR NOT NULL,
    raw_value VARCHAR,
    value DOUBLE,
    unit VARCHAR,
    fetched_at TIMESTAMP,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.gpu_spec_sheets IS 'Spec facts scraped from TechPowerUp and Wikipedia pages, one fact per row.';
COMMENT ON COLUMN raw.gpu_spec_sheets.snapshot_date IS 'Date the pages were read.';
COMMENT ON COLUMN raw.gpu_spec_sheets.source IS 'techpowerup or wikipedia.';
COMMENT ON COLUMN raw.gpu_spec_sheets.page_url IS 'Page the fact came from.';
COMMENT ON COLUMN raw.gpu_spec_sheets.model_name IS 'Card name as the page writes it.';
COMMENT ON COLUMN raw.gpu_spec_sheets.model_id IS 'Catalog model the name was matched to (NULL when none).';
COMMENT ON COLUMN raw.gpu_spec_sheets.field IS 'Normalized field name, as in the catalog (memory_gb, fp32_tflops, ...).';
COMMENT ON COLUMN raw.gpu_spec_sheets.raw_value IS 'Text as shown on the page.';
COMMENT ON COLUMN raw.gpu_spec_sheets.value IS 'Numeric value in the catalog unit, NULL for text fields.';
COMMENT ON COLUMN raw.gpu_spec_sheets.unit IS 'Unit of value.';
COMMENT ON COLUMN raw.gpu_spec_sheets.fetched_at IS 'When the page was fetched (UTC).';
COMMENT ON COLUMN raw.gpu_spec_sheets.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS raw.ingest_errors (
    snapshot_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    target VARCHAR,
    error_kind VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    http_status INTEGER,
    attempts INTEGER,
    recorded_at TIMESTAMP NOT NULL,
    run_id VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.ingest_errors IS 'Every request or page that failed after retries, with the reason. Replaced per snapshot date and source on re-run.';
COMMENT ON COLUMN raw.ingest_errors.snapshot_date IS 'Partition the failure belongs to.';
COMMENT ON COLUMN raw.ingest_errors.source IS 'ebay, newegg, microcenter, bestbuy, techpowerup, wikipedia.';
COMMENT ON COLUMN raw.ingest_errors.target IS 'Query or URL (never with credentials).';
COMMENT ON COLUMN raw.ingest_errors.error_kind IS 'http_status, timeout, transport, malformed_json, layout_changed, budget_exhausted, robots_disallowed, page_loop, too_large.';
COMMENT ON COLUMN raw.ingest_errors.reason IS 'Human-readable reason.';
COMMENT ON COLUMN raw.ingest_errors.http_status IS 'Last HTTP status, if any.';
COMMENT ON COLUMN raw.ingest_errors.attempts IS 'Attempts made before giving up.';
COMMENT ON COLUMN raw.ingest_errors.recorded_at IS 'When the failure was recorded (UTC).';
COMMENT ON COLUMN raw.ingest_errors.run_id IS 'Dagster run id.';
COMMENT ON COLUMN raw.ingest_errors.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS raw.api_calls (
    call_date DATE NOT NULL,
    source VARCHAR NOT NULL,
    calls INTEGER NOT NULL,
    PRIMARY KEY (call_date, source)
);
COMMENT ON TABLE raw.api_calls IS 'HTTP calls made per UTC day and source, for the daily call budget.';
COMMENT ON COLUMN raw.api_calls.call_date IS 'UTC day of the calls (wall clock, not the partition).';
COMMENT ON COLUMN raw.api_calls.source IS 'API counted, e.g. ebay.';
COMMENT ON COLUMN raw.api_calls.calls IS 'Calls made that day, every attempt counted.';
