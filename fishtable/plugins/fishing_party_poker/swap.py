"""The swap decision, in private: one card of your hand for one face-up community card, or keep.

Two rows of tiles, your hand above the community. Digits 1-5 pick a card in
the row under the cursor (a hand card first, then the row moves down), ← →
move, ↑ ↓ or Tab change row, Space picks or unpicks, Enter swaps once both
cards are picked, k keeps the hand. The preview names the hand the swap
would make, from this seat's own cards and the face-up community only.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from fishtable.games.fishing_party_poker.actions import Action, KeepHand, Swap
from fishtable.games.fishing_party_poker.hands import evaluate_faces, hand_name
from fishtable.games.fishing_party_poker.views import CardFace, PokerView
from fishtable.plugins.fishing_party_poker.faces import card_words
from fishtable.plugins.fishing_party_poker.private import PokerDecisionScreen
from fishtable.plugins.fishing_party_poker.tiles import PokerTile
from fishtable.plugins.fishing_party_poker.words import ACCENT
from fishtable.tui.decision import Decision

ROWS = ("hand", "community")


def hand_after(hand: list[CardFace], give: CardFace, take: CardFace) -> str:
    """The name of the hand with `give` traded for `take`."""
    cards = [take if card.id == give.id else card for card in hand]
    return hand_name(evaluate_faces([c.value for c in cards], [c.suit for c in cards]))


class SwapScreen(PokerDecisionScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        # The cards have these keys, even when the log below has the focus.
        Binding("left", "move(-1)", "Move", show=False, priority=True),
        Binding("right", "move(1)", "Move", show=False, priority=True),
        Binding("up", "row(-1)", "Hand / community", show=False, priority=True),
        Binding("down", "row(1)", "Hand / community", show=False, priority=True),
        Binding("tab", "row(1)", "Hand / community", show=False, priority=True),
        Binding("space", "pick", "Pick card", priority=True),
        Binding("enter", "confirm", "Swap", priority=True),
        Binding("k", "keep", "Keep hand"),
        *[Binding(str(d), f"digit({d})", "Card by number", show=False) for d in range(1, 10)],
    ]

    hand_mark: ClassVar[str] = " GIVE ✓ "
    community_mark: ClassVar[str] = " TAKE ✓ "

    def __init__(self, decision: Decision[PokerView, Action]) -> None:
        super().__init__(decision)
        self.community = [slot.card for slot in self.view.community if slot.card is not None]
        self.row = "hand"
        self.cursor = {"hand": 0, "community": 0}
        self.give: CardFace | None = None
        self.take: CardFace | None = None

    def compose_choice(self) -> ComposeResult:
        yield Static(id="swap-preview")
        yield Static(id="problem")

    def on_mount(self) -> None:
        super().on_mount()
        self._update()

    # -- state -------------------------------------------------------------------------------
    def _cards(self, row: str) -> list[CardFace]:
        return self.hand if row == "hand" else self.community

    def _tiles(self, row: str) -> list[PokerTile]:
        return list(self.query(f"#{row} PokerTile").results(PokerTile))

    def _update(self) -> None:
        for row in ROWS:
            chosen = self.give if row == "hand" else self.take
            for n, tile in enumerate(self._tiles(row)):
                tile.cursor = row == self.row and n == self.cursor[row]
                tile.selected = chosen is not None and tile.card is not None and tile.card.id == chosen.id
        self.query_one("#swap-preview", Static).update(self._preview())

    def _preview(self) -> Text:
        text = Text()
        where = "your hand" if self.row == "hand" else "the community"
        text.append(f"Cursor on {where}. ", "dim")
        if self.give is None or self.take is None:
            text.append("Pick a card of your hand to give", "bold" if self.give is None else "")
            text.append(" and a community card to take", "bold" if self.give is not None else "")
            text.append(" (digits 1-5, or Space), then Enter. Or k: keep your hand.")
            if self.give is not None:
                text.append("\nGive: ")
                text.append(card_words(self.give), "bold")
            return text
        place = next(slot.place for slot in self.view.community if slot.card is not None
                     and slot.card.id == self.take.id)
        text.append("\nSwap: give ")
        text.append(card_words(self.give), "bold")
        text.append(f", take the community card at place {place}, ")
        text.append(card_words(self.take), "bold")
        text.append(".\nYour hand would then be: ")
        text.append(hand_after(self.hand, self.give, self.take), ACCENT)
        text.append(". Enter: swap.")
        return text

    # -- keys ----------------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        cards = self._cards(self.row)
        if cards:
            self.cursor[self.row] = (self.cursor[self.row] + delta) % len(cards)
            self._update()

    def action_row(self, delta: int) -> None:
        self.row = ROWS[(ROWS.index(self.row) + delta) % len(ROWS)]
        self._update()

    def action_digit(self, number: int) -> None:
        cards = self._cards(self.row)
        if 1 <= number <= len(cards):
            self.cursor[self.row] = number - 1
            self._choose(cards[number - 1])

    def action_pick(self) -> None:
        cards = self._cards(self.row)
        if cards:
            card = cards[self.cursor[self.row]]
            chosen = self.give if self.row == "hand" else self.take
            if chosen is not None and chosen.id == card.id:  # Space again: unpick
                if self.row == "hand":
                    self.give = None
                else:
                    self.take = None
                self._update()
            else:
                self._choose(card)

    def _choose(self, card: CardFace) -> None:
        if self.row == "hand":
            self.give = card
            if self.take is None:
                self.row = "community"  # the next pick is the community card
        else:
            self.take = card
        self._update()

    def on_card_tile_clicked(self, event: PokerTile.Clicked) -> None:
        tile = event.tile
        if tile.card is None:
            return
        self.row = "hand" if tile.id and tile.id.startswith("hand") else "community"
        self.cursor[self.row] = self._cards(self.row).index(tile.card)
        self._choose(tile.card)

    def action_confirm(self) -> None:
        if self.give is None or self.take is None:
            cards = self._cards(self.row)
            if cards:
                self._choose(cards[self.cursor[self.row]])
            return
        self.commit(Swap(give=self.give.id, take=self.take.id))

    def action_keep(self) -> None:
        self.commit(KeepHand())

    def say(self, problem: str) -> None:
        shown = self.query_one("#problem", Static)
        shown.update(Text("✗ " + problem, "bold #ff8080"))
        shown.add_class("-shown")
