"""The budget picks' advice in the export and on the dashboard, on the sample day: a beginner pick over D6's board
power says so (the beginner tier is the card for the desktop the buyer has), and a vision or beginner pick names the
faster or cheaper card the budget buys (marts.budget_picks.faster_alternative)."""

import html

import duckdb
import polars as pl

from dashboards.answer import NO_MACHINE_FOR_IT, answer_choices, card_words, runner_up_gap_words
from dashboards.main_page import _answer_column
from dashboards.report_data import beginner_pick_caveat, load_report
from transforms.tiers.rules import BEGINNER_MAX_TDP_W
from warehouse.writes import read_frame


def _picks(sample_run) -> pl.DataFrame:
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        return read_frame(
            con,
            "SELECT p.*, v.tdp_w FROM marts.budget_picks p JOIN marts.gpu_value v "
            "USING (snapshot_date, model_id, condition) WHERE snapshot_date = ? AND pick_rank = 1",
            [sample_run["day"]],
        )


def _section(sample_run) -> str:
    md = (sample_run["root"] / "exports" / sample_run["day"].isoformat() / "recommendations.md").read_text()
    return md.split("\n## Picks per budget and use case\n", 1)[1].split("\n## ", 1)[0]


def test_the_d6_caveat_shares_the_card_answers_words():
    caveat = beginner_pick_caveat("beginner", 575.0)
    assert caveat == (
        "575 W: over the 200 W a computer you already have takes (D6); it needs the PSU, cables and room of a "
        "machine built for it"
    )
    assert card_words(575.0) == f"Card to buy (the card alone, {caveat.replace('; it', ', so it')}, as below)"
    assert beginner_pick_caveat("beginner", BEGINNER_MAX_TDP_W) is None
    # a vision student may have a desktop too (twenty-ninth review: vision picks of 300 W said nothing); LLM picks
    # are cards for a machine built for them
    assert beginner_pick_caveat("vision", 575.0) == caveat
    assert beginner_pick_caveat("llm", 575.0) is None and beginner_pick_caveat("beginner", None) is None


def test_every_beginner_pick_over_d6_says_so_in_the_export_and_on_the_dashboard(sample_run):
    picks = _picks(sample_run)
    hot = picks.filter((pl.col("use_case") == "beginner") & (pl.col("tdp_w") > BEGINNER_MAX_TDP_W))
    # the sample's beginner picks reach the RTX 5090 (575 W) new and the RTX 4090 (450 W) used
    assert {("new", 3_000, "rtx-5090"), ("used", 2_000, "rtx-4090")} <= set(
        hot.select("condition", "budget_usd", "model_id").rows()
    )
    rows = [line for line in _section(sample_run).splitlines() if line.startswith(("| new |", "| used |"))]
    assert len(rows) == picks.height
    for r in picks.iter_rows(named=True):
        line = next(
            x for x in rows if x.startswith(f"| {r['condition']} | {r['use_case']} | {r['budget_usd']} |")
        )
        caveat = beginner_pick_caveat(r["use_case"], r["tdp_w"])
        if caveat:
            assert line.endswith(f" {caveat} |"), line  # after the card's own caveat, where it has one
        else:
            assert "(D6)" not in line, line
    site = html.unescape((sample_run["root"] / "site" / "index.html").read_text())
    picks_table = site.split('id="picks-h"', 1)[1].split("</section>", 1)[0]
    for r in hot.iter_rows(named=True):
        assert beginner_pick_caveat("beginner", r["tdp_w"]) in picks_table


