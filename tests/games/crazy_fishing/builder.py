"""Build Crazy Fishing states card by card, for rule tests on exact positions.

Card specs (tests build their own ordinary cards; special cards take their name,
value and '+' from the shipped card file, never from a copy here):
  rods    "R5", "R2+", "R:reel", "R:finder", "R:rodiest", "R:oos"
  baits   "B3", "B3+", "B:inf", "B:bucket", "B:turbulent"
  fish    "F4" (back "?"), "F4:3-5", "F4:3-5:Sea Bass", "boot", "pearl1", "monster8",
          "oos:golden_fish" (name and size from the shipped file), "oos:prawn:2-4"
Sea entries are specs (laid in a row, none overlapping) or (spec, x, y) tuples,
bottom first; a later card overlaps an earlier one when their tiles intersect.
Seat sea labels are 1, 2, 3... in the order given.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fishtable.engine import rng as rand
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME, sea
from fishtable.games.crazy_fishing.actions import Cast
from fishtable.games.crazy_fishing.cards import INFINITE, Card, load_card_file
from fishtable.games.crazy_fishing.casting import start_round
from fishtable.games.crazy_fishing.state import CFState

SHIPPED = load_card_file()  # the shipped assets/crazy_fishing/cards.json


def _shipped_specials() -> tuple[dict[str, tuple[str, int, bool, str]], dict[str, tuple[str, int, bool, str]]]:
    rods: dict[str, tuple[str, int, bool, str]] = {}
    for r in SHIPPED.rods:
        if r.special:
            rods.setdefault(r.special, (r.name, r.speed, r.plus, r.special))
    for r in SHIPPED.oos_rods:
        rods.setdefault("oos_rod", (r.name, r.speed, r.plus, "oos_rod"))
    baits: dict[str, tuple[str, int, bool, str]] = {}
    for b in SHIPPED.baits:
        if b.special:
            baits.setdefault(b.special, (b.name, INFINITE if b.value is None else b.value, b.plus, b.special))
    return rods, baits


ROD_SPECIALS, BAIT_SPECIALS = _shipped_specials()
OOS_SIZES = {f.effect: f.size for f in SHIPPED.oos_fish}
OOS_NAMES = {f.effect: f.name for f in SHIPPED.oos_fish}
_ROD_SPECS = {":reel": "super_fast_reel", ":finder": "fish_finder", ":rodiest": "rodiest_rod", ":oos": "oos_rod"}
_BAIT_SPECS = {":inf": "most_tempting", ":bucket": "bait_bucket", ":turbulent": "turbulent"}


class Builder:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.counts = {"fish": 0, "rod": 0, "bait": 0}

    def _add(self, type_: str, name: str, value: int, plus: bool = False, special: str | None = None,
             back: str = "", oos: bool = False) -> int:
        self.counts[type_] += 1
        prefix = {"fish": "F", "rod": "R", "bait": "B"}[type_]
        idx = len(self.cards)
        self.cards.append(Card(idx, f"{prefix}{self.counts[type_]:02d}", type_, name, value, plus, special,
                               back, False, oos))
        return idx

    def card(self, spec: str) -> int:
        if spec.startswith("R"):
            body = spec[1:]
            if body in _ROD_SPECS:
                name, value, plus, special = ROD_SPECIALS[_ROD_SPECS[body]]
                return self._add("rod", name, value, plus, special, oos=special == "oos_rod")
            return self._add("rod", "Rod", int(body.rstrip("+")), body.endswith("+"))
        if spec.startswith("B"):
            body = spec[1:]
            if body in _BAIT_SPECS:
                name, value, plus, special = BAIT_SPECIALS[_BAIT_SPECS[body]]
                return self._add("bait", name, value, plus, special)
            return self._add("bait", "Bait", int(body.rstrip("+")), body.endswith("+"))
        if spec.startswith("oos:"):
            parts = spec.split(":")
            effect = parts[1]
            back = parts[2] if len(parts) > 2 else "?"
            return self._add("fish", OOS_NAMES[effect], OOS_SIZES[effect], False, effect, back, oos=True)
        if spec == "boot":
            return self._add("fish", "Old Boot", 0, False, "boot", "?")
        if spec.startswith("pearl"):
            return self._add("fish", "Pearl", int(spec[5:]), False, "pearl", "?")
        if spec.startswith("monster"):
            return self._add("fish", "Monster", int(spec[7:]), False, "monster", "?")
        if spec.startswith("F"):
            parts = spec[1:].split(":")
            size = int(parts[0])
            back = parts[1] if len(parts) > 1 else "?"
            name = parts[2] if len(parts) > 2 else f"Fish{size}"
            return self._add("fish", name, size, False, "fish", back)
        raise ValueError(f"bad card spec {spec!r}")


def build(
    hands: Sequence[Sequence[str]],
    sea_cards: Sequence[str | tuple[str, int, int]] = ("F1", "F2", "F3", "F4", "F5", "F6", "F7"),
    names: Sequence[str] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    rod_deck: Sequence[str] = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"),
    bait_deck: Sequence[str] = ("B1", "B2", "B3", "B4", "B5", "B6", "B1", "B2"),
    beside: Sequence[str] = (),
    seed: int = 1,
) -> CFState:
    """A state at the start of Cast in round 1 with exactly these cards.

    Decks are listed bottom first: the last card is drawn first.
    """
    n = len(hands)
    names = tuple(names or ["Ernesto", "Tomás", "Elena", "Ana", "Luis", "Marta"][:n])
    b = Builder()
    hand_ids = [[b.card(s) for s in h] for h in hands]
    placed = []
    for i, entry in enumerate(sea_cards):
        spec, x, y = (entry, (i * (sea.CARD_WIDTH + 1)) % 40, 8 * ((i * (sea.CARD_WIDTH + 1)) // 40)) \
            if isinstance(entry, str) else entry
        placed.append((b.card(spec), x, y))
    beside_ids = [b.card(s) for s in beside]
    pile_ids = [[b.card(s) for s in p] for p in (piles or [[] for _ in range(n)])]
    rods = [b.card(s) for s in rod_deck]
    baits = [b.card(s) for s in bait_deck]
    state = CFState(
        cards=tuple(b.cards), names=names, bots=(False,) * n, rng=rand.seed_state(seed), round=1,
        phase="cast", sea=[], beside=[], layout=None, rod_deck=rods, bait_deck=baits, rod_discard=[],
        bait_discard=[], removed=[], hands=hand_ids, piles=pile_ids, casts=[None] * n, fish_bait=[None] * n,
    )
    sea.place(state, placed)
    if beside_ids:
        # Beside-the-sea fish keep labels after the laid ones.
        label = dict(state.layout.label)
        for i, c in enumerate(beside_ids):
            label[c] = len(placed) + i + 1
            state.layout.pos[c] = (0, 0)
            state.layout.masks[c] = 0  # beside the sea: it covers nothing
        state.layout.label = label
        state.beside = beside_ids
    start_round(state, [])
    return state


def cid(state: CFState, seat: int, label: str, zone: str = "hand") -> str:
    """The id of the first card with this face label ("5", "3+", "∞") in a seat's hand or pile."""
    cards = state.hands[seat] if zone == "hand" else state.piles[seat]
    for c in cards:
        card = state.cards[c]
        if card.label == label or card.name == label or (card.type == "fish" and str(card.value) == label):
            return card.cid
    raise KeyError(f"no {label!r} in seat {seat}'s {zone}")


