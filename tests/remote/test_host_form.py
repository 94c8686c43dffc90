"""The real `fishtable host` with no seats, in a pseudo-terminal: the setup form, then the links,
then the seat played here opens on this terminal, with no pass screen for one person."""

from __future__ import annotations

import re
import signal
from pathlib import Path

from tests.tui.test_signals import Terminal
from tests.web.serving import free_port


def press_until(term: Terminal, keys: bytes, text: bytes, tries: int = 5) -> None:
    """Type `keys` until `text` appears (a screen that has just appeared may not take keys yet)."""
    for _ in range(tries):
        term.type(keys)
        try:
            term.wait_for(text, seconds=3)
            return
        except AssertionError:
            continue
    term.wait_for(text, seconds=1)


def test_the_form_deals_prints_the_remote_link_and_the_seat_here_plays_here(tmp_path: Path) -> None:
    port = free_port()
    term = Terminal(tmp_path / "data", "host", "--game", "crazy-fishing", "--port", str(port),
                    "--save-dir", str(tmp_path / "table"), "--seed", "5")
    try:
        term.wait_for(b"seat the players", 30)
        # The form's first seats: Player 1 here, Player 2 by link, Player 3 the computer.
        press_until(term, b"\x13", b"Send each player their own link")  # Ctrl+S deals
        term.wait_for(b"Press Enter to take your seat here")
        text = term.output.decode(errors="replace")
        links = re.findall(r"Player 2:\r?\n    (http://127\.0\.0\.1:\d+/join/\S+)", text)
        assert len(links) == 1 and f":{port}/join/" in links[0]
        assert not re.search(r"Player 1:\r?\n    http", text)  # the seat here has no link to send
        assert "Player 1 plays at this keyboard" in text
        press_until(term, b"\r", b"choose your rods and baits")  # Player 1's own cast, no pass screen
        assert b"Pass the keyboard" not in term.output
        term.proc.send_signal(signal.SIGTERM)
        assert term.wait_exit(30) == 0
    finally:
        term.close()
    assert (tmp_path / "table" / "table.json").exists()