def test_the_faster_or_cheaper_card_a_pick_sets_aside_is_named_in_the_export_and_on_the_dashboard(sample_run):
    picks = _picks(sample_run)
    named = picks.filter(pl.col("faster_alternative").is_not_null())
    assert set(named["use_case"]) <= {"vision", "beginner"}
    by = {(r["condition"], r["use_case"], r["budget_usd"]): r for r in named.iter_rows(named=True)}
    # the review's cases: used vision 500 picks the RTX 4060 Ti 16GB beside faster, and cheaper, cards
    used = by[("used", "vision", 500)]
    assert used["model_id"] == "rtx-4060-ti-16gb"
    assert "x as fast in the vision index" in used["faster_alternative"]
    assert "cheaper and at least as fast: GeForce RTX 3060 12GB at 203 USD" in used["faster_alternative"]
    assert (
        "cheaper and at least as fast: GeForce RTX 3060 12GB"
        in by[("new", "vision", 500)]["faster_alternative"]
    )
    assert ("new", "beginner", 500) in by
    listed = [line for line in _section(sample_run).splitlines() if line.startswith("- ")]
    assert len(listed) == named.height
    assert any(
        line.startswith(
            "- vision, used, 500 USD, GeForce RTX 4060 Ti 16GB: faster and more value per USD within"
        )
        for line in listed
    )
    site = html.unescape((sample_run["root"] / "site" / "index.html").read_text())
    picks_table = site.split('id="picks-h"', 1)[1].split("</section>", 1)[0]
    for text in named["faster_alternative"]:
        assert text[:1].upper() + text[1:] in picks_table
    # the answer's card shows it under the card too (a row of the mart stands in, whatever the answer's budgets)
    card = {**used, "price_confidence": "A"}
    column = html.unescape(_answer_column("used", card, None, "vision", 1_000))
    assert (
        '<p class="answer-faster">' + used["faster_alternative"][:1].upper() + used["faster_alternative"][1:]
        in column
    )


def test_a_card_its_budget_cannot_house_says_so_even_above_another_cards_machine(sample_run):
    """Twenty-eighth review: at 3,000 USD the first screen offered an RTX 5090 at 2,850 USD above a 2,017 USD RTX 3090
    machine, and never said that the 5090's own machine (3,812 USD) is over the budget. A card hotter than D6's
    200 W whose own 1-GPU machine costs more than the budget says so, whatever machine is below; one the budget
    would house says nothing (the machine below is "instead"). The own machine is the one the budget builds price."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    one_card = report.builds.filter(pl.col("gpu_count") == 1)
    assert one_card.height
    for machine in one_card.iter_rows(named=True):
        assert (
            report.card_machines[(machine["model_id"], machine["condition"])]
            == machine["total_build_cost_usd"]
        )
    choices = answer_choices(report.builds, report.picks, report.ranking, report.tiers, report.card_machines)
    told = []
    for choice in choices:
        for condition in ("used", "new"):
            card, machine = choice["card"][condition], choice["machine"][condition]
            if not card or not machine or card["model_id"] == machine["model_id"]:
                continue
            if card["tdp_w"] <= BEGINNER_MAX_TDP_W:
                continue
            column = html.unescape(
                _answer_column(condition, card, machine, choice["use_case"], choice["budget_usd"])
            )
            own = report.card_machines.get(
                (card["model_id"], condition)
            )  # None: not known (a card without bf16)
            unhoused = own is not None and own > choice["budget_usd"]
            assert (NO_MACHINE_FOR_IT in column) == unhoused, (
                choice["use_case"],
                choice["budget_usd"],
                condition,
            )
            if unhoused:
                told.append((choice["use_case"], choice["budget_usd"], condition))
    assert ("llm", 3_000, "new") in told, told  # the review's case: the RTX 5090, its machine over 3,800 USD
    # a card whose own machine is not known (no row: marts.llm_workload_machines holds bf16 cards only) is never said
    # to be unhoused (code review: an RTX 2080 Ti beginner pick at 1,500 USD, its machine 817 USD)
    llm = next(c for c in choices if (c["use_case"], c["budget_usd"]) == ("llm", 3_000))
    unknown = {**llm["card"]["new"], "model_id": "a-card-without-bf16", "machine_usd": None}
    column = html.unescape(_answer_column("new", unknown, llm["machine"]["new"], "llm", 3_000))
    assert NO_MACHINE_FOR_IT not in column and "a machine built for it)" in column


def test_a_runner_up_gap_that_rounds_to_nothing_reads_about_the_same():
    """Code review of the twenty-eighth review's round: the headline lines printed "(0% less value per USD)"."""
    assert runner_up_gap_words(0.4, 0) == "about the same value per USD"
    assert runner_up_gap_words(2.56, 0) == "3% less value per USD"
    assert runner_up_gap_words(2.56) == "2.56% less value per USD"
    assert runner_up_gap_words(-3.2, 0).startswith(
        "3% more value per USD; D16 prefers the newer architecture"
    )


