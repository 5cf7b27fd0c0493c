"""Reading the sample run back: the export against the marts, the asset checks, run config for the tiers."""

import html
import json
import re
import shutil
from dataclasses import replace
from datetime import date, timedelta

import dagster as dg
import duckdb
import polars as pl
import pytest

from dashboards.answer import runner_up_gap_words
from dashboards.markdown import machine_vram_words, render_markdown
from dashboards.report_data import DEALS_SQL, OPEN_BOX_CAVEAT, load_report
from dashboards.site_data import load_site
from pipelines.day_checks import completeness, coverage, freshness, plausibility
from pipelines.definitions import project_defs
from pipelines.defs.staging.gpu_specs import spec_completeness, spec_sheet_disagreements
from pipelines.resources import AlertsResource, WarehouseResource, build_resources
from pipelines.sources.ebay.replay import sample_marketplaces
from pipelines.user_errors import UserError
from tests.conftest import materialize_day
from transforms.deals import PICKUP_SOURCES, SHIPPING_UNSTATED
from transforms.gpu_value import PASSIVE_WORDS
from transforms.tiers.machine import EPS_LEADS, OWN_SOCKET
from warehouse.writes import read_frame

DAY = "2026-11-20"


@pytest.fixture
def export_dir(sample_run):
    return sample_run["root"] / "exports" / DAY


def marts_value(db) -> pl.DataFrame:
    with duckdb.connect(str(db), read_only=True) as con:
        return read_frame(
            con,
            "SELECT * FROM marts.gpu_value WHERE snapshot_date = ? ORDER BY condition, rank_overall",
            [DAY],
        )


def test_csv_and_parquet_hold_exactly_the_marts_ranking(sample_run, export_dir):
    marts = marts_value(sample_run["db"])
    for frame in (
        pl.read_csv(export_dir / "recommendations.csv", try_parse_dates=True),
        pl.read_parquet(export_dir / "recommendations.parquet"),
    ):
        # the files list the actionable cards first (tests/pipelines/test_advice_sample.py); as a set, every card
        frame = frame.sort("condition", "rank_overall")
        assert frame.height == marts.height
        assert frame["model_id"].to_list() == marts["model_id"].to_list()
        assert frame["condition"].to_list() == marts["condition"].to_list()
        assert frame["price_median"].to_list() == pytest.approx(marts["price_median"].to_list())
        assert frame["perf_per_1k_usd"].to_list() == pytest.approx(marts["perf_per_1k_usd"].to_list())
        assert set(frame["data_kind"]) == {"sample"}
        assert set(frame["schema_version"].cast(pl.String)) == {
            "1.11"
        }  # as the JSON's (thirty-fourth review)


def test_json_carries_schema_dates_mode_and_listing_counts(sample_run, export_dir):
    doc = json.loads((export_dir / "recommendations.json").read_text())
    assert doc["schema_version"] == "1.11" and doc["data_date"] == DAY and doc["generated_at"]
    # deals are events (issue 37): each a new listing or a price drop; the earlier ones still listed apart (one
    # sample day: none)
    assert doc["deals"] and {d["event"] for d in doc["deals"]} <= {"new_listing", "price_drop", "cut_to_deal"}
    assert doc["deals_resting"] == len(doc["deals_still_listed"]) == 0
    # a deal says whether it is one store's, for pickup at its counter, in the JSON too (thirty-fourth review: a bot
    # republishing a deal alone could not tell)
    assert all(d["pickup_only"] == (d["source"] == "microcenter") for d in doc["deals"])
    assert any(d["pickup_only"] for d in doc["deals"]) and not all(d["pickup_only"] for d in doc["deals"])
    assert (
        doc["alerts"] == [] and doc["exits"] == [] and doc["days_to_sell"] == []
    )  # no watchlist; one sample day
    marts = marts_value(sample_run["db"])
    by_key = {(r["model_id"], r["condition"]): r for r in marts.iter_rows(named=True)}
    for rec in doc["recommendations"]:
        assert rec["listing_count"] == by_key[(rec["model_id"], rec["condition"])]["listing_count"]
    # each row says which of rule B1's prices its price_usd is, with the sellers and the quartile it rests on
    # (thirty-fourth review: a new RTX 4070 Ti SUPER's 720.91 was neither its quartile nor its median, unexplained)
    bases = {rec["price_usd_basis"] for rec in doc["recommendations"]}
    assert bases == {"median", "p25", "blend"}, bases
    for rec in doc["recommendations"]:
        price, median, p25, sellers = (
            rec[k] for k in ("price_usd", "price_median", "price_p25", "distinct_sellers")
        )
        if rec["price_usd_basis"] == "median":
            assert price == pytest.approx(median) and (rec["condition"] != "new" or sellers <= 4), rec
        elif rec["price_usd_basis"] == "p25":
            assert rec["condition"] == "new" and sellers >= 8 and price == pytest.approx(min(p25, median)), (
                rec
            )
        else:
            assert rec["condition"] == "new" and 4 < sellers < 8 and min(p25, median) <= price <= median, rec
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        picks = con.execute(
            "SELECT count(*) FROM marts.budget_picks WHERE snapshot_date = ?", [DAY]
        ).fetchone()[0]
        tiers = con.execute(
            "SELECT count(*) FROM marts.build_tiers WHERE snapshot_date = ?", [DAY]
        ).fetchone()[0]
    assert len(doc["budget_picks"]) == picks and len(doc["build_tiers"]) == tiers
    assert all("listing_count" in p for p in doc["budget_picks"])
    # each pick with the caveat the markdown and the dashboard show beside it (thirty-fourth review: a bot
    # republishing the JSON's picks told a beginner to put a 575 W card in their desktop)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        caveats = dict(
            con.execute(
                "SELECT model_id || '|' || condition, caveat FROM marts.gpu_value WHERE snapshot_date = ?",
                [DAY],
            ).fetchall()
        )
    assert all({"caveat", "tdp_w"} <= p.keys() for p in doc["budget_picks"])
    for p in doc["budget_picks"]:
        card = caveats[f"{p['model_id']}|{p['condition']}"]
        assert card is None or card in p["caveat"]  # after an open-box unit's words, where it has them
        if p["use_case"] == "beginner" and p["tdp_w"] > 200:
            assert "over the 200 W a computer you already have takes (D6)" in p["caveat"]
    assert any(p["use_case"] == "beginner" and p["tdp_w"] > 200 for p in doc["budget_picks"])


def test_markdown_lists_the_top_picks_of_the_marts(sample_run, export_dir):
    md = (export_dir / "recommendations.md").read_text()
    marts = marts_value(sample_run["db"]).filter(pl.col("enough_listings"))
    for condition in ("new", "used"):  # the top lists rank the cards a buyer can act on by default
        best = marts.filter((pl.col("condition") == condition) & pl.col("recommended")).sort(
            "perf_per_1k_usd", descending=True
        )
        assert f"| 1 | {best['name'][0]} |" in md
    sxm = marts.filter(pl.col("form_factor") == "sxm")["name"].to_list()
    top_lists = "".join(part.split("\n## ")[0] for part in md.split("## Top 10 by performance per USD")[1:])
    assert sxm and not any(f"| {name} |" in top_lists for name in sxm)  # modules stay out of the top lists
    for section in (
        "Top 10 by performance per USD (new)",
        "Picks per budget",
        "Build tiers",
        "New deals today",
        "Changes since yesterday",
    ):
        assert section in md


