"""`make doctor` (`python -m pipelines.doctor`): is this machine ready for a run? One line per check:

    ok    settings      source mode live; eBay budget 5,000 calls a day
    FAIL  ebay          eBay refused the credentials (401 invalid_client): check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET
    ...

Checks: the environment settings parse; eBay accepts the credentials (one token request); each store
answers and its robots.txt allows the category page (Best Buy: one API call with the key); eBay calls
left in today's budget; the watchlist validates (and whether alerts have somewhere to go); the warehouse is writable and not locked by another process; Chromium is there
(for the browser tests and screenshots). In sample mode nothing goes to the network: those lines say
`skip`. Exit code 0 when nothing failed, 1 otherwise (`warn` and `skip` do not fail).
"""

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipelines.user_errors import UserError, today_utc
from warehouse.user_days import USAGE_EXIT, asked_for_help, show_help, too_many

OK, WARN, SKIP, FAIL = "ok", "warn", "skip", "FAIL"
CHROMIUM_NAMES = ("chromium", "chromium-browser")


@dataclass(frozen=True)
class Check:
    status: str
    name: str
    message: str

    def line(self) -> str:
        return f"{self.status:<5} {self.name:<13} {self.message}"


def find_chromium() -> str | None:
    """Path of a Chromium executable on PATH, or None."""
    return next((path for name in CHROMIUM_NAMES if (path := shutil.which(name))), None)


def check_ebay(ebay) -> Check:
    from pipelines.settings import LIVE
    from pipelines.sources.ebay.auth import EbayTokenProvider
    from pipelines.sources.http_session import FetchError
    from transforms.source_outcome import STOPPING_KINDS, stop_cause

    if ebay.mode != LIVE:
        return Check(
            SKIP, "ebay", "sample mode: no eBay calls (set EBAY_CLIENT_ID and EBAY_CLIENT_SECRET to go live)"
        )
    session, http = ebay.open_session(budget=None, log=lambda message: None)
    try:
        tokens = EbayTokenProvider(session, ebay.base_url, ebay.client_id, ebay.client_secret)
        tokens.token()
    except FetchError as exc:
        if exc.kind in STOPPING_KINDS:
            return Check(FAIL, "ebay", stop_cause("ebay", exc.kind, exc.reason))
        return Check(FAIL, "ebay", f"token request failed: {exc.reason}")
    finally:
        http.close()
    return Check(OK, "ebay", f"credentials accepted by {ebay.base_url} (application token issued)")


def check_stores(retailers) -> Iterator[Check]:
    from pipelines.settings import LIVE
    from pipelines.sources.http_session import FetchError, redact_url

    if retailers.mode != LIVE:
        yield Check(SKIP, "stores", "sample mode: no store is contacted")
        return
    said: list[str] = []
    clients = retailers.open_clients(log=said.append)
    if any("BESTBUY_API_KEY is not set" in message for message in said):
        # thirty-sixth review (an operator): the readiness check said nothing of a store that will not be read
        yield Check(WARN, "bestbuy", "BESTBUY_API_KEY is not set: Best Buy is skipped live")
    for client, http in clients:
        store, url = client.spec.store, client.spec.first_url
        try:
            if client.spec.honours_robots:
                allowed = client.allowed(url)
                status = OK if allowed else FAIL
                verdict = "allows" if allowed else "disallows"
                yield Check(status, store, f"reachable; robots.txt {verdict} {redact_url(url)}")
            else:
                answer = client.status_of(url)
                status = OK if answer == 200 else FAIL
                yield Check(
                    status,
                    store,
                    f"API answered HTTP {answer} for {redact_url(url)}"
                    + ("" if answer == 200 else ": check BESTBUY_API_KEY"),
                )
        except FetchError as exc:
            yield Check(FAIL, store, f"unreachable: {exc.reason}")
        finally:
            http.close()


def check_budget(ebay, db: Path) -> Check:
    from pipelines.settings import LIVE
    from warehouse.api_calls import calls_on

    if ebay.mode != LIVE:
        return Check(SKIP, "ebay budget", "sample mode: the replay spends no calls")
    used = 0
    if db.exists():
        try:
            with duckdb.connect(str(db), read_only=True) as con:
                used = calls_on(con, "ebay", today_utc())
        except duckdb.Error as exc:
            return Check(WARN, "ebay budget", f"could not read raw.api_calls ({str(exc).splitlines()[0]})")
    left = max(0, ebay.daily_call_budget - used)
    status = OK if left > 0 else FAIL
    return Check(status, "ebay budget", f"{left:,} of {ebay.daily_call_budget:,} calls left today (UTC)")


