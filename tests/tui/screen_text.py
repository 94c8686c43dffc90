"""Plain text of what a Textual app shows right now (the same render as its screenshots)."""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App


def screen_text(app: App) -> str:
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True,
        legacy_windows=False, color_system=None, force_terminal=False,
    )
    console.print(
        app.screen._compositor.render_update(
            full=True, screen_stack=app._background_screens, simplify=True
        )
    )
    return console.export_text()
