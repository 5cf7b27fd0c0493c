"""`make backfill FROM=YYYY-MM-DD TO=YYYY-MM-DD` (`python -m pipelines.backfill FROM TO`): run the daily job
for every day of the range, oldest first, one run at a time, with a line of progress per day; then bring
up to date the later days whose history the backfill changed (pipelines/defs/stale_days.py).

Why not Dagster's own backfill: it is submitted to the instance and executed by the daemon (`dagster-daemon`,
running under `make ui`); from the command line, with no daemon, nothing would run. This command runs the
days in the foreground and says how each went. In the UI, a backfill is Dagster's, a day per run; `make rebuild`
recomputes the listing marts over a range in one run (pipelines/range_run.py).

One writer: the warehouse's run lock (warehouse/run_lock.py) refuses a second backfill, or any other writer,
in one line naming the holder. Interrupted (Ctrl-C, a crash, a failed day): the days this backfill has done
are kept in a state file next to the run history, and the same command resumes after them; a failed day is
retried. (raw.completed_days alone cannot tell a day this backfill did from one the warehouse had before it,
and a backfill means to recompute those too; a day the state file has but the warehouse lacks is run
again.) Days run in date order, so each reads the history of the days before it; the result is the same as
any other order once stale days are refreshed (tests/pipelines/test_any_order.py).

Exit codes: 0 every day done; 1 a day failed (the others still ran), it was stopped (Ctrl-C, SIGTERM: at the day
it interrupted) or another process writes the warehouse; 2 bad input, or a range the warehouse cannot take (sample
days among the sample's derived history, or sample and live days in one warehouse: pipelines/defs/sample_days.py).
"""

from __future__ import annotations  # Dagster's types in the signatures are not imported at start (below)

import json
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from pipelines.user_errors import USAGE_EXIT, UserError, parse_day
from warehouse.environment import env_path
from warehouse.user_days import asked_for_help, show_help

if TYPE_CHECKING:
    import dagster as dg
# Dagster is imported with the definitions, after the days are read: bad days are answered at once (run_daily too)


def state_dir() -> Path:
    from warehouse.paths import db_path

    return env_path("DAGSTER_HOME", db_path().parent)


def day_range(first: date, last: date) -> list[str]:
    if last < first:
        raise UserError(f"the range ends on {last}, before it starts on {first}: give the earlier day first")
    return [(first + timedelta(days=n)).isoformat() for n in range((last - first).days + 1)]


def backfill(
    days: list[str],
    run_day: Callable[[str], list[str]],
    refresh_later: Callable[[], list[str]],
    folder: Path,
    log: Callable[[str], None] = print,
    complete: Callable[[list[str]], set[str]] | None = None,
) -> list[str]:
    """Run `run_day(day)` (the reasons it failed; empty when it succeeded) for each day not done yet, in
    order; the failed days. Progress is saved after each day, so a re-run resumes. `complete(days)`: those
    of `days` the warehouse has whole (raw.completed_days); a day the state file says is done but the
    warehouse lacks (a restored or rebuilt file, a run killed after the state was saved) is run again."""
    folder.mkdir(parents=True, exist_ok=True)
    state_file = folder / f"backfill-{days[0]}-{days[-1]}.json"
    done = set(json.loads(state_file.read_text())["done"]) if state_file.exists() else set()
    if done and complete is not None:
        whole = complete(sorted(done))
        if done - whole:
            log(f"{len(done - whole)} days done earlier are incomplete in the warehouse: running them again")
        done &= whole
    todo = [d for d in days if d not in done]
    if done:
        log(f"resuming: {len(days) - len(todo)} of {len(days)} days already done")
    failed = []
    for n, day in enumerate(todo, start=1):
        started = time.perf_counter()
        reasons = run_day(day)
        took = time.perf_counter() - started
        if reasons:
            failed.append(day)
            log(f"[{n}/{len(todo)}] {day} FAILED in {took:.1f}s: {reasons[0]}")
            continue
        done.add(day)
        state_file.write_text(json.dumps({"done": sorted(done)}))
        log(f"[{n}/{len(todo)}] {day} ok in {took:.1f}s")
    refreshed = refresh_later()
    if refreshed:
        log(f"refreshed {len(refreshed)} later days whose history changed: {', '.join(refreshed)}")
    if not failed:
        state_file.unlink(missing_ok=True)
    return failed


