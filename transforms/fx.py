"""Prices in their own currency to USD with the ECB's daily reference rates, the rate and its date kept.

The ECB publishes units of each currency per 1 EUR, so USD per unit of a currency is (USD per EUR) / (that
currency per EUR) of the same day. A price of day D is converted at the newest ECB day on or before D (the
ECB publishes on TARGET working days only: a Saturday price takes Friday's rate). No rate within
MAX_RATE_AGE_DAYS, or a currency the ECB does not publish, is an error for that row: its USD amounts stay
null with the reason in `fx_error`, never a silent 1:1.
"""

from datetime import date

import polars as pl

MAX_RATE_AGE_DAYS = (
    31  # ASSUMPTION: month-old reference rates move prices by ~1-2%, far less than listings vary
)
RATE_SCHEMA = {"rate_date": pl.Date, "currency": pl.String, "per_eur": pl.Float64}


def usd_per_unit(rates: pl.DataFrame) -> pl.DataFrame:
    """(rate_date, currency, per_eur) -> (rate_date, currency, usd_per_unit), EUR included, USD left out."""
    usd = rates.filter(pl.col("currency") == "USD").select("rate_date", usd_per_eur=pl.col("per_eur"))
    others = (
        rates.filter(pl.col("currency") != "USD")
        .join(usd, on="rate_date", how="inner")
        .select("rate_date", "currency", usd_per_unit=pl.col("usd_per_eur") / pl.col("per_eur"))
    )
    eur = usd.select("rate_date", currency=pl.lit("EUR"), usd_per_unit=pl.col("usd_per_eur"))
    return pl.concat([others, eur]).sort("currency", "rate_date")


def to_usd(
    frame: pl.DataFrame,
    rates: pl.DataFrame,
    amounts: tuple[str, ...] = ("price", "shipping_cost"),
    day: str = "snapshot_date",
    currency: str = "currency",
) -> pl.DataFrame:
    """`frame` with each amount in USD, the original kept as `<amount>_local`, plus fx_rate_to_usd (USD per unit
    of the currency; 1.0 for USD), fx_rate_date (the ECB day used; null for USD) and fx_error. A null currency
    is USD (a US store's page states no currency)."""
    table = usd_per_unit(rates).rename({"rate_date": "_rate_date", "currency": "_cur"})
    keyed = frame.with_row_index("_row").with_columns(_cur=pl.col(currency).fill_null("USD"))
    foreign = keyed.filter(pl.col("_cur") != "USD").sort(day)
    joined = (
        foreign.join_asof(
            table.sort("_rate_date"),
            left_on=day,
            right_on="_rate_date",
            by="_cur",
            strategy="backward",
            check_sortedness=False,
        )
        if foreign.height
        else foreign.with_columns(_rate_date=pl.lit(None, pl.Date), usd_per_unit=pl.lit(None, pl.Float64))
    )
    known = set(table["_cur"].unique().to_list())
    too_old = (pl.col(day) - pl.col("_rate_date")).dt.total_days() > MAX_RATE_AGE_DAYS
    joined = joined.with_columns(
        fx_error=pl.when(~pl.col("_cur").is_in(list(known)))
        .then(pl.format("{} has no ECB reference rate", "_cur"))
        .when(pl.col("_rate_date").is_null() | too_old)
        .then(
            pl.format(
                "no ECB rate for {} on or up to {} days before {}", "_cur", pl.lit(MAX_RATE_AGE_DAYS), day
            )
        )
        .otherwise(pl.lit(None, pl.String))
    )
    joined = joined.with_columns(
        fx_rate_to_usd=pl.when(pl.col("fx_error").is_null()).then(pl.col("usd_per_unit")),
        fx_rate_date=pl.when(pl.col("fx_error").is_null()).then(pl.col("_rate_date")),
    )
    domestic = keyed.filter(pl.col("_cur") == "USD").with_columns(
        fx_rate_to_usd=pl.lit(1.0), fx_rate_date=pl.lit(None, pl.Date), fx_error=pl.lit(None, pl.String)
    )
    columns = [*keyed.columns, "fx_rate_to_usd", "fx_rate_date", "fx_error"]
    both = pl.concat([domestic.select(columns), joined.select(columns)]).sort("_row")
    return both.with_columns(
        *[pl.col(a).alias(f"{a}_local") for a in amounts],
        *[(pl.col(a) * pl.col("fx_rate_to_usd")).alias(a) for a in amounts],
    ).drop("_row", "_cur")


def rates_frame(rows: list[tuple[date, str, float]]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=RATE_SCHEMA, orient="row")
