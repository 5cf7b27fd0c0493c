"""`python -m pipelines.run_daily [YYYY-MM-DD]`: materialize every asset for one day (default today, UTC),
then print where the warehouse and the export are and what to buy (per use case, new and used, the card
and its machine). What `make run` calls (through
`./gpu-market run`, which keeps the exit code; make itself exits 2 for any failure).

Exit codes: 0 the day was built and exported; 1 the day failed, or anything else stopped it (a full disk, a
busy or damaged warehouse: one line names the cause and what to do; `exports/latest` still points at the last
good day); 2 bad input (a day out of range, a malformed environment value, a day the warehouse cannot take:
pipelines/defs/sample_days.py).

The console shows Dagster's events at INFO, one line each: an asset that fails on purpose (dg.Failure: a
refused credential, an unreachable source) is an expected outcome with its own sentence, not a bug, so it
gets no stack trace. Any other error is named by its root cause on the failure line, and its full traceback
goes to a log file that line names (pipelines/failures.py).

Before the day: the run lock (one writer at a time, warehouse/run_lock.py), a check that the warehouse file
is whole (warehouse/restore.py), the sample's earlier days the warehouse lacks whole, then the day itself,
recorded complete in raw.completed_days only once everything committed (warehouse/completed_days.py).
"""

from __future__ import annotations  # Dagster's types in the signatures are not imported at start (below)

import functools
import logging
import sys
import time
from datetime import date, timedelta
from typing import TYPE_CHECKING

from pipelines.settings import LIVE
from pipelines.user_errors import USAGE_EXIT, UserError, parse_day, today_utc
from warehouse.environment import env_set
from warehouse.user_days import asked_for_help, show_help, too_many

if TYPE_CHECKING:
    import dagster as dg
# Dagster is imported where a run needs it, not at start: bad input (a day out of range, --help) is answered in
# about 0.3 s instead of 1.5 s, of which importing Dagster was 1.0 s


