"""The Fishing Party board: whose turn it is, the six table cards, the piles, the die and the
attempt in progress, and (when there is room) every Fish Pond at a glance.

Drawn from the public view only. Nobody answers a prompt here: every Fishing Party decision
is private (the turn screen) or a public question the table screen asks itself.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from fishtable.games.fishing_party.actions import Action
from fishtable.games.fishing_party.describe import rolls_for
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.die import DieView
from fishtable.plugins.fishing_party.entries import chance_words
from fishtable.plugins.fishing_party.faces import card_text, card_tile, face_text, short
from fishtable.plugins.fishing_party.ponds import pond_table
from fishtable.tui.widgets.board import Board
from fishtable.tui.widgets.fit import update_text

# From this terminal size on, the table cards are tiles and the ponds a grid.
ROOMY = (110, 34)


def turn_words(view: FishingPartyView, roomy: bool) -> Text:
    """Whose turn, and what is left of it."""
    text = Text()
    if view.stage == "over":
        text.append("The game is over.", "bold")
        return text
    panel = view.seats[view.turn]
    text.append("▶ ", "bold #ffd75e")
    text.append(panel.name, "bold #ffd75e")
    text.append(f"'s turn (turn {view.turn_number})", "bold")
    if view.quick_play:
        left = view.moves_left
        text.append(f" · {left} move{'s' * (left != 1)} left")
    if view.free_actions and roomy:
        text.append(" · free actions first", "dim")
    if view.time_up:
        text.append(" · TIME IS UP: last turn", "bold #ff8080")
    return text


def piles_words(view: FishingPartyView) -> Text:
    text = Text(f"Draw {view.draw_pile} · discard {view.discard_pile} (face down)")
    out = sum(c.count for c in view.out_of_game)
    if out:
        text.append(f" · {out} cards left out for {len(view.seats)} players", "dim")
    return text


def attempt_words(view: FishingPartyView, roomy: bool) -> tuple[Text, int | None, str]:
    """The attempt in progress, or the last one: (words, die value, note for the die)."""
    fisher = view.seats[view.turn] if view.stage != "over" else None
    text = Text()
    if fisher is not None and fisher.fishing is not None:
        fish, lure = fisher.fishing, fisher.lure
        spray = any(p.type == "spray_bottle" for p in fisher.permanents)
        text.append(f"{fisher.name} {'is fishing for' if roomy else 'tries'} the ", "bold")
        text.append(card_text(fish) if roomy else f"{short(fish.kind or fish.name, 8)} {fish.weight} lb",
                    "bold #8ec9ff")
        text.append(f"\n{chance_words(rolls_for(lure, fish.kind), spray)}")
        if lure is not None and roomy:
            text.append(" with the ")
            text.append(card_text(lure, compact=True), "#9be27a")
        if view.stage == "reaction":
            text.append("\nBroken Line, anyone? Not rolled yet.", "bold #ffd75e")
            return text, None, ""
        if view.stage == "spray" and view.spray_roll is not None:
            text.append(f"\nRolled {view.spray_roll}: ", "bold")
            text.append("Spray Bottle?", "italic")
            return text, view.spray_roll, ""
        return text, None, ""
    last = view.last_attempt
    if last is None:
        text.append("No fish tried for yet: every roll of the die shows here.", "dim")
        return text, None, ""
    who = view.seats[last.seat].name
    tried = last.fish if roomy else f"{short(last.kind, 8)} {last.weight} lb"
    text.append(f"{who}: {tried}, needing {_needed(last.needed)}")
    if roomy:
        text.append(f"\nwith the {last.lure}", "dim")
    text.append("\n")
    if last.outcome == "broken":
        breaker = view.seats[last.broken_by].name if last.broken_by is not None else "someone"
        text.append(f"BROKEN LINE by {breaker}: ", "bold #ff8080")
        text.append("no roll; fish and lure discarded.")
        return text, None, "broken"
    text.append(f"Rolled {last.rolled}", "bold")
    if last.counted is not None and last.counted != last.rolled:
        text.append(f", counted {last.counted} (Spray Bottle)", "bold")
    if last.outcome == "caught":
        text.append(" — CAUGHT!", "bold #9be27a")
    else:
        text.append(" — MISSED", "bold #ff8080")
        text.append(" (back to the hand)" if roomy else "")
    return text, last.rolled, ""


def _needed(rolls: tuple[int, ...]) -> str:
    if not rolls:
        return "a roll no die shows"
    if len(rolls) > 2:
        return f"a {rolls[0]}-{rolls[-1]}"
    return "a " + " or ".join(map(str, rolls))


def attempt_key(view: FishingPartyView) -> tuple[object, ...] | None:
    """What identifies the last roll, to know when a new one should tumble."""
    last = view.last_attempt
    if last is None or last.rolled is None:
        return None
    return (view.turn_number, last.seat, last.fish, last.rolled, last.counted, last.outcome)


@runtime_checkable
class PausingApp(Protocol):
    """An app that pauses between computer moves (the hot-seat app; a remote seat's does not)."""

    bot_pause: float


class FishingPartyBoard(Board[FishingPartyView, Action]):
    DEFAULT_CSS = """
    FishingPartyBoard { height: 1fr; overflow: hidden hidden; padding: 0 1; }
    FishingPartyBoard #fp-turn { height: auto; }
    FishingPartyBoard #fp-tiles { height: 7; }
    FishingPartyBoard #fp-tiles FPTile { width: 12; margin: 0; }
    FishingPartyBoard #fp-table { height: auto; }
    FishingPartyBoard.-roomy #fp-table { margin-top: 1; }
    FishingPartyBoard #fp-piles { height: auto; }
    FishingPartyBoard #fp-roll { height: auto; margin-top: 1; }
    FishingPartyBoard #fp-attempt { height: auto; width: 1fr; padding-left: 1; }
    FishingPartyBoard #fp-ponds { height: auto; margin-top: 1; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False
        self._table_ids: tuple[str, ...] | None = None
        self._roll_key: tuple[object, ...] | None = None
        self._shown_once = False

    def compose(self) -> ComposeResult:
        yield Static(id="fp-turn", markup=False)
        yield Static(id="fp-table", markup=False)
        yield Horizontal(id="fp-tiles")
        yield Static(id="fp-piles", markup=False)
        with Horizontal(id="fp-roll"):
            yield DieView(id="fp-die")
            yield Static(id="fp-attempt", markup=False)
        yield Static(id="fp-ponds", markup=False)

    @property
    def roomy(self) -> bool:
        width, height = self.app.size
        return width >= ROOMY[0] and height >= ROOMY[1]

    def show(self, view: FishingPartyView, viewer: int | None) -> None:
        roomy = self.roomy
        self.set_class(roomy, "-roomy")
        update_text(self.query_one("#fp-turn", Static), turn_words(view, roomy))
        self._table(view, roomy)
        piles = self.query_one("#fp-piles", Static)
        piles.display = roomy  # the top line has them too; a small table needs the room
        update_text(piles, piles_words(view))
        words, value, note = attempt_words(view, roomy)
        update_text(self.query_one("#fp-attempt", Static), words)
        key = attempt_key(view)
        # A new roll tumbles for a moment, unless computer seats play without a pause.
        roll = self._shown_once and key is not None and key != self._roll_key and self._tumbles()
        die = self.query_one(DieView)
        if (value, note) != (die.value, die.note) or roll:
            die.show_value(value, note, roll=roll)
        self._roll_key = key
        self._shown_once = True
        ponds = self.query_one("#fp-ponds", Static)
        ponds.display = roomy
        if roomy:
            update_text(ponds, pond_table(view))

    def _tumbles(self) -> bool:
        return isinstance(self.app, PausingApp) and bool(self.app.bot_pause)

    def _table(self, view: FishingPartyView, roomy: bool) -> None:
        tiles = self.query_one("#fp-tiles", Horizontal)
        lines = self.query_one("#fp-table", Static)
        tiles.display = roomy
        ids = tuple(c.id for c in view.table)
        if roomy and ids != self._table_ids:
            tiles.remove_children()
            tiles.mount_all(card_tile(card, index=n + 1) for n, card in enumerate(view.table))
            self._table_ids = ids
        text = Text(f"The table: {len(view.table)} cards, face up", "bold")
        if not roomy:
            for n, card in enumerate(view.table):
                text.append(f"\n{n + 1} ")
                text.append_text(face_text(card, compact=True))
        update_text(lines, text)
