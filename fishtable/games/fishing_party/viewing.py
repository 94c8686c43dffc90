"""Building a seat's view: the only way game information leaves the engine."""

from __future__ import annotations

from collections import Counter

from fishtable.engine.fast import trusted
from fishtable.games.fishing_party.cards import FISH, LURES, TYPE_NAMES, group_of, lure_words
from fishtable.games.fishing_party.common import hand_size
from fishtable.games.fishing_party.knowledge import labels
from fishtable.games.fishing_party.rules import pending
from fishtable.games.fishing_party.scoring import result
from fishtable.games.fishing_party.state import NONE, FPState, Static
from fishtable.games.fishing_party.views import (
    Attempt,
    CardCount,
    CardFace,
    FishingPartyView,
    LureRoll,
    SeatPanel,
)


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
        outcome=last.outcome,  # type: ignore[arg-type]
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
