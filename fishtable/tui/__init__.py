"""The Textual app. `run_app()` starts it; the app imports the engines lazily."""

from __future__ import annotations

from pathlib import Path


def run_app(data_dir: Path | str | None = None) -> None:
    from fishtable.tui.app import FishtableApp

    FishtableApp(data_dir=data_dir).run()
