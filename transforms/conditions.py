"""Condition vocabulary: eBay condition ids and retailer labels to new, open_box, refurbished, used, for_parts."""

import polars as pl

EBAY_CONDITION_IDS = {
    1000: "new",
    1500: "open_box",
    1750: "new",  # new with defects
    2000: "refurbished",
    2010: "refurbished",
    2020: "refurbished",
    2030: "refurbished",
    2500: "refurbished",
    2750: "used",  # like new
    3000: "used",
    4000: "used",
    5000: "used",
    6000: "used",
    7000: "for_parts",
}


def ebay_condition(condition_id: int | None) -> str | None:
    """Normalized condition for an eBay condition id, None when unknown."""
    if condition_id is None:
        return None
    return EBAY_CONDITION_IDS.get(int(condition_id))


def price_condition(condition: str | None, open_box_as_new: bool = True) -> str | None:
    """Condition bucket prices are computed in: open box counts as new unless configured otherwise."""
    if condition == "open_box":
        return "new" if open_box_as_new else "open_box"
    if condition in ("new", "used", "refurbished"):
        return condition
    return None


def price_condition_expr(condition: pl.Expr, open_box_as_new: bool = True) -> pl.Expr:
    """`price_condition` as a Polars expression (vectorized, for large frames)."""
    return (
        pl.when(condition == "open_box")
        .then(pl.lit("new" if open_box_as_new else "open_box"))
        .when(condition.is_in(["new", "used", "refurbished"]))
        .then(condition)
        .otherwise(pl.lit(None, pl.String))
    )
