"""The app in a real Chromium: `fishtable serve`, a two-human game, a second tab, a foreign page.

Needs Chromium from the system (`apt-get install -y chromium`; .ci/run installs
it) and Playwright (the `test` extra); skips with the reason otherwise. Every
step waits for screen text, with a time limit.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.tui.data_folder import AUTOSAVE_NAME
from tests.web.browser import Tab, find_chromium, launch
from tests.web.serving import ServedTable

pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine: apt-get install -y chromium (see the README)"
)

TAKEN = "A table is already open in another window."
# Words only a seat's private screens or the handoff show.
PRIVATE_WORDS = ("PRIVATE", "Pass the keyboard", "choose your rods and baits")

FOREIGN_PAGE = """<!DOCTYPE html><html><body><script>
const socket = new WebSocket("ws://127.0.0.1:%d/ws?width=80&height=24");
socket.onopen = () => { document.title = "opened"; };
socket.onclose = () => { if (document.title !== "opened") document.title = "refused"; };
</script></body></html>"""


@contextmanager
def foreign_site(page: str) -> Iterator[str]:
    """Another web site, on a loopback port of its own, whose one page is `page`; its address."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def session_seconds(data_dir: Path) -> float:
    return float(json.loads((data_dir / "session.json").read_text())["match_seconds"])


def written(data_dir: Path) -> tuple[int, int]:
    """Which write of the session file is on disk: every save replaces the file (a new inode)."""
    stat = (data_dir / "session.json").stat()
    return stat.st_ino, stat.st_mtime_ns


def two_seats(tab: Tab) -> None:
    """On the setup screen (the first name has the focus): the seat count from 3 to 2."""
    tab.wait_for("Seat 3")
    tab.press("Shift+Tab", "Enter")  # back to the seat count, and open its list
    tab.wait_for("2 players")
    tab.press("ArrowUp", "Enter")
    tab.wait_gone("Seat 3")


def cast_in_secret(tab: Tab, player: str) -> str:
    """From the pass screen to `player`: unlock, put a rod and a bait in, cast. The private screen's text."""
    tab.wait_for(f"Pass the keyboard to {player}")
    tab.wait_for("only you can see the")  # armed: a key pressed earlier would be dropped
    tab.press("Enter")
    private = tab.wait_for("PRIVATE")
    assert player in private
    tab.press("1")  # a card's number puts it into the cast: once, it acts at once (the key rule)
    tab.wait_for("(1 rod)")
    tab.press("4")
    tab.wait_for("(1 bait card)")
    tab.press("Enter")
    tab.wait_gone("choose your rods and baits")
    return private


