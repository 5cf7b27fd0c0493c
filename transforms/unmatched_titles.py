"""staging.unmatched_titles: what the classifier could not name, frequent titles and tokens, for extending the
catalog."""

from datetime import date

import polars as pl

TOP_N = 50
STOPWORDS = {
    "NVIDIA",
    "GEFORCE",
    "GRAPHICS",
    "CARD",
    "GPU",
    "VIDEO",
    "GDDR6",
    "GDDR6X",
    "GDDR5",
    "PCIE",
    "PCI",
    "EXPRESS",
    "THE",
    "AND",
    "WITH",
    "FOR",
    "NEW",
    "USED",
    "OC",
    "EDITION",
    "GAMING",
    "AMD",
    "RADEON",
    "DDR6",
    "DDR5",
    "FREE",
    "SHIPPING",
    "TESTED",
    "WORKING",
    "4.0",
    "3.0",
    "X16",
    "GB",
}


def unmatched_summary(unclear: pl.DataFrame, day: date, source_mode: str, top_n: int = TOP_N) -> pl.DataFrame:
    """snapshot_date, kind (title|token), text, listings, example_title."""
    norm = (
        unclear.filter(pl.col("title").is_not_null())
        .with_columns(norm=pl.col("title").str.to_uppercase().str.replace_all(r"\s+", " ").str.strip_chars())
        .filter(pl.col("norm") != "")
    )
    # example titles are the smallest of their group, so a re-run stores the same one
    titles = (
        norm.group_by("norm")
        .agg(listings=pl.len(), example_title=pl.col("title").min())
        .sort(["listings", "norm"], descending=[True, False])
        .head(top_n)
        .select(kind=pl.lit("title"), text=pl.col("norm"), listings="listings", example_title="example_title")
    )
    tokens = (
        norm.with_columns(tok=pl.col("norm").str.extract_all(r"[A-Z0-9][A-Z0-9\-]{1,}"))
        .explode("tok", empty_as_null=True)  # a title without a token: one null row, dropped below
        .filter(pl.col("tok").is_not_null() & ~pl.col("tok").is_in(list(STOPWORDS)))
        .unique(["norm", "tok"])
        .group_by("tok")
        .agg(listings=pl.len(), example_title=pl.col("title").min())
        .sort(["listings", "tok"], descending=[True, False])
        .head(top_n)
        .select(kind=pl.lit("token"), text=pl.col("tok"), listings="listings", example_title="example_title")
    )
    return (
        pl.concat([titles, tokens])
        .with_columns(
            snapshot_date=pl.lit(day, pl.Date),
            listings=pl.col("listings").cast(pl.Int32),
            source_mode=pl.lit(source_mode),
        )
        .select("snapshot_date", "kind", "text", "listings", "example_title", "source_mode")
    )
