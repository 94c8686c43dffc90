"""What every full screen of the app shares: a Footer, help, the too-small guard, arming.

Arming: a screen that can pass the keyboard on or commit a decision takes no
input for a moment after it appears (or after its prompt changes), and never
input typed before that moment. The app drops such keys before any widget
sees them (`input_blocked`, in every app's `on_event`), so a double-tapped Enter can never
answer the next player's screen. While the terminal is too small, the screen
is covered by a message and takes no input either.
"""

from __future__ import annotations

import sys
import time
from typing import ClassVar, Protocol, TypeVar, cast

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from fishtable.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall

# The clock Textual stamps every event's `time` with (documented as a monotonic clock: on
# Windows its finer perf_counter), so a key's time compares with the moment a screen armed.
get_time = time.perf_counter if sys.platform == "win32" else time.monotonic


WidgetT = TypeVar("WidgetT", bound=Widget)


class Resumed(Message):
    """A screen is back on top (a help, rules or question screen closed above it)."""


class ArmedApp(Protocol):
    """What a screen asks of the app that shows it: how long a screen of a kind takes no input."""

    def arming_time(self, kind: str) -> float:
        """Seconds of no input for a "handoff" (pass-the-keyboard) or "decision" screen."""
        ...


class FishScreen(Screen):
    """A screen that hides its content behind a message when the terminal is too small."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "app.help", "Help"),
        Binding("ctrl+q", "app.request_quit", "Quit", priority=True),
    ]
    # Which arming time of the app this screen uses: "handoff", "decision" or None (no arming).
    ARMING: ClassVar[str | None] = None

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.armed_at = 0.0  # input stamped before this moment is dropped
        # Not armed before its first arm (when first shown): a key that comes between the screen's
        # mount and its resume is stamped before that arm, so it is dropped, and `is_armed` says so.
        self.has_armed = False
        self.too_small = False
        # The message is mounted the first time the screen is too small (most never are), and stays.
        self.size_message: TooSmall | None = None
        self.ready_for_message = False

    def on_mount(self) -> None:
        self.ready_for_message = True
        self._check_size()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys typed ahead can reach a screen that was just pushed, before its widgets
        # exist (Enter then Ctrl+S on the menu): its own actions wait until it is mounted.
        return self.is_mounted

    def still_there(self, selector: str, kind: type[WidgetT]) -> WidgetT | None:
        """The widget `selector` of this screen, or None once an exiting app has removed it: a
        screen can be resumed (a quit dialog closed above it), ticked by its timer or called back
        by its worker while the app tears its widgets down."""
        return next(iter(self.query(selector).results(kind)), None)

    # -- arming ------------------------------------------------------------------
    def arm(self, kind: str | None = None) -> None:
        """Take no input for the arming time from now (a new screen, or a new prompt); `kind`
        overrides the screen's own ARMING (a table prompt that passes the keyboard)."""
        kind = kind or self.ARMING
        delay = cast("ArmedApp", self.app).arming_time(kind) if kind else 0.0
        self.armed_at = get_time() + delay
        self.has_armed = True
        if delay:
            self.set_timer(delay, self.on_armed)
        else:
            self.on_armed()

    def on_armed(self) -> None:
        """The arming time is over: show that the screen is ready, if it says so."""

    @property
    def is_armed(self) -> bool:
        return self.has_armed and get_time() >= self.armed_at

    def accepts(self, event: events.Event) -> bool:
        """Should this input reach the screen? Not while too small, not from before arming."""
        if self.too_small:
            return isinstance(event, events.Key) and event.key == "ctrl+q"
        return event.time >= self.armed_at

    # -- size ----------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()
        self.arm()
        # A step that waited for this screen (help was open over it) may go on now.
        self.post_message(Resumed())

    def _check_size(self) -> None:
        width, height = self.app.size
        self.too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if self.too_small and self.size_message is None and self.ready_for_message:
            self.size_message = TooSmall()
            self.mount(self.size_message)
        self.set_class(self.too_small, "-too-small")


def input_blocked(app: App, event: events.Event) -> bool:
    """The one input gate of every fishtable app: a screen that is arming, or covered by the
    too-small message, gets no input (not even keys typed before it appeared)."""
    if not isinstance(event, events.InputEvent) or event.is_forwarded:
        return False
    screen = app.screen if app.screen_stack else None
    return isinstance(screen, FishScreen) and not screen.accepts(event)
