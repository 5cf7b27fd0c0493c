"""Mistakes a user can make on the command line or in the environment: one line saying what is wrong and
what is expected, exit code 2. Tracebacks are for bugs only. (The readers live in warehouse/, which the
dashboards' command shares without Dagster; they are named here for the pipeline's commands.)"""

from warehouse.environment import UserError
from warehouse.user_days import USAGE_EXIT, parse_day, today_utc

__all__ = ["USAGE_EXIT", "UserError", "parse_day", "today_utc"]
