"""`python -m pipelines.run_daily [YYYY-MM-DD]`: materialize every asset for one day (default today, UTC),
then print where the warehouse and the export are and the top five picks. What `make run` calls."""

import os
import sys
import time
from datetime import UTC, datetime

import dagster as dg


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    day = argv[1] if len(argv) > 1 else datetime.now(UTC).date().isoformat()
    from dashboards.export import export_dir
    from pipelines.definitions import defs  # imported here so the start-up cost is measured below
    from warehouse.connection import connect
    from warehouse.paths import db_path

    loaded = time.perf_counter()
    instance = dg.DagsterInstance.get() if os.environ.get("DAGSTER_HOME") else dg.DagsterInstance.ephemeral()
    result = defs.resolve_job_def("daily_refresh").execute_in_process(partition_key=day, instance=instance,
                                                                       raise_on_error=False)
    if not result.success:
        failed = [e.step_key for e in result.all_events if e.is_step_failure]
        print(f"daily_refresh failed for {day}: {failed}", file=sys.stderr)
        return 1
    with connect(read_only=True) as con:
        mode = con.execute("SELECT any_value(source_mode) FROM staging.listings WHERE snapshot_date = ?", [day]).fetchone()[0]
        top = con.execute(
            "SELECT condition, name, price_median, perf_per_1k_usd, listing_count FROM marts.gpu_value "
            "WHERE snapshot_date = ? AND enough_listings AND coalesce(form_factor, 'pcie') = 'pcie' "
            "ORDER BY perf_per_1k_usd DESC LIMIT 5", [day]).fetchall()
    print()
    if mode != "live":
        print("*** SAMPLE DATA: bundled project-authored snapshot, not market prices ***")
    print(f"warehouse: {db_path()}")
    print(f"export:    {export_dir() / day}")
    print(f"top five PCIe cards by performance per 1,000 USD on {day} (asking prices of active listings):")
    for i, (condition, name, price, ppu, n) in enumerate(top, 1):
        print(f"  {i}. {name} ({condition}) median {price:,.0f} USD, {ppu:.2f} per 1k USD, {n} listings")
    done = time.perf_counter()
    print(f"took {done - started:.1f}s (loading definitions {loaded - started:.1f}s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
