"""Condition vocabulary: eBay condition ids and retailer labels to new, open_box, refurbished, used, for_parts."""

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


# open-box units are priced with new ones unless GPU_MARKET_OPEN_BOX_AS_NEW says otherwise (the guide compares new
# and used only; warehouse.environment.open_box_as_new)
OPEN_BOX_AS_NEW = True


def price_condition_sql(column: str, open_box_as_new: bool = OPEN_BOX_AS_NEW) -> str:
    """The condition bucket prices are computed in, as a SQL expression over `column` (a column name):
    new, used, refurbished; open box counts as new unless configured otherwise; anything else NULL
    (for parts, unknown: never priced)."""
    open_box_sql = "'new'" if open_box_as_new else "'open_box'"
    return (
        f"CASE WHEN {column} = 'open_box' THEN {open_box_sql} "
        f"WHEN {column} IN ('new', 'used', 'refurbished') THEN {column} END"
    )
