"""The Textual app. `run_app()` starts it; the app imports the engines lazily."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def run_app(card_files: Mapping[str, Path | str] | None = None, data_dir: Path | str | None = None) -> int:
    """Run the app until it quits; `card_files` maps a game to the card file its setup offers."""
    from fishtable.tui.app import FishtableApp

    app = FishtableApp(data_dir=data_dir, card_files=card_files, handle_signals=True)
    code = app.run()
    return code if isinstance(code, int) else 0
