"""Regions: prices per region in local currency and USD (the same code as the US marts), machines sized for
each region's mains (outlet and continuous rating, power cap) and electricity price."""

from datetime import date

import duckdb
import polars as pl
import pytest

from dashboards.report_data import circuit_words
from tests.transforms.test_tiers_machines import NO_SCALING, PARTS, PLATFORMS, card, frames
from transforms.price_daily import daily_price_stats
from transforms.region_prices import region_prices
from transforms.region_tiers import region_config, region_tiers
from transforms.tiers.config import TierConfig
from transforms.tiers.machine import OWN_CIRCUIT, OWN_SOCKET
from warehouse.catalog import load_regions

DAY = date(2026, 11, 20)
REGIONS = load_regions()


def listings(region, currency, rate, prices):
    return pl.DataFrame(
        [
            {
                "snapshot_date": DAY,
                "source": "ebay",
                "listing_id": f"{region}{i}",
                "model_id": "rtx-3090",
                "condition": "used",
                "region": region,
                "currency": currency,
                "unit_price": p * rate,
                "unit_price_local": p,
                "fx_rate_to_usd": rate,
                "fx_rate_date": date(2026, 11, 19),
            }
            for i, p in enumerate(prices)
        ]
    )


def test_region_prices_are_in_local_currency_and_usd_with_the_rate_and_the_us_rows_equal_price_daily():
    us = listings("US", "USD", 1.0, [700.0, 720.0, 760.0, 800.0])
    gb = listings(
        "GB", "GBP", 1.3, [560.0, 580.0, 600.0, 9999.0]
    )  # the last is screened out (> 250% of median)
    rows = {r["region"]: r for r in region_prices(pl.concat([us, gb])).iter_rows(named=True)}
    assert rows["GB"]["currency"] == "GBP" and rows["GB"]["median_local"] == pytest.approx(580.0)
    assert rows["GB"]["median"] == pytest.approx(580.0 * 1.3) and rows["GB"]["screened_out"] == 1
    assert (rows["GB"]["fx_rate_to_usd"], rows["GB"]["fx_rate_date"]) == (1.3, date(2026, 11, 19))
    pooled = daily_price_stats(us).filter(pl.col("source") == "all").row(0, named=True)
    assert rows["US"]["median"] == pooled["median"] and rows["US"]["p25"] == pooled["p25"]


def test_a_regions_price_says_how_many_of_its_listings_are_from_business_sellers():
    """Thirty-fourth review: a European eBay price mixes business sellers (VAT, the right to cancel, the guarantee)
    and private ones; each region's row gives the business share among the listings whose seller type eBay states,
    NULL where none does (the US)."""
    de = listings("DE", "EUR", 1.1, [600.0, 620.0, 640.0, 660.0, 680.0]).with_columns(
        seller_account_type=pl.Series(["BUSINESS", "INDIVIDUAL", "INDIVIDUAL", None, "BUSINESS"])
    )
    us = listings("US", "USD", 1.0, [700.0, 720.0, 760.0]).with_columns(
        seller_account_type=pl.lit(None, pl.String)
    )
    rows = {r["region"]: r for r in region_prices(pl.concat([us, de])).iter_rows(named=True)}
    assert rows["DE"]["business_share"] == pytest.approx(2 / 4) and rows["US"]["business_share"] is None
    # listings read without the column (a warehouse before migration 995): unknown, not zero
    assert region_prices(listings("GB", "GBP", 1.3, [500.0, 510.0, 520.0]))["business_share"].to_list() == [
        None
    ]


def test_a_region_config_takes_its_outlet_and_its_electricity_price_in_usd():
    de = REGIONS.filter(pl.col("region") == "DE").row(0, named=True)
    cfg = region_config(de, TierConfig(), usd_per_unit=1.16)
    assert (cfg.mains_volts, cfg.mains_amps, cfg.continuous_fraction) == (230.0, 16.0, 8 / 16)
    assert cfg.usd_per_kwh == pytest.approx(0.3835 * 1.16)
    ca = REGIONS.filter(pl.col("region") == "CA").row(0, named=True)
    assert (
        region_config(ca, TierConfig(), usd_per_unit=0.72) is None
    )  # no sourced price: no machines, said so


def test_every_region_row_names_its_source_or_says_assumption():
    for r in REGIONS.iter_rows(named=True):
        assert r["mains_source"] and r["electricity_source"], r["region"]
        assert r["continuous_amps"] <= r["outlet_amps"], r["region"]
    # what the continuous amps are the rating of, for every region: the circuit's or the socket's (code review:
    # a blank or misspelt value read as the circuit's without a word)
    assert (
        set(REGIONS["continuous_limit"]) <= {"circuit", "socket"}
        and REGIONS["continuous_limit"].null_count() == 0
    )