def test_the_machines_a_smaller_one_matches_say_so_in_the_export_and_on_the_dashboard(sample_run, export_dir):
    """Rule L1's warnings are in marts.build_tiers' notes; the Markdown export lists them under each use case's
    tiers table and the dashboard under its tiers table, one line per machine (the tables have no notes
    column)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        flagged = con.execute(
            "SELECT use_case, tier, condition, gpu_count, gpu_name, notes FROM marts.build_tiers "
            "WHERE snapshot_date = ? AND starts_with(notes, 'L1: ') ORDER BY ALL",
            [DAY],
        ).fetchall()
        # and the other regions' machines, named with their region, priced in its currency
        regional = con.execute(
            "SELECT region, use_case, tier, condition, gpu_count, gpu_name, currency, notes FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND region <> 'US' AND starts_with(notes, 'L1: ') ORDER BY ALL",
            [DAY],
        ).fetchall()
    assert len(flagged) >= 3 and regional
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    for use_case, tier, condition, n, name, notes in flagged:
        part = md.split(f"### Use case: {use_case}")[1].split("\n### ")[0].split("\n## ")[0]
        warnings = part.split("Do you need that many cards? (rule L1)")[1]
        sentence = notes.split("; ")[0].removeprefix("L1: ")
        assert f"- {tier} {condition}, {n} x {name}" in warnings and sentence in warnings, (use_case, tier)
        assert f"{n} x {html.escape(name)}" in site and html.escape(sentence) in site
    assert f"Do you need that many cards? {len(flagged)} machines a smaller one matches for less" in site
    others = md.split("## Other regions")[1].split("\n## ")[0]
    for region, use_case, tier, condition, n, name, currency, notes in regional:
        sentence = notes.split("; ")[0].removeprefix("L1: ")
        assert f" {currency})" in sentence and "USD)" not in sentence, sentence  # the smaller machine's price
        assert f"- {region} {use_case} {tier} {condition}, {n} x {name}" in others and sentence in others
        assert f"{region} {use_case}, {tier} {condition}: {n} x {html.escape(name)}" in site


def test_the_llm_tiers_name_their_model_and_the_unit_of_their_value(sample_run, export_dir):
    """An LLM machine's value is the decode speed of its tier's model per 1,000 USD (issue 35), the others the use
    case's index: the Markdown says which, per table, and names each row's model; the dashboard says it above
    its tiers table."""
    md = (export_dir / "recommendations.md").read_text()
    headers = {
        use_case: next(
            line
            for line in md.split(f"### Use case: {use_case}")[1].splitlines()
            if line.startswith("| tier")
        )
        for use_case in ("llm", "vision", "beginner")
    }
    assert "| workload | tokens/s per 1k USD TCO |" in headers["llm"]
    assert all(
        "| perf / 1k USD TCO |" in headers[u] and "workload" not in headers[u] for u in ("vision", "beginner")
    )
    llm = md.split("### Use case: llm")[1].split("\n### ")[0]
    assert "| 2gpu | used | 2 x GeForce RTX 3090 |" in llm and "| llama-3.3-70b-q4km-8k |" in llm
    site = (sample_run["root"] / "site" / "index.html").read_text()
    assert "of the tier&#x27;s model per 1,000 USD: qwen2.5-32b-q4km-8k (1gpu)" in site


def test_the_exports_deals_carry_each_cards_caveat_as_the_dashboard_does(sample_run, export_dir):
    """A deal on a passive server card or one without bf16 says so in the export, as on the dashboard: the
    deals table names the caveat of the card's marts.gpu_value row, after "open box" for an open-box unit
    (the marts price open box with new, so its usual discount would read as a new card's deal)."""
    md = (export_dir / "recommendations.md").read_text()
    deals = md.split("## New deals today")[1].split("\n## ")[0]
    header = next(line for line in deals.splitlines() if line.startswith("| model"))
    assert "| caveat |" in header
    value = marts_value(sample_run["db"])
    caveats = dict(((m, c), v) for m, c, v in value.select("model_id", "condition", "caveat").iter_rows())
    used_medians = dict(
        value.filter(pl.col("condition") == "used").select("model_id", "price_median").iter_rows()
    )
    rows = [line.split(" | ") for line in deals.splitlines() if line.startswith("| ") and "---" not in line][
        1:
    ]
    assert rows  # the sample day has deal events
    column = [c.strip() for c in header.strip("|").split("|")].index("caveat")
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:  # the deals in the export's order
        shown = con.execute(DEALS_SQL, {"day": DAY}).fetchall()[: len(rows)]
        names = [d[0] for d in con.description]
    shown = [dict(zip(names, d, strict=True)) for d in shown]
    assert any(d["open_box"] for d in shown) and not all(d["open_box"] for d in shown)
    for cells, deal in zip(rows, shown, strict=True):
        model, condition = cells[0].strip("| "), cells[1].strip()
        assert (model, condition) == (deal["model_id"], deal["condition"])
        words = [OPEN_BOX_CAVEAT] if deal["open_box"] else []
        words += [caveats[(model, condition)]] if caveats.get((model, condition)) else []
        # an open-box unit dearer than the card's used median says that median last (twenty-fourth review)
        used = used_medians.get(model)
        words += (
            [f"used median {int(used + 0.5):,} USD"]
            if deal["open_box"] and used and used < deal["unit_price"]
            else []
        )
        # thirtieth review; a pickup store's price has no shipping to add
        words += (
            [SHIPPING_UNSTATED]
            if deal["shipping_stated"] is False and deal["source"] not in PICKUP_SOURCES
            else []
        )
        assert cells[column].strip() == ("; ".join(words) or "–").replace("_", "\\_"), cells


def test_a_deal_says_when_its_price_does_not_hold_the_shipping(sample_run, export_dir):
    """Thirtieth review: the export said "shipping included" while a sixth of the eBay deals had shipping calculated at
    checkout (or none stated), which the price counts as 0. Every deal of the day, news or still listed, says whether
    its listing states its shipping (staging.listings.shipping_cost known), and one that does not says so in its caveat,
    in the JSON and the dashboard alike."""
    doc = json.loads((export_dir / "recommendations.json").read_text())
    deals = doc["deals"] + doc["deals_still_listed"]
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        stated = dict(
            con.execute(
                "SELECT source || ' ' || listing_id, shipping_cost IS NOT NULL FROM staging.listings "
                "WHERE snapshot_date = ?",
                [date.fromisoformat(DAY)],
            ).fetchall()
        )
    assert deals and {d["shipping_stated"] for d in deals} == {True, False}  # the sample day has both
    for d in deals:
        assert d["shipping_stated"] == stated[f"{d['source']} {d['listing_id']}"], d
        shipped = d["source"] not in PICKUP_SOURCES  # Micro Center's cards are sold for pickup at the store
        assert (SHIPPING_UNSTATED in (d["caveat"] or "")) == (not d["shipping_stated"] and shipped), d
    assert any(not d["shipping_stated"] and d["source"] not in PICKUP_SOURCES for d in deals)
    assert "shipping included where the listing states it" in (export_dir / "recommendations.md").read_text()


def test_spec_sheet_disagreements_are_listed(sample_run):
    result = spec_sheet_disagreements(WarehouseResource(db_path=str(sample_run["db"])))
    assert not result.passed  # the sample's TechPowerUp page for the RTX 3090 says 385 W; the catalog 350 W
    assert "rtx-3090 tdp_w" in result.metadata["details"].value
    assert spec_completeness(WarehouseResource(db_path=str(sample_run["db"]))).passed


def test_the_blocking_checks_pass_on_the_sample_day(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        day = sample_run["day"]
        results = {f.__name__: f(con, day) for f in (completeness, coverage, plausibility, freshness)}
    assert all(r.passed and r.severity == dg.AssetCheckSeverity.ERROR for r in results.values()), results
    assert results["coverage"].metadata["models_with_3_listings"].value >= 15
    searches = 142 * len(sample_marketplaces())  # every catalog model on each sample marketplace
    assert results["completeness"].description.startswith(
        f"0 of {searches} eBay searches failed or were not run (0%"
    )
    assert results["freshness"].description.startswith("sample data: not dated market data")


def test_tiers_take_energy_price_and_horizon_from_run_config_and_build_every_use_case(sample_run, tmp_path):
    db = tmp_path / "config.duckdb"
    shutil.copy(sample_run["db"], db)  # the day's other tables are the sample run's
    config = {"config": {"usd_per_kwh": 0.30, "horizon_years": 5.0}}
    wanted = {"marts/build_tiers", "marts/budget_builds"}
    assets = [a for a in project_defs().assets if {k.to_user_string() for k in a.keys} <= wanted]
    assert len(assets) == 2
    run_config = {"ops": {"marts__build_tiers": config, "marts__budget_builds": config}}
    materialize_day(db, assets=assets, run_config=run_config)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute(
            "SELECT use_case, vram_floor_gb, total_vram_gb / gpu_count, annual_energy_kwh, "
            "annual_energy_cost_usd, tco_usd, total_build_cost_usd, resale_usd, resale_basis FROM marts.build_tiers "
            "WHERE model_id IS NOT NULL"
        ).fetchall()
    assert {r[0] for r in rows} == {"llm", "vision", "beginner"}
    for use_case, floor, vram_each, kwh, cost, tco, price, resale, basis in rows:
        assert vram_each >= floor == {"llm": 24, "vision": 12, "beginner": 8}[use_case]
        assert cost == pytest.approx(kwh * 0.30)
        assert tco == pytest.approx(price + 5 * cost - resale) and 0 <= resale < price  # the one cost model
        assert basis.startswith(("observed", "fitted", "ASSUMPTION"))


def test_allow_legacy_cards_from_the_environment_or_the_launchpad(sample_run, tmp_path, monkeypatch):
    """S1/S2's switch: GPU_MARKET_ALLOW_LEGACY_CARDS sets the default, the launchpad's allow_legacy_cards
    overrides it; admitted rows say so. The day's other tables are the sample run's, copied."""
    db = tmp_path / "legacy.duckdb"
    shutil.copy(sample_run["db"], db)
    wanted = {"marts/build_tiers", "marts/budget_builds", "marts/budget_picks"}
    assets = [a for a in project_defs().assets if {k.to_user_string() for k in a.keys} <= wanted]
    monkeypatch.setenv("GPU_MARKET_ALLOW_LEGACY_CARDS", "true")
    off = {"config": {"allow_legacy_cards": False}}
    materialize_day(db, assets=assets, run_config={"ops": {"marts__budget_builds": off}})
    with duckdb.connect(str(db), read_only=True) as con:
        tiers = read_frame(con, "SELECT * FROM marts.build_tiers WHERE software_support = 'legacy'")
        builds = con.execute("SELECT DISTINCT software_support FROM marts.budget_builds").fetchall()
        picks = con.execute(
            "SELECT count(*) FROM marts.budget_picks WHERE software_support = 'legacy' AND pick_rank <= 3"
        ).fetchone()[0]
    assert tiers.height and tiers["notes"].str.contains("allow_legacy_cards: ").all()
    assert tiers["notes"].str.contains("CUDA 12 and PyTorch up to 2.14").all()
    assert ("legacy",) not in builds  # the launchpad said no for this asset
    assert picks > 0
    monkeypatch.setenv("GPU_MARKET_ALLOW_LEGACY_CARDS", "perhaps")
    with pytest.raises(UserError, match="GPU_MARKET_ALLOW_LEGACY_CARDS"):
        build_resources()


def test_retailer_rows_are_new_condition_listings_priced_under_their_store(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        staged = con.execute(
            "SELECT source, condition, count(*) FROM staging.listings "
            "WHERE source IN ('newegg', 'microcenter', 'bestbuy') GROUP BY ALL"
        ).fetchall()
        raw = dict(
            con.execute("SELECT condition, count(*) FROM raw.retailer_listings GROUP BY ALL").fetchall()
        )
        priced = {
            s
            for (s,) in con.execute(
                "SELECT DISTINCT source FROM marts.price_daily WHERE condition = 'new'"
            ).fetchall()
        }
    by_condition: dict[str, int] = {}
    for _, condition, n in staged:
        by_condition[condition] = by_condition.get(condition, 0) + n
    assert by_condition == raw  # new unless the store labels the unit open box / refurbished / used
    assert {source for source, _, _ in staged} == {
        "newegg",
        "microcenter",
        "bestbuy",
    }  # the store is the source
    assert by_condition["new"] > 0
    assert {"newegg", "microcenter", "bestbuy", "ebay", "all"} <= priced


def test_the_banner_counts_one_day_of_history_in_the_singular(sample_run):
    site = (sample_run["root"] / "site" / "index.html").read_text()
    assert "listings · 1 day of history</div>" in site and "1 days" not in site


def test_a_short_history_says_what_the_30_day_median_and_the_changes_rest_on(sample_run, export_dir):
    """On a warehouse's first days a deal's "30-day median" is the median of the days it has (one day's on the
    first), and there is no yesterday to compare with: the export and the dashboard say so instead of showing a
    30-day median and an empty table unexplained (second review)."""
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    first_day = (
        "The warehouse has 1 day of prices so far: a card&#x27;s 30-day median is that day&#x27;s median, where "
        "the day counts."
    )
    deals = md.split("## New deals today")[1].split("\n## ")[0]
    assert html.unescape(first_day) in deals and first_day in site
    changes = md.split("## Changes since yesterday")[1].split("\n## ")[0]
    assert "No earlier day in the warehouse: nothing to compare with." in changes and "_none_" not in changes
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    day = sample_run["day"]
    history = lambda n: pl.DataFrame({"snapshot_date": [day - timedelta(days=k) for k in range(n)]})  # noqa: E731
    assert replace(report, history=history(14)).median_span.endswith(
        "has 14 days of prices so far: a card's 30-day median is the median of those of the 14 that count."
    )
    # the deals' rule in words is the code's (code review: the sentences had kept the rules before the twelfth
    # review's: days under 3 listings count none, and near the lowest seen needs 5% under the median)
    from transforms.deals import DEAL_RULE

    assert "of the days priced by at least 3 sellers and not grade D" in DEAL_RULE
    assert "and at least 5% under that median; " in DEAL_RULE
    # one bar for news and still listed (thirtieth review): every deal at least 5% under the day's own median
    assert DEAL_RULE.endswith("; and at least 5% under the day's own median")
    assert DEAL_RULE in html.unescape(deals) and html.escape(DEAL_RULE) in site
    assert replace(report, history=history(30)).median_span == ""  # a full window needs no word
    assert replace(report, history=history(2)).has_yesterday and not report.has_yesterday
    # with a yesterday, the moves table says how many it shows of how many, with each price's grade and caveat as
    # the dashboard has them (ninth review)
    n = 12
    moves = pl.DataFrame(
        {
            "condition": ["used"] * n,
            "model_id": [f"m{i}" for i in range(n)],
            "name": [f"Card {i}" for i in range(n)],
            "prev_price_usd": [100.0] * n,
            "price_usd": [100.0 + n - i for i in range(n)],
            "price_change_pct": [float(n - i) for i in range(n)],
            "rank_change": [0] * n,
            "caveat": ["passive: needs server airflow"] + [None] * (n - 1),
            "price_confidence": ["D"] + ["B"] * (n - 1),
        }
    )
    later = render_markdown(replace(report, history=history(2), changes=moves))
    shown = later.split("## Changes since yesterday")[1].split("\n## ")[0]
    assert "The 10 largest of 12 moves of at least 0.5%" in shown
    assert "| Card 0 | used | 100 | 112 | 12.00 | 0 | D | passive: needs server airflow |" in shown
    assert "Card 10" not in shown


def test_the_regions_say_how_many_cards_their_machines_are_chosen_among(sample_run, export_dir):
    """A region's machines are chosen among the few cards priced there (the sample's 8 in GB and DE, 52 in the
    US): the export and the dashboard say so beside the regional machines (second review)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        counts = con.execute(
            "SELECT region, count(DISTINCT model_id) FROM marts.cross_market_prices WHERE snapshot_date = ? "
            "AND region <> 'US' GROUP BY region ORDER BY region",
            [DAY],
        ).fetchall()
        us = con.execute(
            "SELECT count(DISTINCT model_id) FROM marts.gpu_value WHERE snapshot_date = ? "
            "AND price_median IS NOT NULL",
            [DAY],
        ).fetchone()[0]
    assert counts and all(n < us for _, n in counts)
    sentence = (
        "Each region's machines are chosen among the cards priced there today, not the whole catalog: "
        + ", ".join(f"{region} {n}" for region, n in counts)
        + f" cards (the US {us})."
    )
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    assert sentence in md.split("## Other regions")[1].split("\n## ")[0]
    assert html.escape(sentence) in site


def test_the_other_regions_show_every_tier_and_the_prices_of_the_cards_their_machines_use(
    sample_run, export_dir
):
    """Eighth review: the export's Other regions left out the beginner tier the dashboard lists, and its card table
    was the first 20 cards of the alphabet, cutting the RTX 5090 and 5070 Ti every regional machine used. Now every
    regional machine but the 8-GPU server is a row, and every card, condition and region a machine uses that has a
    cross-market price is in the card table."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        machines = con.execute(
            "SELECT region, use_case, tier, condition, gpu_count, gpu_name FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND region <> 'US' AND tier <> '8gpu' AND model_id IS NOT NULL ORDER BY ALL",
            [DAY],
        ).fetchall()
        priced = con.execute(
            "SELECT DISTINCT p.model_id, p.condition, p.region FROM marts.cross_market_prices p "
            "JOIN marts.region_tiers t ON t.snapshot_date = p.snapshot_date AND t.model_id = p.model_id "
            "AND t.condition = p.condition AND t.region = p.region "
            "WHERE p.snapshot_date = ? AND p.region <> 'US' AND p.us_median_usd IS NOT NULL AND t.tier <> '8gpu' "
            "ORDER BY ALL",
            [DAY],
        ).fetchall()
    assert any(m[2] == "beginner" for m in machines) and len(priced) >= 4
    others = (export_dir / "recommendations.md").read_text().split("## Other regions")[1].split("\n## ")[0]
    for region, use_case, tier, condition, n, name in machines:
        assert f"| {region} | {use_case} | {tier} | {condition} | {n} x {name} |" in others, (region, tier)
    for model_id, condition, region in priced:
        assert f"| {model_id} | {condition} | {region} |" in others, (model_id, condition, region)
    # sixteenth review: the card table's '% vs US' set DE/GB asks with VAT against US ones before sales tax, unsaid
    said = others.split("| card | condition | region |")[0].rsplit("\n\n", 1)[-1]
    assert "includes VAT" in said and "before sales tax" in said and "part of a '% vs US' is tax" in said, (
        said
    )
    # seventeenth review: 12 of the 32 rows were cut without a word
    import json

    rows = json.loads((export_dir / "recommendations.json").read_text())["cross_market_prices"]
    table_rows = others.split("| card | condition | region |")[1].split("\n\n")[0].strip().splitlines()[2:]
    assert len(rows) > len(table_rows) > 0
    assert (
        f"; {len(rows) - len(table_rows)} more rows in `recommendations.json` (`cross_market_prices`)."
        in said
    )


def test_a_choice_that_rests_on_resale_says_so_in_the_export_the_console_and_the_dashboard(
    sample_run, export_dir
):
    """Ninth review: six US tier choices beat their runner-up only through the resale the cost model expects (the
    notes said so), and neither the export nor the dashboard did. Each such machine is listed under its table in
    the Markdown and the dashboard, and a headline answer that rests on it says so beside its runner-up."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        decided = con.execute(
            # a headline: the 1-GPU machine of LLM and vision, the beginner's own desktop (the export's "What to buy")
            "SELECT use_case, tier, condition, gpu_count, gpu_name, notes, is_default AND "
            "(tier = '1gpu' AND use_case <> 'beginner' OR tier = 'beginner' AND use_case = 'beginner') "
            "FROM marts.build_tiers WHERE snapshot_date = ? AND contains(notes, 'resale decides: ') ORDER BY ALL",
            [DAY],
        ).fetchall()
    assert decided
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    answers = md.split("\n## What to buy\n", 1)[1].split("\n## ")[0]
    for use_case, tier, condition, n, name, notes, headline in decided:
        part = md.split(f"### Use case: {use_case}")[1].split("\n### ")[0].split("\n## ")[0]
        listed = part.split("Where resale decides")[1]
        # what the runner-up does without the resale: gives more, or (an older card over a newer runner-up) comes
        # within D16's 5% (second code review)
        gain = notes.split("resale decides: without it ")[1].split("; the cards of this machine")[0]
        assert f"- {tier} {condition}, {n} x {name}" in listed and f"without it {gain}" in listed
        assert (
            f"{use_case}, {tier} {condition}: {n} x {html.escape(name)}"
            in site.split('id="resale-decides"')[1]
        )
        if headline:
            line = next(
                x for x in answers.splitlines() if x.startswith(f"- {use_case} (") and f"{condition}:" in x
            )
            assert line.endswith(f"resale decides: without it {gain}"), line


def test_a_machine_that_takes_most_of_its_cards_listings_says_thin_supply_everywhere(sample_run, export_dir):
    """Eleventh review: the 4-card defaults took 4 of the 5 listings of their card (one sale from unbuyable), and
    the rows said only "5 listed today". Rule A1: a machine whose cards are at least 80% of the day's listings says
    thin supply in its notes, under its table in the export and folded under the dashboard's tiers."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT use_case, tier, condition, gpu_count, gpu_name, listings_available, notes "
            "FROM marts.build_tiers WHERE snapshot_date = ? AND model_id IS NOT NULL ORDER BY ALL",
            [DAY],
        ).fetchall()
    thin = [r for r in rows if r[3] > 1 and r[3] >= 0.8 * r[5]]
    assert thin and any(r[3] == 4 and r[5] == 5 for r in thin)  # the sample's 4 of 5
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    folded = site.split('id="thin-supply"')[1].split("</details>")[0]
    for use_case, tier, condition, n, name, listed, notes in rows:
        said = f"{listed} listed today: thin supply (A1), the machine takes {n} of them"
        assert (said in notes) == ((use_case, tier, condition, n, name, listed, notes) in thin)
    for use_case, tier, condition, n, name, _listed, _ in thin:
        part = md.split(f"### Use case: {use_case}")[1].split("\n### ")[0].split("\n## ")[0]
        assert f"- {tier} {condition}, {n} x {name}" in part.split("Thin supply (rule A1")[1]
        assert f"{use_case}, {tier} {condition}: {n} x {html.escape(name)}" in folded
    # and the budget machines, the dashboard's first answer (twelfth review: only the tiers said it)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        budgets = con.execute(
            "SELECT use_case, condition, budget_usd, gpu_count, gpu_name, listings_available, notes "
            "FROM marts.budget_builds WHERE snapshot_date = ? AND gpu_count > 1 AND gpu_count >= 0.8 * listings_available",
            [DAY],
        ).fetchall()
    assert budgets
    section = md.split("\n## Best machine per budget\n")[1].split("\n## ")[0].split("Thin supply (rule A1")[1]
    for use_case, condition, budget, n, name, listed, notes in budgets:
        assert f"{listed} listed today: thin supply (A1), the machine takes {n} of them" in notes
        assert (
            f"- {use_case}, {condition}, {budget:,} USD, {n} x {name}: {listed} listed today: thin" in section
        )
    assert "answer-thin" in site  # the budgets' answers are JSON in the page: their quotes escaped


