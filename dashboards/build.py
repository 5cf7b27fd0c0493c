"""`python -m dashboards.build [YYYY-MM-DD]`: build the dashboard from the existing warehouse (read-only)."""

import sys
from datetime import date

from dashboards.html_page import write_html
from dashboards.report_data import load_report
from warehouse.connection import connect


def main(argv: list[str]) -> int:
    with connect(read_only=True) as con:
        if len(argv) > 1:
            day = date.fromisoformat(argv[1])
        else:
            day = con.execute("SELECT max(snapshot_date) FROM marts.gpu_value").fetchone()[0]
        if day is None:
            print("The warehouse has no marts yet: run `make run` first.", file=sys.stderr)
            return 1
        path = write_html(load_report(con, day))
    print(f"dashboard: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
