"""Run the real `fishtable serve` on a free loopback port, and talk to it like a browser would.

Used by the web tests and by scripts/web_screenshots.py. Every wait here waits
for a condition with a deadline, never for a fixed time.
"""

from __future__ import annotations

import base64
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType

STARTUP_SECONDS = 20.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServedTable:
    """`fishtable --data-dir DIR serve --port PORT` in its own process group, stopped on leaving."""

    def __init__(self, data_dir: Path, port: int | None = None, log: Path | None = None) -> None:
        self.data_dir = data_dir
        self.port = port if port is not None else free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = log if log is not None else data_dir.parent / f"serve-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> ServedTable:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}  # the log is read while the server runs
        env.pop("TEXTUAL", None)
        self.log = open(self.log_path, "wb")  # closed in __exit__
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fishtable", "--data-dir", str(self.data_dir),
             "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=True,
        )
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(f"fishtable serve exited at once:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)  # polling for the port to open, bounded by the deadline
        raise AssertionError(f"fishtable serve did not answer within {STARTUP_SECONDS} s:\n{self.output()}")

    def output(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self, seconds: float = 10.0) -> float:
        """SIGTERM the server (as a service manager would); how long it took to exit."""
        assert self.proc is not None
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired as exc:
            raise AssertionError(f"fishtable serve did not stop within {seconds} s") from exc
        return time.monotonic() - start

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self.proc is not None and self.proc.poll() is None:
            # The whole group: the server and any app process it left behind.
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.log.close()


class Socket:
    """A websocket, as far as a test needs one: it reads what the app sends, and never answers."""

    def __init__(self, conn: http.client.HTTPConnection, answer: http.client.HTTPResponse) -> None:
        self.conn = conn
        self.answer = answer
        self.received = b""

    def wait_for(self, words: bytes, seconds: float = 30.0) -> None:
        """Read the app's screen output until `words` show up in it (frames and escapes left in)."""
        deadline = time.monotonic() + seconds
        sock = self.conn.sock
        assert sock is not None
        while words not in self.received:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{words!r} never came; got {len(self.received)} bytes")
            sock.settimeout(left)
            chunk = self.answer.fp.read1(65536) if self.answer.fp is not None else b""
            if not chunk:
                raise AssertionError(f"the socket closed before {words!r} came")
            self.received += chunk

    def close(self) -> None:
        self.conn.close()


def open_socket(port: int) -> Socket:
    """A websocket from the page's own origin: one app session."""
    status, conn = open_websocket(port, f"http://127.0.0.1:{port}")
    assert status == 101, status
    assert isinstance(conn.answer, http.client.HTTPResponse)  # type: ignore[attr-defined]
    return Socket(conn, conn.answer)  # type: ignore[attr-defined]


def open_websocket(port: int, origin: str | None, host: str | None = None) -> tuple[int, http.client.HTTPConnection]:
    """A websocket handshake as a browser sends it; (the status code, the open connection)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {
        "Host": host or f"127.0.0.1:{port}",
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
    }
    if origin is not None:
        headers["Origin"] = origin
    conn.request("GET", "/ws?width=100&height=30", headers=headers)
    answer = conn.getresponse()
    conn.answer = answer  # type: ignore[attr-defined]  # kept for Socket: it holds what came after the headers
    return answer.status, conn