def test_a_regions_new_platform_parts_carry_its_vat_as_its_card_prices_do():
    """A German or British card price from a shop or business seller includes VAT; the platform parts are US
    estimates before sales tax: new ones get the region's VAT (19% DE, 20% GB), used ones none (a private seller
    charges none), so a regional machine's parts and cards are priced alike (third review: the DE 4-GPU LLM machine
    was about 1,091 EUR short)."""
    from transforms.region_tiers import with_vat

    vat = dict(REGIONS.select("region", "vat_rate").iter_rows())
    assert (vat["US"], vat["DE"], vat["GB"]) == (0.0, 0.19, 0.20)
    for condition in ("new", "used"):
        cards = [card("rtx-3090", 745, 1.0, 24, 350, slots=2.0, cooling="blower", n=10, condition=condition)]
        value, specs = frames(cards)
        both = pl.concat([value.with_columns(region=pl.lit("US")), value.with_columns(region=pl.lit("DE"))])
        tiers, _ = region_tiers(both, specs, PLATFORMS, PARTS, NO_SCALING, REGIONS, {"EUR": 1.16})
        one = {
            r["region"]: r
            for r in tiers.filter((pl.col("tier") == "1gpu") & (pl.col("use_case") == "vision")).iter_rows(
                named=True
            )
        }
        us, de = one["US"], one["DE"]
        assert us["platform_id"] == de["platform_id"]  # the same machine, its parts bought in each region
        ratio = de["platform_cost_usd"] / us["platform_cost_usd"]
        if condition == "new":  # every part new: the whole platform carries the VAT
            assert ratio == pytest.approx(1.19, rel=1e-9)
        else:  # a used platform's board, CPU and case carry none; its new RAM and PSU do
            assert 1.0 < ratio < 1.19
    assert with_vat(PARTS, None).equals(PARTS) and with_vat(PARTS, 0.0).equals(PARTS)
    taxed = with_vat(PARTS, 0.19)
    assert taxed.filter(pl.col("condition") == "used").equals(PARTS.filter(pl.col("condition") == "used"))
    assert (
        taxed.filter(pl.col("condition") == "new")["unit_price_usd"]
        == PARTS.filter(pl.col("condition") == "new")["unit_price_usd"] * 1.19
    ).all()


def test_four_3090s_overload_a_us_outlet_even_capped_and_fit_a_german_one_lightly_capped():
    cards = [card("rtx-3090", 745, 1.0, 24, 350, slots=2.0, cooling="blower", n=10)]
    value, specs = frames(cards)
    both = pl.concat([value.with_columns(region=pl.lit("US")), value.with_columns(region=pl.lit("DE"))])
    tiers, skipped = region_tiers(both, specs, PLATFORMS, PARTS, NO_SCALING, REGIONS, {"EUR": 1.16})
    assert not skipped
    four = {
        r["region"]: r
        for r in tiers.filter(
            (pl.col("tier") == "4gpu") & (pl.col("use_case") == "vision") & pl.col("is_default")
        ).iter_rows(named=True)
    }
    us, de = four["US"], four["DE"]
    # 8 A continuous on a Schuko socket (the low end of the 8-10 A guidance, twelfth review): 1,840 W
    assert us["outlet_continuous_w"] == pytest.approx(1440.0) and de["outlet_continuous_w"] == pytest.approx(
        1840.0
    )
    # the same machine: 1,862 W uncapped at the wall, the German one capped to its socket's 1,840 W
    assert us["wall_draw_w"] == pytest.approx(1862, abs=1) and 1800 < de["wall_draw_w"] <= 1840
    # the only card has no 4-card machine that a US outlet carries, even capped: dedicated, and it says so
    assert us["power_cap_pct_continuous"] is None and us["circuit"] == "dedicated"
    assert (
        "over a 120 V 15 A outlet (1,440 W continuous) even at -20% (G7, G8): a 20 A 120 V circuit (1,920 W "
        "continuous) or a 240 V one" in us["notes"]
    )
    assert us["notes"].startswith("no machine of this tier that is for sale runs from a standard outlet")
    # 1,862 W at the wall: a cap of a few percent fits it to the German socket, as none does to the US one
    assert de["circuit"] == "outlet" and 90 <= de["power_cap_pct"] < 100
    assert de["power_cap_pct_continuous"] == de["power_cap_pct"]
    assert de["mains"].startswith("230 V, 16 A outlet (8 A continuous), Schuko")
    # capped to within a few watts of 1,840 W: the rating is the socket's and plug's, on a 16 A circuit, so the
    # notes keep the monitor off its socket, not off the circuit (thirteenth review: "give it the circuit to
    # itself, a monitor on another socket of the same circuit takes it over" is the US NEC's logic)
    assert OWN_SOCKET in de["notes"] and "no extension lead or adapter shared" in de["notes"]
    assert OWN_CIRCUIT not in de["notes"] and circuit_words(de) == "outlet, a wall socket to itself"
    assert de["usd_per_kwh"] == pytest.approx(0.3835 * 1.16) and us["usd_per_kwh"] == pytest.approx(0.1802)
    assert de["annual_energy_cost_usd"] > 2 * us["annual_energy_cost_usd"]  # German electricity costs more


