"""A small Chrome DevTools Protocol (CDP) driver for headless Chromium, used by the browser tests.

It starts Debian's `chromium` with a fresh profile and every background-networking feature off (there is no
network here), reads the DevTools websocket address from the browser's stderr, and talks CDP over one
websocket in flattened-session mode. Every page it opens collects console errors, uncaught exceptions and
error-level log entries, so a test can assert that a page loaded cleanly. Every wait is bounded.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from pipelines.doctor import find_chromium

DEFAULT_TIMEOUT = 30.0
DEVTOOLS_RE = re.compile(r"DevTools listening on (ws://\S+)")
FLAGS = [
    "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
    "--remote-debugging-port=0", "--no-first-run", "--no-default-browser-check",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
    "--disable-extensions", "--disable-default-apps", "--mute-audio", "--password-store=basic",
]


class BrowserError(RuntimeError):
    pass


@dataclass
class ConsoleError:
    source: str  # "exception" | "console" | "log"
    text: str

    def __str__(self) -> str:
        return f"[{self.source}] {self.text}"


@dataclass
class Page:
    browser: Browser
    session_id: str
    errors: list[ConsoleError] = field(default_factory=list)

    def send(self, method: str, params: dict | None = None, timeout: float = DEFAULT_TIMEOUT) -> dict:
        return self.browser.send(method, params, session_id=self.session_id, timeout=timeout)

    def evaluate(self, expression: str, timeout: float = DEFAULT_TIMEOUT) -> Any:
        """The JSON value of `expression` (promises awaited); a thrown exception raises BrowserError."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in result:
            raise BrowserError(f"evaluate failed: {_exception_text(result['exceptionDetails'])}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = DEFAULT_TIMEOUT, interval: float = 0.1) -> Any:
        """Poll `expression` until it is truthy; return its last value either way (the caller asserts)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression, timeout=max(1.0, deadline - time.monotonic()))
            if value or time.monotonic() >= deadline:
                return value
            time.sleep(interval)

    def settle(self) -> None:
        """One round trip, so events the page sent before it (late console errors) are collected."""
        self.evaluate("0")


class Browser:
    """`with Browser() as b: page = b.open(url)`: one headless Chromium, killed on exit."""

    def __init__(self, executable: str | None = None, timeout: float = DEFAULT_TIMEOUT):
        self.executable = executable or find_chromium()
        if not self.executable:
            raise BrowserError("chromium not installed: apt-get install chromium")
        self.timeout = timeout
        self._ids = itertools.count(1)
        self._pages: dict[str, Page] = {}
        self._events: list[dict] = []
        self._stderr: list[str] = []
        self._proc: subprocess.Popen | None = None
        self._ws = None
        self._profile: tempfile.TemporaryDirectory | None = None

    # --- lifecycle -------------------------------------------------------------------------------------

    def __enter__(self) -> Browser:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="gm-chromium-", ignore_cleanup_errors=True)
        cmd = [self.executable, *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"]
        # Own process group, so teardown ends the browser and its helpers (renderer, zygote) together.
        self._proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True, errors="replace", start_new_session=True)
        found = threading.Event()
        url: list[str] = []

        def drain() -> None:  # keeps reading so the pipe never fills and blocks Chromium
            for line in self._proc.stderr:
                self._stderr.append(line.rstrip())
                m = DEVTOOLS_RE.search(line)
                if m and not url:
                    url.append(m.group(1))
                    found.set()
            found.set()

        threading.Thread(target=drain, daemon=True).start()
        if not found.wait(self.timeout) or not url:
            raise BrowserError(f"chromium gave no DevTools address within {self.timeout:.0f}s "
                               f"(exit code {self._proc.poll()}); stderr:\n" + "\n".join(self._stderr[-30:]))
        self._ws = connect(url[0], max_size=None, open_timeout=self.timeout, close_timeout=2)

    def close(self) -> None:
        if self._ws is not None:
            try:
                self.send("Browser.close", timeout=5)
            except Exception:
                pass
            try:
                self._ws.close()
            except Exception:
                pass
            self._ws = None
        if self._proc is not None:
            if self._proc.poll() is None:
                self._signal(signal.SIGTERM)
                try:
                    self._proc.wait(5)
                except subprocess.TimeoutExpired:
                    self._signal(signal.SIGKILL)
                    self._proc.wait(5)
            self._signal(signal.SIGKILL)  # any helper left in the group
            self._proc = None
        if self._profile is not None:
            self._profile.cleanup()
            self._profile = None

    def _signal(self, sig: int) -> None:
        try:
            os.killpg(self._proc.pid, sig)  # the group whose leader is the browser this object started
        except (ProcessLookupError, PermissionError):
            pass

    # --- protocol --------------------------------------------------------------------------------------

    def send(self, method: str, params: dict | None = None, session_id: str | None = None,
             timeout: float = DEFAULT_TIMEOUT) -> dict:
        if self._ws is None:
            raise BrowserError("browser not started")
        msg_id = next(self._ids)
        msg: dict[str, Any] = {"id": msg_id, "method": method, "params": params or {}}
        if session_id:
            msg["sessionId"] = session_id
        self._ws.send(json.dumps(msg))
        deadline = time.monotonic() + timeout
        while True:
            msg = self._recv(deadline, f"reply to {method}")
            if msg.get("id") == msg_id:
                if "error" in msg:
                    raise BrowserError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def _recv(self, deadline: float, waiting_for: str) -> dict:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise BrowserError(f"timed out waiting for {waiting_for}")
        try:
            raw = self._ws.recv(timeout=remaining)
        except TimeoutError:
            raise BrowserError(f"timed out waiting for {waiting_for}") from None
        msg = json.loads(raw)
        if "method" in msg:
            self._on_event(msg)
        return msg

    def _on_event(self, msg: dict) -> None:
        self._events.append(msg)
        page = self._pages.get(msg.get("sessionId", ""))
        if page is None:
            return
        method, params = msg["method"], msg.get("params", {})
        if method == "Runtime.exceptionThrown":
            page.errors.append(ConsoleError("exception", _exception_text(params["exceptionDetails"])))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(_remote_text(a) for a in params.get("args", []))
            page.errors.append(ConsoleError("console", f"console.{params['type']}: {text}"))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            where = f" ({entry['url']})" if entry.get("url") else ""
            page.errors.append(ConsoleError("log", f"{entry.get('source', '?')}: {entry.get('text', '')}{where}"))

    def _wait_event(self, method: str, session_id: str, deadline: float, seen_from: int) -> dict:
        while True:
            for msg in self._events[seen_from:]:
                if msg["method"] == method and msg.get("sessionId") == session_id:
                    return msg
            seen_from = len(self._events)
            self._recv(deadline, method)

    # --- pages -----------------------------------------------------------------------------------------

    def open(self, url: str, timeout: float | None = None) -> Page:
        """A new tab at `url`, after its load event; console errors are collected from before navigation."""
        timeout = timeout or self.timeout
        deadline = time.monotonic() + timeout
        target_id = self.send("Target.createTarget", {"url": "about:blank"}, timeout=timeout)["targetId"]
        session_id = self.send("Target.attachToTarget", {"targetId": target_id, "flatten": True},
                               timeout=timeout)["sessionId"]
        page = Page(self, session_id)
        self._pages[session_id] = page
        for domain in ("Page", "Runtime", "Log"):
            page.send(f"{domain}.enable", timeout=timeout)
        mark = len(self._events)
        nav = page.send("Page.navigate", {"url": url}, timeout=timeout)
        if nav.get("errorText"):
            raise BrowserError(f"navigation to {url} failed: {nav['errorText']}")
        self._wait_event("Page.loadEventFired", session_id, deadline, mark)
        return page


def file_url(path: Path) -> str:
    return Path(path).resolve().as_uri()


def _remote_text(obj: dict) -> str:
    if "value" in obj:
        return str(obj["value"])
    return obj.get("description") or obj.get("unserializableValue") or obj.get("type", "?")


def _exception_text(details: dict) -> str:
    exc = details.get("exception") or {}
    text = exc.get("description") or details.get("text", "exception")
    where = f" at {details['url']}:{details.get('lineNumber', 0) + 1}" if details.get("url") else ""
    return f"{text.splitlines()[0] if text else 'exception'}{where}"
