"""A player's own catch pile, card by card (CF-CATCH-10: they may look through it at any time).

Opened with `p` from that player's private screens only (cast, collect, the
private table of a Fish Finder turn), and built from that seat's own view:
`view.pile` exists only in the owner's view, so no other seat's pile can
reach this screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from fishtable.games.crazy_fishing.actions import Action
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView
from fishtable.plugins.crazy_fishing.choices import EFFECT_HINTS
from fishtable.plugins.crazy_fishing.faces import face_text
from fishtable.tui.decision import Decision
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog

# The key that opens the pile, and its footer words; every private screen of the game uses it.
PILE_KEY = ("p", "My catch")
# The last keys of a private decision screen's footer: the pile, then the rules.
PILE_AND_RULES: list[BindingType] = [
    Binding(PILE_KEY[0], "pile", PILE_KEY[1]),
    Binding("r", "app.rules", "Rules"),
]


def private_header(name: str, words: str) -> Text:
    """A private screen's header: the name, PRIVATE, then the words (the round first in them), in
    that order so that a narrow terminal cuts the end of the words, never PRIVATE or the round."""
    return Text.assemble((f" {name} ", "bold reverse"), ("  PRIVATE", "bold #ffd75e"), " · ", words,
                         no_wrap=True, overflow="ellipsis")


def narrow_log() -> EventLog:
    """The log of a private screen, its lines wrapped to the column it has. A RichLog renders
    lines at least `min_width` (78) cells wide: beside the sea at 80 columns they were cut."""
    log = EventLog(id="log")
    log.min_width = 1
    return log


def pile_text(pile: tuple[CardFace, ...], effects: tuple[str, ...] = ()) -> Text:
    """The whole pile, first catch first; the top card (the one everyone sees) is marked."""
    text = Text()
    if not pile:
        text.append("Your catch pile is empty: nothing caught yet.", "italic")
        return text
    sizes = sum(card.value or 0 for card in pile)
    text.append(f"{len(pile)} card{'s' * (len(pile) != 1)} · sizes add up to {sizes}", "bold")
    text.append("  (bonuses are added at the end)\n", "dim")
    for n, card in enumerate(pile, start=1):
        text.append(f"\n{n:>3}. ")
        text.append_text(face_text(card))
        if card.effect:
            text.append(f"  {EFFECT_HINTS.get(card.effect, card.effect)}", "italic")
        if n == len(pile):
            text.append("  ← on top: everyone sees this one", "bold #ffd75e")
    for effect in effects:
        text.append("\n\n✦ Active: ", "italic #f0c0ff")
        text.append(effect, "italic #f0c0ff")
    return text


class PileScreen(FishScreen):
    """Full screen over a private screen; Escape, p or Enter goes back to it (the screen below
    is armed again when it comes back, so a double Enter cannot commit anything there)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,p,enter", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    PileScreen #pile { padding: 1 2; height: 1fr; }
    PileScreen #topbar { background: $warning 30%; }
    """

    def __init__(self, name: str, pile: tuple[CardFace, ...], effects: tuple[str, ...] = ()) -> None:
        super().__init__(classes="private")
        self.player = name
        self.pile = pile
        self.effects = effects

    def compose(self) -> ComposeResult:
        head = Text.assemble((f" {self.player} ", "bold reverse"), "  your catch pile",
                             ("   PRIVATE", "bold #ffd75e"), ("   Esc, p or Enter: back", "dim"))
        yield Static(head, id="topbar")
        with VerticalScroll(id="pile"):
            yield Static(pile_text(self.pile, self.effects), markup=False)
        yield KeysFooter()


def pile_screen(decision: Decision[CrazyFishingView, Action]) -> PileScreen | None:
    """The pile screen for a private decision's seat, or None if its view has no pile of its own."""
    view = decision.view
    if not decision.private or view is None or view.pile is None or view.seat != decision.seat:
        return None
    return PileScreen(decision.name, view.pile, view.seats[decision.seat].effects)


class PrivateDecisionScreen(DecisionScreen[CrazyFishingView, Action]):
    """A decision in secret (the cast, the collect): the seat's own view, and `p` for its pile."""

    CSS_PATH = "screens.tcss"

    def __init__(self, decision: Decision[CrazyFishingView, Action]) -> None:
        super().__init__(decision, classes="private")
        self.view: CrazyFishingView = decision.view

    def action_pile(self) -> None:
        screen = pile_screen(self.decision)
        if screen is not None:
            self.app.push_screen(screen)
