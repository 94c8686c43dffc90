"""The middle of the poker table: the community, the pots, whose action, the showdown.

Drawn from the public view only. Two things the table has seen stay on it a
little longer, as they would at a real table: which player put each swapped
card into the community (until the next deal), and how the last hand ended
(until the new community is turned up), since the shell deals the next hand
by itself and the players should still see the showdown before the keyboard
is passed on.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Static

from fishtable.plugins.fishing_party_poker.tiles import FULL_ROWS, SMALL_ROWS, PokerTile, face_of
from fishtable.plugins.fishing_party_poker.words import (
    action_text,
    award_lines,
    betting_parts,
    pot_parts,
    showdown_lines,
    wrap_parts,
)
from fishtable.tui.widgets.board import Board

COMMUNITY_SIZE = 5


class PokerBoard(Board):
    DEFAULT_CSS = """
    PokerBoard { height: 1fr; overflow: hidden hidden; padding: 0 1; }
    PokerBoard #community-title { height: 1; }
    PokerBoard #community { height: auto; }
    PokerBoard #table-info { height: auto; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.can_focus = False
        self._previous: Any = None  # the last public view drawn
        self.swapped: dict[int, str] = {}  # community place -> who put its card there, this hand
        self.ended: Any = None  # the public view at the end of the last hand the table saw

    def compose(self):
        yield Static(id="community-title")
        with Horizontal(id="community"):
            for place in range(1, COMMUNITY_SIZE + 1):
                yield PokerTile(None, number=place, small=True, id=f"community-{place}")
        yield Static(id="table-info")

    # -- what the table has seen ------------------------------------------------------
    def _remember(self, view: Any) -> None:
        before = self._previous
        if before is None or before.hand_number != view.hand_number:
            self.swapped = {}
        elif before.phase == "swap" and before.actor is not None:
            for old, new in zip(before.community, view.community, strict=False):
                if old.card is not None and new.card is not None and old.card.id != new.card.id:
                    self.swapped[new.place] = before.seats[before.actor].name
        if view.awards:
            self.ended = view
        self._previous = view

    # -- drawing ------------------------------------------------------------------------
    def show(self, view: Any, viewer: int | None) -> None:
        self._remember(view)
        self._draw(view)

    def on_resize(self) -> None:
        if self._previous is not None:  # lines are wrapped to the board's width
            self._draw(self._previous)

    def _draw(self, view: Any) -> None:
        wide = self.app.size.width >= 110
        tall = self.app.size.height >= 34
        title = self.query_one("#community-title", Static)
        title.update(self._title(view, wide))
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
            tile.note = self.swapped.get(place, "")[:10]
            tile.display = slot is not None
            tile.refresh()
        self.query_one("#table-info", Static).update(self._info(view, wide, tall))

    @staticmethod
    def _title(view: Any, wide: bool) -> Text:
        title = Text("Community cards ", "bold")
        if view.community_face_up:
            title.append("(face up: anyone still in may swap for them)" if wide else "(face up)")
        else:
            title.append("(face down until the first betting round ends)" if wide else "(face down)")
        return title

    def _info(self, view: Any, wide: bool, tall: bool) -> Text:
        lines: list[Text] = []
        room = max(20, self.size.width - 2)
        if view.phase in ("betting", "swap"):
            lines.append(wrap_parts([*pot_parts(view), *betting_parts(view)], room))
            action = action_text(view)
            if action:
                lines.append(action)
            if self.swapped:
                lines.append(Text("A name under a card: who swapped it in.", "dim"))
        else:
            lines.append(wrap_parts(pot_parts(view), room))
        ended = self._ended_before(view)
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

    def _ended_before(self, view: Any) -> Any:
        """The end of the previous hand, while the new hand's community is still face down."""
        ended = self.ended
        if ended is None or view.awards or view.community_face_up:
            return None
        return ended if ended.hand_number == view.hand_number - 1 else None
