"""A decision chosen from a list of the legal actions, described in words.

Used for the smaller private prompts (fish as bait, Puffer Fish discard) and
as a fallback for any prompt kind the app has no special screen for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from fishtable.tui.describe import describe, known_cards
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.card import faces_text
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import FishOptionList

if TYPE_CHECKING:
    from fishtable.tui.flow import HotSeatFlow


class ChoiceScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "app.rules", "Rules")]

    def __init__(self, flow: HotSeatFlow, seat: int, private: bool) -> None:
        super().__init__(classes="private" if private else "public")
        self.flow = flow
        self.seat = seat
        self.private = private
        self.legal = flow.match.legal_actions(seat)

    def compose(self):
        match = self.flow.match
        view = match.view(self.seat if self.private else None)
        name = match.seats[self.seat].name
        prompt = match.pending().get(self.seat)
        head = Text.assemble((f" {name} ", "bold reverse"), "  ", prompt.text if prompt else "")
        if self.private:
            head.append("   PRIVATE", "bold #ffd75e")
        yield Static(head, id="topbar")
        if self.private and view.hand:
            yield Static(Text.assemble("Your hand: ", faces_text(view.hand)), id="cast-help")
        if self.private and view.pile:
            yield Static(Text.assemble("Your catch pile: ", faces_text(view.pile)), id="pile")
        cards = known_cards(view)
        yield FishOptionList(
            *(Option(describe(a, cards, stage=prompt.kind if prompt else None), id=str(i))
              for i, a in enumerate(self.legal)),
            id="choices",
        )
        yield NewsBar(id="news")
        yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        viewer = self.seat if self.private else None
        show_log(self, self.flow.match, viewer, self.flow.news_mark)
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = self.legal[int(event.option.id or 0)]
        self.flow.submit(self.seat, action, private=self.private)
