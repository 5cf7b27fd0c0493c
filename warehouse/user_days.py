"""The days a user may name (on the command line, `make run DAY=...`): YYYY-MM-DD from the first day the
warehouse holds to today (UTC). Here, below pipelines/, so that the dashboards' command reads a day without
Dagster (pipelines/user_errors.py re-exports it for the pipeline's commands)."""

import sys
from datetime import UTC, date, datetime

from warehouse.environment import UserError

START_DATE = "2026-01-01"  # the first day of the daily partitions (pipelines/partitions.py)
USAGE_EXIT = 2  # bad input: one line saying what is wrong and what is expected


def today_utc() -> date:
    return datetime.now(UTC).date()


def parse_day(text: str, today: date | None = None, name: str = "DAY") -> date:
    """A day the daily partitions have: YYYY-MM-DD from START_DATE to today (UTC)."""
    today = today or today_utc()
    valid = f"valid days are {START_DATE} to {today.isoformat()} (today, UTC)"
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise UserError(f"{name} {text!r} is not a date in the form YYYY-MM-DD; {valid}") from None
    if not date.fromisoformat(START_DATE) <= day <= today:
        raise UserError(f"{name} {day.isoformat()} is out of range; {valid}")
    return day


HELP_FLAGS = ("-h", "--help", "help")


def asked_for_help(argv: list[str]) -> bool:
    """Whether a command line asks for help (every command answers `--help`, exit 0)."""
    return len(argv) > 1 and argv[1] in HELP_FLAGS


def too_many(argv: list[str], count: int, usage: str) -> bool:
    """Whether a command line gives more than `count` arguments; if so it says so on stderr in one line, as bad
    input (exit 2), rather than running with the rest ignored (thirty-sixth review: `run 2026-11-20 extra` ran the
    day). `usage`: what the command takes."""
    if len(argv) - 1 <= count:
        return False
    print(f"error: unexpected {' '.join(argv[count + 1 :])!r}: {usage}", file=sys.stderr)
    return True


def show_help(doc: str | None) -> int:
    """Print a command's module docstring (its usage and exit codes) and return exit code 0."""
    print((doc or "").strip())
    return 0
