"""The rules of every game, one tab each, from assets/rules/<game>.md."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown, TabbedContent, TabPane

from fishtable.engine.assets import asset_path
from fishtable.engine.registry import GAMES
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter


def rules_text(game: str) -> str | None:
    path = asset_path("rules", f"{game}.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


class RulesScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("left", "tab(-1)", "Other game", show=False),
        Binding("right", "tab(1)", "Other game"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.texts = {e.name: (e.title, text) for e in GAMES if (text := rules_text(e.name)) is not None}
        self.game = game if game in self.texts else next(iter(self.texts), None)

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=f"rules-{self.game}" if self.game else ""):
            for name, (title, text) in self.texts.items():
                with TabPane(title, id=f"rules-{name}"), VerticalScroll(classes="rules-scroll"):
                    yield Markdown(text, classes="rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.game is not None:
            self.query_one(f"#rules-{self.game} .rules-scroll", VerticalScroll).focus()

    def action_scroll(self, lines: int) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active:
            self.query_one(f"#{tabs.active} .rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_tab(self, delta: int) -> None:
        tabs = self.query_one(TabbedContent)
        names = [f"rules-{name}" for name in self.texts]
        if tabs.active in names:
            tabs.active = names[(names.index(tabs.active) + delta) % len(names)]
            self.query_one(f"#{tabs.active} .rules-scroll", VerticalScroll).focus()
