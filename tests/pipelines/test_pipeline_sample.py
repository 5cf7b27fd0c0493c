"""The whole daily job on the bundled sample: every stage runs, every marts table has rows, re-runs are
idempotent, and the sample is labelled as sample everywhere a person reads it."""

import json

import duckdb

MARTS = ["gpu_specs", "price_daily", "gpu_value", "budget_picks", "deals", "build_tiers", "platform_parts"]
DAILY_TABLES = [
    "raw.ebay_listings",
    "raw.retailer_listings",
    "raw.gpu_spec_sheets",
    "raw.ingest_errors",
    "staging.listings",
    "staging.unmatched_titles",
    "marts.price_daily",
    "marts.gpu_value",
    "marts.budget_picks",
    "marts.deals",
    "marts.build_tiers",
]


COMPARED = {
    "raw.ebay_listings": "* EXCLUDE (fetched_at)",
    "raw.retailer_listings": "* EXCLUDE (fetched_at)",
    "staging.listings": "*",
    "marts.price_daily": "*",
    "marts.gpu_value": "*",
    "marts.budget_picks": "*",
    "marts.deals": "*",
    "marts.build_tiers": "*",
    "staging.listing_history": "*",
}


def counts(db) -> dict[str, int]:
    with duckdb.connect(str(db), read_only=True) as con:
        tables = con.execute(
            "SELECT schema_name || '.' || table_name FROM duckdb_tables() "
            "WHERE schema_name IN ('raw','staging','marts') AND table_name <> 'source_runs'"
        ).fetchall()
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for (t,) in tables}


def test_the_run_succeeds_and_every_marts_table_has_rows(sample_run):
    assert sample_run["succeeded"]
    got = counts(sample_run["db"])
    for table in MARTS:
        assert got[f"marts.{table}"] > 0, table
    assert (
        got["raw.ebay_listings"] >= 400
        and got["raw.retailer_listings"] > 0
        and got["raw.gpu_spec_sheets"] > 0
    )


def test_every_row_carries_its_source_mode_and_it_is_sample(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        tables = con.execute(
            "SELECT DISTINCT schema_name || '.' || table_name FROM duckdb_columns() "
            "WHERE column_name = 'source_mode'"
        ).fetchall()
        assert len(tables) >= 12
        for (t,) in tables:
            modes = {m for (m,) in con.execute(f"SELECT DISTINCT source_mode FROM {t}").fetchall()}
            assert modes <= {"sample"}, (t, modes)


def test_every_table_and_column_has_a_comment(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        bare_tables = con.execute(
            "SELECT schema_name, table_name FROM duckdb_tables() "
            "WHERE schema_name IN ('raw','staging','marts') AND (comment IS NULL OR comment = '')"
        ).fetchall()
        bare_cols = con.execute(
            "SELECT schema_name, table_name, column_name FROM duckdb_columns() "
            "WHERE schema_name IN ('raw','staging','marts') AND (comment IS NULL OR comment = '')"
        ).fetchall()
    assert bare_tables == [] and bare_cols == []


def test_export_exists_and_says_sample(sample_run):
    folder = sample_run["root"] / "exports" / "2026-11-20"
    for ext in ("csv", "json", "parquet", "md"):
        assert (folder / f"recommendations.{ext}").stat().st_size > 0
    doc = json.loads((folder / "recommendations.json").read_text())
    assert doc["source_mode"] == "sample" and "SAMPLE DATA" in doc["notice"]
    assert doc["data_date"] == "2026-11-20" and doc["schema_version"]
    assert "SAMPLE DATA" in (folder / "recommendations.md").read_text()
    assert (sample_run["root"] / "exports" / "latest").resolve() == folder.resolve()
    assert "SAMPLE DATA" in (sample_run["root"] / "site" / "index.html").read_text()


def test_rerunning_the_same_day_leaves_identical_tables(sample_rerun):
    db, first_db = sample_rerun["db"], sample_rerun["first"]
    first = counts(first_db)
    with duckdb.connect(str(first_db), read_only=True) as con:
        snap1 = {
            t: con.execute(f"SELECT {cols} FROM {t} ORDER BY ALL").fetchall() for t, cols in COMPARED.items()
        }
    assert counts(db) == first  # raw.source_runs aside: it logs each run, so it gains one row per source
    with duckdb.connect(str(db), read_only=True) as con:
        runs = con.execute(
            "SELECT source, count(DISTINCT run_id), any_value(source_mode) FROM raw.source_runs "
            "GROUP BY source ORDER BY source"
        ).fetchall()
    assert runs == [
        ("ebay", 2, "sample"),
        ("ebay_sold", 2, "sample"),
        ("ecb", 2, "sample"),
        ("gpuhunt", 2, "sample"),
        ("retailers", 2, "sample"),
        ("spec_sheets", 2, "sample"),
    ]
    with duckdb.connect(str(db), read_only=True) as con:
        for t, rows in snap1.items():
            assert con.execute(f"SELECT {COMPARED[t]} FROM {t} ORDER BY ALL").fetchall() == rows, t


def test_the_stores_sold_out_units_count_toward_no_price_and_no_count_for_sale(sample_run):
    """The sample's stores show six units they cannot sell now (sold out, auto notify, back order): each is
    out_of_stock (or no_price, without a price) in staging, and marts.price_daily's rows of those stores and cards
    count only the units in stock."""
    day = sample_run["day"]
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        sold_out = con.execute(
            "SELECT s.source, s.model_id, s.exclude_reason FROM raw.retailer_listings r JOIN staging.listings s "
            "ON s.snapshot_date = r.snapshot_date AND s.source = r.store AND s.listing_id = r.sku "
            "WHERE r.in_stock = false AND r.snapshot_date = ? ORDER BY ALL",
            [day],
        ).fetchall()
        counted = dict(
            ((source, model), n)
            for source, model, n in con.execute(
                "SELECT source, model_id, listing_count + screened_out FROM marts.price_daily "
                "WHERE snapshot_date = ? AND condition = 'new'",
                [day],
            ).fetchall()
        )
        kept = dict(
            ((source, model), n)
            for source, model, n in con.execute(
                "SELECT source, model_id, count(*) FROM staging.listings WHERE snapshot_date = ? "
                "AND exclude_reason IS NULL AND condition IN ('new', 'open_box') GROUP BY ALL",
                [day],
            ).fetchall()
        )
    assert sorted(reason for *_, reason in sold_out) == ["no_price"] + ["out_of_stock"] * 5, sold_out
    for source, model, _ in sold_out:  # what is left of the store's card, in stock
        assert counted.get((source, model)) == kept.get((source, model)), (source, model)