def main(argv: list[str], defs: dg.Definitions | None = None) -> int:
    from pipelines.failures import INTERRUPTED, exception_line, sigterm_as_interrupt
    from warehouse.paths import db_path
    from warehouse.run_lock import WarehouseBusyError, refuse_if_held, run_lock

    try:
        if len(argv) != 3:
            raise UserError("give FROM and TO, e.g. make backfill FROM=2026-11-01 TO=2026-11-20")
        days = day_range(parse_day(argv[1], name="FROM"), parse_day(argv[2], name="TO"))
        refuse_if_held(db_path())  # a second writer is refused before the definitions load
        from pipelines.defs.stale_days import refresh
        from pipelines.run_daily import (
            cli_instance,
            execute,
            failure_sentences,
            finish_day,
            start_day,
            succeeded,
        )

        if defs is None:
            from pipelines.definitions import defs as load_defs

            defs = load_defs()
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_EXIT
    except WarehouseBusyError as exc:
        print(f"error: {exception_line(exc, 'backfill')}", file=sys.stderr)
        return 1
    instance = cli_instance()

    mode = defs.resources["ebay"].mode

    def run_day(day: str) -> list[str]:
        start_day(day)
        result = execute(defs, "daily_refresh", day, instance)
        if succeeded(result, during=day):  # an interrupt stops the backfill at this day
            finish_day(day, result, mode)
            return []
        return failure_sentences(result) or ["the run did not succeed"]

    def complete(days: list[str]) -> set[str]:
        from warehouse.completed_days import complete_days
        from warehouse.connection import connect

        with connect() as con:
            whole = complete_days(con, date.fromisoformat(days[0]), date.fromisoformat(days[-1]))
        return {d.isoformat() for d in whole}

    def refresh_later() -> list[str]:
        return refresh(
            db_path(),
            lambda day: succeeded(execute(defs, "refresh_stale_days", day, instance)),
            graph=defs.resolve_asset_graph(),
        )

    from pipelines.defs.sample_days import refuse_a_day_the_warehouse_cannot_take
    from pipelines.run_daily import prepare_warehouse
    from warehouse.connection import connect

    try:
        with (
            sigterm_as_interrupt(),
            instance,
            run_lock(db_path(), f"make backfill {days[0]}..{days[-1]}"),  # the instance disposed after
        ):
            prepare_warehouse()
            with connect() as con:  # what the warehouse holds may refuse a day, before any day is written
                for day in days:
                    refuse_a_day_the_warehouse_cannot_take(con, date.fromisoformat(day), mode)
            failed = backfill(days, run_day, refresh_later, state_dir(), complete=complete)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_EXIT
    except KeyboardInterrupt as exc:
        at = f" during {exc.args[0]}" if exc.args else ""
        print(f"error: stopped{at}: {INTERRUPTED}; the days done are kept", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 (one line naming the cause, the traceback in a log file)
        print(f"error: {exception_line(exc, 'backfill')}", file=sys.stderr)
        return 1
    if failed:
        print(
            f"{len(failed)} of {len(days)} days failed: {', '.join(failed)}; run the same command to retry them",
            file=sys.stderr,
        )
        return 1
    print(f"backfill {days[0]} to {days[-1]}: {len(days)} days done")
    return 0


if __name__ == "__main__":
    raise SystemExit(show_help(__doc__) if asked_for_help(sys.argv) else main(sys.argv))
