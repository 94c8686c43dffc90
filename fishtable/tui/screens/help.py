"""Key help, reachable with F1 from every screen."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from fishtable.tui.screens.base import FishScreen

HELP = """\
# Keys

| Where | Keys |
|---|---|
| Everywhere | **F1** this help · **Ctrl+Q** quit (the game stays saved) |
| Menus and lists | **↑ ↓** move · **Enter** choose · **Tab** next field |
| Privacy screen | **Enter** when only the named player can see the screen |
| Cast | **← →** or **1–9** move · **Space** put the card in/out · **Enter** cast |
| Catch | **← ↑ ↓ →**, **Tab** or the fish's **number** · **Enter** try for it |
| Special cards | **Space** two fish (Reel) · **l** look (Finder) · **s** shuffle · **e** end turn |
| Between the two Reel fish | **s** shuffle the sea now · **c** go on to the second fish |
| News on the table | **Enter** once everyone has seen what happened, then pass the keyboard |
| Extra attempt (A Pair of Fish) | choose a fish · **Enter** try · **n** decline |
| Collect | **← →** more rods / more baits · **Enter** draw |
| Results | **p** play again · **m** menu |

Number keys: type a fish's number; for fish 10 and up type both digits quickly.

Every seat is either *human* or *computer*. When two or more people play,
the screen is covered before and after every secret decision: pass the
keyboard, and press Enter only when nobody else can see. Before the keyboard
moves on, the table shows everyone what just happened (marked ▶ NEW).

The log shows only this round and the previous one: remembering older
catches and escaped fish is part of the game.
"""


class HelpScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,f1", "app.pop_screen", "Back")]

    def compose(self):
        with VerticalScroll():
            yield Markdown(HELP)
        yield Footer()
