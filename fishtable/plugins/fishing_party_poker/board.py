"""The middle of the poker table: the community, the pots, whose action, the showdown.

Drawn from the public view only, and from what the table has seen (memory.py):
the swaps of this hand, with the name of whoever put a card in under it, and
how the last hand ended, until the new community is turned up.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from fishtable.games.fishing_party_poker.actions import Action
from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.plugins.fishing_party_poker.memory import TableMemory
from fishtable.plugins.fishing_party_poker.tiles import FULL_ROWS, SMALL_ROWS, PokerTile, face_of
from fishtable.plugins.fishing_party_poker.words import (
    action_text,
    award_lines,
    betting_parts,
    pot_parts,
    showdown_lines,
    swaps_text,
    wrap_parts,
)
from fishtable.tui.widgets.board import Board
from fishtable.tui.widgets.fit import update_text

COMMUNITY_SIZE = 5


class PokerBoard(Board[PokerView, Action]):
    DEFAULT_CSS = """
    PokerBoard { height: 1fr; overflow: hidden hidden; padding: 0 1; }
    PokerBoard #community-title { height: 1; }
    PokerBoard #community { height: auto; }
    PokerBoard #table-info { height: auto; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False
        self.memory = TableMemory()

    def compose(self) -> ComposeResult:
        yield Static(id="community-title")
        with Horizontal(id="community"):
            for place in range(1, COMMUNITY_SIZE + 1):
                yield PokerTile(None, number=place, small=True, id=f"community-{place}")
        yield Static(id="table-info")

    # -- drawing ------------------------------------------------------------------------
    def show(self, view: PokerView, viewer: int | None) -> None:
        self.memory.see(view)
        self._draw(view)

    def on_resize(self) -> None:
        if self.memory.previous is not None:  # lines are wrapped to the board's width
            self._draw(self.memory.previous)

    def _draw(self, view: PokerView) -> None:
        wide = self.app.size.width >= 110
        tall = self.app.size.height >= 34
        title = self.query_one("#community-title", Static)
        update_text(title, self._title(view, wide))
        # On a short table the tiles say "down" themselves: the title line goes to the showdown.
        title.display = tall
        for tile in self.query(PokerTile):
            tile.set_class(not tall, "-small")  # full tiles when the table has the rows
        self.query_one("#community").styles.height = FULL_ROWS if tall else SMALL_ROWS
        slots = {slot.place: slot for slot in view.community}
        for place in range(1, COMMUNITY_SIZE + 1):
            tile = self.query_one(f"#community-{place}", PokerTile)
            slot = slots.get(place)
            card = slot.card if slot is not None else None
            tile.card = card
            tile.face = face_of(card)
            tile.note = self.memory.put_in_by(place)[:10]
            tile.display = slot is not None
            tile.refresh()
        update_text(self.query_one("#table-info", Static), self._info(view, wide, tall))

    @staticmethod
    def _title(view: PokerView, wide: bool) -> Text:
        title = Text("Community cards ", "bold")
        if view.community_face_up:
            title.append("(face up: anyone still in may swap for them)" if wide else "(face up)")
        else:
            title.append("(face down until the first betting round ends)" if wide else "(face down)")
        return title

    def _info(self, view: PokerView, wide: bool, tall: bool) -> Text:
        lines: list[Text] = []
        room = max(20, self.size.width - 2)
        if view.phase in ("betting", "swap"):
            lines.append(wrap_parts([*pot_parts(view), *betting_parts(view, wide)], room))
            action = action_text(view)
            if action:
                lines.append(action)
            swaps = self.memory.last_swap_round()
            if swaps:
                lines.append(swaps_text(swaps, wide, room))
        else:
            lines.append(wrap_parts(pot_parts(view), room))
        ended = self.memory.ended_before(view)
        if ended is not None:
            if tall:
                lines.append(Text(""))
            lines.append(Text(f"How hand {ended.hand_number} ended:", "bold underline"))
            lines += award_lines(ended, wide)
            lines += showdown_lines(ended, wide)
        elif view.awards:
            if tall:
                lines.append(Text(""))
            if view.showdown_order:
                lines.append(Text("Showdown: the highest bettor first, then clockwise", "bold underline"))
            lines += award_lines(view, wide)
            lines += showdown_lines(view, wide)
            action = action_text(view)
            if action:
                lines.append(action)
        return Text("\n").join(lines)
