"""The dashboard as a person sees it: the sample run's page, opened from disk in headless Chromium, draws every
chart and both banners with no console error. A negative control proves the error detector reports errors."""

import json
from pathlib import Path

import pytest

from tests.support.browser import Browser, file_url, find_chromium

pytestmark = pytest.mark.browser

CHARTS = ["perf-vs-price", "perf-per-usd", "price-history", "tdp-vs-perf"]

# Per chart div: plotly's main svg, trace groups and drawn marks (markers / bars) in scatter and bar layers.
CHART_STATE_JS = """(() => {
  const out = {charts: {}};
  for (const id of __CHARTS__) {
    const el = document.getElementById(id);
    out.charts[id] = el === null ? null : {
      svg: el.querySelectorAll("svg.main-svg").length,
      traces: el.querySelectorAll(".scatterlayer .trace, .barlayer .trace").length,
      marks: el.querySelectorAll(".scatterlayer .trace .point, .barlayer .trace .point").length,
    };
  }
  const text = id => { const el = document.getElementById(id); return el === null ? null : el.textContent.trim(); };
  out.dateBanner = text("date-banner");
  out.sampleBanner = text("sample-banner");
  const tiers = document.getElementById("tiers");
  out.tierRows = tiers === null ? null : tiers.querySelectorAll("tbody tr").length;
  out.plotly = typeof window.Plotly;
  return out;
})()""".replace("__CHARTS__", json.dumps(CHARTS))

ALL_DRAWN_JS = CHART_STATE_JS.replace("return out;", "return Object.values(out.charts).every("
                                      "c => c && c.svg > 0 && c.traces > 0 && c.marks > 0) ? out : null;")


@pytest.fixture(scope="module")
def browser():
    if find_chromium() is None:
        pytest.skip("chromium not installed: apt-get install chromium")
    with Browser() as b:
        yield b


def test_dashboard_draws_every_chart_without_console_errors(browser, sample_run):
    page_path = Path(sample_run["root"]) / "site" / "index.html"
    assert page_path.is_file(), f"the sample run wrote no dashboard at {page_path}"

    page = browser.open(file_url(page_path))
    page.wait_for(ALL_DRAWN_JS, timeout=30)
    page.settle()
    state = page.evaluate(CHART_STATE_JS)

    assert page.errors == [], "console errors on the dashboard:\n" + "\n".join(map(str, page.errors))
    assert state["plotly"] == "object", f"plotly.js did not load: window.Plotly is {state['plotly']}"
    for chart in CHARTS:
        got = state["charts"][chart]
        assert got is not None, f"#{chart}: no such div"
        assert got["svg"] > 0, f"#{chart}: no rendered svg.main-svg: {got}"
        assert got["traces"] > 0 and got["marks"] > 0, f"#{chart}: no trace drawn: {got}"
    assert state["dateBanner"] and sample_run["day"].isoformat() in state["dateBanner"], state["dateBanner"]
    assert state["sampleBanner"] and "SAMPLE DATA" in state["sampleBanner"], state["sampleBanner"]
    assert state["tierRows"] is not None, "no #tiers table"


def test_negative_control_console_error_and_exception_are_reported(tmp_path, browser):
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><html><head><title>bad</title></head><body><p>bad page</p>"
                   "<script>console.error('boom');</script>"
                   "<script>throw new Error('kaboom');</script></body></html>", encoding="utf-8")
    page = browser.open(file_url(bad))
    page.settle()
    texts = [str(e) for e in page.errors]
    assert any(e.source == "console" and "boom" in e.text for e in page.errors), texts
    assert any(e.source == "exception" and "kaboom" in e.text for e in page.errors), texts


def test_clean_page_reports_no_errors(tmp_path, browser):
    ok = tmp_path / "ok.html"
    ok.write_text("<!DOCTYPE html><html><head><title>ok</title></head><body>"
                  "<script>console.log('fine'); document.body.dataset.ran = '1';</script></body></html>",
                  encoding="utf-8")
    page = browser.open(file_url(ok))
    assert page.evaluate("document.body.dataset.ran") == "1"
    page.settle()
    assert page.errors == []
