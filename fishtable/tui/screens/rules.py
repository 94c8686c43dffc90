"""The rules, scrollable Markdown from assets/rules/<game>.md."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from fishtable.assets import asset_path
from fishtable.tui.screens.base import FishScreen


def rules_text(game: str) -> str:
    path = asset_path("rules", f"{game}.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules\n\nThe rules of this game are not written yet ({path.name})."


class RulesScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
    ]

    def __init__(self, game: str = "crazy-fishing") -> None:
        super().__init__()
        self.game = game

    def compose(self):
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_text(self.game), id="rules")
        yield Footer()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
