"""Small helpers shared by the phase modules: card words, modifiers, events."""

from __future__ import annotations

from fishtable.engine.events import event as make_event
from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing.cards import INFINITE, Card
from fishtable.games.crazy_fishing.state import CFState

LIMITED = ("golden_fish", "useless_fish", "crab", "moray_eel")
EFFECT_NAMES = {
    "golden_fish": "Golden Fish: bait +2",
    "useless_fish": "Useless Fish: bait -2",
    "crab": "Crab: no '+' baits",
    "moray_eel": "Moray Eel: no '+' rods",
    "prawn": "Prawn: 1-point fish score 2",
}


# Public happenings the table should show everyone before the keyboard moves on.
NEWS_KINDS = frozenset({
    "reveal", "fish_bait", "order", "flip", "catch", "escape", "effect", "look", "shuffle",
    "reshuffle_sea", "empty", "end",
})


def event(kind: str, text: str, to: tuple[int, ...] | None = None) -> Event:
    """The engine's event (`engine.events`), news when it is public and of a kind in NEWS_KINDS."""
    return make_event(kind, text, to, to is None and kind in NEWS_KINDS)


def top_effect(state: CFState, seat: int) -> str | None:
    """The limited-duration effect active for `seat`: its pile's top card's (CF-OOS-16)."""
    pile = state.piles[seat]
    if not pile:
        return None
    card = state.cards[pile[-1]]
    return card.special if card.oos and card.special in LIMITED else None


# What the out-of-series fish on top of a seat's pile adds to its bait (CF-OOS-16).
BAIT_MODIFIERS: dict[str | None, int] = {"golden_fish": 2, "useless_fish": -2}  # by a card's special (or None)


def bait_modifier(state: CFState, seat: int) -> int:
    effect = top_effect(state, seat)
    return BAIT_MODIFIERS.get(effect, 0) if effect is not None else 0


def raw_bait(state: CFState, baits: list[int]) -> int:
    total = 0
    for b in baits:
        value = state.cards[b].value
        if value >= INFINITE:
            return INFINITE
        total += value
    return total


def fish_bait_value(state: CFState, fish: int) -> int:
    return 2 * state.cards[fish].value


def effective_bait(state: CFState, seat: int, base: int) -> int:
    """Bait value compared with a fish: modifiers apply, never below 0, ∞ stays ∞ (CF-Q-21)."""
    if base >= INFINITE:
        return INFINITE
    return max(0, base + bait_modifier(state, seat))


def value_text(value: int) -> str:
    return "∞" if value >= INFINITE else str(value)


def cards_text(state: CFState, cards: list[int]) -> str:
    table = state.cards
    return ", ".join([table[c].text for c in cards])


def fish_text(card: Card) -> str:
    """A fish in a sentence: "an Old Boot (0)", "a Pearl (3)", "the Hake (5)"."""
    return card.words


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 or word == "fish" else "s")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