def test_a_region_without_a_sourced_electricity_price_is_left_out_and_named():
    value, specs = frames([card("rtx-3090", 745, 1.0, 24, 350)])
    tiers, skipped = region_tiers(
        value.with_columns(region=pl.lit("CA")), specs, PLATFORMS, PARTS, NO_SCALING, REGIONS, {"CAD": 0.72}
    )
    assert tiers.is_empty() and skipped[0].startswith("CA: no sourced electricity price")


def test_the_sample_run_builds_us_and_european_machines_whose_outlet_and_cap_differ_as_the_mains_do(
    sample_run,
):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT region, outlet_continuous_w, power_cap_pct_continuous, mains FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND tier = '4gpu' AND use_case = 'vision' AND condition = 'used' "
            "AND is_default",
            [sample_run["day"]],
        ).fetchall()
        currencies = dict(
            con.execute(
                "SELECT region, any_value(currency) FROM marts.region_prices "
                "WHERE snapshot_date = ? GROUP BY 1",
                [sample_run["day"]],
            ).fetchall()
        )
        modes = con.execute(
            "SELECT DISTINCT source_mode FROM marts.cross_market_prices WHERE snapshot_date = ?",
            [sample_run["day"]],
        ).fetchall()
        same = con.execute(
            """SELECT count(*), count(*) FILTER (WHERE r.median = p.median AND r.listing_count = p.listing_count)
                              FROM marts.region_prices r JOIN marts.price_daily p USING (snapshot_date, model_id, condition)
                              WHERE r.region = 'US' AND p.source = 'all' AND r.snapshot_date = ?""",
            [sample_run["day"]],
        ).fetchone()
    by = {r: (w, cap, mains) for r, w, cap, mains in rows}
    assert (
        by["US"][0] == pytest.approx(1440.0)
        and by["DE"][0] == pytest.approx(1840.0)
        and by["GB"][0] == pytest.approx(1840.0)  # 8 A continuous on a 13 A plug (regions.csv)
    )
    assert by["US"][1] < by["DE"][1] <= 100  # the US machine is capped further than the European one
    assert currencies == {"US": "USD", "GB": "GBP", "DE": "EUR"} and modes == [("sample",)]  # labelled sample
    assert same[0] > 50 and same[0] == same[1]  # the US market of the region marts is marts.price_daily


def test_the_sample_run_picks_per_region_and_prices_machines_in_local_currency(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        picks = con.execute(
            "SELECT region, currency, count(*), count(price_local), "
            "count(*) FILTER (WHERE perf_index = 'llm_inference' AND use_case = 'llm') FROM marts.region_picks "
            "WHERE snapshot_date = ? AND pick_rank = 1 GROUP BY ALL ORDER BY 1",
            [sample_run["day"]],
        ).fetchall()
        tiers = con.execute(
            "SELECT region, currency, total_build_cost_usd, total_build_cost_local FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND tier = '1gpu' AND use_case = 'vision' AND condition = 'used'",
            [sample_run["day"]],
        ).fetchall()
    assert [(r, c) for r, c, *_ in picks] == [("DE", "EUR"), ("GB", "GBP"), ("US", "USD")]
    assert all(n > 0 and n == local and llm > 0 for _, _, n, local, llm in picks)
    by = {r: (c, usd, local) for r, c, usd, local in tiers}
    assert by["US"][1] == by["US"][2]
    assert (
        by["GB"][2] < by["GB"][1] and by["DE"][2] < by["DE"][1]
    )  # a pound and a euro buy more than a dollar
    # the card's price in the region's currency is the region's own median (third review: unit_price, in USD,
    # beside currency EUR read as euros)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        cards = con.execute(
            "SELECT t.region, t.unit_price, t.unit_price_local, p.median, p.median_local FROM marts.region_tiers t "
            "JOIN marts.region_prices p USING (snapshot_date, region, model_id, condition) "
            "WHERE t.snapshot_date = ? AND t.model_id IS NOT NULL",
            [sample_run["day"]],
        ).fetchall()
    assert {r for r, *_ in cards} == {"US", "GB", "DE"}
    for region, usd, local, median, median_local in cards:
        assert usd == pytest.approx(median) and local == pytest.approx(median_local), region