@pytest.mark.slow
def test_two_humans_play_in_chromium_and_a_second_tab_sees_no_table(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with sync_api.sync_playwright() as playwright, ServedTable(data_dir) as served:
        browser = launch(playwright, CHROMIUM)
        first = Tab(browser, served.url)
        menu = first.wait_for("Crazy Fishing")
        assert "Fishing Party" in menu and TAKEN not in menu

        first.press("Enter")  # the first game of the menu
        first.wait_for("seat the players")
        two_seats(first)
        first.press("Control+s")
        handoff = first.wait_for("Pass the keyboard to Player 1")

        # A second tab while the game runs: the plain screen, nothing of the game.
        second = Tab(browser, served.url)
        taken = second.wait_for(TAKEN)
        for words in (*PRIVATE_WORDS, "Crazy Fishing", "Continue"):
            assert words not in taken

        cast_in_secret(first, "Player 1")
        cast_in_secret(first, "Player 2")
        # The last cast needs no cover to press. The deal is random: the public table hides the
        # cast (a public catch, or the table handing Player 1 the keyboard), or Player 2, first to
        # fish with a private step (a Fish Finder look), keeps the keyboard: the reveal on its screen.
        first.wait_gone("choose your rods and baits")
        after = first.wait_for("Catch order")
        assert "Player 1" in handoff and "Player 2" in after
        if "PRIVATE" in after:
            # The terminal draws a screen in pieces: its prompt may come after the catch order.
            after = first.wait_for("Player 2's turn to fish")
            assert "PRIVATE: Player 2" in after, after
            assert "Catch order: Player 2 → Player 1" in after, after
            assert "Pass the keyboard" not in after and "choose your rods and baits" not in after, after
        else:
            assert not any(words in after for words in PRIVATE_WORDS), after

        # The second tab never saw more than the plain screen.
        assert TAKEN in second.text()

        # A page from another site (served on this machine too, so that Chromium lets it try)
        # cannot open the table's websocket: the server refuses its Origin.
        with foreign_site(FOREIGN_PAGE % served.port) as site:
            foreign = browser.new_context()
            page = foreign.new_page()
            page.goto(site)
            page.wait_for_function("() => document.title !== ''", timeout=20_000)
            assert page.title() == "refused"
            assert f"Refused a websocket from the origin '{site.rstrip('/')}'" in served.output()
            foreign.close()

        # Closing the first tab saves the game with its clock and frees the table.
        assert all(url.startswith(served.url) for url in first.requests), first.requests
        first.close()
        second.press("Enter")  # try again, now that the other window is gone
        menu = second.wait_for("Continue the saved game")
        played = session_seconds(data_dir)
        assert played > 0

        # Stopping the server with a game open: within 3 s, saved with its clock.
        second.press("Enter")
        # The game's own screens: the public table, or the cover before a private catch turn (a
        # Fish Finder's look). Not the word "catch", which the menu's blurbs show too: waiting for
        # it could stop the server before the game was continued, with no clock to save.
        shown = second.wait_for_any("Catch order", "Pass the keyboard to")
        assert "Continue the saved game" not in shown
        assert "PRIVATE" not in shown and "choose your rods and baits" not in shown, shown
        # Continuing wrote the clock down once already; the way out must write it again. The
        # clock is kept to a tenth of a second, which a quick machine may not have played yet,
        # so the proof is a new file (written atomically: a new inode), not a larger number.
        continued = written(data_dir)
        took = served.stop()
        assert took < 3.0, served.output()
        # The app saved on its way out (on a loaded machine it may finish just after the server).
        deadline = time.monotonic() + 10
        while written(data_dir) == continued and time.monotonic() < deadline:
            time.sleep(0.05)
        assert written(data_dir) != continued, "the app did not save its clock on its way out"
        assert session_seconds(data_dir) >= played
        browser.close()


def nearly_finished(moves_left: int) -> Match:
    """A game of computer seats, played (seeded) to `moves_left` moves before its end."""
    def replay(moves: int | None) -> tuple[Match, int]:
        game = load_game("crazy-fishing")
        seats = [SeatInfo(name=name, bot="random") for name in ("Ana", "Ben")]
        match = Match.start(game, game.options_model()(), seats, 11)
        rng = random.Random(5)
        played = 0
        while not match.is_over and (moves is None or played < moves):
            seat = min(match.pending())
            match.apply(seat, rng.choice(match.legal_actions(seat)))
            played += 1
        return match, played

    _, total = replay(None)
    match, _ = replay(max(total - moves_left, 0))
    assert not match.is_over
    return match


def test_a_game_is_played_to_its_results_in_chromium(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    nearly_finished(moves_left=4).save(data_dir / AUTOSAVE_NAME)
    with sync_api.sync_playwright() as playwright, ServedTable(data_dir) as served:
        browser = launch(playwright, CHROMIUM)
        tab = Tab(browser, served.url)
        tab.wait_for("Continue the saved game")
        tab.press("Enter")  # Continue: the computer seats play the rest
        tab.wait_gone("Continue the saved game")
        results = tab.wait_for_any("wins!", "share the victory", timeout=60_000)
        assert "Ana" in results and "Ben" in results
        browser.close()
    # The finished game left nothing to continue.
    assert not (data_dir / AUTOSAVE_NAME).exists()
