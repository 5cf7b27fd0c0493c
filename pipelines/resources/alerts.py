"""Watchlist and alert delivery as a Dagster resource.

The watchlist is a YAML file the user edits (`watchlist.yaml` at the project root, or GPU_MARKET_WATCHLIST;
`watchlist.example.yaml` shows the form). Alerts go out through Apprise (email, Slack, Discord, ntfy,
webhooks, ...) to the URLs in GPU_MARKET_ALERT_URLS: a secret, passed as a Dagster EnvVar, never logged,
stored or exported; a failure is recorded as "target N of M did not accept it", never with the URL.
"""

import logging
from pathlib import Path

import dagster as dg

from transforms.alerts import Watchlist, read_watchlist

DEFAULT_WATCHLIST = Path(__file__).resolve().parents[2] / "watchlist.yaml"


class AlertsResource(dg.ConfigurableResource):
    watchlist_path: str = str(DEFAULT_WATCHLIST)
    urls: str = ""  # Apprise URLs separated by spaces (GPU_MARKET_ALERT_URLS)
    timeout_s: float = 10.0

    def watchlist(self) -> Watchlist | None:
        """The entries that validate and every problem with its line and column (transforms/alerts.py),
        or None when there is no watchlist file. Never raises for what the file says: a bad entry is skipped."""
        from warehouse.catalog import load_catalog, load_llm_workloads

        path = Path(self.watchlist_path)
        if not path.exists():
            return None
        try:
            data = path.read_bytes()
        except OSError as exc:
            return Watchlist([], [f"{path}: cannot be read ({exc.strerror or exc}); no entry used"])
        return read_watchlist(
            data,
            str(path),
            set(load_catalog()["model_id"].to_list()),
            set(load_llm_workloads()["workload"].to_list()),
        )

    @property
    def configured(self) -> bool:
        return bool(self.urls.strip())

    def send(self, title: str, body: str) -> str | None:
        """Deliver one notification to every target; None when all accepted it, else why not (no URLs)."""
        import apprise  # here, not at the top: its import (75 ms) is paid by every process that loads the
        # definitions, and only a run with targets sends

        targets = self.urls.split()
        failed = []
        for n, url in enumerate(targets, start=1):
            with quiet_delivery():
                notifier = apprise.Apprise(asset=apprise.AppriseAsset(async_mode=False))
                if not notifier.add(url):
                    failed.append(f"target {n} of {len(targets)} is not a valid Apprise URL")
                    continue
                for server in notifier:
                    server.socket_connect_timeout = server.socket_read_timeout = self.timeout_s
                accepted = notifier.notify(title=title, body=body)
            if not accepted:
                failed.append(f"target {n} of {len(targets)} did not accept it")
        return "; ".join(failed) or None


QUIET_LOGGERS = ("apprise", "urllib3", "requests")  # they log the target URL (Apprise) or its path (urllib3)


class quiet_delivery:
    """Silence the loggers that write the target's address while a notification is set up and sent."""

    def __enter__(self) -> None:
        self._saved = []
        for name in QUIET_LOGGERS:
            logger = logging.getLogger(name)
            self._saved.append((logger, logger.level, logger.propagate, logger.disabled))
            logger.setLevel(logging.CRITICAL + 1)
            logger.propagate, logger.disabled = False, True

    def __exit__(self, *exc) -> None:
        for logger, level, propagate, disabled in self._saved:
            logger.setLevel(level)
            logger.propagate, logger.disabled = propagate, disabled
