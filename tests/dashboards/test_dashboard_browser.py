"""The dashboard as a person uses it, in headless Chromium driven by Playwright: the sample site built by
`run_daily` with a week of earlier sample days; filters change the tables, headers sort them (by click and by
keyboard), a card page opens from the main page and draws its history; a phone-width page does not overflow;
no page asks the network for anything. The screenshots go to a temporary folder, so the suite leaves the
checkout as it found it; `make screenshots` runs the two tests that take them with GPU_MARKET_SCREENSHOTS set
to docs/screenshots/ (the README's)."""

import json
import os
import re
from datetime import date
from pathlib import Path

import duckdb
import pytest

from dashboards.report_data import OPEN_BOX_CAVEAT
from pipelines.definitions import definitions_with
from pipelines.doctor import find_chromium
from pipelines.run_daily import run
from tests.conftest import redirect_outputs, sample_resources, search_only_models_with_items
from transforms.deals import SHIPPING_UNSTATED

pytestmark = pytest.mark.browser

DAY = "2026-11-20"
SAMPLE_DAYS = 8  # the day and 7 earlier sample days: enough for the 7-day median and the deals' history rule
CHARTS = ["perf-vs-price", "perf-per-usd", "price-history", "tdp-vs-perf"]


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where the screenshots go: GPU_MARKET_SCREENSHOTS (`make screenshots`), else a temporary folder."""
    chosen = os.environ.get("GPU_MARKET_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if find_chromium() is None:
        pytest.skip("chromium not installed: apt-get install chromium")
    root = tmp_path_factory.mktemp("dashboard")
    mp = pytest.MonkeyPatch()
    redirect_outputs(mp, root)
    mp.delenv("DAGSTER_HOME", raising=False)
    mp.setenv("GPU_MARKET_DB", str(root / "w.duckdb"))
    mp.setenv("GPU_MARKET_SAMPLE_DAYS", str(SAMPLE_DAYS))
    search_only_models_with_items(mp)  # the same site, a ninth of the eBay searches
    defs = definitions_with(sample_resources(root / "w.duckdb"))
    try:
        assert run(["run_daily", DAY], defs=defs) == 0
    finally:
        mp.undo()
    yield root / "site"


@pytest.fixture(scope="module")
def browser(site, sample_run):
    """Chromium for the module's tests. The one-day sample (sample_run, whose site one test opens) is built before
    it starts: a Dagster run set up beside Playwright's event loop warns of an event loop never shut down."""
    from tests.support.browser import chromium

    with chromium() as b:
        yield b


def _open(browser, path: Path, expand: bool = True, **viewport):
    """The page, its error log and its requests. `expand`: press every "Show all" first (the tests of filters
    and sorting look at every row; test_long_tables_show_their_top_rows looks at the collapsed page)."""
    from tests.support.browser import open_page

    page, errors, requested = open_page(browser, path.as_uri(), **viewport)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length > 0", timeout=30_000)
    if expand:
        page.evaluate("() => document.querySelectorAll('button.show-all').forEach(b => b.click())")
    return page, errors, requested


def visible_rows(page, table_id: str) -> list[dict]:
    """The shown rows of a table: each row's data-* attributes and cell values (data-v)."""
    return page.evaluate(
        """id => Array.from(document.querySelectorAll('#' + id + ' tbody tr'))
        .filter(r => !r.hidden).map(r => ({...r.dataset, cells: Array.from(r.cells).map(c => c.dataset.v)}))""",
        table_id,
    )


def header_index(page, table_id: str, label: str) -> int:
    labels = page.eval_on_selector_all(f"#{table_id} thead th", "ths => ths.map(t => t.textContent.trim())")
    return labels.index(label)


