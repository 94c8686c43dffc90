"""The first screen stays light: the menu shows titles and player ranges from the registry,
and loads no engine, plug-in, bot or pydantic model before it is painted."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from fishtable.tui.app import FishtableApp

from .helpers import make_match, settle

ROOT = Path(__file__).resolve().parents[2]

# In a fresh process: start the app, and list the modules loaded once the menu is up.
MENU_MODULES = """
import asyncio, sys, tempfile
from fishtable.tui.app import FishtableApp

async def main():
    app = FishtableApp(data_dir=tempfile.mkdtemp())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "MenuScreen", app.screen
        print("\\n".join(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_menu_loads_no_engine_plugin_bot_or_pydantic():
    done = subprocess.run([sys.executable, "-c", MENU_MODULES], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    assert done.returncode == 0, done.stderr
    modules = set(done.stdout.split())
    assert "fishtable.tui.screens.menu" in modules  # the listing is real
    unwanted = ("fishtable.games", "fishtable.plugins", "fishtable.bots", "fishtable.engine.match")
    # Nor the Markdown parser of the help and rules screens (a third of an empty app's start-up).
    heavy = sorted(m for m in modules if m.split(".")[0] in ("pydantic", "markdown_it") or m.startswith(unwanted))
    assert heavy == []


async def test_temporary_files_of_an_interrupted_save_go_when_a_game_starts(tmp_path: Path) -> None:
    stale = tmp_path / ".autosave.json.abc123.tmp"
    stale.write_text("half a sa", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert stale.exists()  # left alone while only the menu is shown
        app.begin_match(make_match())
        await settle(pilot)
        assert not stale.exists()
