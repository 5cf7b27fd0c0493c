"""The gpuhunt cloud GPU price catalog (dstackai/gpuhunt), read over HTTP.

gpuhunt's CI collects the offers of each "offline" provider (AWS, Azure, GCP, Lambda, ...) every day and
publishes them per provider, so a provider that failed to be collected does not hold back the others
(`.github/scripts/publish_catalog.sh`, `src/gpuhunt/_internal/catalog.py` in dstackai/gpuhunt):

    {base}/{provider}/version                  the latest version, e.g. "20261122-1041", written last
    {base}/{provider}/{version}/catalog.zip    a zip holding {provider}.csv

with base https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3 (gpuhunt honours GPUHUNT_CATALOG_URL to
point elsewhere; so do we). The CSV columns are gpuhunt's CATALOG_V2_FIELDS (`_internal/storage.py`):
instance_name, location, price (USD per instance-hour), cpu, memory, gpu_count, gpu_name, gpu_memory (GB per
GPU), spot, disk_size, gpu_vendor, flags, cpu_arch, provider_data. Older catalogs lack the last columns.

We read the published files over HTTP rather than import gpuhunt: its loader uses urllib (no injected
transport for tests, no retries or size cap) and would add a dependency for two GETs and a CSV.
"""

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx

from pipelines.sources.http_session import FetchError, HttpSession, redact_url

CATALOG_URL = "https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3"
# gpuhunt's OFFLINE_PROVIDERS: the ones with a published catalog (the others are queried live by gpuhunt).
PROVIDERS = ("aws", "azure", "gcp", "lambdalabs", "nebius", "oci", "runpod", "verda", "cloudrift")
REQUIRED_COLUMNS = ("instance_name", "location", "price", "gpu_count", "gpu_name", "gpu_memory", "spot")
VERSION = re.compile(r"\d{8}(-\d+)?")
MAX_ZIP_BYTES = 50_000_000


@dataclass(frozen=True)
class Offer:
    instance_name: str
    location: str
    usd_per_hour: float
    gpu_count: int
    gpu_name: str
    gpu_memory_gb: float | None
    spot: bool
    flags: str


@dataclass
class ProviderCatalog:
    provider: str
    version: str
    url: str
    offers: list[Offer] = field(default_factory=list)
    bad_rows: list[str] = field(default_factory=list)  # "line N: why", kept for raw.ingest_errors
    cpu_only_rows: int = 0


def _get(session: HttpSession, url: str) -> bytes:
    response = session.send(lambda: httpx.Request("GET", url))
    HttpSession.ok(response)
    return response.content


def latest_version(session: HttpSession, base_url: str, provider: str) -> str:
    text = _get(session, f"{base_url}/{provider}/version").decode("utf-8", "replace").strip()
    if not VERSION.fullmatch(text):
        raise FetchError(
            "layout_changed",
            f"{provider}/version is {text[:40]!r}, not a catalog version like 20261122-1041",
            status=200,
        )
    return text


def _bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered not in ("true", "false"):
        raise ValueError(f"spot is {text!r}, not True or False")
    return lowered == "true"


def _offer(row: dict[str, str]) -> Offer | None:
    """One GPU offer, None for a CPU-only instance; ValueError names what is wrong with the row."""
    count = int(row["gpu_count"] or 0)
    if count <= 0:
        return None
    price = float(row["price"])
    if not price > 0:
        raise ValueError(f"price is {row['price']!r}")
    name = (row["gpu_name"] or "").strip()
    if not name:
        raise ValueError("a GPU instance without gpu_name")
    memory = float(row["gpu_memory"]) if row.get("gpu_memory") else None
    return Offer(
        row["instance_name"],
        row["location"],
        price,
        count,
        name,
        memory,
        _bool(row["spot"]),
        (row.get("flags") or "").strip(),
    )


def parse_catalog(provider: str, version: str, url: str, data: bytes) -> ProviderCatalog:
    """The offers in a catalog.zip. A file that is not a zip, lacks {provider}.csv or gpuhunt's columns raises
    FetchError('layout_changed'); a malformed row is kept in bad_rows and the rest are read."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            text = archive.read(f"{provider}.csv").decode("utf-8")
    except (zipfile.BadZipFile, KeyError, UnicodeDecodeError) as exc:
        raise FetchError(
            "layout_changed",
            f"{redact_url(url)}: not a gpuhunt catalog ({type(exc).__name__}: {exc})",
            status=200,
        ) from None
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise FetchError(
            "layout_changed", f"{redact_url(url)}: {provider}.csv lacks columns {missing}", status=200
        )
    catalog = ProviderCatalog(provider, version, url)
    for line, row in enumerate(reader, start=2):
        try:
            offer = _offer(row)
        except (ValueError, TypeError) as exc:
            catalog.bad_rows.append(f"line {line}: {exc}")
            continue
        if offer is None:
            catalog.cpu_only_rows += 1
        else:
            catalog.offers.append(offer)
    return catalog


def fetch_provider(session: HttpSession, base_url: str, provider: str) -> ProviderCatalog:
    version = latest_version(session, base_url, provider)
    url = f"{base_url}/{provider}/{version}/catalog.zip"
    return parse_catalog(provider, version, url, _get(session, url))


def fetch_all(
    session: HttpSession, base_url: str, providers: tuple[str, ...]
) -> Iterator[tuple[str, ProviderCatalog | FetchError]]:
    """Each provider's catalog, or the FetchError it ended in; one broken provider does not stop the others."""
    for provider in providers:
        try:
            yield provider, fetch_provider(session, base_url, provider)
        except FetchError as exc:
            yield provider, exc
