"""What one seat may see of a Fishing Party game. No field here can hold a hidden card.

A hand is cards only in its owner's view and a count otherwise; the draw and
discard piles are counts (FP-Q-5); cards put aside for an exchange are a count
for others. The last attempt names its fish and lure by their faces, never by
card id, because a missed fish goes back into a hand (FP-CATCH-8).

What the table saw go into a hand or the discard pile is told by face label only
("Walleye 8 lb", "Ouch": cards with one label play alike), never by id, so the view
says no more than a player at a real table could remember; the card file (no
places in it) lets a seat imagine the cards it cannot see (`sample_world`).

The models come first; then `build_view(state, seat)`, which builds them: the only way game
information leaves the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.fast import trusted
from fishtable.engine.protocol import Prompt, Result
from fishtable.games.fishing_party.cards import FISH, LURES, TYPE_NAMES, FishingPartyCards, group_of, lure_words
from fishtable.games.fishing_party.cards import CardType as CardType
from fishtable.games.fishing_party.cards import Group as Group
from fishtable.games.fishing_party.common import hand_size
from fishtable.games.fishing_party.dispatch import pending
from fishtable.games.fishing_party.knowledge import labels
from fishtable.games.fishing_party.scoring import result
from fishtable.games.fishing_party.state import NONE, FPState, Static

Stage = Literal["turn", "move", "exchange", "swap", "give", "reaction", "spray", "discard", "over"]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LureRoll(_View):
    """A fish kind a lure catches, and the die rolls that catch it."""

    kind: str
    rolls: tuple[int, ...]


class CardFace(_View):
    """A card face up, with its printed values."""

    id: str
    type: CardType
    group: Group
    name: str
    kind: str | None = None  # fish: its kind
    weight: int | None = None  # fish: its weight in this game's scheme
    family: int | None = None  # fish: the printed Family weight
    tournament: int | None = None  # fish: the printed Tournament weight
    catches: tuple[LureRoll, ...] = ()  # lures: the kinds caught and their rolls
    label: str  # short face text: "Walleye 8 lb", "Jig (Walleye 3, Largemouth Bass 5)", "Ouch"


class CardCount(_View):
    name: str
    type: CardType
    count: int


class SeatPanel(_View):
    """One player's place at the table: everything in front of them, and their hand size."""

    seat: int
    name: str
    is_bot: bool
    hand_size: int
    hand_limit: int  # 6, or 7 with a face-up GPS
    rod: CardFace | None
    lure: CardFace | None
    fishing: CardFace | None  # the fish put down for the attempt in progress
    ouch: CardFace | None
    permanents: tuple[CardFace, ...]
    pond: tuple[CardFace, ...]  # in the order of the kinds
    pond_weight: int
    aside: int  # cards put aside face down for an exchange in progress
    active: bool  # it is this player's turn
    # Labels of cards everyone saw go into this hand (taken from the table, a missed fish, a lure
    # sent back) and not come out since: a lower bound, forgotten as cards leave the hand unseen.
    known: tuple[str, ...] = ()


class Attempt(_View):
    """The last fish attempt: the die as rolled and as counted, and what came of it."""

    seat: int
    fish: str  # the fish's face text (no card id: a missed fish goes back into the hand)
    kind: str
    weight: int
    lure: str  # the lure's face text
    needed: tuple[int, ...]  # the rolls that would catch it
    rolled: int | None  # None: the line was broken before the roll
    counted: int | None  # after the Spray Bottle
    outcome: Literal["caught", "missed", "broken"]
    broken_by: int | None = None


class FishingPartyView(_View):
    game: Literal["fishing-party"] = "fishing-party"
    seat: int | None  # None: the public table
    stage: Stage
    turn: int  # whose turn it is
    turn_number: int
    moves_left: int
    free_actions: bool  # lures, permanent cards and Goggles may still be played this turn
    quick_play: bool
    weights: Literal["family", "tournament"]
    time_limit_minutes: int | None
    time_up: bool
    kinds: tuple[str, ...]
    table: tuple[CardFace, ...]
    draw_pile: int
    discard_pile: int
    deck: tuple[CardCount, ...]  # the cards this game is played with, by name (public)
    out_of_game: tuple[CardCount, ...]  # left out for 2 or 3 players (FP-VAR-1..4)
    seats: tuple[SeatPanel, ...]
    swapped_in: tuple[str, ...]  # ids of the table cards given in the swap in progress
    choosing: str | None  # id of the table card taken, waiting for a card to be given for it
    spray_roll: int | None  # the roll waiting for the Spray Bottle decision
    last_attempt: Attempt | None
    first_player_rolls: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, roll)
    hand: tuple[CardFace, ...] | None  # own view only
    aside: tuple[CardFace, ...] | None  # own view only: cards put aside for the exchange
    swapped_out: tuple[str, ...] | None  # own view only: ids of the cards taken in this swap, now in the hand
    prompt: Prompt | None
    result: Result | None
    # -- Added for the search bots: what a player at the table knows besides the above. --
    unlucky_played: bool = False  # the player whose turn it is played an Unlucky card of their own (FP-VAR-8)
    swap_taken: tuple[str, ...] = ()  # labels of the table cards taken so far in the swap in progress
    discarded: tuple[str, ...] = ()  # labels of the cards everyone saw go into the discard pile since it was
    # last shuffled into a new draw pile (Goggles, Tire, Snap, First Aid, Broken Line, a smaller fish)
    my_discards: tuple[str, ...] | None = None  # own view only: what this seat discarded face down since
    tiebreak_rolls: tuple[tuple[tuple[int, int], ...], ...] = ()  # rounds of (seat, roll) for a tied winner
    card_data: FishingPartyCards | None = None  # the card file in play (None for a hand-built test table)