def test_the_other_regions_machines_say_thin_supply_resale_and_their_socket(sample_run, export_dir):
    """Thirteenth review: the UK's 4-card used machines took 4 of the 5 used RTX 5070 Ti listed there, two region
    machines won only on resale, and the export and the dashboard listed neither under "Other regions" (only
    rule L1); the DE and GB machines near the socket's 8 A said "outlet" in both tables."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT region, use_case, tier, condition, gpu_count, gpu_name, listings_available, notes, circuit_note "
            "FROM marts.region_tiers WHERE snapshot_date = ? AND region <> 'US' AND model_id IS NOT NULL "
            "ORDER BY ALL",
            [DAY],
        ).fetchall()
    thin = [r for r in rows if r[4] > 1 and r[4] >= 0.8 * r[6]]
    resale = [r for r in rows if "resale decides: " in r[7]]
    near_socket = [r for r in rows if OWN_SOCKET in (r[8] or "")]
    assert thin and resale and near_socket
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    regions = md.split("\n## Other regions\n")[1].split("\n## ")[0]
    # the section's words say what a socket-rated machine needs (code review: "a second circuit")
    assert "a socket rated for hours of load" in regions and "a second circuit" not in regions
    # the same cards' table says how many of a region's listings come from business sellers, and what that buys
    # (thirty-fourth review); on the sample, new units from businesses, used ones from both
    assert "| % vs US | business % |" in regions and "14 days to cancel (EU Directive 2011/83/EU" in regions
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        shares = dict(
            con.execute(
                "SELECT condition, list(business_share) FROM marts.cross_market_prices WHERE snapshot_date = ? "
                "AND region <> 'US' GROUP BY ALL",
                [DAY],
            ).fetchall()
        )
    assert set(shares["new"]) == {1.0} and all(0 <= s <= 1 for s in shares["used"]), shares
    assert any(0 < s < 1 for s in shares["used"]), shares
    # the boards the regional machines depend on, in words (code review: the German 4-GPU machine's Threadripper PRO
    # board was named nowhere)
    listed = regions.split("Platforms in this table, as priced in the US")[1].split("\n\n")[1]
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        boards = {
            p
            for (p,) in con.execute(
                "SELECT DISTINCT platform_id FROM marts.region_tiers WHERE snapshot_date = ? AND region <> 'US' "
                "AND tier IN ('beginner', '1gpu', '2gpu', '4gpu') AND model_id IS NOT NULL AND platform_id IN "
                "(SELECT platform_id FROM marts.platforms WHERE description IS NOT NULL)",
                [DAY],
            ).fetchall()
        }
    assert (
        boards
        and {line.split(":")[0].removeprefix("- ").replace("\\_", "_") for line in listed.splitlines()}
        == boards
    )
    # and that the UK's and Germany's prices, new cards' too, are eBay's alone (thirty-fourth review: a German buyer
    # buys new cards from shops mostly)
    ebay_only = "DE and GB prices are eBay asks alone, new cards' too: a shop may sell one for less."
    assert ebay_only in regions and html.escape(ebay_only) in site
    # each regional machine names its runner-up and how much worse it is, as the US tables do (twenty-second review);
    # a runner-up of more value, which D16 set aside for a newer architecture, says so in words (twenty-fifth
    # review: "-0.96" under "% worse", unexplained)
    header = next(line for line in regions.splitlines() if line.startswith("| region"))
    assert header.endswith("| runner-up | runner-up gives |")
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        gaps = con.execute(
            "SELECT region, use_case, tier, condition, runner_up_gap_pct, currency FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND region <> 'US' AND runner_up_gap_pct IS NOT NULL",
            [DAY],
        ).fetchall()
    assert any(g < 0 for *_, g, _ in gaps) and any(g > 0 for *_, g, _ in gaps)
    for region, use_case, tier, condition, gap, currency in gaps:
        row = next(
            line
            for line in regions.splitlines()
            if line.startswith(f"| {region} | {use_case} | {tier} | {condition} |")
        )
        # per the region's currency (thirty-fourth review: "per USD" on EUR and GBP rows)
        assert currency in ("EUR", "GBP") and row.rstrip().endswith(
            f"| {runner_up_gap_words(gap, currency=currency)} |"
        ), row
    assert (
        runner_up_gap_words(-0.957)
        == ("0.96% more value per USD; D16 prefers the newer architecture within 5%")
        and runner_up_gap_words(8.014) == "8.01% less value per USD"
    )
    # the first answers say whose they are (twenty-second review: the US market's, never said)
    assert (
        "What to buy today (US market)" in site
        and "For a buyer in the US (its listings, a 120 V outlet" in md
    )
    # and each region's energy price in its currency and the exchange rate with its ECB day (twenty-second review)
    assert "DE 0.3835 EUR/kWh (2025-S1), 0.4284 USD at 1 EUR = 1.1172 USD (ECB, 2026-10-30)" in regions
    assert "GB 0.2611 GBP/kWh (2026-Q3), 0.3498 USD at 1 GBP = 1.3399 USD (ECB, 2026-10-30)" in regions
    # on the page, one fold under the regions' table holds their L1, resale and A1 warnings (its height is capped)
    folded = site.split('id="region-warnings"')[1].split("</details>")[0]
    for region, use_case, tier, condition, n, name, listed, *_ in thin:
        line = f"- {region} {use_case} {tier} {condition}, {n} x {name}: "
        assert line in regions.split("Thin supply (rule A1")[1], line
        said = f"{listed} listed today: thin supply (A1), the machine takes {n} of them"
        assert f"{region} {use_case}, {tier} {condition}: {n} x {html.escape(name)}: {said}" in folded
    for region, use_case, tier, condition, n, name, *_ in resale:
        assert f"- {region} {use_case} {tier} {condition}, {n} x {name}: " in regions.split("Where resale")[1]
        assert (
            f"{region} {use_case}, {tier} {condition}: {n} x {html.escape(name)}: resale decides: " in folded
        )
    table_rows = [x for x in regions.splitlines() if x.startswith("| ")]
    for region, use_case, tier, condition, n, name, *_ in near_socket:
        row = next(
            x
            for x in table_rows
            if x.startswith(f"| {region} | {use_case} | {tier} | {condition} | {n} x {name} |")
        )
        # a UK machine over 5 A also says its lead's plug needs a 13 A fuse (thirty-fourth review)
        fuse = ", a lead rated for it" if region == "GB" else ""
        assert f"| outlet, a wall socket to itself{fuse} |" in row, row
    region_table = site.split('id="region-tiers"')[1].split("</table>")[0]
    assert region_table.count("outlet, a wall socket to itself") == len(near_socket)
    # twenty-second review: the dashboard's table of the regions' machines gives each one's price in its currency and
    # its power cap, as the export does
    header = region_table.split("</thead>")[0]
    assert all(f">{h}<" in header or f">{h} " in header for h in ("price", "currency", "cap %")), header
    # and what is in it: the platform and the PSU (thirty-fourth review)
    assert all(f">{h}<" in header or f">{h} " in header for h in ("platform", "PSU")), header
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        capped = con.execute(
            "SELECT count(*) FROM marts.region_tiers WHERE snapshot_date = ? AND power_cap_pct < 100",
            [DAY],
        ).fetchone()[0]
        currencies = {
            c
            for (c,) in con.execute(
                "SELECT DISTINCT currency FROM marts.region_tiers WHERE snapshot_date = ? AND model_id IS NOT NULL",
                [DAY],
            ).fetchall()
        }
    assert currencies >= {"EUR", "GBP"} and all(f">{c}<" in region_table for c in currencies)
    assert capped == 0 or re.search(r">9\d(\.\d+)?<", region_table)  # a cap under 100 is shown


def test_a_card_page_says_which_cheap_listing_is_open_box_and_what_its_low_price_is(sample_run):
    """Ninth review: a card page's cheapest "new" listings included open-box units unsaid, and its "low USD" was
    the mean of the three lowest asks, not the lowest."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        cheapest = load_site(con, sample_run["day"]).cheapest
    open_box = cheapest.filter(pl.col("listing_condition") == "open_box")
    assert open_box.height and set(open_box["condition"]) == {"new"}
    for model_id in set(cheapest["model_id"]):
        page = (sample_run["root"] / "site" / "cards" / f"{model_id}.html").read_text()
        boxed = open_box.filter(pl.col("model_id") == model_id).height
        assert page.count(">new (open box)<") == boxed, model_id
        label = "robust low USD (mean of 3 lowest, at most the median)"
        assert label in page and "low USD" not in page.replace(label, "")


