"""`make doctor` against a loopback market: one line per check, exit code 1 when anything fails."""

import subprocess
import sys

import pytest

from pipelines.doctor import FAIL, OK, SKIP, WARN, check_chromium, main
from tests.support.fake_market import FakeMarket
from tests.support.live import dead_base_url, fast_retries


@pytest.fixture
def live_env(monkeypatch, tmp_path):
    """Live settings pointed at `base` (set by the test through the returned function)."""

    def point_at(base: str, **extra: str) -> None:
        env = {
            "GPU_MARKET_SOURCE": "live",
            "EBAY_CLIENT_ID": "doc-id",
            "EBAY_CLIENT_SECRET": "doc-secret",
            "EBAY_BASE_URL": base,
            "NEWEGG_BASE_URL": base,
            "MICROCENTER_BASE_URL": base,
            "BESTBUY_BASE_URL": base,
            "BESTBUY_API_KEY": "doc-key",
            "EBAY_MAX_CALLS_PER_SECOND": "0",
            "RETAILER_REQUESTS_PER_SECOND": "0",
            "GPU_MARKET_DB": str(tmp_path / "w.duckdb"),
            **extra,
        }
        for name, value in env.items():
            monkeypatch.setenv(name, value)

    fast_retries(monkeypatch)
    return point_at


def doctor(capsys) -> tuple[int, dict[str, tuple[str, str]]]:
    code = main()
    lines = capsys.readouterr().out.splitlines()
    return code, {line[6:19].strip(): (line[:5].strip(), line[20:]) for line in lines}


def test_a_ready_machine_passes_every_check(live_env, capsys):
    with FakeMarket(retailer_pages=True, bestbuy_key="doc-key") as market:
        live_env(market.base_url)
        code, lines = doctor(capsys)
    assert code == 0
    assert lines["settings"] == (OK, "source mode live; eBay budget 5,000 calls a day")
    assert lines["ebay"] == (OK, f"credentials accepted by {market.base_url} (application token issued)")
    assert lines["newegg"][0] == OK and "robots.txt allows" in lines["newegg"][1]
    assert lines["microcenter"][0] == OK
    assert lines["bestbuy"] == (OK, lines["bestbuy"][1]) and "HTTP 200" in lines["bestbuy"][1]
    assert "doc-key" not in lines["bestbuy"][1] and "apiKey=***" in lines["bestbuy"][1]
    assert lines["ebay budget"] == (OK, "5,000 of 5,000 calls left today (UTC)")
    assert lines["warehouse"][0] == OK and lines["chromium"][0] in (OK, WARN)


def test_refused_credentials_a_disallowing_robots_txt_and_a_wrong_key_fail(live_env, capsys):
    robots = b"User-agent: *\nDisallow: /p/\n"
    with FakeMarket(retailer_pages=True, bestbuy_key="another-key", robots_txt=robots) as market:
        market.add_faults("token", ("invalid_client",))
        live_env(market.base_url)
        code, lines = doctor(capsys)
    assert code == 1
    assert lines["ebay"] == (
        FAIL,
        "eBay refused the credentials (401 invalid_client): check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET",
    )
    assert lines["newegg"][0] == FAIL and "robots.txt disallows" in lines["newegg"][1]
    assert lines["microcenter"][0] == OK
    assert (
        lines["bestbuy"][0] == FAIL
        and "HTTP 401" in lines["bestbuy"][1]
        and "BESTBUY_API_KEY" in lines["bestbuy"][1]
    )


def test_a_store_that_will_be_skipped_says_so(live_env, capsys, monkeypatch):
    """Thirty-sixth review (an operator): without BESTBUY_API_KEY, doctor listed Newegg and Micro Center and said
    nothing of Best Buy, which a live run skips."""
    with FakeMarket(retailer_pages=True) as market:
        live_env(market.base_url)
        monkeypatch.delenv("BESTBUY_API_KEY")
        code, lines = doctor(capsys)
    assert code == 0 and lines["bestbuy"] == (WARN, "BESTBUY_API_KEY is not set: Best Buy is skipped live")