# -- building a seat's view ----------------------------------------------------------------------

def _make_face(st: Static, c: int) -> CardFace:
    card = st.cards[c]
    code = card.code
    if code == FISH:
        weight = st.weight[c]
        return CardFace(id=card.cid, type="fish", group="fish", name=card.name, kind=st.kinds[card.kind],
                        weight=weight, family=card.family, tournament=card.tournament,
                        label=st.labels[c])
    if code in LURES:
        catches = tuple(LureRoll(kind=st.kinds[k], rolls=card.wins[k]) for k in card.shows)
        return CardFace(id=card.cid, type=TYPE_NAMES[code], group="lure", name=card.name, catches=catches,
                        label=st.labels[c])
    return CardFace(id=card.cid, type=TYPE_NAMES[code], group=group_of(code), name=card.name, label=st.labels[c])


def face(st: Static, c: int) -> CardFace:
    """A card's face, built once per game (faces are immutable)."""
    faces: list[CardFace] | None = st.action_cache.get("faces")
    if faces is None:
        faces = st.action_cache["faces"] = [_make_face(st, i) for i in range(len(st.cards))]
    return faces[c]


def _opt(st: Static, c: int) -> CardFace | None:
    return None if c == NONE else face(st, c)


def _counts(st: Static, cards: list[int]) -> tuple[CardCount, ...]:
    counter = Counter(cards)
    seen: dict[str, CardCount] = {}
    for c in sorted(counter):
        card = st.cards[c]
        key = f"{card.name}/{card.code}"
        before = seen.get(key)
        count = (before.count if before else 0) + counter[c]
        seen[key] = CardCount(name=card.name, type=TYPE_NAMES[card.code], count=count)
    return tuple(seen.values())


def _deck_counts(st: Static) -> tuple[tuple[CardCount, ...], tuple[CardCount, ...]]:
    counts = st.action_cache.get("deck counts")
    if counts is None:
        removed = set(st.removed)
        in_game = [c for c in range(len(st.cards)) if c not in removed]
        counts = st.action_cache["deck counts"] = (_counts(st, in_game), _counts(st, list(st.removed)))
    return counts


def _attempt(state: FPState) -> Attempt | None:
    last = state.last
    if last is None:
        return None
    st = state.static
    fish, lure = last.fish, last.lure
    kind = st.kind_of[fish]
    return Attempt(
        seat=last.seat,
        fish=f"{st.cards[fish].name} {st.weight[fish]} lb",
        kind=st.kinds[kind],
        weight=st.weight[fish],
        lure=lure_words(st.cards[lure], st.kinds),
        needed=st.cards[lure].wins[kind],
        rolled=last.rolled or None,
        counted=last.counted or None,
        outcome=last.outcome,  # type: ignore[arg-type]  # the state keeps the view's words as a str
        broken_by=None if last.breaker == NONE else last.breaker,
    )


def build_view(state: FPState, seat: int | None) -> FishingPartyView:
    st = state.static
    n = st.n
    kind_of = st.kind_of
    panels = []
    for s in range(n):
        pond = sorted(state.ponds[s], key=lambda c: kind_of[c])
        active = s == state.seat and state.stage != "over"
        panels.append(trusted(
            SeatPanel,
            seat=s,
            name=st.names[s],
            is_bot=st.bots[s],
            hand_size=len(state.hands[s]),
            hand_limit=hand_size(state, s),
            rod=_opt(st, state.rods[s]),
            lure=_opt(st, state.lures[s]),
            fishing=_opt(st, state.fishing) if active else None,
            ouch=_opt(st, state.ouches[s]),
            permanents=tuple(face(st, c) for c in state.perms[s]),
            pond=tuple(face(st, c) for c in pond),
            pond_weight=sum(st.weight[c] for c in pond),
            aside=len(state.aside) if active else 0,
            active=active,
            known=labels(state, state.known[s]),
        ))
    me = seat if seat is not None and 0 <= seat < n else None  # a seat sees its own cards
    deck, out = _deck_counts(st)
    # Built without validation (engine/fast.py): every value is the engine's own, of the declared
    # type; the tests validate views through a JSON round trip.
    return trusted(
        FishingPartyView,
        game="fishing-party",
        seat=seat,
        stage=state.stage,
        turn=state.seat,
        turn_number=state.turn_no,
        moves_left=state.moves_left,
        free_actions=state.stage == "turn",
        quick_play=st.quick_play,
        weights=st.scheme,
        time_limit_minutes=st.time_limit,
        time_up=state.time_up,
        kinds=st.kinds,
        table=tuple(face(st, c) for c in state.table),
        draw_pile=len(state.draw),
        discard_pile=len(state.discard),
        deck=deck,
        out_of_game=out,
        seats=tuple(panels),
        swapped_in=tuple(st.cids[c] for c in state.given),
        choosing=st.cids[state.taken[-1]] if state.stage == "give" else None,
        spray_roll=state.roll if state.stage == "spray" else None,
        last_attempt=_attempt(state),
        first_player_rolls=st.first_rolls,
        hand=tuple(face(st, c) for c in state.hands[me]) if me is not None else None,
        aside=tuple(face(st, c) for c in state.aside) if me is not None and me == state.seat else None,
        swapped_out=tuple(st.cids[c] for c in state.taken[: len(state.given)]) if me is not None and me == state.seat
        else None,
        prompt=pending(state).get(me) if me is not None else None,
        result=result(state),
        unlucky_played=state.unlucky,
        swap_taken=tuple(st.labels[c] for c in state.taken[: len(state.given)]),
        discarded=labels(state, state.seen_discards),
        my_discards=labels(state, state.own_discards[me]) if me is not None else None,
        tiebreak_rolls=state.tiebreak,
        card_data=st.data,
    )