def test_a_card_page_shows_each_use_cases_value_and_counts_its_cheapest_per_condition(sample_run):
    """Twenty-sixth review: the RTX A6000, the LLM card pick the first screen links to, had a page showing only an
    unlabelled training value and rank (17th of 18), with nothing of what it is picked for; and "the 13 cheapest
    listings" of the RTX 5090 page were 5 per condition, while it had 13 new listings."""
    import html as html_lib

    from dashboards.site_data import CHEAPEST_PER_CONDITION

    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        value = read_frame(
            con,
            "SELECT model_id, condition, listing_count, perf_per_1k_usd_vision, perf_per_1k_usd_llm_inference "
            "FROM marts.gpu_value WHERE snapshot_date = ? AND model_id IN ('rtx-a6000', 'rtx-5090') "
            "ORDER BY model_id, condition",
            [DAY],
        )
    for model_id in ("rtx-a6000", "rtx-5090"):
        page = html_lib.unescape((sample_run["root"] / "site" / "cards" / f"{model_id}.html").read_text())
        for label in (
            "training perf / 1k USD",
            "vision perf / 1k USD",
            "LLM perf / 1k USD",
            "buy rank (training)",
        ):
            assert f">{label}<" in page, (model_id, label)
        rows = value.filter(pl.col("model_id") == model_id)
        llm = rows.filter(pl.col("perf_per_1k_usd_llm_inference").is_not_null())
        assert llm.height and all(f">{v:.2f}<" in page for v in llm["perf_per_1k_usd_llm_inference"])
        listed = ", ".join(f"{r['listing_count']} {r['condition']}" for r in rows.iter_rows(named=True))
        caption = f"The {CHEAPEST_PER_CONDITION} cheapest per condition after the outlier screen (of {listed} listed)"
        assert caption in page, model_id
    assert "training index; 1 = most performance per USD" in page
    # and what the LLM pick is picked for: per condition and number of cards, the largest catalog model its machine
    # runs at a usable speed (the A6000: a 70B model on one card)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        largest = con.execute(
            "SELECT workload, tokens_per_s, machine_build_usd FROM marts.llm_workload_fit WHERE snapshot_date = ? "
            "AND model_id = 'rtx-a6000' AND condition = 'used' AND gpu_count = 1 AND tokens_per_s >= 10 "
            "ORDER BY params_b DESC, bits_per_weight DESC, context_tokens DESC LIMIT 1",
            [DAY],
        ).fetchone()
    a6000 = html_lib.unescape((sample_run["root"] / "site" / "cards" / "rtx-a6000.html").read_text())
    section = a6000.split('id="llm-h"')[1].split("</section>")[0]
    workload, speed, price = largest
    assert workload == "llama-3.3-70b-q4km-8k"
    # its row: the cells before the model (condition, cards) and after it (speed, price)
    before, after = section.split(f"<code>{workload}</code>", 1)
    before, after = before.rsplit("<tr", 1)[1], after.split("</tr>", 1)[0]
    assert ">used<" in before and ">1<" in before, before
    assert f">{speed:.1f}<" in after and f">{price:,.0f}<" in after, after
    # a machine that needs a circuit of its own says why: the A6000's 8-card machine is a rack server; an outlet
    # machine capped to fit says its cap (twenty-seventh review)
    assert (
        ">dedicated: a rack server, a circuit and a room of its own<" in section
        and ">dedicated<" not in section
    )
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        caps = {
            cap
            for (cap,) in con.execute(
                "SELECT power_cap_pct FROM marts.llm_workload_fit WHERE snapshot_date = ? AND model_id = 'rtx-a6000' "
                "AND circuit = 'outlet' AND power_cap_pct < 100 AND tokens_per_s >= 10",
                [DAY],
            ).fetchall()
        }
    # (and, where the machine leaves under 150 W of the outlet's rating, "give it the circuit to itself")
    assert caps and all(
        re.search(
            rf">outlet, capped to {c:.0f}% per card \((\d+) W: nvidia-smi -pl \1\)(; give it the circuit to itself)?<",
            section,
        )
        for c in caps
    ), caps


