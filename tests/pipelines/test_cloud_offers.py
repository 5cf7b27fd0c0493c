"""Live cloud prices: the gpuhunt catalog client (per-provider version, then catalog.zip), matching its GPUs to
catalog models, the cheapest offer per model and provider, and the assets end to end against a loopback
server. Fixtures: tests/data/gpuhunt (project-authored; made-up prices)."""

import io
import threading
import zipfile
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import dagster as dg
import duckdb
import httpx
import polars as pl
import pytest

from pipelines.defs.marts.cloud_prices import cloud_prices, cloud_prices_current
from pipelines.defs.raw.cloud_offers import cloud_offers
from pipelines.resources import CloudCatalogResource, WarehouseResource
from pipelines.sources.cloud.gpuhunt_catalog import fetch_all, fetch_provider
from pipelines.sources.http_session import HttpSession, RetryPolicy
from transforms.cloud_prices import cheapest_offers, match_models, unmatched_gpus, with_snapshot
from warehouse.catalog import load_cloud_gpu_names, load_cloud_prices

FIXTURES = Path(__file__).parents[1] / "data" / "gpuhunt"
BASE = "https://catalog.test/v3"
VERSION = "20261122-1041"
DAY = "2026-11-20"


def catalog_zip(provider: str, text: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            f"{provider}.csv", text if text is not None else (FIXTURES / f"{provider}.csv").read_text()
        )
    return buffer.getvalue()


def catalog_routes(providers=("aws", "azure", "runpod")) -> dict[str, tuple[int, bytes]]:
    routes = {}
    for provider in providers:
        routes[f"/v3/{provider}/version"] = (200, f"{VERSION}\n".encode())
        routes[f"/v3/{provider}/{VERSION}/catalog.zip"] = (200, catalog_zip(provider))
    return routes


