"""The replay of a finished game: one action at a time, every hand face up.

Only a finished game is ever replayed (`fishtable.history.replay` refuses any
other before this screen exists), so showing every seat's secrets is no leak.
The screen reads the game through its plug-in and the seats' views, never a
game state; names and log lines are drawn literally (Rich `Text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Static

from fishtable.engine.registry import get_entry
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from fishtable.history.replay import Replay
    from fishtable.tui.plugin import SomeUI

LOG_LINES = 200


class ReplayScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,space", "step(1)", "Next"),
        Binding("left,h,backspace", "step(-1)", "Back"),
        Binding("home", "to(0)", "Start", show=False),
        Binding("end", "to(-1)", "End", show=False),
        Binding("pagedown,]", "round(1)", "Next round"),
        Binding("pageup,[", "round(-1)", "Round back"),
        Binding("g,colon", "ask_step", "Go to step"),
        Binding("escape,q", "back", "Back"),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: auto; background: $panel; padding: 0 1; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-seats { width: 3fr; padding: 0 1; }
    ReplayScreen #replay-log { width: 2fr; border-left: solid $primary-darken-2; padding: 0 1; }
    ReplayScreen #replay-goto { dock: bottom; }
    """

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.ui: SomeUI = get_entry(replay.game.name).load_ui()
        self.step = max(0, min(step, len(replay)))
        self.rounds = replay.round_starts(frozenset(self.ui.round_kinds))

    def compose(self) -> ComposeResult:
        yield Static(id="replay-head")
        with Horizontal(id="replay-body"):
            # Not focusable: the screen's keys (Home, End, the arrows) step the replay, not scroll.
            with VerticalScroll(id="replay-seats", can_focus=False):
                yield Static(id="replay-hands")
            with VerticalScroll(id="replay-log", can_focus=False):
                yield Static(id="replay-lines")
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_step()

    # -- what a step shows -----------------------------------------------------------
    def head(self) -> Text:
        replay, step = self.replay, self.step
        text = Text(f"Replay of {replay.title}", "bold")
        text.append(f" · step {step} of {len(replay)} · round {self.round_of(step)}", "")
        if step == len(replay):
            names = [s.name for s in replay.result.scores if s.seat in replay.result.winners]
            text.append(" · the end: won by ", "")
            text.append(" and ".join(names), "bold #ffd75e")
        text.append("\n")
        if step == 0:
            text.append("The deal: nobody has decided anything yet.", "italic")
        else:
            done = replay.steps[step - 1]
            text.append(f"Step {step}: ", "bold")
            text.append(done.name, "bold")
            text.append(" decided: ")
            text.append(self.describe(step))
        return text

    def describe(self, step: int) -> str:
        done = self.replay.steps[step - 1]
        try:
            return str(self.ui.describe(done.action, self.replay.view(step - 1, done.seat), self.replay.kind(step)))
        except Exception:  # a plug-in's words for an odd position: the action's own fields instead
            return ", ".join(f"{k} {v}" for k, v in done.action.model_dump(mode="json").items())

    def hands(self) -> RenderableType:
        replay, step = self.replay, self.step
        text = Text()
        width = max(20, self.app.size.width * 3 // 5 - 4)
        public = replay.view(step, None)
        text.append_text(self.ui.topbar(public, width))
        text.append("\n")
        for seat, info in enumerate(replay.seats):
            view = replay.view(step, seat)
            text.append("\n")
            text.append_text(self.ui.seat_panel(public, seat, active=False, width=width, wide=False))
            if info.bot is not None:
                text.append(f" (computer, {info.bot})", "dim")
            text.append("\n")
            summary = self.ui.private_summary(view)
            if isinstance(summary, Text):
                text.append_text(summary)
                text.append("\n")
            for line in replay.private_lines(step, seat):
                if summary is None or not line.startswith("hand:"):
                    text.append("  " + line + "\n", "#9be27a")
        return text

    def log_text(self) -> Text:
        lines = self.replay.log(self.step)[-LOG_LINES:]
        text = Text()
        text.append("Log up to this step (secret lines too)\n", "bold")
        for event in lines:
            secret = event.visible_to is not None
            text.append(("🔒 " if secret else "") + event.text + "\n", "dim" if secret else "")
        return text

    def round_of(self, step: int) -> int:
        return sum(1 for start in self.rounds if start <= step)

    def show_step(self) -> None:
        for selector, content in (("#replay-head", self.head()), ("#replay-hands", self.hands()),
                                  ("#replay-lines", self.log_text())):
            widget = self.still_there(selector, Static)
            if widget is not None:
                widget.update(content)
        log = self.still_there("#replay-log", VerticalScroll)
        if log is not None:
            log.call_after_refresh(log.scroll_end, animate=False)

    # -- keys ---------------------------------------------------------------------------
    def go(self, step: int) -> None:
        step = max(0, min(step, len(self.replay)))
        if step != self.step:
            self.step = step
            self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_to(self, step: int) -> None:
        self.go(len(self.replay) if step < 0 else step)

    def action_round(self, delta: int) -> None:
        """To the start of the next round, or of this one (again: of the one before)."""
        if delta > 0:
            later = [s for s in self.rounds if s > self.step]
            self.go(later[0] if later else len(self.replay))
        else:
            earlier = [s for s in self.rounds if s < self.step]
            self.go(earlier[-1] if earlier else 0)

    def goto_box(self) -> Input | None:
        boxes = self.query("#replay-goto").results(Input)
        return next(boxes, None)

    def action_ask_step(self) -> None:
        """A box for the step's number, there only while it is asked for (the keys step otherwise)."""
        if self.goto_box() is None:
            box = Input(placeholder=f"Go to step 0-{len(self.replay)}, then Enter (Esc: never mind)",
                        id="replay-goto", type="integer")
            self.mount(box, before=self.query_one(KeysFooter))
            box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        event.input.remove()
        try:
            self.go(int(event.value))
        except ValueError:
            self.notify(f"A step is a number from 0 to {len(self.replay)}.", markup=False)

    def action_back(self) -> None:
        box = self.goto_box()
        if box is not None:
            box.remove()
            return
        self.dismiss()
