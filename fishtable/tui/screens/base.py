"""What every full screen of the app shares: a Footer, help, and the too-small guard."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import Screen

from fishtable.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall


class FishScreen(Screen):
    """A screen that hides its content behind a message when the terminal is too small."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "app.help", "Help"),
        Binding("ctrl+q", "app.request_quit", "Quit", priority=True),
    ]

    def on_mount(self) -> None:
        self.mount(TooSmall())
        self._check_size()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys typed ahead can reach a screen that was just pushed, before its widgets
        # exist (Enter then Ctrl+S on the menu): its own actions wait until it is mounted.
        return self.is_mounted

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()
        flow = getattr(self, "flow", None)
        if flow is not None:  # a game screen is back on top: let a waiting step go on
            flow.resume()

    def _check_size(self) -> None:
        width, height = self.app.size
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