def _resting_deals_warehouse(path, day: date):
    """A warehouse of one used RTX 3090 market: eleven days priced at a 300 USD median by 5 sellers (lowest 280),
    and today's listings: `rest`, a deal event three days ago still asked at 240; `came`, listed two days ago at 270,
    which the lowest price seen (280) makes a deal without ever being news; `news`, an open-box unit new today at
    230; `dear`, at 310; and `older`, a deal nine days ago no longer listed."""
    from tests.support.staging_rows import staging_row
    from warehouse.connection import connect

    rows = [staging_row(day - timedelta(days=n), "rest", 240.0) for n in range(4)]
    rows += [staging_row(day - timedelta(days=n), "came", 270.0) for n in range(3)]
    rows += [staging_row(day, "news", 230.0, condition="open_box"), staging_row(day, "dear", 310.0)]
    rows += [staging_row(day - timedelta(days=9), "older", 200.0)]
    with connect(path) as con:
        con.register("rows_df", pl.DataFrame(rows))
        con.execute("INSERT INTO staging.listings BY NAME SELECT * FROM rows_df")
        con.execute(
            "INSERT INTO staging.listing_history BY NAME SELECT source, listing_id, min(snapshot_date) AS first_seen, "
            "max(snapshot_date) AS last_seen, 1 AS days_listed, 1 AS days_seen, 0 AS price_changes, "
            "'sample' AS source_mode FROM rows_df GROUP BY ALL"
        )
        for n in range(11):
            con.execute(
                "INSERT INTO marts.price_daily BY NAME SELECT ? AS snapshot_date, 'rtx-3090' AS model_id, 'used' AS "
                "condition, 'all' AS source, 5 AS listing_count, 0 AS screened_out, 'asks' AS price_basis, "
                "'sample' AS source_mode, 300.0 AS median, 280.0 AS min_price, 300.0 AS screen_median, "
                "5 AS distinct_sellers, 'A' AS confidence",
                [day - timedelta(days=n)],
            )
        for deal_day, listing in (
            (day - timedelta(days=3), "rest"),
            (day - timedelta(days=9), "older"),
            (day, "news"),
        ):
            con.execute(
                "INSERT INTO marts.deals BY NAME SELECT ? AS snapshot_date, 'ebay' AS source, ? AS listing_id, "
                "'rtx-3090' AS model_id, 'used' AS condition, 240.0 AS unit_price, 300.0 AS median_30d, "
                "'under_30d_median' AS reason, 'sample' AS source_mode, 'new_listing' AS event",
                [deal_day, listing],
            )


def test_deals_still_listed_are_judged_by_todays_rule_and_listed_in_the_export_and_on_the_dashboard(
    tmp_path, sample_run
):
    """Found on 2026-11-28 reading the 14-day sample: on its day no listing was news, so the export's deals table
    read "none" while the deals a buyer could still act on were a count. The listings under the deal rule today
    that are no news are listed, judged as a new deal is, by today's 30-day median and lowest price seen (the code
    review: counting only earlier deal events judged them by a median up to a week old and left out a listing the
    market had made a deal), each with the day it was first seen and its last deal event."""
    from dashboards.export import export_json
    from dashboards.main_page import changes, deals_table
    from dashboards.report_data import resting_deals_sql
    from warehouse.connection import connect

    day = date(2026, 11, 20)
    _resting_deals_warehouse(tmp_path / "o.duckdb", day)
    with connect(tmp_path / "o.duckdb", read_only=True) as con:
        still = read_frame(con, resting_deals_sql(True), {"first": day, "last": day})
    assert still["listing_id"].to_list() == ["rest", "came"]  # 20% and 10% under 300; neither news nor dear
    rest, came = still.rows(named=True)
    three_days_ago = day - timedelta(days=3)
    assert (rest["first_seen"], rest["deal_since"], rest["previous_price"]) == (
        three_days_ago,
        three_days_ago,
        240.0,
    )
    assert rest["discount_pct"] == pytest.approx(20.0) and rest["event"] is None
    assert came["deal_since"] is None and came["reason"] == "near_lowest_seen" and not came["open_box"]
    # and at least 5% under the day's own median (twenty-first and twenty-fourth reviews): at a day median of 250
    # `rest` (240) is 4% under it and no deal to act on, at 253 it is 5.1% under; `came` (270) is over either
    bars = {}
    with connect(tmp_path / "o.duckdb") as con:
        for median in (250.0, 253.0):
            con.execute("UPDATE marts.price_daily SET median = ? WHERE snapshot_date = ?", [median, day])
            bars[median] = read_frame(con, resting_deals_sql(True), {"first": day, "last": day})[
                "listing_id"
            ].to_list()
    assert bars == {250.0: [], 253.0: ["rest"]}

    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
        site = load_site(con, sample_run["day"])
    report = replace(report, deals_open=still)
    md = render_markdown(report)
    part = md.split("## Deals still listed (no news)")[1].split("\n## ")[0]
    assert "The best 2 of 2 listings under the same bar today that are no news" in part
    assert "| rtx-3090 | used | ebay | 2026-11-17 | 2026-11-17 | 240 | 240 | 300 | 20.00 |" in part, part
    assert "| rtx-3090 | used | ebay | 2026-11-18 | – | 270 | 270 | 300 | 10.00 |" in part, part
    assert "(2 listings listed before are under the same bar today" in md.split("## New deals today")[1]
    doc = export_json(report)
    assert doc["deals_resting"] == len(doc["deals_still_listed"]) == 2
    assert doc["deals_still_listed"][0]["first_seen"] == "2026-11-17" and "caveat" in doc["deals"][0]
    page = deals_table(replace(site, report=report))
    assert "listed since Nov 17, a deal on Nov 17" in page and "listed since Nov 18<" in page
    assert "2 listings listed before still under the deal bar today: " in changes(
        replace(site, report=report)
    )
    # the cards a desktop buyer can act on come first, whatever their discount (twenty-fourth review: a passive
    # server card and an open-box unit at one store led the first screen)
    ok = {
        f"{m} {c}": r for m, c, r in report.ranking.select("model_id", "condition", "recommended").iter_rows()
    }
    model, condition = next(k for k, v in ok.items() if not v).split(" ")
    unusable = still.head(1).with_columns(
        model_id=pl.lit(model), condition=pl.lit(condition), discount_pct=pl.lit(40.0), listing_id=pl.lit("z")
    )
    ordered = replace(report, deals_open=pl.concat([still, unusable])).still_listed_with_caveat
    assert ok["rtx-3090 used"] and ordered["listing_id"].to_list() == ["rest", "came", "z"]


def test_the_exports_llm_budget_rows_name_the_model_and_the_speed_they_were_chosen_by(sample_run, export_dir):
    """LLM budget builds are chosen by the largest model first, then tokens/s per USD on it: the export's table
    shows that model and its speed, and its text says the rule in that order (third review)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT condition, budget_usd, largest_workload, largest_workload_tokens_per_s FROM marts.budget_builds "
            "WHERE snapshot_date = ? AND use_case = 'llm' AND model_id IS NOT NULL ORDER BY ALL",
            [DAY],
        ).fetchall()
    md = (export_dir / "recommendations.md").read_text()
    part = md.split("## Best machine per budget")[1].split("\n## ")[0]
    assert "For LLM: the machines that run the largest model any machine the budget buys runs" in part
    header = next(line for line in part.splitlines() if line.startswith("| use case"))
    assert "| workload | tokens/s |" in header
    lines = [line for line in part.splitlines() if line.startswith("| llm |")]
    assert rows and len(lines) == len(rows)
    for (condition, budget, workload, speed), line in zip(rows, lines, strict=True):
        shown = workload.replace("_", "\\_")  # the Markdown escapes underscores
        assert f"| {condition} | {budget} |" in line and f"| {shown} | {speed:,.2f} |" in line, line


def test_a_budget_machines_memory_is_per_card_and_pooled_only_for_llm(sample_run, export_dir):
    """Twenty-fifth review: the budget table's "VRAM GB" was the machine's total, so "2 x RTX 5080, 32 GB" read as
    much as one RTX 5090's 32 GB, for training that needs the whole model on each card. The memory is per card,
    and an LLM machine's says what its cards pool."""
    assert machine_vram_words(1, 32.0, "vision") == "32 GB"
    assert machine_vram_words(2, 32.0, "vision") == "2 x 16 GB each"
    assert machine_vram_words(4, 64.0, "beginner") == "4 x 16 GB each"
    assert machine_vram_words(2, 48.0, "llm") == "2 x 24 GB (48 GB pooled)"
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT use_case, condition, budget_usd, gpu_count, total_vram_gb FROM marts.budget_builds "
            "WHERE snapshot_date = ? AND model_id IS NOT NULL",
            [DAY],
        ).fetchall()
    part = (
        (export_dir / "recommendations.md")
        .read_text()
        .split("## Best machine per budget")[1]
        .split("\n## ")[0]
    )
    header = next(line for line in part.splitlines() if line.startswith("| use case"))
    column = [c.strip() for c in header.split("|")].index("VRAM")
    cells = {
        tuple(cells[1:4]): cells[column]
        for cells in ([c.strip() for c in line.split("|")] for line in part.splitlines())
        if len(cells) > column and cells[1] in ("llm", "vision", "beginner")
    }
    assert len(cells) == len(rows)
    for use_case, condition, budget, count, total in rows:
        assert cells[(use_case, condition, str(budget))] == machine_vram_words(count, total, use_case)
    shown = set(cells.values())
    assert any(v.endswith(" each") for v in shown) and any(v.endswith(" pooled)") for v in shown), shown


