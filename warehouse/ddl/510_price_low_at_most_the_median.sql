-- 510: a card's low price is never above its median (transforms/gpu_value.py).
COMMENT ON COLUMN marts.gpu_value.price_low IS 'Robust low: mean of the three lowest asking prices (sellers'' voices), never above price_median (with three asks that mean is the mean of all of them, which one high ask can lift over the median).';
