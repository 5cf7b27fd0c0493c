-- 400: a lot whose title gives no count (`Lot NVIDIA GeForce RTX 3090 ...`, issue 37) keeps lot_quantity null.
COMMENT ON COLUMN staging.listings.lot_quantity IS 'Cards in the listing: 1 unless a lot; null for a lot whose title gives no count (unit_price is then the whole price; lots are never priced as cards).';
