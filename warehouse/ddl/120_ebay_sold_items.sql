-- 120: sold items from eBay's Marketplace Insights API, kept apart from asking prices (issue 20).
CREATE TABLE raw.ebay_sold_items (
    snapshot_date DATE NOT NULL,
    item_id VARCHAR NOT NULL,
    title VARCHAR,
    last_sold_price DOUBLE,
    currency VARCHAR,
    last_sold_date TIMESTAMP,
    total_sold_quantity INTEGER,
    condition_id INTEGER,
    web_url VARCHAR,
    query_model_id VARCHAR,
    fetched_at TIMESTAMP,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.ebay_sold_items IS 'Items sold on eBay in the 90 days before the fetch (Marketplace Insights item_sales/search): SALE prices, not asking prices. Only for keys eBay approved for that Limited Release API; otherwise empty, and raw.source_runs says the source was skipped.';
COMMENT ON COLUMN raw.ebay_sold_items.snapshot_date IS 'Partition the fetch belongs to.';
COMMENT ON COLUMN raw.ebay_sold_items.item_id IS 'eBay RESTful item id.';
COMMENT ON COLUMN raw.ebay_sold_items.title IS 'Listing title.';
COMMENT ON COLUMN raw.ebay_sold_items.last_sold_price IS 'Price of the last sale (lastSoldPrice), in currency.';
COMMENT ON COLUMN raw.ebay_sold_items.currency IS 'Currency of last_sold_price.';
COMMENT ON COLUMN raw.ebay_sold_items.last_sold_date IS 'When it last sold (UTC).';
COMMENT ON COLUMN raw.ebay_sold_items.total_sold_quantity IS 'Units sold from the listing in the history window.';
COMMENT ON COLUMN raw.ebay_sold_items.condition_id IS 'eBay condition id.';
COMMENT ON COLUMN raw.ebay_sold_items.web_url IS 'Listing URL.';
COMMENT ON COLUMN raw.ebay_sold_items.query_model_id IS 'Catalog model whose search found it.';
COMMENT ON COLUMN raw.ebay_sold_items.fetched_at IS 'When the page was fetched (UTC).';
COMMENT ON COLUMN raw.ebay_sold_items.source_mode IS 'live (there is no sample of sold data).';
COMMENT ON COLUMN raw.source_runs.outcome IS 'ok, partial (some queries or pages failed, or the call budget ran out), failed (source stopped, or nothing arrived) or skipped (not available: e.g. eBay sold data without access, or in sample mode).';
