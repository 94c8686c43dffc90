"""The app's footer is rebuilt when its keys change, and only then."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from fishtable.tui.widgets.footer import KeysFooter
from tests.tui.helpers import until


class Offer(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "stop", "Stop after hand"), Binding("h", "hint", "Hint")]

    def __init__(self) -> None:
        super().__init__()
        self.stop_offered = True

    def compose(self) -> ComposeResult:
        yield Static("table")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.stop_offered if action == "stop" else True


class OfferApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Offer())


def key_widgets(screen: Screen[None]) -> list[object]:
    return list(screen.query_one(KeysFooter).children)


def words(screen: Screen[None]) -> str:
    return " ".join(str(key.render()) for key in screen.query_one(KeysFooter).children)


async def test_the_footer_keeps_its_keys_when_they_did_not_change_and_follows_them_when_they_do() -> None:
    app = OfferApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Offer)
        assert await until(pilot, lambda: "Stop after hand" in words(screen))
        before = key_widgets(screen)
        screen.refresh_bindings()  # nothing changed: the same key widgets stay
        await pilot.pause()
        await pilot.pause()
        assert key_widgets(screen) == before and all(a is b for a, b in zip(key_widgets(screen), before, strict=True))
        screen.stop_offered = False
        screen.refresh_bindings()
        assert await until(pilot, lambda: "Stop after hand" not in words(screen))
        assert "Hint" in words(screen)
        screen.stop_offered = True
        screen.refresh_bindings()
        assert await until(pilot, lambda: "Stop after hand" in words(screen))