def test_main_page_draws_its_charts_and_banners_with_no_errors_and_no_network(site, browser, shots):
    page, errors, requested = _open(browser, site / "index.html")
    drawn = page.evaluate(
        """ids => ids.map(id => { const el = document.getElementById(id);
        return el ? el.querySelectorAll('.scatterlayer .trace .point, .barlayer .trace .point, .scatterlayer .trace path.js-line').length : -1; })""",
        CHARTS,
    )
    assert all(n > 0 for n in drawn), dict(zip(CHARTS, drawn, strict=True))
    assert DAY in page.text_content("#date-banner")
    assert "SAMPLE DATA" in page.text_content("#sample-banner")
    assert "8 days of history" in page.text_content("#date-banner")
    changes = page.text_content("#changes")
    counted = re.search(r"(\d+) listings of priced cards appeared and (\d+) left", changes)
    assert counted, changes
    # the cards that left are those the export lists by model (ninth review: 7 on the page, 5 in the export)
    with duckdb.connect(str(site.parent / "w.duckdb"), read_only=True) as con:
        exits = con.execute(
            "SELECT coalesce(sum(exits), 0) FROM marts.exits_daily WHERE exit_date = ?", [DAY]
        )
        assert int(counted.group(2)) == exits.fetchone()[0] > 0
        # the arrivals are those of the marketplaces read before the day: the earlier sample days are the US
        # market's, so the German and British listings, all first seen on the day, are counted apart (twenty-third
        # review: 170 of "187 listings appeared" were theirs)
        arrived = dict(
            con.execute(
                "SELECT coalesce(l.region, 'US') = 'US', count(*) FROM staging.listing_history h "
                "JOIN staging.listings l ON l.snapshot_date = h.first_seen AND l.source = h.source "
                "AND l.listing_id = h.listing_id WHERE h.first_seen = ? AND l.model_id IS NOT NULL "
                "AND l.exclude_reason IS NULL GROUP BY ALL",
                [DAY],
            ).fetchall()
        )
    assert int(counted.group(1)) == arrived[True] and arrived[False] > 0
    assert (
        f"; {arrived[False]} more are on marketplaces read for the first time today, not counted" in changes
    )
    assert errors.errors == [] and requested == []
    page.screenshot(path=str(shots / "dashboard-main.png"))
    assert (shots / "dashboard-main.png").stat().st_size > 10_000


def test_filters_change_the_tables_and_clear_again(site, browser):
    page, errors, _ = _open(browser, site / "index.html")
    before = {t: len(visible_rows(page, t)) for t in ("value", "picks", "tiers")}
    assert all(before.values()), before

    page.select_option("#f-vram", "24")
    value = visible_rows(page, "value")
    assert 0 < len(value) < before["value"] and all(float(r["vram"]) >= 24 for r in value)
    assert page.text_content("#value-count") == f"Showing {len(value)} of {before['value']} rows"

    page.select_option("#f-vram", "")
    page.select_option("#f-use-case", "vision")
    tiers = visible_rows(page, "tiers")
    assert tiers and {r["useCase"] for r in tiers} == {"vision"} and len(tiers) < before["tiers"]
    assert all(float(r["vram"]) >= 12 for r in visible_rows(page, "value"))  # a card table keeps the floor

    page.select_option("#f-use-case", "")
    page.fill("#f-budget", "1000")
    picks = visible_rows(page, "picks")
    assert picks and all(float(r["cost"]) <= 1000 for r in picks) and len(picks) < before["picks"]
    assert all(float(r["cost"]) <= 1000 for r in visible_rows(page, "value"))

    page.select_option("#f-condition", "used")
    assert {r["condition"] for r in visible_rows(page, "value")} == {"used"}

    page.click("button[type=reset]")
    page.wait_for_function(
        "n => document.querySelectorAll('#value tbody tr:not([hidden])').length === n", arg=before["value"]
    )
    assert {t: len(visible_rows(page, t)) for t in before} == before
    assert errors.errors == []


def test_the_condition_filter_applies_to_the_deals_and_clears_again(sample_run, browser):
    """The deals table follows the condition filter. On the one-day sample's site, where every deal is news (the
    eight-day site's last day has none: a deal is never dearer than its day's median, and the day's only new
    listing under its 30-day median was)."""
    page, errors, _ = _open(browser, sample_run["root"] / "site" / "index.html")
    deals = visible_rows(page, "deals")
    assert {r["condition"] for r in deals} >= {"new", "used"}, deals
    page.select_option("#f-condition", "used")
    used = visible_rows(page, "deals")
    assert used and {r["condition"] for r in used} == {"used"} and len(used) < len(deals)
    page.click("button[type=reset]")
    page.wait_for_function(
        "n => document.querySelectorAll('#deals tbody tr:not([hidden])').length === n", arg=len(deals)
    )
    assert errors.errors == []


