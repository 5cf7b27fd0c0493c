-- 130: retailer rows read as the stores state them (issue 23): bundles as their own kind, the SKU the store
-- prints beside the product id used as key, and the stock count or button that says whether it can be bought.
ALTER TABLE raw.retailer_listings ADD COLUMN listing_kind VARCHAR DEFAULT 'card';
ALTER TABLE raw.retailer_listings ADD COLUMN components VARCHAR;
ALTER TABLE raw.retailer_listings ADD COLUMN shown_sku VARCHAR;
ALTER TABLE raw.retailer_listings ADD COLUMN stock_quantity INTEGER;
ALTER TABLE raw.retailer_listings ADD COLUMN stock_text VARCHAR;
COMMENT ON TABLE raw.retailer_listings IS 'Retailer product listings (Newegg, Micro Center, Best Buy), one row per store product id and condition per snapshot date (Micro Center shows open-box units beside new ones). Bundles (Newegg combos) are rows of kind bundle, never priced as cards.';
COMMENT ON COLUMN raw.retailer_listings.sku IS 'Stable key of the product at the store: Newegg item number (N82E..., 9SIA..., Combo.N for a combo), Micro Center product id (data-id, also in the product URL), Best Buy SKU.';
COMMENT ON COLUMN raw.retailer_listings.title IS 'Product name as the store shows it, entities decoded, condition words the store put in the name removed (they are in condition).';
COMMENT ON COLUMN raw.retailer_listings.condition IS 'new, open_box, refurbished or used: from a badge, the name (start, end or bracketed), the stock line or an open-box offer.';
COMMENT ON COLUMN raw.retailer_listings.in_stock IS 'Whether it can be bought now: false for a zero count, sold out, back order or auto notify; NULL when the page does not say.';
COMMENT ON COLUMN raw.retailer_listings.listing_kind IS 'card (one product) or bundle (several products sold together at one price, e.g. a Newegg combo of a GPU and a PSU; excluded from card prices).';
COMMENT ON COLUMN raw.retailer_listings.components IS 'For a bundle: the products in it as the page names them, joined by " | "; NULL when the page does not name them.';
COMMENT ON COLUMN raw.retailer_listings.shown_sku IS 'SKU the store prints on the product (Micro Center "SKU: 123456"), when it differs from the key in sku.';
COMMENT ON COLUMN raw.retailer_listings.stock_quantity IS 'Units the store says it has (Micro Center "25+ NEW IN STOCK" is 25, "0 IN STOCK" is 0; an open-box row has its offer count); NULL when no count is shown.';
COMMENT ON COLUMN raw.retailer_listings.stock_text IS 'The stock line or purchase button as shown ("25+ NEW IN STOCK", "Back order", "Add to cart").';
COMMENT ON COLUMN raw.ingest_errors.error_kind IS 'http_status, timeout, transport, malformed_json, layout_changed, store_not_selected, no_results, blocked, budget_exhausted, robots_disallowed, page_loop, page_cap, too_large, credentials_refused, host_down, not_run.';
COMMENT ON COLUMN staging.listings.exclude_reason IS 'NULL when the listing counts toward prices; else bundle (a store combo of the card and other products at one price), accessory, box_only, for_parts, lot, system, variation, unclear, low_feedback.';