def test_an_unreachable_host_fails_in_one_line_each(live_env, capsys):
    live_env(dead_base_url())
    code, lines = doctor(capsys)
    assert code == 1
    assert lines["ebay"][0] == FAIL and lines["ebay"][1].startswith(
        "token request failed: transport error (ConnectError"
    )
    assert all(
        lines[s][0] == FAIL and lines[s][1].startswith("unreachable: ")
        for s in ("newegg", "microcenter", "bestbuy")
    )


def test_a_malformed_setting_and_a_locked_warehouse_fail(monkeypatch, tmp_path, capsys):
    db = tmp_path / "w.duckdb"
    monkeypatch.setenv("GPU_MARKET_DB", str(db))
    monkeypatch.setenv("EBAY_DAILY_CALL_BUDGET", "lots")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
            "print('ready', flush=True); time.sleep(60)",
            str(db),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        code, lines = doctor(capsys)
    finally:
        holder.kill()
        holder.wait()
    assert code == 1
    assert lines["settings"] == (
        FAIL,
        "EBAY_DAILY_CALL_BUDGET='lots' is not valid: expected a whole number >= 0, "
        "e.g. EBAY_DAILY_CALL_BUDGET=5000",
    )
    assert lines["warehouse"][0] == FAIL and "is locked by another process" in lines["warehouse"][1]
    assert "ebay" not in lines  # nothing is tried with settings that do not parse


def test_sample_mode_contacts_nothing_and_a_missing_chromium_only_warns(monkeypatch, tmp_path, capsys):
    for name in ("GPU_MARKET_SOURCE", "EBAY_CLIENT_ID", "EBAY_CLIENT_SECRET"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GPU_MARKET_DB", str(tmp_path / "w.duckdb"))
    code, lines = doctor(capsys)
    assert code == 0 and lines["ebay"][0] == SKIP and lines["stores"][0] == SKIP
    assert lines["warehouse"] == (OK, f"{tmp_path / 'w.duckdb'} not built yet; its folder is writable")
    assert check_chromium(lambda: None).status == WARN


def test_the_watchlist_is_checked(monkeypatch, tmp_path, capsys):
    for name in ("GPU_MARKET_SOURCE", "EBAY_CLIENT_ID", "EBAY_CLIENT_SECRET", "GPU_MARKET_ALERT_URLS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GPU_MARKET_DB", str(tmp_path / "w.duckdb"))
    watchlist = tmp_path / "watchlist.yaml"
    monkeypatch.setenv("GPU_MARKET_WATCHLIST", str(watchlist))
    assert doctor(capsys)[1]["watchlist"][0] == SKIP
    watchlist.write_text("watch:\n  - name: a\n    model_id: rtx-3090\n    max_price_usd: 700\n")
    assert doctor(capsys)[1]["watchlist"] == (
        OK,
        "1 entries; no GPU_MARKET_ALERT_URLS: alerts are recorded, not sent",
    )
    watchlist.write_text("watch:\n  - name: a\n    max_price_usd: 700\n")
    code, lines = doctor(capsys)
    assert code == 1 and lines["watchlist"] == (
        FAIL,
        f"{watchlist}, line 2, column 5: watch entry 1: give model_id, min_vram_gb or workload; skipped; 0 entries usable",
    )
    watchlist.write_text(
        "watch:\n  - name: a\n    model_id: rtx-3090\n    max_price_usd: 700\n", encoding="utf-16"
    )
    code, lines = doctor(capsys)  # never a traceback
    assert code == 1 and lines["watchlist"] == (
        FAIL,
        f"{watchlist}, line 1, column 1: saved as UTF-16, not UTF-8: save it as UTF-8; no entry used; "
        "0 entries usable",
    )
