-- 110: listings that left the market, and watchlist alerts (issue 20).
CREATE TABLE marts.listing_exits (
    source VARCHAR NOT NULL,
    listing_id VARCHAR NOT NULL,
    exit_date DATE NOT NULL,
    last_seen DATE NOT NULL,
    first_seen DATE NOT NULL,
    days_listed INTEGER NOT NULL,
    last_price DOUBLE,
    model_id VARCHAR,
    condition VARCHAR,
    title VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE marts.listing_exits IS 'Listings that left: seen on some day, absent on the next day that was ingested, and not seen since. Sold or withdrawn: asking data cannot tell which. One row per listing; a listing that comes back loses its row (and gets a new one if it leaves again).';
COMMENT ON COLUMN marts.listing_exits.source IS 'ebay or a store.';
COMMENT ON COLUMN marts.listing_exits.listing_id IS 'eBay item id or store SKU.';
COMMENT ON COLUMN marts.listing_exits.exit_date IS 'First ingested day on which the listing was absent.';
COMMENT ON COLUMN marts.listing_exits.last_seen IS 'Last day the listing was seen.';
COMMENT ON COLUMN marts.listing_exits.first_seen IS 'First day the listing was seen.';
COMMENT ON COLUMN marts.listing_exits.days_listed IS 'last_seen - first_seen + 1: how long it was on sale (at least).';
COMMENT ON COLUMN marts.listing_exits.last_price IS 'Asking price per unit, shipping included, on the last day seen (the exit price).';
COMMENT ON COLUMN marts.listing_exits.model_id IS 'Catalog model on the last day seen (NULL when it was excluded or unclear).';
COMMENT ON COLUMN marts.listing_exits.condition IS 'Condition on the last day seen.';
COMMENT ON COLUMN marts.listing_exits.title IS 'Title on the last day seen.';
COMMENT ON COLUMN marts.listing_exits.source_mode IS 'live, sample or simulated.';

CREATE VIEW marts.exits_daily AS
SELECT exit_date, model_id, condition, count(*) AS exits, median(last_price) AS median_exit_price,
       median(days_listed) AS median_days_to_exit, 'sold or withdrawn' AS meaning
FROM marts.listing_exits WHERE model_id IS NOT NULL
GROUP BY exit_date, model_id, condition;
COMMENT ON COLUMN marts.exits_daily.exit_date IS 'Day the listings were first absent.';
COMMENT ON COLUMN marts.exits_daily.model_id IS 'Catalog model.';
COMMENT ON COLUMN marts.exits_daily.condition IS 'Condition on the last day seen.';
COMMENT ON COLUMN marts.exits_daily.exits IS 'Listings that left that day.';
COMMENT ON COLUMN marts.exits_daily.median_exit_price IS 'Median last asking price per unit, shipping included (not a sale price).';
COMMENT ON COLUMN marts.exits_daily.median_days_to_exit IS 'Median days listed before leaving: how fast such cards go.';
COMMENT ON COLUMN marts.exits_daily.meaning IS 'Always: sold or withdrawn.';
COMMENT ON VIEW marts.exits_daily IS 'Per exit day, model and condition: listings that left (sold or withdrawn; asking data cannot tell which), their median last asking price and median days listed.';

CREATE TABLE marts.alerts (
    watch VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    listing_id VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    matched_date DATE NOT NULL,
    model_id VARCHAR,
    condition VARCHAR,
    price DOUBLE,
    title VARCHAR,
    url VARCHAR,
    reason VARCHAR NOT NULL,
    delivered BOOLEAN NOT NULL,
    delivered_at TIMESTAMP,
    attempts INTEGER NOT NULL,
    last_error VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE marts.alerts IS 'Every watchlist alert: what matched, when, why, and whether it was delivered. One row per watchlist entry and listing: a listing alerts once per entry, whatever the runs and days. Undelivered alerts are retried after each run.';
COMMENT ON COLUMN marts.alerts.watch IS 'Name of the watchlist entry (watchlist.yaml).';
COMMENT ON COLUMN marts.alerts.source IS 'ebay or a store.';
COMMENT ON COLUMN marts.alerts.listing_id IS 'eBay item id or store SKU.';
COMMENT ON COLUMN marts.alerts.kind IS 'match (the entry''s conditions and price) or deal (a marts.deals row of a watched model).';
COMMENT ON COLUMN marts.alerts.matched_date IS 'Snapshot date on which it first matched.';
COMMENT ON COLUMN marts.alerts.price IS 'Asking price per unit, shipping included, when it matched.';
COMMENT ON COLUMN marts.alerts.reason IS 'Why it matched, in words.';
COMMENT ON COLUMN marts.alerts.delivered IS 'Whether a notification went out.';
COMMENT ON COLUMN marts.alerts.delivered_at IS 'When (UTC).';
COMMENT ON COLUMN marts.alerts.attempts IS 'Delivery attempts so far (0 when no target is configured).';
COMMENT ON COLUMN marts.alerts.last_error IS 'Why the last attempt failed (never the target URL).';
COMMENT ON COLUMN marts.alerts.source_mode IS 'live, sample or simulated.';
COMMENT ON COLUMN marts.alerts.model_id IS 'Catalog model of the listing.';
COMMENT ON COLUMN marts.alerts.condition IS 'Price bucket: new (incl. open box), used or refurbished.';
COMMENT ON COLUMN marts.alerts.title IS 'Listing title.';
COMMENT ON COLUMN marts.alerts.url IS 'Listing URL.';
