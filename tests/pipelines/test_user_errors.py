"""Bad input from the user: one line naming what is wrong and what is expected, exit code 2."""

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from pipelines.settings import source_mode
from pipelines.user_errors import UserError, parse_day
from transforms.ingest_errors import IngestError
from transforms.source_outcome import FAILED, OK, PARTIAL, ebay_outcome, stop_sentence
from warehouse.environment import env_float, env_int, env_url

ROOT = Path(__file__).resolve().parents[2]
TODAY = date(2026, 11, 23)


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "yesterday",
            "DAY 'yesterday' is not a date in the form YYYY-MM-DD; valid days are 2026-01-01 to 2026-11-23 (today, UTC)",
        ),
        (
            "2026-13-40",
            "DAY '2026-13-40' is not a date in the form YYYY-MM-DD; valid days are 2026-01-01 to 2026-11-23 (today, UTC)",
        ),
        (
            "2030-01-01",
            "DAY 2030-01-01 is out of range; valid days are 2026-01-01 to 2026-11-23 (today, UTC)",
        ),
        (
            "2025-12-31",
            "DAY 2025-12-31 is out of range; valid days are 2026-01-01 to 2026-11-23 (today, UTC)",
        ),
    ],
)
def test_bad_days_say_the_valid_range(text, message):
    with pytest.raises(UserError) as error:
        parse_day(text, TODAY)
    assert str(error.value) == message


def test_good_days_pass():
    assert parse_day("2026-01-01", TODAY) == date(2026, 1, 1) and parse_day(" 2026-11-23 ", TODAY) == TODAY


def test_environment_values_are_checked_with_the_expected_form(monkeypatch):
    monkeypatch.setenv("EBAY_DAILY_CALL_BUDGET", "abc")
    with pytest.raises(UserError) as error:
        env_int("EBAY_DAILY_CALL_BUDGET", 5000)
    assert str(error.value) == (
        "EBAY_DAILY_CALL_BUDGET='abc' is not valid: expected a whole number >= 0, "
        "e.g. EBAY_DAILY_CALL_BUDGET=5000"
    )
    for bad in ("-1", "1.5", "nan", "inf"):
        monkeypatch.setenv("X_RATE", bad)
        with pytest.raises(UserError):
            env_float("X_RATE", 1.0) if bad != "1.5" else env_int("X_RATE", 1)
    monkeypatch.setenv("X_URL", "api.ebay.com")
    with pytest.raises(UserError, match="X_URL='api.ebay.com' is not valid: expected an http"):
        env_url("X_URL", "https://api.ebay.com")
    monkeypatch.setenv("GPU_MARKET_SOURCE", "production")
    with pytest.raises(
        UserError, match="GPU_MARKET_SOURCE='production' is not valid: expected sample or live"
    ):
        source_mode()
    monkeypatch.setenv("EBAY_DAILY_CALL_BUDGET", " 300 ")
    assert env_int("EBAY_DAILY_CALL_BUDGET", 5000) == 300


def cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("EBAY_", "GPU_MARKET_SOURCE"))}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env={**environ, **env}, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "day, first_line",
    [
        (
            "yesterday",
            "error: DAY 'yesterday' is not a date in the form YYYY-MM-DD; valid days are 2026-01-01 to {today} (today, UTC)",
        ),
        (
            "2026-13-40",
            "error: DAY '2026-13-40' is not a date in the form YYYY-MM-DD; valid days are 2026-01-01 to {today} (today, UTC)",
        ),
        (
            "2030-01-01",
            "error: DAY 2030-01-01 is out of range; valid days are 2026-01-01 to {today} (today, UTC)",
        ),
    ],
)
def test_run_daily_rejects_bad_days_in_one_line(day, first_line):
    from pipelines.user_errors import today_utc

    proc = cli("-m", "pipelines.run_daily", day)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [first_line.format(today=today_utc().isoformat())]


@pytest.mark.parametrize(
    "module, argv, first_words",
    [
        ("pipelines.run_daily", ["run_daily", "2026-13-40"], "error: DAY '2026-13-40' is not a date"),
        (
            "pipelines.backfill",
            ["backfill", "2026-11-02", "2026-11-01"],
            "error: the range ends on 2026-11-01",
        ),
        (
            "pipelines.range_run",
            ["range_run", "2026-11-02", "2026-11-01"],
            "error: the last day 2026-11-01 is before the first day 2026-11-02",
        ),
    ],
)
def test_a_bad_day_is_answered_before_dagster_is_imported(module, argv, first_words):
    """`make run DAY=...` or `make backfill` with a typo answers at once: the days are read before Dagster is
    imported (1.0 s of the 1.5 s such an answer took)."""
    code = (
        f"import sys\nfrom {module} import main\ncode = main({argv!r})\nprint(code, 'dagster' in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["2", "False"], proc.stdout + proc.stderr
    assert proc.stderr.startswith(first_words), proc.stderr


def test_run_daily_rejects_a_malformed_environment_value_in_one_line():
    proc = cli("-m", "pipelines.run_daily", EBAY_DAILY_CALL_BUDGET="abc")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "error: EBAY_DAILY_CALL_BUDGET='abc' is not valid: expected a whole "
        "number >= 0, e.g. EBAY_DAILY_CALL_BUDGET=5000"
    ]


