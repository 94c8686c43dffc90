"""Build Fishing Party states card by card, for rule tests on exact positions.

Card specs (tests build their own cards; nothing depends on the shipped data):
  fish      "Walleye:8" (Family 8, Tournament 16), "Walleye:8/19"; the kind names are
            the six kinds of KINDS, or their short forms "Bass", "Pike", "Brook", "Rainbow", "Brown"
  lures     "Jig:3/5" (Walleye on a 3, Largemouth Bass on a 5: the two kinds in LURE_KINDS order),
            "Magic" (every kind on 3-6), "Magic:5/6"
  specials  "rod", "first_aid_kit", "goggles", "ouch", "tire", "snap", "broken_line", "gps",
            "glove", "spray_bottle"
`Builder.card(spec)` makes one card and returns its index; `Builder.state(...)` lays the
cards where the test says, and every card not placed goes to the bottom of the draw pile.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from fishtable.engine import rng as rand
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.cards import FISH, LURE, MAGIC, TYPE_NAMES, Card
from fishtable.games.fishing_party.state import NONE, FPState, Static

KINDS = ("Largemouth Bass", "Northern Pike", "Walleye", "Brook Trout", "Rainbow Trout", "Brown Trout")
SHORT = {"Bass": "Largemouth Bass", "Pike": "Northern Pike", "Brook": "Brook Trout",
         "Rainbow": "Rainbow Trout", "Brown": "Brown Trout"}
LURE_KINDS = {
    "Spinner Bait": ("Largemouth Bass", "Northern Pike"),
    "Popper": ("Northern Pike", "Largemouth Bass"),
    "Jig": ("Walleye", "Largemouth Bass"),
    "Spinning Spoon": ("Brook Trout", "Rainbow Trout"),
    "Crank Bait": ("Rainbow Trout", "Walleye"),
    "Wobbler": ("Brown Trout", "Brook Trout"),
}
SPECIAL_NAMES = {
    "rod": "Fishing Rod", "first_aid_kit": "First Aid Kit", "goggles": "Goggles", "ouch": "Ouch", "tire": "Tire",
    "snap": "Snap", "broken_line": "Broken Line", "gps": "GPS", "glove": "Glove", "spray_bottle": "Spray Bottle",
}
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=NAMES[i]) for i in range(n)]


class Builder:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.counts = {"F": 0, "L": 0, "S": 0}

    def _add(self, prefix: str, **fields: Any) -> int:
        self.counts[prefix] += 1
        idx = len(self.cards)
        self.cards.append(Card(idx=idx, cid=f"{prefix}{self.counts[prefix]:02d}", **fields))
        return idx

    def card(self, spec: str) -> int:
        if spec in SPECIAL_NAMES:
            return self._add("S", code=TYPE_NAMES.index(spec), name=SPECIAL_NAMES[spec])
        name, _, values = spec.partition(":")
        if name == "Magic":
            rolls = tuple(int(r) for r in values.split("/")) if values else (3, 4, 5, 6)
            return self._add("L", code=MAGIC, name="Magic Lure", wins=(rolls,) * len(KINDS),
                             shows=tuple(range(len(KINDS))))
        if name in LURE_KINDS:
            first, second = (int(r) for r in values.split("/"))
            wins: list[tuple[int, ...]] = [()] * len(KINDS)
            a, b = LURE_KINDS[name]
            wins[KINDS.index(a)] = (first,)
            wins[KINDS.index(b)] = (second,)
            return self._add("L", code=LURE, name=name, wins=tuple(wins), shows=(KINDS.index(a), KINDS.index(b)))
        kind = SHORT.get(name, name)
        if kind not in KINDS:
            raise ValueError(f"unknown card spec {spec!r}")
        family, _, tournament = values.partition("/")
        fam = int(family)
        return self._add("F", code=FISH, name=kind, kind=KINDS.index(kind), family=fam,
                         tournament=int(tournament) if tournament else 2 * fam)

    def cards_of(self, *specs: str) -> list[int]:
        return [self.card(s) for s in specs]

    def filler(self, count: int, spec: str = "goggles") -> list[int]:
        return [self.card(spec) for _ in range(count)]

    def state(
        self,
        hands: Sequence[Sequence[int]],
        *,
        table: Sequence[int] | None = None,
        draw: Sequence[int] | None = None,
        discard: Sequence[int] = (),
        rods: Sequence[int | bool] | None = None,
        lures: Sequence[int] | None = None,
        ouches: Sequence[int] | None = None,
        perms: Sequence[Sequence[int]] | None = None,
        ponds: Sequence[Sequence[int]] | None = None,
        removed: Sequence[int] = (),
        seat: int = 0,
        scheme: str = "family",
        quick_play: bool = False,
        time_limit: int | None = None,
        reactions: bool | None = None,
        seed: int = 1,
    ) -> FPState:
        """A position at the start of `seat`'s turn. `rods[i]` True makes a new rod for seat i.
        `draw` lists the draw pile top first; unplaced cards go beneath it. Without `draw`, the
        draw pile is the unplaced cards over 20 plain Brook Trout of 1 lb; with `draw=[]` it is empty."""
        n = len(hands)
        if draw is None:
            self.filler(20, "Brook:1")
            draw = ()
        rod_cards = []
        for i in range(n):
            r = True if rods is None else rods[i]
            rod_cards.append(self.card("rod") if r is True else NONE if r is False else r)
        if table is None:
            table = self.filler(6, "Brook:1")
        placed = set(table) | set(draw) | set(discard) | set(removed)
        for group in (hands, perms or (), ponds or ()):
            for cards in group:
                placed |= set(cards)
        placed |= {c for c in (*rod_cards, *(lures or ()), *(ouches or ())) if c != NONE}
        rest = [c.idx for c in self.cards if c.idx not in placed]
        static = Static(
            cards=tuple(self.cards), kinds=KINDS, names=NAMES[:n], bots=(False,) * n, scheme=scheme,
            quick_play=quick_play, time_limit=time_limit, removed=tuple(removed), first_rolls=(((0, 6),),),
            reactions=n > 2 if reactions is None else reactions,
        )
        return FPState(
            static=static,
            rng=rand.seed_state(seed),
            draw=rest + list(reversed(draw)),
            discard=list(discard),
            table=list(table),
            hands=[list(h) for h in hands],
            rods=rod_cards,
            lures=list(lures) if lures is not None else [NONE] * n,
            ouches=list(ouches) if ouches is not None else [NONE] * n,
            perms=[tuple(p) for p in perms] if perms is not None else [()] * n,
            ponds=[tuple(p) for p in ponds] if ponds is not None else [()] * n,
            seat=seat,
            moves_left=2 if quick_play else 1,
            known=((),) * n,
            own_discards=((),) * n,
        )


def rig(state: FPState, *rolls: int) -> FPState:
    """Set the generator so that the next die rolls are `rolls` (found by trying seeds)."""
    for seed in range(1_000_000):
        gen = rand.seed_state(seed)
        probe = gen
        for want in rolls:
            probe, k = rand.below(probe, 6)
            if k + 1 != want:
                break
        else:
            state.rng = gen
            return state
    raise AssertionError(f"no seed gives the rolls {rolls}")


def cid(state: FPState, card: int) -> str:
    return state.static.cids[card]


def play(state: FPState, seat: int, action: Any) -> tuple[FPState, list[Event]]:
    """Apply an action, checking it is among the legal actions when it is an ordinary choice."""
    if action.kind != "time_up":
        assert action in GAME.legal_actions(state, seat), f"{action!r} is not listed as legal"
    return GAME.apply(state, seat, action)


def run(state: FPState, *steps: tuple[int, Any]) -> tuple[FPState, list[Event]]:
    events: list[Event] = []
    for seat, action in steps:
        state, new = play(state, seat, action)
        events += new
    return state, events


def rejected(state: FPState, seat: int, action: Any, match: str) -> str:
    """The action is illegal, says so in words matching `match`, changes nothing, and is not listed."""
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction, match=match) as info:
        GAME.apply(state, seat, action)
    assert GAME.state_hash(state) == before
    assert action not in GAME.legal_actions(state, seat)
    return str(info.value)


def texts(events: Sequence[Event], seat: int | None = None) -> list[str]:
    return [e.text for e in events if e.visible_for(seat)]


def view_json(state: FPState, seat: int | None) -> str:
    return json.dumps(GAME.view(state, seat).model_dump(mode="json"))


def zones(state: FPState) -> dict[str, list[int]]:
    """Every place a card can be, by name."""
    out: dict[str, list[int]] = {
        "draw": list(state.draw),
        "discard": list(state.discard),
        "table": list(state.table),
        "removed": list(state.static.removed),
        "fishing": [state.fishing] if state.fishing != NONE else [],
        "aside": list(state.aside),
    }
    for s in range(state.n):
        out[f"hand {s}"] = list(state.hands[s])
        out[f"rod {s}"] = [state.rods[s]] if state.rods[s] != NONE else []
        out[f"lure {s}"] = [state.lures[s]] if state.lures[s] != NONE else []
        out[f"ouch {s}"] = [state.ouches[s]] if state.ouches[s] != NONE else []
        out[f"perms {s}"] = list(state.perms[s])
        out[f"pond {s}"] = list(state.ponds[s])
    return out


def where(state: FPState, card: int) -> str:
    found = [name for name, cards in zones(state).items() if card in cards]
    assert len(found) == 1, f"card {card} is in {found}"
    return found[0]
