"""Mistakes a user can make on the command line or in the environment: one line saying what is wrong and
what is expected, exit code 2. Tracebacks are for bugs only."""

from datetime import UTC, date, datetime

from pipelines.partitions import START_DATE
from warehouse.environment import UserError

USAGE_EXIT = 2
__all__ = ["USAGE_EXIT", "UserError", "parse_day", "today_utc"]


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
