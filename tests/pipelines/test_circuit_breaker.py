"""The circuit breaker and refused credentials, on the clients alone (httpx MockTransport, no network)."""

from datetime import date

import httpx
import pytest

from pipelines.sources.circuit_breaker import CircuitBreaker, CredentialsRefused, HostDown
from pipelines.sources.ebay.auth import EbayTokenProvider
from pipelines.sources.ebay.browse import EbayBrowseClient
from pipelines.sources.ebay.ingest import SpilledRows, run_searches
from pipelines.sources.ebay.queries import queries_for_catalog
from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy
from warehouse.catalog import load_catalog


def session_over(handler, *, attempts: int = 3, failures: int = 5) -> tuple[HttpSession, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    client = httpx.Client(transport=httpx.MockTransport(record))
    return HttpSession(
        client, RetryPolicy(max_attempts=attempts), sleep=lambda s: None, breaker=CircuitBreaker(failures)
    ), seen


def refused(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


def get(url: str):
    return lambda: httpx.Request("GET", url)


def test_consecutive_transport_failures_open_the_breaker_across_requests():
    session, seen = session_over(refused, attempts=3, failures=5)
    with pytest.raises(FetchError) as first:
        session.send(get("https://api.example.test/a"))
    assert type(first.value) is FetchError and first.value.kind == "transport" and len(seen) == 3
    with pytest.raises(HostDown) as second:  # two more failures reach the limit of five
        session.send(get("https://api.example.test/b"))
    assert (
        len(seen) == 5
        and second.value.kind == "host_down"
        and "5 failures in a row on api.example.test" in second.value.reason
    )
    with pytest.raises(HostDown):  # open: no request goes out any more
        session.send(get("https://api.example.test/c"))
    assert len(seen) == 5


def test_another_host_is_not_stopped_and_a_good_answer_resets_the_count():
    calls = {"n": 0}

    def flaky(request: httpx.Request) -> httpx.Response:
        if request.url.host == "down.test":
            raise httpx.ConnectError("refused", request=request)
        calls["n"] += 1
        return httpx.Response(503 if calls["n"] % 4 else 200)  # three 503s, then a 200, repeatedly

    session, seen = session_over(flaky, attempts=4, failures=4)
    for _ in range(3):
        assert session.send(get("https://up.test/x")).status_code == 200  # 3 failures never reach 4 in a row
    with pytest.raises(FetchError):
        session.send(get("https://down.test/x"))  # 4 attempts, 4 failures: opens down.test only
    with pytest.raises(HostDown):
        session.send(get("https://down.test/y"))
    assert session.send(get("https://up.test/x")).status_code == 200


def test_rate_limiting_is_not_a_host_failure():
    answers = iter([429] * 6 + [200])
    session, seen = session_over(
        lambda r: httpx.Response(next(answers), headers={"Retry-After": "0"}), attempts=7, failures=2
    )
    assert session.send(get("https://api.example.test/a")).status_code == 200 and len(seen) == 7


def token_provider(status: int, body: bytes) -> tuple[EbayTokenProvider, list[httpx.Request]]:
    session, seen = session_over(lambda r: httpx.Response(status, content=body))
    return EbayTokenProvider(session, "https://api.example.test", "id", "secret"), seen


def test_refused_credentials_are_asked_once_and_name_the_oauth_error():
    tokens, seen = token_provider(
        401, b'{"error":"invalid_client","error_description":"client authentication failed"}'
    )
    with pytest.raises(CredentialsRefused) as refusal:
        tokens.token()
    assert refusal.value.kind == "auth_refused" and refusal.value.error_code == "invalid_client"
    assert "(HTTP 401 invalid_client)" in refusal.value.reason and "secret" not in refusal.value.reason
    for _ in range(3):
        with pytest.raises(CredentialsRefused):
            tokens.token()
    assert len(seen) == 1


def test_a_server_error_on_the_token_is_not_a_refusal():
    tokens, _ = token_provider(502, b"bad gateway")
    with pytest.raises(FetchError) as error:
        tokens.token()
    assert not isinstance(error.value, CredentialsRefused) and error.value.kind == "http_status"


def test_a_stopped_source_ends_the_searches_with_one_error_row(tmp_path):
    tokens, seen = token_provider(401, b'{"error":"invalid_client"}')
    queries = queries_for_catalog(load_catalog())
    client = EbayBrowseClient(tokens._session, tokens, "https://api.example.test")
    errors = run_searches(client, queries, date(2026, 11, 20), "live", lambda m: None, SpilledRows(tmp_path))
    assert len(errors) == 1 and len(seen) == 1
    (error,) = errors
    assert (
        error.error_kind == "auth_refused" and error.not_run == len(queries) and error.target == queries[0].q
    )
    assert error.reason.endswith(f"{len(queries)} queries not run")


def test_spec_pages_of_a_dead_host_end_in_one_stop_row_per_source(tmp_path, monkeypatch):
    import dagster as dg
    import duckdb

    from pipelines.defs.raw.gpu_spec_sheets import gpu_spec_sheets
    from pipelines.resources import SpecPagesResource, WarehouseResource
    from pipelines.sources.specs.client import spec_pages
    from tests.support.live import fast_retries

    fast_retries(monkeypatch)
    monkeypatch.setattr(
        "pipelines.resources.spec_pages.replay_transport", lambda: httpx.MockTransport(refused)
    )
    db = tmp_path / "w.duckdb"
    result = dg.materialize(
        [gpu_spec_sheets],
        partition_key="2026-11-20",
        resources={
            "warehouse": WarehouseResource(db_path=str(db)),
            "spec_pages_source": SpecPagesResource(mode="sample"),
        },
    )
    assert result.success  # spec pages are not needed for the day
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute(
            "SELECT source, error_kind, reason FROM raw.ingest_errors ORDER BY source, error_kind"
        ).fetchall()
        outcome = con.execute("SELECT outcome FROM raw.source_runs WHERE source = 'spec_sheets'").fetchone()[
            0
        ]
    pages = {s: sum(p.source == s for p in spec_pages()) for s in ("techpowerup", "wikipedia")}
    assert pages["techpowerup"] >= 4  # 3 attempts a page: the 4th page reaches 10 failures in a row
    for source, total in pages.items():
        mine = [r for r in rows if r[0] == source]
        stops = [r for r in mine if r[1] == "host_down"]
        if total < 4:  # too few pages to reach the limit: each is its own transport error
            assert not stops and len(mine) == total
            continue
        assert len(stops) == 1 and len(mine) == 4, mine  # 3 pages given up on, then one row for the stop
        not_run = int(stops[0][2].rsplit("; ", 1)[1].split()[0])
        assert not_run == total - 3
    assert outcome == "failed"
