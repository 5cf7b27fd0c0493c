"""`make rebuild FROM=YYYY-MM-DD TO=YYYY-MM-DD` (`python -m pipelines.range_run FROM TO`): a range run, the marts
computed from listings for many days in one Dagster run.

marts.price_daily, gpu_value, budget_picks and deals compute any range of days in one call: this module
starts that run (Dagster's range tags, pipelines/partitions.range_tags). A backfill launched from the UI runs
a day per run (why they carry no single-run backfill policy: docs/operations.md, "One computation per
mart"). It is the bulk rebuild: the daily assets' own code, not a second implementation (benchmark 2 times it
over ten million listings).

    make rebuild FROM=2026-10-01 TO=2026-11-20

Run it when the rules change (outlier screen, open box, deal thresholds) or after loading listings in
bulk. The days' listings must be in staging.listings; days without listings get no rows.

It rebuilds those four marts only, in the job's file: what is built from them (the machines, budgets, regions and
LLM fits), the export, the dashboard and the published copy SQL users open keep what they had until a run
rebuilds them, and the command says so (thirty-sixth review: a developer changed the deal bar, rebuilt, and the
published copy and the export still said 15%). `make run` rebuilds today's day whole and publishes; the
`refresh_stale_days` job (the Dagster UI) one chosen day.
"""

from __future__ import annotations  # Dagster's types in the signatures are not imported at start (below)

import sys
import time
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from pipelines.user_errors import UserError, parse_day
from warehouse.user_days import asked_for_help, show_help

if TYPE_CHECKING:
    import dagster as dg

    from pipelines.resources.market_rules import MarketRulesResource
# Dagster is imported with the definitions, after the days are read and the run lock is asked: bad days and a
# second writer are answered at once, as `make run` and `make backfill` answer them


NOT_REBUILT = (
    "not rebuilt: the marts built from these (machines, budgets, regions, LLM fits), the export, the dashboard and "
    "the published copy for SQL users keep what they had; `make run` rebuilds today's day whole and publishes it, "
    "the refresh_stale_days job (make ui) one chosen day"
)


def listing_mart_assets() -> list[dg.AssetsDefinition]:
    """The listing marts' assets, in dependency order."""
    from pipelines.definitions import project_defs
    from pipelines.partitions import LISTING_MARTS
    from pipelines.tables import table_key

    by_key = {key: a for a in project_defs().assets for key in a.keys}
    return [by_key[table_key(t)] for t in LISTING_MARTS]


def run_listing_marts(
    db_path: str | Path,
    first: date,
    last: date,
    rules: MarketRulesResource | None = None,
    instance: dg.DagsterInstance | None = None,
) -> dg.ExecuteInProcessResult:
    """Materialize the listing marts for first..last in one run (each asset computes the whole range)."""
    import dagster as dg

    from pipelines.partitions import range_tags
    from pipelines.resources.market_rules import MarketRulesResource
    from pipelines.resources.warehouse import WarehouseResource

    return dg.materialize(
        listing_mart_assets(),
        resources={
            "warehouse": WarehouseResource(db_path=str(db_path)),
            "rules": rules or MarketRulesResource(),
        },
        tags=range_tags(first, last),
        instance=instance,
        raise_on_error=True,
    )


def main(argv: list[str]) -> int:
    from pipelines.failures import exception_line
    from warehouse.paths import db_path
    from warehouse.run_lock import WarehouseBusyError, refuse_if_held, run_lock

    try:
        if len(argv) != 3:
            raise UserError("give FROM and TO, e.g. make rebuild FROM=2026-11-01 TO=2026-11-20")
        first, last = parse_day(argv[1], name="FROM"), parse_day(argv[2], name="TO")
        if last < first:
            raise UserError(f"the last day {last} is before the first day {first}")
        refuse_if_held(db_path())  # a second writer is refused before the definitions load
        from pipelines.partitions import LISTING_MARTS
        from pipelines.resources import build_resources
        from pipelines.run_daily import cli_instance, prepare_warehouse

        resources = build_resources()
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except WarehouseBusyError as exc:
        print(f"error: {exception_line(exc, 'rebuild')}", file=sys.stderr)
        return 1

    started = time.perf_counter()
    db = Path(resources["warehouse"].db_path)
    try:
        with run_lock(db, f"make rebuild {first}..{last}"):
            # a damaged file is named as such, with what to do (thirty-sixth review: 112 lines of a run's debug
            # output and "this is a bug"), before DuckDB opens it for writing and before Dagster starts
            prepare_warehouse()
            with cli_instance() as instance:
                run_listing_marts(db, first, last, resources["rules"], instance)
    except Exception as exc:  # noqa: BLE001 (one line naming the cause, the traceback in a log file)
        print(f"error: {exception_line(exc, 'rebuild')}", file=sys.stderr)
        return 1
    print(f"rebuilt {', '.join(LISTING_MARTS)} for {first}..{last} in {time.perf_counter() - started:.1f}s")
    print(NOT_REBUILT)
    return 0


if __name__ == "__main__":
    raise SystemExit(show_help(__doc__) if asked_for_help(sys.argv) else main(sys.argv))
