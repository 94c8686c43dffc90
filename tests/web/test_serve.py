"""`fishtable serve` without a browser: the page it serves, the websocket's origin check, stopping."""

from __future__ import annotations

import os
import re
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from tests.web.serving import ServedTable, open_socket, open_websocket

pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")

# Every address the page could make the browser fetch: attributes and CSS url(...).
URL_PATTERNS = (
    re.compile(r"""(?:src|href|action|data-[a-z-]*url)\s*=\s*["']([^"']*)["']""", re.IGNORECASE),
    re.compile(r"""(?<![\w.])url\(\s*["']?([^"')]+)["']?\s*\)"""),  # CSS, not JavaScript's new URL(...)
    re.compile(r"""@import\s+["']([^"']+)["']""", re.IGNORECASE),
)


def page_urls(html: str) -> list[str]:
    return [url for pattern in URL_PATTERNS for url in pattern.findall(html) if url]


def children(pid: int) -> set[int]:
    """The processes `pid` started (Linux)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found |= {int(n) for n in text.split()}
    return found


def ended(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" in status.read_text()


def gone(pid: int, seconds: float = 5.0) -> bool:
    """Has `pid` ended, or does it within `seconds` (an app told to quit may finish just after the server)?"""
    deadline = time.monotonic() + seconds
    while not ended(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def served(tmp_path: Path):
    with ServedTable(tmp_path / "data") as table:
        yield table


def test_the_page_names_no_other_server(served: ServedTable) -> None:
    with urllib.request.urlopen(served.url, timeout=10) as answer:
        html = answer.read().decode()
    urls = page_urls(html)
    assert any("fonts/RobotoMono" in url for url in urls), urls  # the font is there, from here
    for url in urls:
        assert url.startswith("/") or url.startswith((f"ws://127.0.0.1:{served.port}/", served.url)), url
    # No other absolute address anywhere in the page, in any form: only its own websocket.
    assert set(re.findall(r"""(?:https?|wss?)://[^\s"'<>]*""", html)) == {f"ws://127.0.0.1:{served.port}/ws"}
    assert "googleapis" not in html and "//fonts." not in html
    for url in urls:
        if url.startswith("/static/"):
            with urllib.request.urlopen(served.url.rstrip("/") + url, timeout=10) as answer:
                assert answer.status == 200, url
                if url.endswith(".css"):
                    css = answer.read().decode()
                    assert all(u.startswith(("/", "data:")) or "://" not in u for u in page_urls(css)), url


def test_a_foreign_origin_is_refused_and_the_pages_own_is_taken(served: ServedTable) -> None:
    port = served.port
    for origin, host in (
        ("http://evil.example", None),
        (None, None),
        ("null", None),
        (f"http://evil.example:{port}", f"evil.example:{port}"),  # a rebound name
        (f"http://localhost:{port + 1}", None),
    ):
        status, conn = open_websocket(port, origin, host)
        conn.close()
        assert status == 403, origin
    assert served.output().count("Refused a websocket") == 5
    status, conn = open_websocket(port, f"http://127.0.0.1:{port}")
    conn.close()
    assert status == 101


def test_the_server_stops_within_3_seconds_with_sessions_open(served: ServedTable) -> None:
    """Two open sessions whose browsers never answer a close: the server and both apps end in time."""
    assert served.proc is not None
    sockets = [open_socket(served.port) for _ in range(2)]
    for sock in sockets:
        sock.wait_for(b"Quit")  # the app is up and shows its first screen (the menu, or the taken one)
    apps = children(served.proc.pid)
    assert len(apps) == 2, served.output()
    took = served.stop()
    assert took < 3.0, f"{took:.1f} s\n{served.output()}"
    for pid in apps:
        assert gone(pid), f"app {pid} outlived the server"
    for sock in sockets:
        sock.close()


def test_ctrl_c_stops_it_too(served: ServedTable) -> None:
    assert served.proc is not None
    sock = open_socket(served.port)
    sock.wait_for(b"Quit")  # the session's app is up
    start = time.monotonic()
    served.proc.send_signal(signal.SIGINT)
    served.proc.wait(timeout=10)
    assert time.monotonic() - start < 3.0
    sock.close()
