"""Run the real `fishtable host` on a free loopback port and read the links it prints.

Used by the browser-seat tests. Every wait waits for a condition with a deadline.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

from tests.web.serving import free_port

STARTUP_SECONDS = 30.0
LINK = re.compile(r"^  (.+?):\r?\n    (http://\S+)$", re.MULTILINE)


class HostedTable:
    """`fishtable host ARGS --port PORT --save-dir DIR` in its own process group, stopped on leaving;
    `links` maps each printed name (and "The public table (for a shared screen)") to its link."""

    def __init__(self, folder: Path, args: list[str]) -> None:
        self.folder = folder
        self.port = free_port()
        self.args = args
        self.log_path = folder / f"host-{self.port}.log"
        self.links: dict[str, str] = {}
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> HostedTable:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("TEXTUAL", None)
        self.log = open(self.log_path, "wb")  # closed in __exit__
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fishtable", "--data-dir", str(self.folder / "data"), "host", *self.args,
             "--port", str(self.port), "--save-dir", str(self.folder / "table")],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, start_new_session=True,
        )
        deadline = time.monotonic() + STARTUP_SECONDS
        while "Ctrl+C stops it" not in self.output():
            if self.proc.poll() is not None:
                raise AssertionError(f"fishtable host exited at once:\n{self.output()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"fishtable host printed no links within {STARTUP_SECONDS} s:\n{self.output()}")
            time.sleep(0.05)  # polling the log for the links, bounded by the deadline
        self.links = {name: link for name, link in LINK.findall(self.output())}
        return self

    def output(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self, seconds: float = 10.0) -> float:
        """SIGTERM the host; how long it took to exit."""
        assert self.proc is not None
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired as exc:
            raise AssertionError(f"fishtable host did not stop within {seconds} s:\n{self.output()}") from exc
        return time.monotonic() - start

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the host and any join app it started
            self.proc.wait()
        self.log.close()