def test_the_machine_line_says_instead_only_below_another_card(sample_run):
    """Twenty-ninth review: "Card to buy ... as below" then "Machine to buy instead", built on the same card."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    choices = answer_choices(report.builds, report.picks, report.ranking, report.tiers, report.card_machines)
    seen = set()
    for choice in choices:
        for condition in ("used", "new"):
            card, machine = choice["card"][condition], choice["machine"][condition]
            if not card or not machine:
                continue
            column = html.unescape(
                _answer_column(condition, card, machine, choice["use_case"], choice["budget_usd"])
            )
            same = card["model_id"] == machine["model_id"]
            assert ("Machine to buy instead (" in column) != same and ("Machine to buy (" in column) == same
            seen.add(same)
    assert seen == {True, False}


def test_a_card_pages_machine_for_sale_says_thin_supply():
    """Twenty-ninth review: "for sale in that number today: yes" for 4 x RTX 6000 Ada of the 4 listed (A1)."""
    from dashboards.card_page import _for_sale

    assert _for_sale({"buyable_today": True, "gpu_count": 4, "listings_available": 4}) == (
        "yes, thin supply (A1): it takes 4 of the 4 listed today"
    )
    assert _for_sale({"buyable_today": True, "gpu_count": 2, "listings_available": 9}) == "yes"
    assert _for_sale({"buyable_today": False, "gpu_count": 8, "listings_available": 6}) == "no"


def test_a_500_usd_student_gets_an_answer_on_the_first_screen(sample_run):
    """Twenty-ninth review: the first screen's budgets started at 1,000 USD, so a student with 500 USD was shown a
    679 USD card. At 500 USD no whole machine fits, and the screen says so beside the card the budget buys and the
    card for the desktop the student has (D6)."""
    from dashboards.main_page import _answer_view

    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        report = load_report(con, sample_run["day"])
    choices = answer_choices(report.builds, report.picks, report.ranking, report.tiers, report.card_machines)
    vision = next(c for c in choices if (c["use_case"], c["budget_usd"]) == ("vision", 500))
    used = vision["card"]["used"]
    assert used and used["price_usd"] <= 500 and vision["machine"]["used"] is None
    assert vision["own_desktop"]["used"]["total_build_cost_usd"] <= 500
    view = html.unescape(_answer_view(vision))
    assert (
        "vision, whole machine up to 500 USD" in view
        and "Machine to buy: none within this budget today." in view
    )
    assert "Or, for the desktop you have (D6)" in view and used["name"] in view
    # an alternative over D6 named where the budget buys no machine says that none holds it (code review: the RTX 3080
    # 10GB, 320 W, named "faster" above "Machine to buy: none within this budget today")
    from dashboards.main_page import NO_MACHINE_FOR_OVER_D6
    from transforms.budget_picks import OVER_D6

    told = 0
    for choice in (c for c in choices if c["budget_usd"] == 500):
        for condition in ("used", "new"):
            card = choice["card"][condition]
            if not card or not card.get("faster_alternative"):
                continue
            column = html.unescape(
                _answer_column(condition, card, choice["machine"][condition], choice["use_case"], 500)
            )
            over = OVER_D6 in card["faster_alternative"]
            assert (NO_MACHINE_FOR_OVER_D6 in column) == (over and choice["machine"][condition] is None)
            told += over
    assert told  # the sample's 500 USD picks name such cards (an RTX 3080 10GB, 320 W)
