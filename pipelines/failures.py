"""Failures in one line: the root cause (the innermost exception: the last `cause` of Dagster's error chain,
or of Python's `__cause__` / `__context__`), its class and message, where it happened, and what to do. The
full traceback goes to a log file whose path the line gives (`<warehouse folder>/logs/`, else the system's
temporary folder when that cannot be written, e.g. on a full disk).

What to do is read from the cause, not guessed from the step: a full disk (ENOSPC) says which folder to free,
a busy warehouse which file to close, a damaged warehouse file how to restore it (warehouse/restore.py),
DuckDB out of memory which setting to raise. Anything else is a bug: the line says so, and the log has it.
"""

import errno
import re
import signal
import tempfile
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

DAMAGE_MARKS = (
    "could not read enough bytes",
    "not a valid duckdb database",
    "corrupt",
    "checksum",
    "failure while replaying wal",
    "truncated",
)


def root_info(error):
    """The innermost error of a Dagster SerializableErrorInfo chain: its last `cause` (then the `context`,
    the error being handled when it was raised)."""
    while (inner := error.cause or error.context) is not None:
        error = inner
    return error


def root_exception(exc: BaseException) -> BaseException:
    """The innermost exception of a Python chain (explicit cause first, else the implicit context unless
    suppressed with `from None`)."""
    seen = {id(exc)}
    while (
        inner := exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    ) is not None and id(inner) not in seen:
        seen.add(id(inner))
        exc = inner
    return exc


def first_line(text: str) -> str:
    return (text.strip().splitlines() or [""])[0].strip()


def is_damaged(cls_name: str, message: str) -> bool:
    """DuckDB could not read the file's own bytes (not a lock, not a full disk)."""
    text = message.lower()
    if "no space left" in text or "lock" in text:
        return False
    name = cls_name.rsplit(".", 1)[-1]
    if name == "WarehouseDamagedError":
        return True
    return name in ("IOException", "SerializationException", "InternalException", "Error") and any(
        mark in text for mark in DAMAGE_MARKS
    )


def is_full_disk(cls_name: str, message: str) -> bool:
    text = message.lower()
    return "no space left on device" in text or "disk is full" in text or f"[Errno {errno.ENOSPC}]" in message


INTERRUPTED = "interrupted (Ctrl-C or a stop signal): run the same command again to go on"


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While a command runs, SIGTERM (a scheduler's stop) interrupts it as Ctrl-C does, so that it stops at once with
    its one line instead of dying where it stands (code review); the handler before is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def is_interrupted(cls_name: str, message: str) -> bool:
    """The run was stopped by the user or a scheduler (Ctrl-C, SIGTERM), not by an error: Dagster's interrupt, or a
    DuckDB query it cut short (thirty-sixth review, an operator: "this is a bug" after Ctrl-C)."""
    name = cls_name.rsplit(".", 1)[-1]
    return name in ("DagsterExecutionInterruptedError", "KeyboardInterrupt", "InterruptException") or (
        "query interrupted" in message.lower() and name == "RuntimeError"
    )


def advice(cls_name: str, message: str) -> str:
    """What the user should do about an error of class `cls_name` with `message`."""
    from warehouse.paths import db_path

    name = cls_name.rsplit(".", 1)[-1]
    if is_interrupted(cls_name, message):
        return INTERRUPTED
    if is_full_disk(cls_name, message):
        if "database or disk is full" in message:  # SQLite: Dagster's run history
            from warehouse.environment import env_text

            return f"free disk space at {env_text('DAGSTER_HOME') or 'DAGSTER_HOME'} (the run history) and run again"
        return f"free disk space at {db_path().parent} (the warehouse folder) and run again"
    if name == "WarehouseBusyError" or ("lock" in message.lower() and name == "IOException"):
        return f"close the process holding {db_path()} (named above), or wait for it to finish"
    if is_damaged(cls_name, message):
        from warehouse.restore import restore_advice

        return restore_advice(db_path())
    if name == "OutOfMemoryException":
        return "raise GPU_MARKET_DUCKDB_MEMORY (e.g. 1.5GB) or free memory"
    return "this is a bug: the traceback is in the log"


def log_folder() -> Path:
    from warehouse.paths import db_path

    return db_path().parent / "logs"


def save_log(name: str, text: str) -> Path | None:
    """Write `text` to `<logs>/<name>-<UTC time>.log` (or the temporary folder when that fails); its path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for folder in (log_folder(), Path(tempfile.gettempdir())):
        path = folder / f"gpu-market-{name}-{stamp}.log"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            return path
        except OSError:
            path.unlink(missing_ok=True)
    return None


def where_logged(path: Path | None) -> str:
    return f"traceback: {path}" if path else "traceback not saved: no folder could be written"


def sentence(where: str | None, cls_name: str, message: str) -> str:
    """`where: Class: message: what to do` (the class and message of the root cause)."""
    short = cls_name.rsplit(".", 1)[-1]
    line = re.sub(
        rf"^(?:[\w.]+\.)?{re.escape(short)}:\s*", "", first_line(message)
    )  # Dagster's begins with the class
    text = f"{short}: {line}" if line else short
    return f"{where + ': ' if where else ''}{text}: {advice(cls_name, message)}"


def exception_line(exc: BaseException, name: str) -> str:
    """One line for an exception that ended a command (outside Dagster's steps), its traceback logged."""
    root = root_exception(exc)
    log = save_log(name, "".join(traceback.format_exception(exc)))
    return f"{sentence(None, type(root).__name__, str(root))} ({where_logged(log)})"
