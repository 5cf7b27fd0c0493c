"""The rules the classification and price marts share, in one place: a listing's seller-feedback floor and
whether open box counts as new. Every asset that applies them reads them from this resource, so they
cannot disagree (before, `deals` bucketed open box one way while `price_daily` could be set another)."""

import dagster as dg

from transforms.conditions import OPEN_BOX_AS_NEW

DEFAULT_MIN_SELLER_FEEDBACK_PCT = 95.0  # below this an eBay listing is excluded as low_feedback


class MarketRulesResource(dg.ConfigurableResource):
    """GPU_MARKET_MIN_SELLER_FEEDBACK_PCT and GPU_MARKET_OPEN_BOX_AS_NEW (true/false) set them."""

    min_seller_feedback_pct: float = DEFAULT_MIN_SELLER_FEEDBACK_PCT
    open_box_as_new: bool = OPEN_BOX_AS_NEW