def check_warehouse(db: Path) -> Check:
    """The warehouse opens for writing (no other process holds it) and DuckDB reads every row of every table
    (each block's checksum checked), or one line on how to restore it (warehouse/restore.py)."""
    from pipelines.failures import first_line, is_damaged
    from warehouse.restore import WarehouseDamagedError, check_whole, read_every_table, restore_advice
    from warehouse.run_lock import holder

    running = holder(db)
    if running:
        return Check(FAIL, "warehouse", f"{db} is being written by {running}: wait for it to finish")
    if not db.exists():
        folder = db.parent if db.parent.exists() else db.parent.parent
        if os.access(folder, os.W_OK):
            return Check(OK, "warehouse", f"{db} not built yet; its folder is writable")
        return Check(FAIL, "warehouse", f"cannot create {db}: {folder} is not writable")
    try:
        check_whole(db)  # read-only first: opening a short file for writing pads it with zeros
        duckdb.connect(str(db)).close()  # read-write: fails at once when another process holds the file
        rows = read_every_table(db)
    except WarehouseDamagedError as exc:
        return Check(FAIL, "warehouse", f"{exc}: {restore_advice(db)}")
    except duckdb.Error as exc:
        first = first_line(str(exc))
        if is_damaged(type(exc).__name__, str(exc)):
            return Check(FAIL, "warehouse", f"{first}: {restore_advice(db)}")
        if "lock" in first.lower():
            return Check(FAIL, "warehouse", f"{db} is locked by another process: {first}")
        return Check(FAIL, "warehouse", f"{db} cannot be opened for writing: {first}")
    return Check(OK, "warehouse", f"{db} opens and reads whole ({rows:,} rows); writable, not locked")


def check_watchlist(alerts) -> Check:
    """The watchlist's entries, or its first problem with its line and column (a bad entry is skipped by
    the run, which goes on: here it fails the check so that it gets fixed)."""
    reading = alerts.watchlist()
    if reading is None:
        return Check(
            SKIP, "watchlist", f"none at {alerts.watchlist_path} (copy watchlist.example.yaml to get alerts)"
        )
    if reading.problems:
        more = len(reading.problems) - 1
        return Check(
            FAIL,
            "watchlist",
            f"{reading.problems[0]}{f' (and {more} more problems)' if more else ''}; "
            f"{len(reading.entries)} entries usable",
        )
    targets = len(alerts.urls.split())
    where = (
        f"{targets} alert target(s) set (not tried: that would notify you)"
        if targets
        else "no GPU_MARKET_ALERT_URLS: alerts are recorded, not sent"
    )
    return Check(OK, "watchlist", f"{len(reading.entries)} entries; {where}")


def check_chromium(find: Callable[[], str | None] = find_chromium) -> Check:
    path = find()
    if path:
        return Check(OK, "chromium", path)
    return Check(
        WARN, "chromium", "not found: the browser tests and screenshots need it (apt-get install chromium)"
    )


def run_checks() -> Iterator[Check]:
    """Each check as it completes (the network ones take a moment)."""
    from pipelines.resources import build_resources
    from warehouse.paths import db_path

    db = db_path()
    try:
        resources = build_resources()
    except UserError as exc:
        yield Check(FAIL, "settings", str(exc))
    else:
        ebay = resources["ebay"].process_config_and_initialize()  # resolves the EnvVar secrets
        yield Check(
            OK, "settings", f"source mode {ebay.mode}; eBay budget {ebay.daily_call_budget:,} calls a day"
        )
        yield check_ebay(ebay)
        yield from check_stores(resources["retailers"].process_config_and_initialize())
        yield guarded("ebay budget", lambda: check_budget(ebay, db))
        yield guarded(
            "watchlist", lambda: check_watchlist(resources["alerts"].process_config_and_initialize())
        )
    yield guarded("warehouse", lambda: check_warehouse(db))
    yield check_chromium()


def guarded(name: str, check: Callable[[], Check]) -> Check:
    """A check that raised is a FAIL line naming the cause (its traceback in a log file), never a crash."""
    from pipelines.failures import exception_line

    try:
        return check()
    except Exception as exc:  # noqa: BLE001 (the doctor reports; it never crashes)
        return Check(FAIL, name, exception_line(exc, f"doctor-{name.replace(' ', '-')}"))


def main() -> int:
    failed = False
    for check in run_checks():
        print(check.line(), flush=True)
        failed |= check.status == FAIL
    return 1 if failed else 0


if __name__ == "__main__":
    if asked_for_help(sys.argv):
        sys.exit(show_help(__doc__))
    sys.exit(USAGE_EXIT if too_many(sys.argv, 0, "make doctor takes no arguments") else main())