class FirstLine(logging.Filter):
    """Dagster's event messages carry the error and its stack after the first line: keep the first."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = record.getMessage().split("\n", 1)[0], ()
        return True


@functools.cache
def brief_console() -> dg.LoggerDefinition:
    """The run's console logger as Dagster's logger definition (built once, when a run first needs it)."""
    import dagster as dg

    return dg.logger(
        dg.Field(str, default_value="INFO"), description="One line per event on stderr, no stack traces."
    )(_one_line_per_event)


def _one_line_per_event(init_context: dg.InitLoggerContext) -> logging.Logger:
    log = logging.getLogger("gpu_market.run")
    log.setLevel(init_context.logger_config)
    log.propagate = False
    handler = logging.StreamHandler(sys.stderr)  # today's stderr: a new handler for every run
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(message)s", "%H:%M:%S"))
    handler.addFilter(FirstLine())
    log.handlers[:] = [handler]
    return log


CHECK_FAILED = "DagsterAssetCheckFailedError"  # a blocking check stopped the run: expected, not a bug


def _check_failed(event: dg.DagsterEvent) -> bool:
    error = event.step_failure_data.error
    return error is not None and error.cls_name == CHECK_FAILED


def _expected(event: dg.DagsterEvent) -> bool:
    return bool(event.step_failure_data.user_failure_data) or _check_failed(event)


def _table(step_key: str) -> str:
    """The table (or export) an asset step writes: its op name is the asset key joined by "__"
    (raw__ebay_listings -> raw.ebay_listings)."""
    return step_key.replace("__", ".")


def failure_sentences(result: dg.ExecuteInProcessResult) -> list[str]:
    """Why the run failed: each failed blocking check with its description, each asset that failed on
    purpose with its sentence (dg.Failure), and for any other error its root cause (the last `cause` of
    Dagster's chain: `No space left on device`, not `Error occurred while executing op`) with what to do
    (pipelines/failures.py). Steps that failed with the same root cause are counted on one line."""
    import dagster as dg

    from pipelines.failures import root_info, sentence

    sentences = [
        f"check {e.asset_check_key.name} on {'.'.join(e.asset_key.path)} failed: {e.description}"
        for e in result.get_asset_check_evaluations()
        if not e.passed and e.severity == dg.AssetCheckSeverity.ERROR
    ]
    same: dict[tuple[str, str], list] = {}  # root cause -> [its sentence's index, steps beyond the first]
    for event in result.all_events:
        if not event.is_step_failure:
            continue
        data = event.step_failure_data
        if _check_failed(event):
            continue  # its check said why, above
        described = data.user_failure_data.description if data.user_failure_data else None
        if described:
            sentences.append(f"{_table(event.step_key)}: {described}")
            continue
        root = root_info(data.error) if data.error else None
        cause = (root.cls_name, root.message) if root else ("unknown error", "")
        if cause in same:
            same[cause][1] += 1
            continue
        same[cause] = [len(sentences), 0]
        sentences.append(sentence(_table(event.step_key), *cause))
    for index, more in same.values():
        if more:
            sentences[index] += f" (and {more} more steps with the same cause)"
    return sentences


def succeeded(result: dg.ExecuteInProcessResult, during: str | None = None) -> bool:
    """Whether a run succeeded; KeyboardInterrupt (with `during`, the day it stopped, when given) when Ctrl-C or a
    stop signal interrupted it (Dagster turns that into a failed step and returns), so that the command stops there
    (code review: `make run` went on to the day and the later days after its sample history was interrupted; a
    backfill went on with every later day, and a scheduler's stop did nothing)."""
    from pipelines.failures import INTERRUPTED

    if not result.success and any(INTERRUPTED in reason for reason in failure_sentences(result)):
        raise KeyboardInterrupt(*([during] if during else []))
    return result.success


def bug_tracebacks(result: dg.ExecuteInProcessResult) -> list[str]:
    """The full error of each step that failed unexpectedly (a bug)."""
    return [
        f"{_table(event.step_key)}:\n{event.step_failure_data.error.to_string()}"
        for event in result.all_events
        if event.is_step_failure and not _expected(event)
    ]


def cli_instance() -> dg.DagsterInstance:
    """The run history in DAGSTER_HOME (what `make` sets), else a throwaway one."""
    import dagster as dg

    return dg.DagsterInstance.get() if env_set("DAGSTER_HOME") else dg.DagsterInstance.ephemeral()


def execute(
    defs: dg.Definitions,
    job_name: str,
    day: str,
    instance: dg.DagsterInstance,
    run_config: dict | None = None,
    level: str = "INFO",
) -> dg.ExecuteInProcessResult:
    """One job run for one day, logging one line per event at `level` and above (no stack traces for
    expected failures)."""
    job = defs.resolve_job_def(job_name).with_logger_defs({"brief": brief_console()})
    return job.execute_in_process(
        partition_key=day,
        instance=instance,
        raise_on_error=False,
        run_config={**(run_config or {}), "loggers": {"brief": {"config": level}}},
    )


def execute_range(
    defs: dg.Definitions,
    job_name: str,
    first: date,
    last: date,
    instance: dg.DagsterInstance,
    level: str = "INFO",
) -> dg.ExecuteInProcessResult:
    """One run of `job_name` over the days first..last (its assets compute the range in one call)."""
    from pipelines.partitions import range_tags

    job = defs.resolve_job_def(job_name).with_logger_defs({"brief": brief_console()})
    return job.execute_in_process(
        tags=range_tags(first, last),
        instance=instance,
        raise_on_error=False,
        run_config={"loggers": {"brief": {"config": level}}},
    )


def build_sample_history(defs: dg.Definitions, day: str, instance: dg.DagsterInstance, mode: str) -> list:
    """Sample mode: the earlier sample days the warehouse lacks whole (pipelines/defs/sample_days.py), oldest
    first; each built day is recorded complete (raw.completed_days) once its listing marts committed."""
    from pipelines.defs.sample_days import build_earlier_days, window_start
    from warehouse import completed_days
    from warehouse.connection import connect

    target = date.fromisoformat(day)
    first, before = window_start(target), target - timedelta(days=1)
    with connect() as con:
        stored = completed_days.complete_days(con, first, before)
        started = completed_days.started_days(con, first, before)
        specs_stored = con.execute("SELECT count(*) FROM marts.gpu_specs").fetchone()[0] > 0
    marts_run: list[str] = []

    def said(job_name: str, result: dg.ExecuteInProcessResult) -> bool:
        if not succeeded(result):
            reasons = failure_sentences(result) or ["the run did not succeed"]
            print(f"sample history: {job_name} failed: {reasons[0]}", file=sys.stderr)
        return result.success

    def run_job(job_name, earlier, run_config) -> bool:
        return said(job_name, execute(defs, job_name, earlier.isoformat(), instance, run_config, "WARNING"))

    def run_range(job_name, first, last) -> bool:
        result = execute_range(defs, job_name, first, last, instance, "WARNING")
        marts_run.append(result.run_id)
        return said(job_name, result)

    built = build_earlier_days(
        target,
        stored,
        specs_stored,
        run_job,
        run_range,
        log=lambda line: print(line, file=sys.stderr),
        started=started,
    )
    if built:
        with connect() as con:
            completed_days.record(con, built, completed_days.TRENDS, marts_run[-1], mode)
    return built


def start_day(day: str) -> None:
    """Before a day is run: it is not complete until the run says so (warehouse/completed_days.py)."""
    from warehouse import completed_days
    from warehouse.connection import connect

    with connect() as con:
        completed_days.forget(con, [date.fromisoformat(day)])


def finish_day(day: str, result: dg.ExecuteInProcessResult, mode: str) -> None:
    """After the day's run committed every table: record it complete."""
    from warehouse import completed_days
    from warehouse.connection import connect

    with connect() as con:
        completed_days.record(con, [date.fromisoformat(day)], completed_days.DAY, result.run_id, mode)


def prepare_warehouse() -> None:
    """Before a command writes: the warehouse opens and is whole (else one line on how to restore it,
    warehouse/restore.py), and the temporary files a killed publish left are swept (warehouse/publish.py).
    The caller holds the run lock (warehouse/run_lock.py)."""
    from warehouse.connection import connect
    from warehouse.paths import db_path, read_db_path
    from warehouse.publish import sweep
    from warehouse.restore import check_whole

    for tmp in sweep(read_db_path()):
        print(f"removed {tmp}, left by a publish that did not finish", file=sys.stderr)
    check_whole(db_path())  # before DuckDB opens it for writing (which would pad a short file with zeros)
    with connect():
        pass  # creates it when new, applies pending migrations


def run(argv: list[str], defs: dg.Definitions | None = None) -> int:
    """`defs` defaults to the code location's; tests pass definitions whose resources point at a loopback."""
    from warehouse.paths import db_path
    from warehouse.run_lock import refuse_if_held, run_lock

    started = time.perf_counter()
    if too_many(argv, 1, "give at most one DAY (YYYY-MM-DD), e.g. make run DAY=2026-11-20"):
        return USAGE_EXIT
    day = (parse_day(argv[1]) if len(argv) > 1 and argv[1].strip() else today_utc()).isoformat()
    refuse_if_held(db_path())  # a second writer is refused before the definitions load (2-3 s)
    if defs is None:  # before the lock: a malformed setting is bad input, even if a writer starts meanwhile
        from pipelines.definitions import defs as load_defs  # imported here so the start-up cost is measured

        defs = load_defs()
    loaded = time.perf_counter()
    with run_lock(db_path(), f"make run DAY={day}"):
        prepare_warehouse()
        return run_day(day, defs, started, loaded)


def run_day(day: str, defs: dg.Definitions, started: float, loaded: float) -> int:
    # the instance is disposed after the day: an ephemeral one's temporary folder goes with it (an in-process
    # caller, a test, would otherwise leave it to the garbage collector)
    with cli_instance() as instance:
        return _run_day(day, defs, started, loaded, instance)


def _run_day(
    day: str, defs: dg.Definitions, started: float, loaded: float, instance: dg.DagsterInstance
) -> int:
    from dashboards.answer import answer_lines
    from dashboards.export import export_dir
    from pipelines.defs.stale_days import refresh
    from warehouse.connection import connect
    from warehouse.paths import db_path, read_db_path

    mode = defs.resources["ebay"].mode  # what this run is configured with; never read back from the rows
    from pipelines.defs.sample_days import refuse_a_day_the_warehouse_cannot_take

    with connect() as con:
        refuse_a_day_the_warehouse_cannot_take(con, date.fromisoformat(day), mode)
    history = build_sample_history(defs, day, instance, mode) if mode != LIVE else []
    start_day(day)
    result = execute(defs, "daily_refresh", day, instance)
    if succeeded(result):
        finish_day(day, result, mode)
    else:
        from pipelines.failures import save_log, where_logged

        reasons = failure_sentences(result) or ["the run did not succeed"]
        traces = bug_tracebacks(result)
        logged = (
            f" ({where_logged(save_log(f'daily_refresh-{day}', chr(10).join(traces)))})" if traces else ""
        )
        print(f"daily_refresh failed for {day} ({mode} mode): {reasons[0]}{logged}", file=sys.stderr)
        for reason in reasons[1:]:
            print(f"  also {reason}", file=sys.stderr)
        from dashboards.export import latest_export_day

        latest = latest_export_day()
        print(f"exports/latest still points at {latest or 'nothing (no good day yet)'}", file=sys.stderr)
        return 1
    # a re-run or late day changes the history later days read: bring those up to date (pipelines/defs/stale_days.py)
    refreshed = refresh(
        db_path(),
        lambda later: succeeded(execute(defs, "refresh_stale_days", later, instance)),
        graph=defs.resolve_asset_graph(),
    )
    with connect(read_only=True) as con:
        top = answer_lines(con, day)
    print()
    if mode != "live":
        print("*** SAMPLE DATA: bundled project-authored snapshot, not market prices ***")
    if history:
        print(f"sample history: built {len(history)} earlier sample days ({history[0]} to {history[-1]})")
    if refreshed:
        print(f"refreshed {len(refreshed)} later days whose history changed: {', '.join(refreshed)}")
    print(f"warehouse: {db_path()} (the job's file)")
    print(f"published: {read_db_path()} (open this one for SQL: duckdb -readonly ...)")
    print(f"export:    {export_dir() / day}")
    print("\n".join(top))
    done = time.perf_counter()
    print(f"took {done - started:.1f}s (loading definitions {loaded - started:.1f}s)")
    return 0


def main(argv: list[str]) -> int:
    """Exit codes: 0 done, 1 the day failed (or anything else stopped the command: one line naming the root
    cause and what to do, the traceback in a log file), 2 bad input."""
    from pipelines.failures import INTERRUPTED, sigterm_as_interrupt

    try:
        with sigterm_as_interrupt():
            return run(argv)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_EXIT
    except KeyboardInterrupt:
        print(f"error: stopped: {INTERRUPTED}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 (one line and a log file instead of a traceback on the console)
        from pipelines.failures import exception_line

        print(f"error: {exception_line(exc, 'run_daily')}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(show_help(__doc__) if asked_for_help(sys.argv) else main(sys.argv))
