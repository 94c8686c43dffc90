"""Small helpers shared by the rule modules: card words, events, die rolls, drawing."""

from __future__ import annotations

from fishtable.engine import rng as rand
from fishtable.engine.events import event as event  # re-exported: the one way a game makes an event
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party.cards import DIE_SIDES, GPS, HAND_SIZE
from fishtable.games.fishing_party.knowledge import pile_shuffled
from fishtable.games.fishing_party.state import FPState


def roll_die(state: FPState) -> int:
    state.rng, k = rand.below(state.rng, DIE_SIDES)
    return k + 1


def roll_off(state: FPState, seats: list[int]) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """Everyone in `seats` rolls; the tied highest roll again until one is highest (FP-Q-3, FP-Q-23)."""
    rounds = []
    while True:
        rolls = tuple((s, roll_die(state)) for s in seats)
        rounds.append(rolls)
        best = max(r for _, r in rolls)
        seats = [s for s, r in rolls if r == best]
        if len(seats) == 1:
            return seats[0], tuple(rounds)


def rolls_text(names: tuple[str, ...], rounds: tuple[tuple[tuple[int, int], ...], ...]) -> str:
    parts = []
    for i, rolls in enumerate(rounds):
        text = ", ".join(f"{names[s]} {r}" for s, r in rolls)
        parts.append(text if i == 0 else f"again: {text}")
    return "; ".join(parts)


def card_text(state: FPState, c: int) -> str:
    """A card as a player would name it: "Walleye (8 lb)", "Jig (Walleye 3, Largemouth Bass 5)", "Ouch"."""
    return state.static.texts[c]


def cards_text(state: FPState, cards: list[int]) -> str:
    return ", ".join(card_text(state, c) for c in cards) or "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def hand_size(state: FPState, seat: int) -> int:
    """Six, seven with a face-up GPS (FP-MOVE-9, FP-SPECIAL-16)."""
    perms = state.perms[seat]
    if not perms:
        return HAND_SIZE
    codes = state.static.codes
    return HAND_SIZE + sum(1 for c in perms if codes[c] == GPS)


def has_perm(state: FPState, seat: int, code: int) -> bool:
    codes = state.static.codes
    return any(codes[c] == code for c in state.perms[seat])


def available(state: FPState) -> int:
    """Cards that can still be drawn: the draw pile, and the discard pile once reshuffled (FP-Q-6)."""
    return len(state.draw) + len(state.discard)


def draw_cards(state: FPState, count: int, events: list[Event] | None) -> list[int]:
    """Take up to `count` cards off the draw pile, reshuffling the discard pile when it runs out."""
    draw = state.draw
    if count <= len(draw):  # the common case: the top cards, top first (a new pile: see FPState.fork)
        if count <= 0:
            return []
        state.draw = draw[:-count]
        return draw[:-count - 1:-1]
    out: list[int] = []
    draw = draw[:]
    for _ in range(count):
        if not draw:
            if not state.discard:
                break  # FP-Q-6: both piles are empty, the draw stops short
            state.rng, draw = rand.shuffled(state.rng, state.discard)
            state.discard = []
            pile_shuffled(state)
            if events is not None:
                events.append(event("reshuffle",
                                    "The draw pile is empty: the discard pile is shuffled into a new one."))
        out.append(draw.pop())
    state.draw = draw
    return out


def give_cards(state: FPState, seat: int, count: int, events: list[Event] | None, why: str) -> int:
    """Draw `count` cards into a hand: the cards are told to the seat alone (FP-MOVE-10)."""
    cards = draw_cards(state, count, events)
    if cards:
        state.hands[seat] = [*state.hands[seat], *cards]
        if events is not None:
            name = state.static.names[seat]
            events.append(event("draw", f"{name} draws {plural(len(cards), 'card')} {why}."))
            events.append(event("draw", f"You draw {cards_text(state, cards)}.", (seat,)))
    return len(cards)
