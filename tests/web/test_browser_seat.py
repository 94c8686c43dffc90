"""A remote seat in a real Chromium: the join link opened in the browser plays that seat.

Needs Chromium from the system and Playwright, as tests/web/test_browser.py;
skips with the reason otherwise. Every step waits for screen text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.browser import Tab, find_chromium, launch
from tests.web.hosting import HostedTable

pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine: apt-get install -y chromium (see the README)"
)


def test_a_seat_joins_by_link_in_chromium_and_casts_in_secret(tmp_path: Path) -> None:
    args = ["--game", "crazy-fishing", "--seat", "Elena:remote", "--seat", "Otto:computer", "--seed", "3"]
    with sync_api.sync_playwright() as playwright, HostedTable(tmp_path, args) as hosted:
        link = hosted.links["Elena"]
        assert "Each link opens in a web browser too." in hosted.output()
        browser = launch(playwright, CHROMIUM)
        tab = Tab(browser, link)
        # Her own private decision opens at once: no pass screen, no cover.
        private = tab.wait_for("choose your rods and baits")
        assert "Elena" in private and "Pass the keyboard" not in private
        tab.press("1")  # a card's number puts it into the cast: once, it acts at once (the key rule)
        tab.wait_for("(1 rod)")
        tab.press("4")
        tab.wait_for("(1 bait card)")
        tab.press("Enter")
        tab.wait_gone("choose your rods and baits")
        # The host applied the cast: the public table, on her own screen.
        public = tab.wait_for("Catch order")
        assert "Pass the keyboard" not in public
        assert all(url.startswith(link.split("/join/")[0]) for url in tab.requests), tab.requests
        tab.close()
        browser.close()
        took = hosted.stop()
        assert took < 5.0, hosted.output()
