"""Serve the app, drive it in the system's Chromium and save PNG screenshots into screenshots/.

    python scripts/web_screenshots.py

Needs the test extra (`pip install -e '.[test]'`: textual-serve and Playwright)
and Chromium (`apt-get install -y chromium`). Writes web-menu.png (the menu in a
browser tab) and web-pass.png (passing the keyboard before a secret cast).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import Tab, find_chromium, launch  # noqa: E402
from tests.web.serving import ServedTable  # noqa: E402

OUT = ROOT / "screenshots"
SIZE = (1200, 720)


def main() -> int:
    chromium = find_chromium()
    if chromium is None:
        print("No Chromium found: apt-get install -y chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright  # lazy: only this script and the tests need it

    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright, \
            ServedTable(Path(folder) / "data") as served:
        browser = launch(playwright, chromium)
        tab = Tab(browser, served.url, *SIZE)
        tab.wait_for("Crazy Fishing")
        tab.wait_for("Quit")
        tab.screenshot(OUT / "web-menu.png")
        tab.press("Enter")
        tab.wait_for("seat the players")
        tab.press("Control+s")
        tab.wait_for("Pass the keyboard to Player 1")
        tab.wait_for("only you can see the")
        tab.screenshot(OUT / "web-pass.png")
        browser.close()
    print(f"wrote {OUT / 'web-menu.png'} and {OUT / 'web-pass.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