def session_for(routes: dict[str, tuple[int, bytes]] | dict, seen: list | None = None) -> HttpSession:
    def handle(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(str(request.url))
        answer = routes.get(request.url.path, (404, b"<Error><Code>NoSuchKey</Code></Error>"))
        status, body = answer.pop(0) if isinstance(answer, list) else answer
        return httpx.Response(status, content=body)

    return HttpSession(
        httpx.Client(transport=httpx.MockTransport(handle)),
        RetryPolicy(max_attempts=3, base_delay_s=0),
        sleep=lambda s: None,
    )


def offers_frame(*providers: str) -> pl.DataFrame:
    session = session_for(catalog_routes(providers))
    rows = []
    for provider in providers:
        catalog = fetch_provider(session, BASE, provider)
        rows += [
            {"provider": provider, "catalog_version": catalog.version, "catalog_url": catalog.url, **vars(o)}
            for o in catalog.offers
        ]
    return pl.DataFrame(rows)


def test_the_client_reads_the_version_then_that_versions_zip():
    seen = []
    catalog = fetch_provider(session_for(catalog_routes(("aws",)), seen), BASE, "aws")
    assert seen == [f"{BASE}/aws/version", f"{BASE}/aws/{VERSION}/catalog.zip"]
    assert catalog.version == VERSION and catalog.url == f"{BASE}/aws/{VERSION}/catalog.zip"
    p4d = [
        o
        for o in catalog.offers
        if o.instance_name == "p4d.24xlarge" and o.location == "us-east-1" and not o.spot
    ]
    assert p4d[0].usd_per_hour == pytest.approx(21.96) and p4d[0].gpu_count == 8 and p4d[0].gpu_name == "A100"
    assert catalog.cpu_only_rows == 1  # m7i.xlarge: no GPU, not an offer
    assert catalog.bad_rows == ["line 9: could not convert string to float: 'n/a'"]  # the rest still read
    assert len(catalog.offers) == 8


@pytest.mark.parametrize(
    "body, why",
    [
        (b"<html>AccessDenied</html>", "not a gpuhunt catalog (BadZipFile"),
        (
            catalog_zip("gcp", "x\n1\n"),
            "not a gpuhunt catalog (KeyError",
        ),  # the zip holds another provider's file
        (
            catalog_zip("aws", "instance_name,location,price\np4d.24xlarge,us-east-1,1\n"),
            "lacks columns ['gpu_count'",
        ),
    ],
)
def test_a_catalog_that_is_not_gpuhunts_is_a_clear_layout_error(body, why):
    routes = {"/v3/aws/version": (200, VERSION.encode()), f"/v3/aws/{VERSION}/catalog.zip": (200, body)}
    [(provider, result)] = list(fetch_all(session_for(routes), BASE, ("aws",)))
    assert provider == "aws" and result.kind == "layout_changed" and why in result.reason


def test_a_broken_version_file_or_a_missing_provider_never_blocks_the_others():
    routes = catalog_routes(("aws", "runpod"))
    routes["/v3/gcp/version"] = (200, b"<html>maintenance</html>")  # not a version
    results = dict(fetch_all(session_for(routes), BASE, ("gcp", "azure", "aws", "runpod")))
    assert results["gcp"].kind == "layout_changed" and "not a catalog version" in results["gcp"].reason
    assert results["azure"].kind == "http_status" and results["azure"].status == 404
    assert len(results["aws"].offers) == 8 and len(results["runpod"].offers) == 5


def test_a_transient_503_is_retried():
    routes = catalog_routes(("azure",))
    routes["/v3/azure/version"] = [(503, b""), (200, VERSION.encode())]
    assert len(fetch_provider(session_for(routes), BASE, "azure").offers) == 3


def test_gpu_names_match_catalog_models_with_form_factor_from_the_instance():
    names = load_cloud_gpu_names()
    matched = match_models(offers_frame("aws", "azure", "runpod"), names)
    by = {
        (r["provider"], r["instance_name"], r["spot"]): r["model_id"] for r in matched.iter_rows(named=True)
    }
    assert by[("aws", "p4d.24xlarge", False)] == "a100-sxm4-40gb"
    assert by[("aws", "p4de.24xlarge", False)] == "a100-sxm4-80gb"
    assert by[("azure", "Standard_NC24ads_A100_v4", False)] == "a100-pcie-80gb"  # Azure NC A100 v4: PCIe
    assert by[("runpod", "NVIDIA A100 80GB PCIe", False)] == "a100-pcie-80gb"
    assert by[("runpod", "NVIDIA A100-SXM4-80GB", False)] == "a100-sxm4-80gb"
    assert by[("aws", "g5.xlarge", False)] == "a10"  # A10G
    assert by[("aws", "g6.xlarge", False)] == "l4"  # AWS reports 22 GB: within the tolerance
    assert by[("azure", "Standard_NC6s_v3", False)] == "tesla-v100-pcie-16gb"
    assert by[("aws", "p6-b200.48xlarge", False)] is None
    assert unmatched_gpus(offers_frame("aws"), names) == ["B200 179 GB"]


def test_the_cheapest_offer_per_gpu_hour_per_model_provider_and_kind():
    prices = cheapest_offers(offers_frame("aws", "azure", "runpod"), load_cloud_gpu_names())
    by = {(r["model_id"], r["provider"], r["offer_kind"]): r for r in prices.iter_rows(named=True)}
    a100 = by[("a100-sxm4-40gb", "AWS", "on_demand")]
    assert a100["usd_per_gpu_hour"] == pytest.approx(21.96 / 8)  # us-east-1 beats us-west-2
    assert a100["location"] == "us-east-1" and "cheapest of 2 offers in 2 locations" in a100["note"]
    assert a100["price_date"] == "2026-11-22" and a100["source"] == f"{BASE}/aws/{VERSION}/catalog.zip"
    assert "ASSUMPTION" in a100["note"] and a100["snapshot_basis"] == "live"
    assert by[("a100-sxm4-40gb", "AWS", "spot")]["usd_per_gpu_hour"] == pytest.approx(9.10 / 8)
    assert by[("a100-pcie-80gb", "Azure", "on_demand")]["usd_per_gpu_hour"] == pytest.approx(3.673)
    assert by[("rtx-4090", "RunPod", "spot")]["usd_per_gpu_hour"] == pytest.approx(0.34)
    assert (
        "h100-sxm5",
        "RunPod",
        "on_demand",
    ) not in by  # a multi-node cluster offer is not a GPU-hour to rent
    assert by[("h100-sxm5", "AWS", "on_demand")]["usd_per_gpu_hour"] == pytest.approx(55.04 / 8)
    assert ("tesla-t4", "AWS", "on_demand") not in by  # its only row was malformed


def test_live_rows_replace_the_snapshot_of_the_providers_they_cover_only():
    live = cheapest_offers(offers_frame("runpod"), load_cloud_gpu_names())
    combined = with_snapshot(live, load_cloud_prices())
    runpod = combined.filter(pl.col("provider") == "RunPod")
    assert set(runpod["snapshot_basis"]) == {"live"}  # the snapshot's RunPod rows are superseded
    kept = combined.filter(pl.col("snapshot_basis") == "snapshot")
    assert {"Lambda", "Modal", "Vast.ai"} <= set(kept["provider"]) and "RunPod" not in set(kept["provider"])


class _Catalog(BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, bytes]] = {}

    def do_GET(self):  # noqa: N802 (http.server's name)
        status, body = self.routes.get(self.path, (404, b"NoSuchKey"))
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture()
def catalog_server():
    routes = catalog_routes(("aws", "runpod"))
    routes["/v3/azure/version"] = (200, VERSION.encode())
    routes[f"/v3/azure/{VERSION}/catalog.zip"] = (200, b"not a zip")
    handler = type("Handler", (_Catalog,), {"routes": routes})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v3"
    server.shutdown()


