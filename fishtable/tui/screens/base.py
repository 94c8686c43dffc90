"""What every full screen of the app shares: a Footer, help, the too-small guard, arming.

Arming is a rule about where a key came from, not a time in which keys die
(CONTRIBUTING, "The table's rhythm", rule 4). The app checks every input
before any widget sees it (`input_blocked`, in every app's `on_event`):

- a key typed before an armed screen (or its new prompt) was on screen never
  acts on it;
- a pass screen (`ARMING = "handoff"`) also takes no key for the app's handoff
  time after it appears: that is where the previous player's keys die;
- a decision screen (`ARMING = "decision"`) takes every key typed once it is on
  screen, except that, where the keyboard has just changed hands, a repeat of
  the key that changed them (the pass screen's Enter, typed twice) is
  swallowed for a short window;
- a screen shown again to the same seat (help, rules or a hint closed over
  it) drops nothing: it is not armed again;
- a key typed after the screen appeared and dropped anyway is shown for a
  moment ("Enter ignored: the screen had just opened"), so that no key
  vanishes in silence.

While the terminal is too small, the screen is covered by a message and takes
no input either.
"""

from __future__ import annotations

import sys
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from fishtable.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall

if TYPE_CHECKING:  # annotations only: the menu, which imports this, loads no pydantic
    from fishtable.tui.tips import Tip

# The clock Textual stamps every event's `time` with (documented as a monotonic clock: on
# Windows its finer perf_counter), so a key's time compares with the moment a screen armed.
get_time = time.perf_counter if sys.platform == "win32" else time.monotonic


WidgetT = TypeVar("WidgetT", bound=Widget)

# The key rule (CONTRIBUTING, "The table's rhythm", rule 4), for every app that passes a keyboard:
# a pass-the-keyboard screen takes no key for HANDOFF_ARMING seconds after it appears, where the
# previous player's keys die. A decision screen takes every key typed once it is on screen; only
# where the keyboard has just changed hands is a repeat of the key that changed them (Enter on the
# pass screen, typed twice) swallowed, up to REPEAT_WINDOW seconds after that key.
HANDOFF_ARMING = 0.6
REPEAT_WINDOW = 0.8


class Resumed(Message):
    """A screen is back on top (a help, rules or question screen closed above it)."""


class ArmedApp(Protocol):
    """What a screen asks of the app that shows it: how long a screen of a kind takes no input."""

    def arming_time(self, kind: str) -> float:
        """Seconds of no input after a "handoff" (pass-the-keyboard) or "decision" screen appears."""
        ...


@runtime_checkable
class RepeatGuardApp(Protocol):
    """An app that knows who has the keyboard (the hot-seat app; the others need not say)."""

    def repeat_window(self, screen: FishScreen) -> float:
        """Seconds after the last key during which a repeat of it is swallowed on `screen`, armed
        now: more than 0 only where the keyboard has just changed hands."""
        ...


@runtime_checkable
class SeatScreen(Protocol):
    """A screen that belongs to one seat (its private decision, its study): whose it is."""

    seat: int


@runtime_checkable
class TipScreen(Protocol):
    """A screen that may show a tip line (`?` then opens the tip's rule)."""

    shown_tip: Tip | None


@dataclass(frozen=True)
class TypedKey:
    """A key the gate let through: which, and when it was typed (the event's own time)."""

    key: str
    time: float


# The last key each app's gate let through: the key that passed a handoff, when the next screen arms.
_last_keys: weakref.WeakKeyDictionary[App[object], TypedKey] = weakref.WeakKeyDictionary()

AppResultT = TypeVar("AppResultT")  # what an app returns (every app has its own)

# How long a "key ignored" note stays on screen.
NOTE_SECONDS = 2.5


def key_words(event: events.Key) -> str:
    """A key as the footer names it: "Enter", "Esc", "b"."""
    if event.is_printable and event.character and len(event.character) == 1 and event.character != " ":
        return event.character
    named = {"escape": "Esc", "space": "Space", "enter": "Enter", "tab": "Tab"}
    return named.get(event.key, event.key.replace("_", " ").title())


