"""The Textual app. `run_app()` starts it; the app imports the engines lazily."""

from __future__ import annotations

from pathlib import Path


def run_app(card_file: Path | str | None = None, data_dir: Path | str | None = None) -> int:
    """Run the app until it quits; `card_file` is the Crazy Fishing card file new games use."""
    from fishtable.tui.app import FishtableApp

    FishtableApp(data_dir=data_dir, card_file=card_file).run()
    return 0