def test_a_budget_machine_names_its_cpu_ram_and_psu_as_the_build_tiers_size_them(sample_run, export_dir):
    """A budget's machine can be ordered from the marts: its CPU, RAM kit, PSU and slot plan, the same as the build
    tiers give the same machine, and the export's budget table shows the RAM, the PSU and the power cap (fifth
    review: the 20,000 and 30,000 USD LLM machines are no tier's default, and no mart gave their PSU or RAM)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        builds = con.execute(
            "SELECT use_case, condition, budget_usd, tier, model_id, platform_id, cpu, ram_gb, ram_kit, psu_watts, "
            "psu_config, slot_plan, power_cap_pct FROM marts.budget_builds WHERE snapshot_date = ? "
            "AND model_id IS NOT NULL ORDER BY ALL",
            [DAY],
        ).fetchall()
        tiers = {
            (r[0], r[1], r[2], r[3], r[4]): r[5:]
            for r in con.execute(
                "SELECT use_case, condition, tier, model_id, platform_id, cpu, ram_gb, ram_kit, psu_watts, "
                "psu_config, slot_plan FROM marts.build_tiers WHERE snapshot_date = ? AND model_id IS NOT NULL",
                [DAY],
            ).fetchall()
        }
    assert builds
    same = 0
    for use_case, condition, _budget, tier, model, platform, *parts, _cap in builds:
        assert all(p is not None for p in parts), (use_case, condition, _budget)
        if (use_case, condition, tier, model, platform) in tiers:
            same += 1
            assert tuple(parts) == tiers[(use_case, condition, tier, model, platform)]
    assert same > 0
    md = (export_dir / "recommendations.md").read_text()
    part = md.split("## Best machine per budget")[1].split("\n## ")[0]
    header = next(line for line in part.splitlines() if line.startswith("| use case"))
    # the circuit and where the cards go as well (twentieth review)
    assert header.endswith("| RAM | PSU | circuit | cap % | slots |")
    assert "at every boot enable persistence" in part
    names = [c.strip() for c in header.split("|")]
    lines = [line for line in part.splitlines() if line.startswith(("| llm |", "| vision |", "| beginner |"))]
    assert len(lines) == len(builds)
    for line in lines:
        cells = [c.strip() for c in line.split("|")]
        # e.g. `1 x 1500 W`, and for cards on EPS sockets the leads they take (review of 2026-11-28)
        psu = cells[names.index("PSU")]
        assert psu.endswith(" W") or psu.endswith(EPS_LEADS.format(n=psu.split("with ")[1].split(" ")[0])), (
            line
        )
        assert cells[names.index("circuit")].startswith(("outlet", "dedicated")), line
        assert cells[names.index("slots")].startswith(("1 in slot", "2 in slots", "4 in slots", "8 in")), line
    # a faster machine at about the same value is listed under the table (used beginner at 5,000 USD on the sample:
    # one RTX 5090, and four RTX 5070 Ti beside it)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        faster = con.execute(
            "SELECT use_case, condition, budget_usd FROM marts.budget_builds WHERE snapshot_date = ? "
            "AND faster_alternative IS NOT NULL ORDER BY ALL",
            [DAY],
        ).fetchall()
    assert ("beginner", "used", 5_000) in faster
    named = part.split("Where a training budget buys a machine at least")[
        1
    ]  # the thin-supply list is above it
    listed = [line for line in named.splitlines() if line.startswith("- ")]
    assert len(listed) == len(faster)
    assert any(
        line.startswith("- beginner, used, 5,000 USD: faster and more value per USD within")
        for line in listed
    )
    # and a machine nearly as fast for less (seventeenth review: used vision 3,000 USD, 2 x RTX 5080 at 2,983 USD)
    assert any(
        line.startswith(
            "- vision, used, 3,000 USD: nearly as fast for less within the budget: 2 x GeForce RTX 5070 Ti (2gpu, "
        )
        for line in listed
    )
    # the dashboard's answer shows them in the machine's detail, for every budget and use case it offers
    site = (sample_run["root"] / "site" / "index.html").read_text()
    # and keeps the names' case (sixth review: `2 x geforce rtx 5090 ... usd`)
    assert (
        "Faster and more value per USD within the budget (this one has more memory per card, G5): 4 x GeForce RTX 5070 Ti"
        in site
    )
    for (
        _use,
        _cond,
        _budget,
        _tier,
        _model,
        _platform,
        cpu,
        _ram_gb,
        ram_kit,
        _psu_w,
        psu_config,
        *_,
    ) in builds:
        assert f"CPU: {cpu}; RAM: {ram_kit}; PSU: {psu_config}" in site, (_use, _cond, _budget)


def test_a_dedicated_machine_names_the_circuit_it_needs_in_the_export_and_on_the_dashboard(
    sample_run, export_dir
):
    """A machine over the outlet says which circuit carries it, in the tables a buyer reads, not only in the
    warehouse's notes: a 20 A 120 V circuit or 240 V (fourth review: 4 used RTX 3090 at 1,862 W on a 20 A circuit,
    4 new at 2,149 W only on 240 V, both shown as `dedicated`)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT use_case, tier, condition, gpu_count, gpu_name, circuit_note FROM marts.build_tiers "
            "WHERE snapshot_date = ? AND circuit = 'dedicated' AND contains(circuit_note, '(G7, G8): ') ORDER BY ALL",
            [DAY],
        ).fetchall()
    fixes = {note.split("(G7, G8): ", 1)[1] for *_, note in rows}
    # the sample day's dedicated machines all need 240 V since the twenty-third review (its 20 A machine, 4 new RTX
    # 5070 Tis, gave way to 4 RTX 5080s once its two PSUs were sized for their worst cases); the 20 A note's words
    # are tests/transforms/test_tiers_machines.py's, and the tables show whichever note a machine has
    assert fixes == {"a 240 V circuit"} and len(rows) >= 2, fixes
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    for use_case, tier, condition, n, name, note in rows:
        fix = note.split("(G7, G8): ", 1)[1]
        part = md.split(f"### Use case: {use_case}")[1].split("\n### ")[0].split("\n## ")[0]
        line = next(
            line for line in part.splitlines() if line.startswith(f"| {tier} | {condition} | {n} x {name} |")
        )
        assert f"| dedicated: {fix} |" in line, line
        assert html.escape(f"dedicated: {fix}") in site


def test_the_method_docs_table_of_machines_is_what_the_code_builds_on_the_sample_day(sample_run):
    """Twelfth review: docs/method.md's table of the sample day's default machines quoted prices and values that
    no longer matched the warehouse (2,296 USD where it builds 2,206). tools/method_table.py prints it from a
    warehouse; the doc's rows are its rows on the sample day, so a change of the advice changes the doc with it."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    printed = subprocess.run(
        [sys.executable, str(root / "tools" / "method_table.py"), str(sample_run["db"]), DAY],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    doc = (root / "docs" / "method.md").read_text().splitlines()
    start = doc.index(printed[0])
    assert len(printed) > 10 and doc[start : start + len(printed)] == printed


def test_a_tier_without_a_machine_says_why_in_the_export_and_on_the_dashboard(sample_run, export_dir):
    """Thirteenth review and its code review: in DE and GB the 4-card LLM tier has no machine because no card
    listed there holds its model on four cards (32 GB the most), yet its notes led with seating reasons, and the
    export and the dashboard showed such tiers as a row of dashes (US) or not at all (other regions)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        notes = dict(
            con.execute(
                "SELECT region || ' ' || condition, notes FROM marts.region_tiers WHERE snapshot_date = ? "
                "AND use_case = 'llm' AND tier = '4gpu' AND region IN ('DE', 'GB') AND model_id IS NULL",
                [DAY],
            ).fetchall()
        )
        us_none = con.execute(
            "SELECT use_case, tier, condition FROM marts.build_tiers WHERE snapshot_date = ? AND model_id IS NULL",
            [DAY],
        ).fetchall()
    held = "no machine qualifies: does not hold qwen3-235b-a22b-q4km-8k on 4 cards of any listed model: it needs "
    assert len(notes) == 4 and all(
        n.startswith(held) and "the largest card listed has 32 GB" in n for n in notes.values()
    )
    assert all("riser" not in n for n in notes.values())  # the seating reasons are moot and left out
    md = (export_dir / "recommendations.md").read_text()
    site = (sample_run["root"] / "site" / "index.html").read_text()
    regions = md.split("\n## Other regions\n")[1].split("\n## ")[0].split("No machine (")[1]
    folded = site.split('id="region-warnings"')[1].split("</details>")[0]
    for key in notes:
        region, condition = key.split()
        assert f"- {region} llm 4gpu {condition}: {held}" in regions
        assert html.escape(f"{region} llm, 4gpu {condition}: {held}") in folded
    assert us_none
    listed = site.split('id="no-machine"')[1].split("</details>")[0]
    for use_case, tier, condition in us_none:
        part = md.split(f"### Use case: {use_case}")[1].split("\n### ")[0].split("\n## ")[0]
        assert f"- {tier} {condition}: no machine" in part.split("No machine (")[1], (use_case, tier)
        assert f"{use_case}, {tier} {condition}: no machine" in listed


