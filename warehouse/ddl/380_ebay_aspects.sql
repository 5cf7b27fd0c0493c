-- 380: eBay's structured evidence beside the title (issue 37 item 2, transforms/ebay_aspects.py): each search's
-- distribution of the item aspects Chipset/GPU Model and Memory Size (from its first page, no extra call), and
-- the items eBay lists under the values that name another model or size than the one searched.
CREATE TABLE IF NOT EXISTS raw.ebay_aspect_counts (
    snapshot_date DATE NOT NULL,
    marketplace_id VARCHAR NOT NULL,
    query_model_id VARCHAR NOT NULL,
    aspect_name VARCHAR NOT NULL,
    aspect_value VARCHAR NOT NULL,
    match_count INTEGER NOT NULL,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.ebay_aspect_counts IS 'How many items of each eBay search carry each value of the item aspects Chipset/GPU Model and Memory Size, as eBay reported it on the search''s first page (fieldgroups=ASPECT_REFINEMENTS: refinement.aspectDistributions; no extra call). Marketplaces with English aspect names only (EBAY_US, EBAY_GB, EBAY_CA, EBAY_AU). Replaced with the day''s raw.ebay_listings.';
COMMENT ON COLUMN raw.ebay_aspect_counts.snapshot_date IS 'The day of the search (the partition).';
COMMENT ON COLUMN raw.ebay_aspect_counts.marketplace_id IS 'The eBay marketplace searched (X-EBAY-C-MARKETPLACE-ID).';
COMMENT ON COLUMN raw.ebay_aspect_counts.query_model_id IS 'The catalog model whose search this was.';
COMMENT ON COLUMN raw.ebay_aspect_counts.aspect_name IS 'Chipset/GPU Model or Memory Size (localizedAspectName).';
COMMENT ON COLUMN raw.ebay_aspect_counts.aspect_value IS 'The value sellers chose, as eBay spells it (localizedAspectValue).';
COMMENT ON COLUMN raw.ebay_aspect_counts.match_count IS 'How many of the search''s items carry the value (matchCount).';
COMMENT ON COLUMN raw.ebay_aspect_counts.source_mode IS 'live or sample: how the search ran.';

CREATE TABLE IF NOT EXISTS raw.ebay_aspect_evidence (
    snapshot_date DATE NOT NULL,
    marketplace_id VARCHAR NOT NULL,
    item_id VARCHAR NOT NULL,
    query_model_id VARCHAR NOT NULL,
    aspect_name VARCHAR NOT NULL,
    stated_values VARCHAR[] NOT NULL,
    items_total INTEGER NOT NULL,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.ebay_aspect_evidence IS 'Items whose seller stated an aspect value naming another model or memory size than the one searched: the same search run once more with aspect_filter=categoryId:27386,<aspect>:{values} (one call per such aspect and search, its first 200 items). staging.listings compares them with the title: a disagreement excludes the listing as unclear, with both sides in its evidence. Replaced with the day''s raw.ebay_listings.';
COMMENT ON COLUMN raw.ebay_aspect_evidence.snapshot_date IS 'The day of the search (the partition).';
COMMENT ON COLUMN raw.ebay_aspect_evidence.marketplace_id IS 'The eBay marketplace searched.';
COMMENT ON COLUMN raw.ebay_aspect_evidence.item_id IS 'The eBay item id (raw.ebay_listings.item_id, staging.listings.listing_id).';
COMMENT ON COLUMN raw.ebay_aspect_evidence.query_model_id IS 'The catalog model whose search found the item.';
COMMENT ON COLUMN raw.ebay_aspect_evidence.aspect_name IS 'Chipset/GPU Model or Memory Size.';
COMMENT ON COLUMN raw.ebay_aspect_evidence.stated_values IS 'The values the item was found under: its seller stated one of them (eBay does not say which).';
COMMENT ON COLUMN raw.ebay_aspect_evidence.items_total IS 'How many items eBay says match the filter in all; above 200 only the first 200 are recorded.';
COMMENT ON COLUMN raw.ebay_aspect_evidence.source_mode IS 'live or sample: how the search ran.';

COMMENT ON COLUMN raw.ingest_errors.error_kind IS 'http_status, timeout, transport, malformed_json (also a Best Buy answer that is not JSON), layout_changed, store_not_selected, no_results, blocked, budget_exhausted, robots_disallowed, page_loop, page_cap, too_large, credentials_refused, host_down, not_run, malformed_row (one row of a gpuhunt catalog: its line and why); per item, never a failed search or store: bad_item (dropped: no itemId, not an object), bad_price (kept without a price: missing, non-positive, non-finite or over 1,000,000), title_cut (cut to eBay''s 80 characters or a store''s 300; the reason gives the original length); beside a search''s items, never a failed search: bad_aspects (a refinement or aspect distribution of the wrong type, skipped), aspect_call (the aspect-filtered call failed: that evidence is missing).';