def stop(kind: str, reason: str, status: int | None) -> IngestError:
    return IngestError("ebay", "rtx 3090", kind, reason, status, 1, 142)


def test_stop_sentences_say_what_to_check():
    refused = stop(
        "auth_refused",
        "the token endpoint refused the credentials (HTTP 401 invalid_client); 142 queries not run",
        401,
    )
    assert stop_sentence(refused) == (
        "eBay refused the credentials (401 invalid_client): check EBAY_CLIENT_ID / "
        "EBAY_CLIENT_SECRET; 142 searches not run"
    )
    down = stop(
        "host_down", "10 failures in a row on api.ebay.com (last: transport error); 142 queries not run", None
    )
    assert stop_sentence(down) == (
        "eBay could not be reached (10 failures in a row on api.ebay.com (last: transport "
        "error)): check the network and EBAY_BASE_URL; 142 searches not run"
    )


def test_ebay_outcomes():
    refused = stop(
        "auth_refused", "the token endpoint refused the credentials (HTTP 401 invalid_client)", 401
    )
    assert ebay_outcome(0, 142, [refused]).outcome == FAILED
    assert ebay_outcome(500, 142, [refused]).outcome == FAILED  # stopped part-way: the day is incomplete
    nothing = ebay_outcome(0, 142, [])
    assert (
        nothing.outcome == FAILED
        and nothing.message == "eBay returned no listings: all 142 searches answered with no listings"
    )
    budget = IngestError("ebay", "q", "budget_exhausted", "daily call budget ...", None, 0, 40)
    assert ebay_outcome(900, 142, [budget]).outcome == PARTIAL
    assert ebay_outcome(900, 142, []).outcome == OK


@pytest.mark.parametrize(
    "name, value, expected",
    [
        ("GPU_MARKET_DUCKDB_MEMORY", "lots", "expected a size such as 1GB or 512MB"),
        (
            "GPU_MARKET_DUCKDB_MEMORY",
            "1KB",
            "GPU_MARKET_DUCKDB_MEMORY='1KB' is not valid: expected a size of at least 256MB",
        ),
        ("GPU_MARKET_DUCKDB_MEMORY", "0.1GB", "expected a size of at least 256MB"),
        ("GPU_MARKET_OPEN_BOX_AS_NEW", "maybe", "expected true or false"),
        ("GPU_MARKET_MIN_SELLER_FEEDBACK_PCT", "high", "expected a number from 0 to 100"),
    ],
)
def test_the_shared_rules_and_the_duckdb_memory_are_checked_on_the_way_in(monkeypatch, name, value, expected):
    from pipelines.resources import build_resources
    from pipelines.user_errors import UserError

    monkeypatch.setenv(name, value)
    with pytest.raises(UserError, match=expected):
        build_resources()


def test_the_shared_rules_reach_the_resource(monkeypatch):
    from pipelines.resources import build_resources

    monkeypatch.setenv("GPU_MARKET_OPEN_BOX_AS_NEW", "false")
    monkeypatch.setenv("GPU_MARKET_MIN_SELLER_FEEDBACK_PCT", "98.5")
    rules = build_resources()["rules"]
    assert rules.open_box_as_new is False and rules.min_seller_feedback_pct == 98.5


@pytest.mark.parametrize(
    "name, value, first_words",
    [
        (
            "GPU_MARKET_MIN_SELLER_FEEDBACK_PCT",
            "150",
            "GPU_MARKET_MIN_SELLER_FEEDBACK_PCT='150' is not valid: expected a number from 0 to 100",
        ),
        ("EBAY_MARKETPLACE_ID", "EBAY_JP", "EBAY_MARKETPLACE_ID: unknown marketplace EBAY_JP"),
        ("EBAY_MARKETPLACES", "EBAY_US,EBAY_JP", "EBAY_MARKETPLACES: unknown marketplace EBAY_JP"),
    ],
)
def test_a_setting_out_of_its_range_is_named_as_set(name, value, first_words, monkeypatch):
    """Thirty-sixth review (an operator): a feedback floor of 150% was taken (the day then failed its price coverage,
    a misleading reason), and EBAY_MARKETPLACE_ID=EBAY_JP was reported under EBAY_MARKETPLACES, which was not set."""
    from pipelines.resources import build_resources

    monkeypatch.delenv("EBAY_MARKETPLACES", raising=False)
    monkeypatch.delenv("EBAY_MARKETPLACE_ID", raising=False)
    monkeypatch.setenv(name, value)
    with pytest.raises(UserError) as error:
        build_resources()
    assert str(error.value).startswith(first_words), str(error.value)
