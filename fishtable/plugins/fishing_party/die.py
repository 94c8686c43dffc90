"""The die, drawn large on the public table, with a short roll before a new result.

The roll is an animation only: the result is already decided and in the log. It runs on
a timer (never blocking), lasts under half a second, and is skipped when computer seats
play without a pause (tests, computer-only play), so it slows nothing down.

The frames follow the clock, not a count of timer ticks: a busy event loop makes Textual
skip ticks, and a tumble that counted them could stop on a face that is not the roll.
"""

from __future__ import annotations

from time import monotonic

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from fishtable.plugins.fishing_party.faces import DIE_FACES

FRAMES = 6
FRAME_SECONDS = 0.07  # 6 frames: 0.42 s in all


def die_box(value: int | None, note: str = "") -> Text:
    """A three-row die with its face and number; None: no roll (a Broken Line), "" an empty die."""
    blank = "  ✗  " if note == "broken" else "     "
    middle = blank if value is None else f" {DIE_FACES[value - 1]} {value} "
    return Text(f"╭─────╮\n│{middle}│\n╰─────╯", "bold")


class DieView(Static):
    DEFAULT_CSS = """
    DieView { width: 8; height: 3; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(die_box(None), id=id)
        self.value: int | None = None
        self.note = ""
        self._timer: Timer | None = None
        self._started = 0.0

    @property
    def rolling(self) -> bool:
        return self._timer is not None

    def show_value(self, value: int | None, note: str = "", roll: bool = False) -> None:
        """Show a result; with `roll`, tumble through a few faces first."""
        self.value, self.note = value, note
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if roll and value is not None:
            self._started = monotonic()
            # No repeat count: the tumble ends by the clock, whatever ticks were skipped.
            self._timer = self.set_interval(FRAME_SECONDS, self._tumble)
            self._tumble()
            return
        self.update(die_box(value, note))

    def _tumble(self) -> None:
        frame = int((monotonic() - self._started) / FRAME_SECONDS) + 1
        if frame > FRAMES:
            if self._timer is not None:
                self._timer.stop()
            self._timer = None
            self.update(die_box(self.value, self.note))
            return
        face = (self.value or 1) + frame * 5  # a fixed tumble: 5 steps round the die each frame
        self.update(die_box((face - 1) % 6 + 1))
