-- 180: eBay listings from several marketplaces (issue 21): every row keeps its marketplace and currency.
ALTER TABLE raw.ebay_listings ADD COLUMN marketplace_id VARCHAR DEFAULT 'EBAY_US';
UPDATE raw.ebay_listings SET marketplace_id = 'EBAY_US' WHERE marketplace_id IS NULL;
ALTER TABLE raw.ebay_listings ALTER COLUMN marketplace_id SET NOT NULL;
COMMENT ON COLUMN raw.ebay_listings.marketplace_id IS 'The eBay marketplace searched (X-EBAY-C-MARKETPLACE-ID: EBAY_US, EBAY_GB, EBAY_DE, ...; pipelines/sources/ebay/marketplaces.py). The same item can be listed on several; the key is (snapshot_date, marketplace_id, item_id).';
COMMENT ON COLUMN raw.ebay_listings.currency IS 'Currency of price and shipping as the marketplace returned them (its own currency: the search filters priceCurrency).';