def test_a_used_pick_that_new_ones_undercut_says_buy_new_in_the_export_and_the_answer(sample_run, export_dir):
    """Fourteenth review: the used RTX 5090 was the pick at 2,560 USD from 3,000 USD up, while new ones were listed
    from 2,260. Its pick rows in the export's table and its card line in the dashboard's answers say so."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        undercut = con.execute(
            "SELECT model_id, caveat FROM marts.gpu_value WHERE snapshot_date = ? AND condition = 'used' "
            "AND contains(caveat, 'buy new')",
            [DAY],
        ).fetchall()
        picked = con.execute(
            "SELECT use_case, budget_usd FROM marts.budget_picks WHERE snapshot_date = ? AND condition = 'used' "
            "AND pick_rank = 1 AND model_id = 'rtx-5090'",
            [DAY],
        ).fetchall()
    assert ("rtx-5090" in dict(undercut)) and picked
    said = dict(undercut)["rtx-5090"].split("; ")[-1]
    assert said.startswith("3 lowest new asks avg. ") and said.endswith(" USD: buy new")
    # seventeenth review: the machines built on it said nothing, and D16 preferred it in the used 1-GPU LLM tier
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        machines = con.execute(
            "SELECT notes FROM marts.budget_builds WHERE snapshot_date = ? AND condition = 'used' AND model_id = ? "
            "UNION ALL SELECT notes FROM marts.build_tiers WHERE snapshot_date = ? AND condition = 'used' "
            "AND model_id = ?",
            [DAY, "rtx-5090", DAY, "rtx-5090"],
        ).fetchall()
        d16 = con.execute(
            "SELECT count(*) FROM marts.build_tiers WHERE snapshot_date = ? AND condition = 'used' "
            "AND model_id = 'rtx-5090' AND contains(notes, 'D16: newer architecture')",
            [DAY],
        ).fetchone()[0]
    assert machines and all(f"the card: {said}" in notes for (notes,) in machines) and d16 == 0
    md = (export_dir / "recommendations.md").read_text()
    rows = [x for x in md.split("\n## Picks per budget")[1].split("\n## ")[0].splitlines() if "| used |" in x]
    for use_case, budget in picked:
        row = next(x for x in rows if x.startswith(f"| used | {use_case} | {budget} | GeForce RTX 5090 |"))
        assert said in row.replace("\\", ""), row
    site = (sample_run["root"] / "site" / "index.html").read_text()
    answers = json.loads(
        site.split('<script type="application/json" id="answer-data">')[1].split("</script>")[0]
    )
    use_case, budget = picked[0]
    used = answers[f"{use_case}:{budget}"].split('data-condition="used"')[1].split('data-condition="new"')[0]
    assert html.escape(said) in used.split('class="answer-card"')[1].split("</p>")[0]
    # the used 1-GPU LLM machine: D16 no longer prefers the RTX 5090 new ones undercut over the RTX 3090 machine of
    # more value (seventeenth review; the fifteenth had its "What to buy" line say "buy new")
    what = md.split("\n## What to buy\n", 1)[1].split("\n## ")[0]
    line = next(x for x in what.splitlines() if x.startswith("- llm (>= 24 GB), used: "))
    assert line.startswith("- llm (>= 24 GB), used: GeForce RTX 3090 at "), line
    assert "; runner-up GeForce RTX 5090 (" in line and "% less value per USD)" in line, line
    # a runner-up of more value (D16 keeps a newer architecture) is said so, not "-3% less value"
    from dashboards.answer import answer_line

    row = {
        "use_case": "llm",
        "vram_floor_gb": 24.0,
        "condition": "used",
        "gpu_name": "GeForce RTX 5090",
        "unit_price": 2560.0,
        "listings_available": 6,
        "gpu_count": 1,
        "platform_id": "am4_single_used",
        "total_build_cost_usd": 3189.0,
        "circuit": "outlet",
        "wall_draw_w": 805.0,
        "power_cap_pct": 100.0,
        "runner_up_gpu_name": "GeForce RTX 3090",
        "runner_up_gap_pct": -2.6,
        "notes": "",
    }
    assert (
        "runner-up GeForce RTX 3090 (3% more value per USD; D16 prefers the newer architecture within 5%)"
        in (answer_line(row))
    )


def test_the_docs_examples_of_the_sample_day_are_what_the_code_builds(sample_run):
    """Thirteenth review: docs/rules.md's L1 example quoted throughputs of 1.92 and 1.85 where the sample day builds
    2.14 and 2.09, and docs/method.md one rented A100 80GB where the 4-GPU LLM machines rent two, and 141 GiB
    for the 4-card model where four cards need 138. The figures the docs quote are read from the warehouse."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    rules = " ".join((root / "docs" / "rules.md").read_text().split())
    method = " ".join((root / "docs" / "method.md").read_text().split())
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        vision = dict(
            con.execute(
                "SELECT tier, [total_build_cost_usd, total_relative_perf] FROM marts.build_tiers WHERE "
                "snapshot_date = ? AND use_case = 'vision' AND condition = 'new' AND is_default "
                "AND tier IN ('1gpu', '4gpu')",
                [DAY],
            ).fetchall()
        )
        rented = con.execute(
            "SELECT DISTINCT rent_gpus_for_same_perf, rent_model_id FROM marts.buy_vs_rent WHERE snapshot_date = ? "
            "AND use_case = 'llm' AND tier = '4gpu'",
            [DAY],
        ).fetchall()
        need = con.execute(
            "SELECT DISTINCT vram_needed_gb FROM marts.llm_workload_speeds WHERE workload = "
            "'qwen3-235b-a22b-q4km-8k' AND gpu_count = 4"
        ).fetchall()
    (one_cost, one_perf), (four_cost, four_perf) = vision["1gpu"], vision["4gpu"]
    assert (
        f"one new RTX 5090 machine ({one_cost:,.0f} USD) has a vision throughput of {one_perf:.2f}, the new 4 x "
        f"RTX A4000 machine ({four_cost:,.0f} USD) {four_perf:.2f}: flagged" in rules
    )
    assert rented == [(2.0, "a100-pcie-80gb")] and "the 4-GPU machines against two A100 80GB" in method
    # sixteenth review: rules.md's L1 and A1 named a used 4 x RTX A6000 machine the day no longer builds
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        four = {
            (use_case, condition): (name, listed)
            for use_case, condition, name, listed in con.execute(
                "SELECT use_case, condition, replace(replace(gpu_name, 'NVIDIA ', ''), ' Generation', ''), "
                "listings_available FROM "
                "marts.build_tiers WHERE snapshot_date = ? AND tier = '4gpu' AND is_default AND use_case <> "
                "'beginner'",
                [DAY],
            ).fetchall()
        }
    llm_new, llm_used = four[("llm", "new")], four[("llm", "used")]
    assert llm_new[0] == llm_used[0] == "RTX 6000 Ada"
    assert "the 4-GPU LLM machines (4 new and 4 used RTX 6000 Ada) run a 235B" in rules
    vision_used = four[("vision", "used")]
    assert (
        f"4 new RTX 6000 Ada (4 of {llm_new[1]} listed), 4 used RTX 6000 Ada (4 of {llm_used[1]} listed) and 4 "
        f"used {vision_used[0].replace('GeForce ', '')} (4 of {vision_used[1]} listed)" in rules
    )
    assert len(need) == 1 and f"Qwen3 235B-A22B at Q4_K_M, {need[0][0]:.0f} GiB on four cards" in method
    # docs/regions.md's sample paragraph (code review: its 3.8% and 6.3% had gone stale)
    regions = " ".join((root / "docs" / "regions.md").read_text().split())
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        dearer = dict(
            con.execute(
                "SELECT region, (median_usd / us_median_usd - 1) * 100 FROM marts.cross_market_prices "
                "WHERE snapshot_date = ? AND model_id = 'rtx-3090' AND condition = 'used' AND region <> 'US'",
                [DAY],
            ).fetchall()
        )
        caps = dict(
            con.execute(
                "SELECT region || ' ' || condition, [power_cap_pct, wall_draw_w] FROM marts.region_tiers WHERE "
                "snapshot_date = ? AND use_case = 'vision' AND tier = '4gpu' AND is_default",
                [DAY],
            ).fetchall()
        )
    assert (
        f"A used RTX 3090 costs {dearer['DE']:.1f}% (DE) and {dearer['GB']:.1f}% (UK, VAT included) more"
        in regions
    )
    assert f"in the US each card is capped to {caps['US used'][0]:.0f}%" in regions
    for region in ("DE", "GB"):
        cap, wall = caps[f"{region} new"]
        assert f"capped to {cap:.0f}% in Germany and the UK, leaving {1840 - wall:.0f} W" in regions


def test_a_card_page_says_its_board_facts_are_the_reference_boards(sample_run):
    """Twelfth review: the RTX 3090 page said "Power connectors 1x 12-pin", the Founders Edition's, beside partner
    boards of 2-3 x 8-pin; its length was the reference board's too. Both say whose they are."""
    page = (sample_run["root"] / "site" / "cards" / "rtx-3090.html").read_text()
    assert "<dt>Power connectors (reference board; partner boards may differ)</dt><dd>1x 12-pin</dd>" in page
    assert "<dt>Length (mm, reference board; partner boards are often longer)</dt><dd>313</dd>" in page
    # and the cables the machines count, on the boards most sold (code review, 2026-11-28: the boards' connectors
    # shown raw read "as sold: 1x 12-pin" for the RTX 3090): three 8-pin from its 350 W, the RTX 4070's one 8-pin
    # from its recorded boards (warehouse/catalog/gpu_board_power.csv)
    cables = "<dt>Power cables the machines count (G16; P3: the boards most sold)</dt><dd>{}"
    assert cables.format("3 x 8-pin PCIe (8-pin, at most what board power needs") in page
    four = (sample_run["root"] / "site" / "cards" / "rtx-4070.html").read_text()
    assert cables.format("one 8-pin PCIe (the boards most sold (1x 8-pin, P3): connectors;") in four
    assert "most partner boards (https://techpowerup.com/review/techpowerup-best-of-2023/3.html" in four
    # and the lanes of the card's own interface (thirteenth review: x8 cards were counted x16 in machines)
    lanes = (
        "<dt>PCIe lanes (the card&#x27;s own interface; warehouse/catalog/gpu_pcie_lanes.csv)</dt><dd>{}</dd>"
    )
    assert lanes.format(16) in page
    assert lanes.format(8) in (sample_run["root"] / "site" / "cards" / "rtx-4060-ti-16gb.html").read_text()


def test_a_watchlist_not_read_whole_is_said_where_the_alerts_are(sample_run, tmp_path):
    """Twelfth review: a malformed watchlist was only logged; the export said "_none_" and the dashboard "0
    watchlist alerts fired today", as if it had been watched. The export and the dashboard assets read the file's
    problems (pipelines/defs/exports/daily_export.watchlist_problems) and say them where the alerts are."""
    from dashboards.main_page import changes
    from pipelines.defs.exports.daily_export import watchlist_problems

    broken = tmp_path / "watchlist.yaml"
    broken.write_text("\n")
    problems = watchlist_problems(AlertsResource(watchlist_path=str(broken)))
    assert problems and "top-level `watch:` list" in problems[0]
    assert (
        problems[0].startswith("watchlist.yaml: ") and str(tmp_path) not in problems[0]
    )  # no user's folders
    assert watchlist_problems(AlertsResource(watchlist_path=str(tmp_path / "none.yaml"))) == ()
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        site = load_site(con, sample_run["day"])
    report = replace(site.report, watchlist_problems=problems)
    md = render_markdown(report)
    alerts_part = md.split("\n## Watchlist alerts\n")[1]
    assert alerts_part.lstrip().startswith("**The watchlist was not read whole**")
    said = changes(replace(site, report=report))
    assert "0 watchlist alerts fired today (the watchlist was not read whole: " in said
    assert "not read whole" not in render_markdown(site.report) and "not read whole" not in changes(site)


