"""`python -m dashboards.build [YYYY-MM-DD]`: build the dashboard from the published warehouse (read-only,
so it never waits for a running job), with the open-box rule the day's marts were built with (report_data.open_box_rule),
whatever this shell's GPU_MARKET_OPEN_BOX_AS_NEW says."""

import sys

from dashboards.site import write_site
from dashboards.site_data import load_site
from warehouse.connection import connect
from warehouse.environment import UserError
from warehouse.paths import read_db_path
from warehouse.user_days import USAGE_EXIT, asked_for_help, parse_day, show_help, too_many


def main(argv: list[str]) -> int:
    if too_many(argv, 1, "give at most one DAY (YYYY-MM-DD), e.g. make dashboard DAY=2026-11-20"):
        return USAGE_EXIT
    try:
        day = parse_day(argv[1]) if len(argv) > 1 and argv[1].strip() else None
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_EXIT
    try:
        with connect(read_db_path(), read_only=True) as con:
            if day is None:
                day = con.execute("SELECT max(snapshot_date) FROM marts.gpu_value").fetchone()[0]
            if day is None:
                print("The warehouse has no marts yet: run `make run` first.", file=sys.stderr)
                return 1
            path = write_site(load_site(con, day))
    except UserError as exc:  # a malformed setting (thirty-sixth review: a traceback, exit 1)
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_EXIT
    except FileNotFoundError as exc:  # no warehouse yet
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"dashboard: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(show_help(__doc__) if asked_for_help(sys.argv) else main(sys.argv))