class FishScreen(Screen[None]):
    """A screen that hides its content behind a message when the terminal is too small."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "app.help", "Help"),
        Binding("ctrl+q", "app.request_quit", "Quit", priority=True),
    ]
    # How the screen arms: "handoff" (a pass screen), "decision", or None (no arming).
    ARMING: ClassVar[str | None] = None

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        self.armed_at = 0.0  # input stamped before this moment is dropped
        # Not armed before its first arm (when first shown): an armed screen drops every key that
        # comes between its mount and its first showing, and `is_armed` says so.
        self.has_armed = False
        self.armed_kind: str | None = None  # the kind of the last arm (the table's prompts vary)
        self.shown_at = 0.0  # when the screen (or its prompt) went on screen
        # A repeat of the key that just passed the keyboard, swallowed until a moment (`time`).
        self.swallow: TypedKey | None = None
        self.note: tuple[str, float] | None = None  # the last "key ignored" note, and when
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
        """The screen, or a new prompt on it, is on screen from now: keys typed before never act on
        it. `kind` overrides the screen's own ARMING (a table prompt that passes the keyboard)."""
        kind = kind or self.ARMING
        delay = cast("ArmedApp", self.app).arming_time(kind) if kind else 0.0
        now = get_time()
        self.shown_at = now
        self.armed_at = now + delay
        self.armed_kind = kind
        self.has_armed = True
        # A swallow set before stays until a key acts or its window ends: a prompt set just after
        # the screen showed (the table's private copy) is no key of the player's.
        app = self.app
        last = _last_keys.get(app)
        if kind == "decision" and isinstance(app, RepeatGuardApp) and last is not None:
            window = app.repeat_window(self)
            if window > 0 and last.time + window > now:
                self.swallow = TypedKey(last.key, last.time + window)
        elif kind != "decision":
            self.swallow = None
        if delay:
            self.set_timer(delay, self.on_armed)
        else:
            self.on_armed()

    def on_armed(self) -> None:
        """The arming time is over: show that the screen is ready, if it says so."""

    @property
    def is_armed(self) -> bool:
        """Does every key act now (Enter too: no repeat of the handoff's is swallowed any more)?"""
        now = get_time()
        swallowing = self.swallow is not None and now < self.swallow.time
        return self.has_armed and now >= self.armed_at and not swallowing

    def accepts(self, event: events.Event) -> bool:
        """Should this input reach the screen? Not while too small, not from before it was on
        screen, not within a pass screen's guard, not a swallowed repeat. A dropped key is shown
        for a moment (the too-small message says enough already)."""
        if self.too_small:
            return isinstance(event, events.Key) and event.key == "ctrl+q"
        if self.ARMING is not None and not self.has_armed:
            # Pushed, not on screen yet: whatever comes now was typed for another screen.
            if isinstance(event, events.Key):
                self.say_ignored(event, "it was typed before this screen opened")
            return False
        if event.time < self.armed_at:
            if isinstance(event, events.Key) and self.armed_kind is not None:
                early = event.time < self.shown_at
                self.say_ignored(event, "it was typed before this screen opened" if early
                                 else "the screen had just opened")
            return False
        if isinstance(event, events.Key):
            swallow = self.swallow
            if swallow is not None and event.key == swallow.key and event.time < swallow.time:
                self.say_ignored(event, "the screen had just opened")
                return False
            self.swallow = None  # any other key acts, and ends the window: it was meant for this screen
            _last_keys[self.app] = TypedKey(event.key, event.time)
        return True

    def say_ignored(self, event: events.Key, why: str) -> None:
        """Show for a moment that a key did nothing (once per note, not once per key of a burst)."""
        text = f"{key_words(event)} ignored: {why}."
        now = get_time()
        if self.note is not None and self.note[0] == text and now - self.note[1] < NOTE_SECONDS:
            return
        self.note = (text, now)
        self.app.notify(text, timeout=NOTE_SECONDS, markup=False)

    # -- size ----------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()
        # Shown again to the same seat (help, rules, a hint or a dialog closed over it): a screen
        # that takes decisions drops nothing. A pass screen keeps its guard; an unarmed screen
        # takes no key typed before it showed, as it always did.
        if not self.has_armed or self.armed_kind != "decision":
            self.arm(self.armed_kind if self.has_armed else None)
        # A step that waited for this screen (help was open over it) may go on now.
        self.post_message(Resumed())

    def _check_size(self) -> None:
        width, height = self.app.size
        self.too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if self.too_small and self.size_message is None and self.ready_for_message:
            self.size_message = TooSmall()
            self.mount(self.size_message)
        self.set_class(self.too_small, "-too-small")


def input_blocked(app: App[AppResultT], event: events.Event) -> bool:
    """The one input gate of every fishtable app: a screen that is arming, or covered by the
    too-small message, gets no input (not even keys typed before it appeared)."""
    if not isinstance(event, events.InputEvent) or event.is_forwarded:
        return False
    screen = app.screen if app.screen_stack else None
    return isinstance(screen, FishScreen) and not screen.accepts(event)