def test_vendor_and_form_factor_filters(site, browser):
    page, _, _ = _open(browser, site / "index.html")
    vendors = page.eval_on_selector_all("#f-vendor option", "os => os.map(o => o.value).filter(Boolean)")
    assert len(vendors) >= 2, vendors
    page.select_option("#f-vendor", vendors[0])
    assert {r["vendor"] for r in visible_rows(page, "value")} == {vendors[0]}
    page.select_option("#f-vendor", "")
    page.select_option("#f-form-factor", "pcie")
    assert {r["form"] for r in visible_rows(page, "value")} == {"pcie"}


def test_headers_sort_by_click_and_by_keyboard(site, browser):
    page, errors, _ = _open(browser, site / "index.html")
    col = header_index(page, "value", "price USD")
    header = page.locator("#value thead th").nth(col)
    header.locator("button").click()
    prices = [float(r["cells"][col]) for r in visible_rows(page, "value")]
    assert prices == sorted(prices) and header.get_attribute("aria-sort") == "ascending"
    header.locator("button").focus()
    page.keyboard.press("Enter")
    prices = [float(r["cells"][col]) for r in visible_rows(page, "value")]
    assert prices == sorted(prices, reverse=True) and header.get_attribute("aria-sort") == "descending"
    name_col = header_index(page, "tiers", "use case")
    page.locator("#tiers thead th").nth(name_col).locator("button").click()
    cases = [r["cells"][name_col] for r in visible_rows(page, "tiers")]
    assert cases == sorted(cases)
    assert errors.errors == []


def test_a_card_page_opens_from_the_main_page_and_draws_its_history(site, browser, shots):
    page, _, _ = _open(browser, site / "index.html")
    link = page.locator("#value tbody tr a", has_text="RTX 3090").first
    name = link.text_content()
    link.click()
    page.wait_for_url(re.compile(r".*/cards/rtx-3090\.html$"))
    page.wait_for_function(
        "() => document.querySelectorAll('#price-history .scatterlayer .trace').length > 0"
    )
    assert page.text_content("h1") == name
    # the 7-day median of each condition: one point per sample day
    days = page.evaluate("""() => document.getElementById('price-history').data
        .filter(t => t.name.endsWith('7-day median')).map(t => t.x.length)""")
    assert days and all(n == SAMPLE_DAYS for n in days), days
    assert page.locator("#rank-history .scatterlayer .trace").count() >= 1
    assert page.locator("#listing-count .barlayer .trace").count() >= 1
    hrefs = page.eval_on_selector_all("#cheapest a", "as => as.map(a => a.getAttribute('href'))")
    assert hrefs and all(h.startswith("https://") for h in hrefs)
    assert "measured" in page.text_content("#specs")
    page.screenshot(path=str(shots / "dashboard-card.png"), full_page=True)
    assert (shots / "dashboard-card.png").stat().st_size > 10_000