def ids(state: CFState, seat: int, *labels: str) -> tuple[str, ...]:
    """Ids of several distinct hand cards by face label."""
    out: list[str] = []
    hand = state.hands[seat]
    for label in labels:
        for c in hand:
            card = state.cards[c]
            if card.cid not in out and (card.label == label or card.name == label):
                out.append(card.cid)
                break
        else:
            raise KeyError(f"no {label!r} left in seat {seat}'s hand")
    return tuple(out)


def play(state: CFState, seat: int, action: object) -> tuple[CFState, list]:
    return GAME.apply(state, seat, action)


def pick(state: CFState, seat: int, type_: str, *labels: str) -> tuple[str, ...]:
    """Ids of distinct cards of one type in a seat's hand, by face label ("5", "3+") or name."""
    out: list[str] = []
    for label in labels:
        for c in state.hands[seat]:
            card = state.cards[c]
            if card.type == type_ and card.cid not in out and label in (card.label, card.name):
                out.append(card.cid)
                break
        else:
            raise KeyError(f"no {type_} {label!r} in seat {seat}'s hand")
    return tuple(out)


def cast_bait(state: CFState, seat: int, *labels: str) -> tuple[str, ...]:
    """Ids of distinct bait cards among those a seat has cast, by face label."""
    out: list[str] = []
    for label in labels:
        for c in state.casts[seat][1]:
            card = state.cards[c]
            if card.cid not in out and card.label == label:
                out.append(card.cid)
                break
        else:
            raise KeyError(f"no bait {label!r} in seat {seat}'s cast")
    return tuple(out)


def cast_all(state: CFState, *plays: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[CFState, list]:
    """Every seat casts (rod labels, bait labels) in seat order; returns (state, events)."""
    events: list = []
    for seat, (rods, baits) in enumerate(plays):
        cast = Cast(rods=pick(state, seat, "rod", *rods), baits=pick(state, seat, "bait", *baits))
        state, more = GAME.apply(state, seat, cast)
        events += more
    return state, events


def collector(state: CFState) -> int:
    """The seat refilling its hand now (seats that have refilled may also be asked to cast early)."""
    (seat,) = [s for s, p in GAME.pending(state).items() if p.kind == "collect"]
    return seat


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"Player {i + 1}") for i in range(n)]


def view_json(state: CFState, seat: int | None) -> str:
    return GAME.view(state, seat).model_dump_json()


def rejected(state: CFState, seat: int, action: object, *words: str) -> str:
    """Assert the action is illegal with a readable message and leaves the state alone."""
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    message = str(info.value)
    assert len(message) > 8 and not message[0].islower() and message.rstrip().endswith((".", ")")), message
    assert "<" not in message and "Error" not in message, message
    for word in words:
        assert word.lower() in message.lower(), message
    assert GAME.state_hash(state) == before
    return message