def test_the_assets_load_live_offers_record_a_broken_provider_and_rerun_without_duplicates(
    tmp_path, catalog_server
):
    db = tmp_path / "gm.duckdb"
    resources = {
        "warehouse": WarehouseResource(db_path=str(db)),
        "cloud_catalog": CloudCatalogResource(
            mode="live", base_url=catalog_server, providers=["aws", "azure", "runpod"], requests_per_second=0
        ),
    }
    for _ in range(2):
        result = dg.materialize([cloud_offers, cloud_prices], partition_key=DAY, resources=resources)
        assert result.success
    with duckdb.connect(str(db), read_only=True) as con:
        offers = con.execute(
            "SELECT provider, count(*) FROM raw.cloud_offers GROUP BY 1 ORDER BY 1"
        ).fetchall()
        errors = con.execute(
            "SELECT target, error_kind, reason FROM raw.ingest_errors WHERE source = 'gpuhunt' "
            "ORDER BY error_kind"
        ).fetchall()
        run = con.execute(
            "SELECT outcome, message, targets, targets_failed FROM raw.source_runs "
            "WHERE source = 'gpuhunt' ORDER BY finished_at DESC LIMIT 1"
        ).fetchone()
        prices = con.execute(
            "SELECT provider, snapshot_basis, count(*) FROM marts.cloud_prices "
            "WHERE snapshot_date = ? GROUP BY ALL ORDER BY 1",
            [date.fromisoformat(DAY)],
        ).fetchall()
    assert offers == [("aws", 8), ("runpod", 5)]  # twice run, once stored
    assert [(t, k) for t, k, _ in errors] == [
        ("azure", "layout_changed"),
        (f"aws {catalog_server}/aws/{VERSION}/catalog.zip", "malformed_row"),
    ]
    assert run[0] == "partial" and run[2:] == (3, 1) and "1 malformed rows skipped" in run[1]
    basis = {(p, b) for p, b, _ in prices}
    assert ("AWS", "live") in basis and ("RunPod", "live") in basis and ("Modal", "snapshot") in basis
    assert ("RunPod", "snapshot") not in basis and ("Lambda", "snapshot") in basis
    check = cloud_prices_current(
        resources["warehouse"]
    )  # the catalog (2026-11-22) is 2 days behind the day: fine
    stale = check.description
    assert "AWS (live" not in stale and "RunPod (live" not in stale and "RunPod (snapshot" not in stale


def test_sample_mode_skips_the_catalog_and_prices_from_the_snapshot(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        run = con.execute("SELECT outcome, message FROM raw.source_runs WHERE source = 'gpuhunt'").fetchone()
        basis = con.execute(
            "SELECT DISTINCT snapshot_basis FROM marts.cloud_prices WHERE snapshot_date = ?",
            [sample_run["day"]],
        ).fetchall()
        offers = con.execute("SELECT count(*) FROM raw.cloud_offers").fetchone()[0]
    assert run == ("skipped", "sample mode: marts.cloud_prices uses the dated snapshot")
    assert basis == [("snapshot",)] and offers == 0
    check = cloud_prices_current(WarehouseResource(db_path=str(sample_run["db"])))
    ages = check.metadata["providers"].data
    assert ages["AWS (snapshot)"]["newest_price_age_days"] == (sample_run["day"] - date(2026, 8, 26)).days
    assert not check.passed and "RunPod (snapshot, undated)" in check.description  # honest: some rows are old