def test_a_micro_center_listing_says_its_price_is_one_stores_for_pickup(sample_run, export_dir):
    """Twelfth review: Micro Center's prices are one store's (the client's storeid), for pickup there, and the card
    pages and deals showed them as "microcenter" beside national eBay listings "shipping included"."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        cheapest = load_site(con, sample_run["day"]).cheapest
    store = cheapest.filter(pl.col("source") == "microcenter")
    assert store.height
    for model_id in set(store["model_id"]):
        page = (sample_run["root"] / "site" / "cards" / f"{model_id}.html").read_text()
        shown = page.count(">microcenter (one store, pickup)</td>")
        assert shown == store.filter(pl.col("model_id") == model_id).height, model_id
        assert ">microcenter</td>" not in page
    md = (export_dir / "recommendations.md").read_text()
    assert "| microcenter |" not in md.split("## New deals today")[1].split("\n## ")[0]


def test_a_refurbished_deal_carries_its_cards_caveats_and_buy_new_where_new_ones_cost_less(sample_run):
    """Twenty-first review: refurbished deals took their caveat from the value mart's rows of their condition, which
    has new and used rows only, so an AMD passive server card and an RTX 5090 355 USD over the new asks stood as
    plain deals. A refurbished deal carries its card's own caveats, and 'buy new' where its price is at least the
    new low that the used row quotes (the sample day: the RTX 5090's new low 2,260 USD)."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    template = report.deals.head(1)
    assert template.height
    deals = pl.concat(
        [
            template.with_columns(model_id=pl.lit(m), condition=pl.lit("refurbished"), unit_price=pl.lit(p))
            for m, p in (("instinct-mi100", 805.49), ("rtx-5090", 2626.0), ("rtx-5090", 2000.0))
        ]
    )
    if "open_box" in deals.columns:
        deals = deals.with_columns(open_box=pl.lit(False))
    shown = replace(report, deals=deals).deals_with_caveat["caveat"].to_list()
    assert shown[0].startswith(f"{PASSIVE_WORDS}; AMD: outside the default (D11: CUDA)")
    assert "fewer than 3 listings" not in shown[0]  # the used row's own words, not the card's
    assert shown[1] == "3 lowest new asks avg. 2,260 USD: buy new"
    assert shown[2] is None  # under the new asks: nothing against it
    # a new or used deal keeps its row's caveat, as before
    kept = replace(report, deals=template).deals_with_caveat
    row = report.ranking.filter(
        (pl.col("model_id") == template["model_id"][0]) & (pl.col("condition") == template["condition"][0])
    )
    words = [OPEN_BOX_CAVEAT] if template["open_box"][0] else []
    words += [row["caveat"][0]] if row.height and row["caveat"][0] else []
    assert kept["caveat"][0] == ("; ".join(words) or None)


def test_a_new_price_that_rests_on_open_box_units_says_so_where_the_card_is_ranked(
    tmp_path, sample_run, export_dir
):
    """Twenty-third review: the new top ten's first two, an RTX 2080 Ti at 453 USD and an RTX 3060 12GB at 264 USD,
    each passed the 3-listing bar on two new listings and two open-box units (open box is priced as new), and new
    2080 Tis were asked from 517 USD; nothing said so. A new row whose open-box units are at least half its listings,
    or without which it would have fewer than 3, says how many and where new ones start."""
    from dashboards.report_data import OPEN_BOX_SQL, with_open_box_words
    from tests.support.staging_rows import staging_row
    from warehouse.connection import connect

    # counted among the listings the price counts: a 1 USD placeholder is screened out, not the new low (code review)
    day = date(2026, 11, 20)
    with connect(tmp_path / "o.duckdb") as con:
        rows = [
            staging_row(day, str(i), price, condition=condition)
            for i, (price, condition) in enumerate(
                ((500.0, "new"), (520.0, "new"), (480.0, "open_box"), (1.0, "new"))
            )
        ]
        con.register("rows_df", pl.DataFrame(rows))
        con.execute("INSERT INTO staging.listings BY NAME SELECT * FROM rows_df")
        counted = con.execute(OPEN_BOX_SQL, {"first": day, "last": day}).fetchall()
    assert counted == [("rtx-3090", "new", 1, 500.0)]

    rows = pl.DataFrame(
        {
            "model_id": ["a", "b", "c", "d", "a"],
            "condition": ["new", "new", "new", "new", "used"],
            "listing_count": [4, 6, 3, 3, 4],
            "caveat": [None, None, "passive", None, None],
        }
    )
    open_box = pl.DataFrame(
        {
            "model_id": ["a", "b", "c", "d"],
            "condition": ["new"] * 4,
            "open_box_listings": [2, 1, 1, 3],
            "new_only_low": [517.0, 300.0, 1880.4, None],  # d: every listing open box
        }
    )
    shown = with_open_box_words(rows, open_box)["caveat"].to_list()
    assert (
        shown
        == [
            "open box: 2 of its 4 listings (new ones from 517 USD)",  # half
            None,  # one in six, five new: the new price stands on new units
            "open box: 1 of its 3 listings (new ones from 1,880 USD); passive",  # two new: under the bar without it
            "open box: 3 of its 3 listings (no new one listed)",
            None,  # used rows: open box is priced as new
        ]
    )
    md = (export_dir / "recommendations.md").read_text()
    tops = {
        condition: md.split(f"## Top 10 by performance per USD ({condition})")[1].split("\n## ")[0]
        for condition in ("new", "used")
    }
    line = next(line for line in tops["new"].splitlines() if line.startswith("| 1 | GeForce RTX 2080 Ti |"))
    assert "open box: 2 of its 4 listings (new ones from 517 USD)" in line, line
    assert "open box" not in tops["used"]
    # an open-box unit's deal says "open box" once: its own words, not also its card's count (twenty-fourth review)
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    deal = report.deals.head(1).with_columns(
        model_id=pl.lit("rtx-2080-ti"), condition=pl.lit("new"), open_box=pl.lit(True)
    )
    caveat = replace(report, deals=deal).deals_with_caveat["caveat"][0]
    assert caveat.startswith(OPEN_BOX_CAVEAT) and caveat.count("open box") == 1, caveat
    # and an open-box unit dearer than the card's used median says what that median is (twenty-fourth review)
    used = report.ranking.filter((pl.col("model_id") == "rtx-2080-ti") & (pl.col("condition") == "used"))[
        "price_median"
    ][0]
    words = {
        price: replace(report, deals=deal.with_columns(unit_price=pl.lit(price))).deals_with_caveat["caveat"][
            0
        ]
        for price in (used - 1, used + 100)
    }
    assert "used median" not in words[used - 1]
    assert words[used + 100].endswith(f"; used median {int(used + 0.5):,} USD"), words


def test_every_ranked_price_shows_its_grade(sample_run, export_dir):
    from dashboards.markdown import GRADE_WORDS

    """Thirtieth review: the price grade (issue 37) was missing where cards are ranked: the export's top-10 tables,
    the recommendations in the JSON and the CSV, the dashboard's value and picks tables and the card pages' prices
    today. Four of the twenty top-10 rows were grade B."""
    md = (export_dir / "recommendations.md").read_text()
    for condition in ("new", "used"):
        top = md.split(f"## Top 10 by performance per USD ({condition})")[1].split("\n## ")[0]
        header = next(line for line in top.splitlines() if line.startswith("| #"))
        assert "| listings | grade |" in header, header
        assert GRADE_WORDS in top  # and what it means
    value = marts_value(sample_run["db"])
    graded = dict(value.select(pl.format("{} {}", "model_id", "condition"), "price_confidence").iter_rows())
    doc = json.loads((export_dir / "recommendations.json").read_text())
    assert doc["recommendations"]
    for r in doc["recommendations"]:
        assert r["price_confidence"] == graded[f"{r['model_id']} {r['condition']}"], r
    csv = pl.read_csv(export_dir / "recommendations.csv")
    assert "price_confidence" in csv.columns and csv["price_confidence"].is_not_null().all()
    site = sample_run["root"] / "site"
    header = 'data-type="text">{}</button></th>'
    # the moves table had its price grade; the value and the picks tables now too ("grade": the page at its cap)
    assert (site / "index.html").read_text().count(header.format("grade")) >= 2
    assert header.format("price grade") in (site / "cards" / "rtx-3090.html").read_text()


def test_a_price_move_is_between_prices_neither_of_which_is_grade_d():
    """Thirtieth review: the largest move of the day, a new A10 +15.6%, compared against yesterday's price of one
    listing (grade D): a second listing joined, the market did not move."""
    from dashboards.report_data import price_moves

    ranking = pl.DataFrame(
        {
            "model_id": ["a10", "3090", "4090", "5090"],
            "condition": ["new", "used", "used", "used"],
            "name": ["A10", "RTX 3090", "RTX 4090", "RTX 5090"],
            "price_usd": [2377.0, 745.0, 1700.0, 2600.0],
            "rank_overall": [1, 2, 3, 4],
            "caveat": [None] * 4,
            "price_confidence": ["C", "A", "D", "B"],
        }
    )
    yesterday = pl.DataFrame(
        {
            "model_id": ["a10", "3090", "4090", "5090"],
            "condition": ["new", "used", "used", "used"],
            "prev_price_usd": [2058.0, 760.0, 1500.0, 2601.0],
            "prev_rank": [1, 2, 3, 4],
            "prev_confidence": ["D", "A", "B", "B"],
        }
    )
    moves = price_moves(ranking, yesterday)
    # the A10 against yesterday's D, the 4090 at today's D: no moves; the 5090's 0.04% is under the 0.5% shown
    assert moves["model_id"].to_list() == ["3090"]
    assert moves["price_change_pct"][0] == pytest.approx((745 / 760 - 1) * 100)
    # without grades (a warehouse before them) every move counts
    ungraded = price_moves(ranking.drop("price_confidence"), yesterday.drop("prev_confidence"))
    assert ungraded["model_id"].to_list() == ["a10", "4090", "3090"]


def test_a_price_move_is_of_the_price_the_tables_give():
    """Thirty-fourth review: the moves compared the new cards' medians while every table gives rule B1's price, so
    the new RTX 4090 read +0.6% beside a price that rose 4.3%. A move is of price_usd, whatever the median did."""
    from dashboards.report_data import price_moves

    ranking = pl.DataFrame(
        {
            "model_id": ["4090", "5090"],
            "condition": ["new", "new"],
            "name": ["RTX 4090", "RTX 5090"],
            "price_median": [1905.0, 2850.0],  # +0.6% and +0.8% against yesterday's medians below
            "price_usd": [1877.49, 2648.0],
            "rank_overall": [1, 2],
            "caveat": [None, None],
            "price_confidence": ["A", "A"],
        }
    )
    yesterday = pl.DataFrame(
        {
            "model_id": ["4090", "5090"],
            "condition": ["new", "new"],
            "prev_price_usd": [1799.99, 2660.0],
            "prev_rank": [1, 2],
            "prev_confidence": ["A", "A"],
        }
    )
    moves = price_moves(ranking, yesterday)
    assert moves["model_id"].to_list() == ["4090"]  # the 5090's B1 price moved 0.45%: under the 0.5% shown
    assert moves.row(0, named=True) | {"price_change_pct": 0} == {
        "condition": "new",
        "model_id": "4090",
        "name": "RTX 4090",
        "prev_price_usd": 1799.99,
        "price_usd": 1877.49,
        "price_change_pct": 0,
        "price_median": 1905.0,  # the median beside it, as schema 1.10 gave it
        "rank_change": 0,
        "caveat": None,
        "price_confidence": "A",
    }
    assert moves["price_change_pct"][0] == pytest.approx((1877.49 / 1799.99 - 1) * 100)  # +4.3%


def test_every_export_field_is_documented_and_docs_export_md_is_current(sample_run):
    """Thirty-fourth review: a developer reading the JSON found fields documented nowhere (buy_rank, data_kind,
    deal_since, price_change_pct, ...). Every top-level key and every array's field has its meaning (its mart's column
    comment or dashboards/export_doc.FIELD_WORDS), and docs/export.md is what dashboards/export_doc.py writes."""
    from dashboards.export_doc import DOC, SCALAR_WORDS, render, undocumented
    from dashboards.report_data import load_report

    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        data = load_report(con, sample_run["day"])
        assert undocumented(con, data) == []
        text = render(con, data)
    doc = json.loads((sample_run["root"] / "exports" / DAY / "recommendations.json").read_text())
    arrays = {k for k, v in doc.items() if isinstance(v, list)}
    assert set(doc) - arrays == set(SCALAR_WORDS)  # every scalar key has its sentence
    for array in arrays:
        assert f"\n## `{array}`\n" in text
        for record in doc[array][:1]:
            assert all(
                f"| `{field}` |" in text.split(f"\n## `{array}`\n")[1].split("\n## ")[0] for field in record
            )
    assert "UNDOCUMENTED" not in text
    assert DOC.read_text() == text, "docs/export.md is out of date: python -m dashboards.export_doc"


def test_marts_deals_says_which_deals_are_open_box_units(sample_run):
    """Thirty-fourth review: a SQL user of marts.deals read an open-box unit's deal as a new card's (open box is priced
    with new by default); only the export said so, from staging. The mart says it, as staging's condition does."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT d.open_box, s.condition = 'open_box' FROM marts.deals d JOIN staging.listings s "
            "USING (snapshot_date, source, listing_id) WHERE d.snapshot_date = ?",
            [DAY],
        ).fetchall()
    assert rows and all(mart is not None and mart == staged for mart, staged in rows), rows
    assert any(mart for mart, _ in rows) and not all(mart for mart, _ in rows)