def test_every_card_page_runs_cleanly(site, browser):
    from tests.support.browser import open_page

    pages = sorted((site / "cards").glob("*.html"))
    assert len(pages) >= 30
    for path in pages[:: max(len(pages) // 8, 1)]:
        page, errors, requested = open_page(browser, path.as_uri())
        page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length === 3")
        assert errors.errors == [] and requested == [], (path.name, errors.errors, requested)


def test_a_phone_sees_the_page_without_sideways_scrolling(site, browser):
    page, _, _ = _open(browser, site / "index.html", width=390, height=844)
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
    # wide tables scroll inside a focusable region instead of widening the page
    regions = page.eval_on_selector_all(
        ".scroll", "rs => rs.map(r => [r.getAttribute('tabindex'), r.getAttribute('aria-label')])"
    )
    assert regions and all(t == "0" and label for t, label in regions)


def test_controls_are_labelled_and_text_has_contrast(site, browser):
    page, _, _ = _open(browser, site / "index.html")
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll('select, input'))
        .filter(el => !(el.labels && el.labels.length)).map(el => el.id)""")
    assert unlabelled == []
    assert page.locator("table:not(:has(caption))").count() == 0
    assert page.locator("th button.sort").count() == page.locator("thead th").count()
    assert page.locator(".chart:not([aria-label])").count() == 0
    ratios = page.evaluate("""() => {
      const lum = c => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(v => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126*r + 0.7152*g + 0.0722*b; };
      const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
      const bg = el => { for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
      return ['body', 'a', '.count', '#sample-banner', 'th button.sort', 'caption'].map(sel => {
        const el = document.querySelector(sel); return [sel, ratio(getComputedStyle(el).color, bg(el))]; });
    }""")
    low = [(sel, round(r, 2)) for sel, r in ratios if r < 4.5]
    assert low == [], low


def test_a_page_error_is_reported(browser, tmp_path):
    """Negative control: the error collector does see a console error and an uncaught exception."""
    from tests.support.browser import open_page

    bad = tmp_path / "bad.html"
    bad.write_text(
        "<!DOCTYPE html><html><body><script>console.error('boom');</script>"
        "<script>throw new Error('kaboom');</script></body></html>",
        encoding="utf-8",
    )
    page, errors, _ = open_page(browser, bad.as_uri())
    page.wait_for_timeout(200)
    assert any("boom" in e and e.startswith("[console]") for e in errors.errors), errors.errors
    assert any("kaboom" in e and e.startswith("[exception]") for e in errors.errors), errors.errors


def test_the_earlier_sample_days_are_in_the_warehouse_and_labelled_sample(site):
    import duckdb

    with duckdb.connect(str(site.parent / "published" / "w.duckdb"), read_only=True) as con:
        days, modes = con.execute(
            "SELECT count(DISTINCT snapshot_date), list(DISTINCT source_mode) FROM marts.price_daily"
        ).fetchone()
        exits = con.execute("SELECT count(*) FROM marts.listing_exits").fetchone()[0]
        moved = con.execute(
            "SELECT count(*) FROM staging.listing_history WHERE price_changes > 0"
        ).fetchone()[0]
    assert days == SAMPLE_DAYS and modes == ["sample"]
    assert exits > 0 and moved > 0  # listings left and prices changed: the trends the site shows


def test_issue_37_must_show_prices_count_sellers_and_deals_are_events(site):
    """Issue 37 on the 8 sample days: marts.price_daily has a distinct-seller count and a confidence grade on
    every row; at most 10% of marts.deals rows repeat the previous day's deal for the same listing at the same
    or a higher price (0 here: the table holds events only); no pick or machine rests on a D price."""
    import duckdb

    with duckdb.connect(str(site.parent / "published" / "w.duckdb"), read_only=True) as con:
        missing, grades = con.execute(
            "SELECT count(*) FILTER (distinct_sellers IS NULL OR confidence IS NULL), list(DISTINCT confidence) "
            "FROM marts.price_daily"
        ).fetchone()
        rows, repeats = con.execute(
            "SELECT count(*), count(*) FILTER (EXISTS (SELECT 1 FROM marts.deals p WHERE p.source = d.source "
            "AND p.listing_id = d.listing_id AND p.snapshot_date = d.snapshot_date - 1 "
            "AND d.unit_price >= p.unit_price)) FROM marts.deals d"
        ).fetchone()
        on_d = con.execute(
            "SELECT count(*) FROM (SELECT price_confidence FROM marts.budget_picks UNION ALL "
            "SELECT price_confidence FROM marts.build_tiers UNION ALL SELECT price_confidence FROM "
            "marts.budget_builds) WHERE price_confidence = 'D'"
        ).fetchone()[0]
        from dashboards.report_data import resting_deals_sql

        day = date.fromisoformat(DAY)
        still = len(con.execute(resting_deals_sql(True), {"first": day, "last": day}).fetchall())
    assert missing == 0 and set(grades) <= {"A", "B", "C", "D"} and "A" in grades
    assert rows > 0 and repeats <= 0.1 * rows, (rows, repeats)
    assert on_d == 0
    # the earlier deals a buyer can still act on are listed, on the page and in the export, not only counted
    # (found on 2026-11-28 reading the 14-day sample: on its day no listing was news, and the deals table read
    # "none")
    page = (site / "index.html").read_text()
    assert still > 0 and page.count(">listed since ") == still
    doc = json.loads((site.parent / "exports" / DAY / "recommendations.json").read_text())
    assert doc["deals_resting"] == still and len(doc["deals_still_listed"]) == min(50, still)


def test_the_value_table_ranks_only_actionable_cards_and_says_why_of_the_rest(site, browser):
    """Issue 34: no server-only, passive or unsupported card is ranked bare in the first value table."""
    page, errors, _ = _open(browser, site / "index.html")
    rows = visible_rows(page, "value")
    rank, caveat, form = (header_index(page, "value", h) for h in ("buy rank", "caveat", "form"))
    assert rows and rows[0]["cells"][rank] == "1"
    for r in rows:
        text = page.locator("#value tbody tr").nth(rows.index(r)).locator("td").nth(caveat).text_content()
        if r["cells"][form] in ("sxm", "oam"):
            assert "server only" in text and r["cells"][rank] in (None, ""), text
        if r["cells"][rank] in (None, ""):
            assert text.strip() not in ("", "–"), r  # an unranked card always says why
    ranked = [r for r in rows if r["cells"][rank] not in (None, "")]
    unranked_at = [i for i, r in enumerate(rows) if r["cells"][rank] in (None, "")]
    assert ranked and (not unranked_at or unranked_at[0] == len(ranked))  # ranked cards first
    assert errors.errors == []


def test_long_tables_show_their_top_rows_with_show_all_and_a_count(site, browser):
    """Issue 39: a long table shows its top rows (TABLE_TOP_ROWS, in the current order, among the rows the
    filters keep), says how many of how many, and "Show all" reveals every row; the main page at 1280 x 900 is
    at most 8,000 px tall before anything is expanded."""
    from dashboards.html_parts import TABLE_TOP_ROWS as top

    page, errors, _ = _open(browser, site / "index.html", expand=False)
    collapsed_height = page.evaluate("() => document.body.scrollHeight")
    assert collapsed_height <= 8_000, collapsed_height
    total = page.locator("#value tbody tr").count()
    assert total > top and len(visible_rows(page, "value")) == top
    assert page.text_content("#value-count") == f"Showing {top} of {total} rows"
    button = page.locator('button.show-all[aria-controls="value"]')
    assert (
        button.text_content() == f"Show all {total} rows" and button.get_attribute("aria-expanded") == "false"
    )
    # sorting a collapsed table shows the top rows of the new order
    col = header_index(page, "value", "price USD")
    page.locator("#value thead th").nth(col).locator("button").click()
    prices = [float(r["cells"][col]) for r in visible_rows(page, "value")]
    every = sorted(
        float(v)
        for v in page.eval_on_selector_all(
            f"#value tbody tr td:nth-child({col + 1})", "tds => tds.map(t => t.dataset.v)"
        )
        if v
    )
    assert prices == every[:top]
    # a filter keeps the limit and the count; "Show all" then shows every row the filter keeps
    page.select_option("#f-vram", "24")
    matching = page.evaluate("() => document.querySelectorAll('#value tbody tr[data-pass=\"1\"]').length")
    assert len(visible_rows(page, "value")) == min(top, matching)
    button.click()
    assert len(visible_rows(page, "value")) == matching and button.get_attribute("aria-expanded") == "true"
    assert page.text_content("#value-count") == f"Showing {matching} of {total} rows"
    page.select_option("#f-vram", "")
    assert len(visible_rows(page, "value")) == total  # still expanded: every row
    page.evaluate(  # expand the other long tables too
        "() => document.querySelectorAll('button.show-all[aria-expanded=\"false\"]').forEach(b => b.click())"
    )
    assert page.evaluate("() => document.body.scrollHeight") > collapsed_height
    assert errors.errors == []


def test_no_server_only_or_passive_card_is_unmarked_in_the_deals_and_price_moves(site, browser):
    """Issue 39 item 4: a row of a card a desktop buyer cannot use by default (server only, passive, software
    support) says so in words in every table where it appears, here the deals and the price moves."""
    import duckdb

    with duckdb.connect(str(site.parent / "w.duckdb"), read_only=True) as con:
        caveats = {
            (m, c): v
            for m, c, v in con.execute(
                "SELECT model_id, condition, caveat FROM marts.gpu_value WHERE snapshot_date = ?", [DAY]
            ).fetchall()
        }
        names = dict(con.execute("SELECT model_id, name FROM marts.gpu_specs").fetchall())
    by_name = {(names[m], c): v for (m, c), v in caveats.items() if m in names}
    page, errors, _ = _open(browser, site / "index.html")
    checked = 0
    for table_id in ("deals", "price-moves"):
        name_col, cond_col, caveat_col = (
            header_index(page, table_id, h) for h in (("GPU", "condition", "caveat"))
        )
        for r in visible_rows(page, table_id):
            expected = by_name.get((r["cells"][name_col], r["cells"][cond_col]))
            if (
                expected
            ):  # after "open box" for an open-box unit's deal (dashboards/report_data.OPEN_BOX_CAVEAT)
                shown = r["cells"][caveat_col].removeprefix(f"{OPEN_BOX_CAVEAT}; ")
                # and a new price resting on open-box units says so first (dashboards/report_data.with_open_box_words),
                # an open-box unit dearer than the card's used median says that median last
                shown = re.sub(r"^open box: \d+ of its \d+ listings \([^)]*\); ", "", shown)
                # and a deal whose listing states no shipping says so last (thirtieth review)
                shown = shown.removesuffix(f"; {SHIPPING_UNSTATED}")
                shown = re.sub(r"; used median [\d,]+ USD$", "", shown)
                assert shown == expected, (table_id, r["cells"])
                checked += 1
    assert checked > 0  # the sample's deals include cards with a caveat (SXM modules, passive cards)
    assert errors.errors == []


def _machines_today(site) -> set[str]:
    import duckdb

    with duckdb.connect(str(site.parent / "published" / "w.duckdb"), read_only=True) as con:
        return {
            name
            for (name,) in con.execute(
                "SELECT DISTINCT gpu_name FROM marts.build_tiers WHERE gpu_name IS NOT NULL "
                "AND snapshot_date = (SELECT max(snapshot_date) FROM marts.build_tiers)"
            ).fetchall()
        }


def _answer(page) -> str:
    return page.text_content("#answer-body")


def test_the_first_screen_names_the_machine_and_the_card_to_buy(site, browser):
    """Issue 39 items 1 and 6: at 1280 x 900, before any scrolling, the page names the card and the whole
    machine to buy for the default choice (LLM, 3,000 USD), a GPU of today's marts.build_tiers among them,
    with the words buy and machine; SAMPLE DATA is on it; no error and no network request."""
    page, errors, requested = _open(browser, site / "index.html", expand=False)
    box = page.eval_on_selector(
        "#answer-body", "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }"
    )
    assert 0 < box[0] and box[1] <= 900, box
    first = page.evaluate(
        "() => Array.from(document.querySelectorAll('#answer-body p, #answer h2'))"
        ".filter(e => e.getBoundingClientRect().bottom <= 900).map(e => e.textContent).join(' | ')"
    )
    assert "Card to buy" in first and "Machine to buy" in first, first
    # two answers to two questions, not one contradicting the other: the card alone, or a whole machine (third
    # review: an RTX 5090 card beside a 1 x RTX 3090 machine at the same budget); the default's cards (RTX 3090,
    # 5090) draw more than D6's 200 W, so they are not offered for a computer the buyer has (eighth review)
    assert (
        "W: over the 200 W a computer you already have takes (D6)" in first
        and "instead (the whole machine within the budget)" in first
    )
    assert any(name in first for name in _machines_today(site)), first
    assert "tokens/s" in first  # the LLM default names the largest workload the machine runs
    assert page.eval_on_selector("#sample-banner", "e => e.getBoundingClientRect().bottom") <= 900
    assert page.input_value("#answer-choice select[name=use]") == "llm"
    assert errors.errors == [] and requested == []


def test_the_choice_changes_the_answer_and_the_url_hash_restores_it(site, browser):
    """Issue 39 item 6: another use case or budget changes the card and the machine, the hash remembers it,
    and opening the page with that hash shows the same answer; a phone sees it without sideways scrolling."""
    page, errors, _ = _open(browser, site / "index.html", expand=False)
    default = _answer(page)
    page.select_option("#answer-choice select[name=use]", "vision")
    page.select_option("#answer-choice select[name=budget]", "1500")
    chosen = _answer(page)
    assert chosen != default and "vision, whole machine up to 1,500 USD" in chosen
    assert page.evaluate("location.hash") == "#use=vision&budget=1500"
    again, errors2, _ = _open(browser, site / "index.html", expand=False)
    again.goto((site / "index.html").as_uri() + "#use=vision&budget=1500")
    again.reload()
    assert _answer(again) == chosen
    assert again.input_value("#answer-choice select[name=budget]") == "1500"
    phone, errors3, _ = _open(browser, site / "index.html", width=390, height=844, expand=False)
    phone.goto((site / "index.html").as_uri() + "#use=beginner&budget=10000")
    phone.reload()
    assert "beginner, whole machine up to 10,000 USD" in _answer(phone)
    widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
    assert errors.errors == errors2.errors == errors3.errors == []


def test_what_changed_gives_reasons_and_fits_about_one_screen(site, browser):
    """Issue 39 item 2: right below the answer, the deal events, the alerts fired, the picks and machines that
    changed since yesterday each with its reason, and the price moves with the grade of today's price; the
    section's collapsed height is at most about one screen."""
    page, _, _ = _open(browser, site / "index.html", expand=False)
    text = page.text_content("#changes")
    assert re.search(r"\d+ new deals? today", text) and re.search(r"\d+ watchlist alerts? fired today", text)
    import duckdb

    # a kind of change is compared only where yesterday has its rows (twenty-second review: "no machine changed
    # since yesterday" stood where the warehouse held no machines for yesterday)
    with duckdb.connect(str(site.parent / "w.duckdb"), read_only=True) as con:
        had = {
            kind: con.execute(
                f"SELECT count(*) > 0 FROM {table} WHERE snapshot_date = DATE '{DAY}' - 1"
            ).fetchone()[0]
            for kind, table in (("pick", "marts.budget_picks"), ("machine", "marts.build_tiers"))
        }
    for kind, changed in (("pick", "pick for"), ("machine", "machine (")):
        if had[kind]:
            assert changed in text or f"no {kind} changed since yesterday" in text, kind
        else:
            assert f"no {kind}s recorded for yesterday: nothing to compare" in text, kind
            assert f"no {kind} changed since yesterday" not in text
    assert not all(had.values())  # the sample's earlier days build no machines: both branches are shown
    assert "price grade" in page.text_content("#price-moves thead")
    # twenty-eighth review: the table holds every move the export lists (its top rows shown until "Show all")
    moves = json.loads((site.parent / "exports" / DAY / "recommendations.json").read_text())[
        "changes_since_yesterday"
    ]
    assert page.eval_on_selector_all("#price-moves tbody tr", "rows => rows.length") == len(moves) > 0
    height = page.eval_on_selector("#changes", "e => e.getBoundingClientRect().height")
    assert height <= 1000, height
    order = page.evaluate(
        "() => ['answer', 'changes'].map(id => document.getElementById(id).getBoundingClientRect().top)"
    )
    assert order[0] < order[1]


def test_every_table_row_of_a_server_only_passive_or_unsupported_card_says_so(site, browser):
    """Issue 39 item 4 over the whole main page: in every table, every row that links to a card a desktop buyer
    cannot use by default says why in words: server only (SXM, OAM) or passive ("server"/"passive"), and
    software support not current ("CUDA"/"support"/"ROCm"/"legacy")."""
    import duckdb

    with duckdb.connect(str(site.parent / "published" / "w.duckdb"), read_only=True) as con:
        server = {
            m
            for (m,) in con.execute(
                "SELECT model_id FROM marts.gpu_specs WHERE cooling = 'passive' OR form_factor <> 'pcie'"
            ).fetchall()
        }
        unsupported = {
            m
            for (m,) in con.execute(
                "SELECT model_id FROM marts.gpu_specs WHERE software_support IS DISTINCT FROM 'current'"
            ).fetchall()
        }
    page, errors, _ = _open(browser, site / "index.html")
    rows = page.evaluate(
        """() => Array.from(document.querySelectorAll('main table')).flatMap(t =>
            Array.from(t.tBodies.length ? t.tBodies[0].rows : []).map(r => {
                const a = r.querySelector('a[href^="cards/"]');
                return [t.id, a ? a.getAttribute('href') : null, r.textContent.toLowerCase()]; }))"""
    )
    checked, unmarked = 0, []
    for table_id, href, text in rows:
        if not href:
            continue
        model = href.rsplit("/", 1)[-1].removesuffix(".html")
        if model in server:
            checked += 1
            if "server" not in text and "passive" not in text:
                unmarked.append((table_id, model))
        if model in unsupported:
            checked += 1
            if not any(w in text for w in ("cuda", "support", "rocm", "legacy")):
                unmarked.append((table_id, model))
    assert checked > 0 and unmarked == [], unmarked
    assert errors.errors == []


def test_the_price_moves_are_of_the_price_the_tables_give(site):
    """Thirty-fourth review: on the 8-day site's warehouse, every move of the day is of marts.gpu_value.price_usd
    (rule B1's price, which the tables give), new cards' included, not of the median."""
    from datetime import timedelta

    import polars as pl

    from dashboards.report_data import load_report
    from warehouse.connection import connect

    day = date.fromisoformat(DAY)
    with connect(site.parent / "w.duckdb", read_only=True) as con:
        moves = load_report(con, day).changes
        prices = {
            (m, c, d): (usd, median)
            for m, c, d, usd, median in con.execute(
                "SELECT model_id, condition, snapshot_date, price_usd, price_median FROM marts.gpu_value "
                "WHERE snapshot_date IN (?, ?)",
                [day - timedelta(days=1), day],
            ).fetchall()
        }
    new = moves.filter(pl.col("condition") == "new")
    assert new.height > 0
    # a new card whose B1 price is not its median on either day: the move read from the median would differ
    assert any(
        prices[(m, "new", d)][0] != prices[(m, "new", d)][1]
        for m in new["model_id"]
        for d in (day - timedelta(days=1), day)
    )
    for r in moves.iter_rows(named=True):
        before = prices[(r["model_id"], r["condition"], day - timedelta(days=1))][0]
        now = prices[(r["model_id"], r["condition"], day)][0]
        assert (r["prev_price_usd"], r["price_usd"]) == (before, now)
        assert r["price_change_pct"] == pytest.approx((now / before - 1) * 100)
    # yesterday's rows written before rule B1 (price_usd NULL: the first day after an upgrade) give the same moves,
    # their B1 price computed from that day's statistics (code review: every move was left out)
    import shutil

    old = site.parent / "before_b1.duckdb"
    shutil.copyfile(site.parent / "w.duckdb", old)
    with connect(old) as con:
        con.execute(
            "UPDATE marts.gpu_value SET price_usd = NULL WHERE snapshot_date = ?", [day - timedelta(days=1)]
        )
    with connect(old, read_only=True) as con:
        again = load_report(con, day).changes
    assert again.height == moves.height
    assert again["prev_price_usd"].to_list() == pytest.approx(moves["prev_price_usd"].to_list())
    assert again.drop("prev_price_usd").equals(moves.drop("prev_price_usd"))
