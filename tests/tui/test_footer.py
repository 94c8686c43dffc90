"""The app's footer shows the keys its screen offers, as Textual's footer would, repaints only
when they change, and a click on a key presses it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from fishtable.tui.widgets.footer import KeysFooter
from tests.tui.helpers import until


class CountingFooter(KeysFooter):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def render(self) -> Text:
        self.paints += 1
        return super().render()


class Offer(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "stop", "Stop after hand"), Binding("h", "hint", "Hint"),
        Binding("escape", "hint", "Hint"),  # a second key for the same action: not shown twice
        Binding("d", "deal", "Deal"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.stop_offered: bool | None = True
        self.stopped = self.hints = self.deals = 0

    def compose(self) -> ComposeResult:
        yield Static("table")
        yield CountingFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return self.stop_offered
        return None if action == "deal" else True  # deal: shown, but not now

    def action_stop(self) -> None:
        self.stopped += 1

    def action_hint(self) -> None:
        self.hints += 1

    def action_deal(self) -> None:
        self.deals += 1


class OfferApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Offer())


def footer(screen: Screen[None]) -> CountingFooter:
    return screen.query_one(CountingFooter)


def words(screen: Screen[None]) -> str:
    return footer(screen).render().plain


async def test_the_footer_shows_each_action_s_first_key_and_repaints_only_when_they_change() -> None:
    app = OfferApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Offer)
        assert await until(pilot, lambda: "Stop after hand" in words(screen))
        assert words(screen).split() == ["x", "Stop", "after", "hand", "h", "Hint", "d", "Deal"]
        # Deal is offered but not now: dimmed, as Textual's footer shows a disabled key.
        line = footer(screen).render()
        deal = line.plain.index(" d ")
        assert any(span.style.dim for span in line.spans if span.start <= deal < span.end)
        assert not any(span.style.dim for span in line.spans if span.start <= 1 < span.end)
        await pilot.pause()
        paints = footer(screen).paints
        screen.refresh_bindings()  # nothing changed: no repaint
        await pilot.pause()
        await pilot.pause()
        assert footer(screen).paints == paints
        screen.stop_offered = False
        screen.refresh_bindings()
        assert await until(pilot, lambda: footer(screen).paints > paints)
        assert "Stop after hand" not in footer(screen).render().plain and "Hint" in words(screen)
        screen.stop_offered = True
        screen.refresh_bindings()
        assert await until(pilot, lambda: "Stop after hand" in words(screen))


async def test_a_click_on_a_key_presses_it_and_a_dimmed_key_does_nothing() -> None:
    app = OfferApp()
    async with app.run_test(size=(60, 10)) as pilot:
        screen = app.screen
        assert isinstance(screen, Offer)
        assert await until(pilot, lambda: "Hint" in words(screen))
        text = words(screen)
        await pilot.click(CountingFooter, offset=(text.index("Hint"), 0))
        assert await until(pilot, lambda: screen.hints == 1)
        await pilot.click(CountingFooter, offset=(text.index("Stop"), 0))
        assert await until(pilot, lambda: screen.stopped == 1)
        await pilot.click(CountingFooter, offset=(text.index("Deal"), 0))
        await pilot.pause()
        assert screen.deals == 0 and screen.hints == 1 and screen.stopped == 1
