"""`update_text`: new words on a Static, the screen laid out again only when its size may change."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from fishtable.tui.widgets.fit import update_text
from tests.tui.screen_text import screen_text


class Words(App[None]):
    CSS = "#auto { width: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one line", id="line")
            yield Static("short", id="auto")
            yield Static("below", id="below")


def layouts(widget: Static, monkeypatch: pytest.MonkeyPatch, refreshes: list[bool] | None = None) -> list[bool]:
    """Each refresh of `widget` that asked for a layout (and each refresh at all, in `refreshes`)."""
    asked: list[bool] = []
    refresh = widget.refresh

    def spy(*regions: Any, **kwargs: Any) -> Static:
        if kwargs.get("layout"):
            asked.append(True)
        if refreshes is not None:
            refreshes.append(bool(kwargs.get("layout")))
        return refresh(*regions, **kwargs)

    monkeypatch.setattr(widget, "refresh", spy)
    return asked


async def test_words_of_the_same_height_are_drawn_without_a_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Words()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()  # laid out once: what follows is an update of a widget on screen
        line = app.query_one("#line", Static)
        refreshes: list[bool] = []
        asked = layouts(line, monkeypatch, refreshes)
        update_text(line, Text("other words"))
        await pilot.pause()
        assert "other words" in screen_text(app)
        assert asked == [] and refreshes
        drawn = len(refreshes)
        update_text(line, Text("other words"))  # the same words: nothing at all
        assert len(refreshes) == drawn


async def test_a_new_height_lays_the_screen_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Words()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()  # laid out once: what follows is an update of a widget on screen
        line = app.query_one("#line", Static)
        asked = layouts(line, monkeypatch)
        update_text(line, Text("first\nsecond\nthird"))
        await pilot.pause()
        assert asked
        assert line.size.height == 3
        text = screen_text(app).splitlines()
        assert [row.strip() for row in text[:4]] == ["first", "second", "third", "short"]
        before = len(asked)
        update_text(line, "x " * 30)  # a long line wraps to two: the height changes again
        await pilot.pause()
        assert line.size.height == 2 and len(asked) > before


async def test_a_widget_as_wide_as_its_words_is_laid_out_for_every_change(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Words()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()  # laid out once: what follows is an update of a widget on screen
        auto = app.query_one("#auto", Static)
        asked = layouts(auto, monkeypatch)
        update_text(auto, "abc")  # still one line at the old width, but narrower
        await pilot.pause()
        assert asked and auto.size.width == len("abc")
