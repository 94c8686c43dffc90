"""Property tests: random legal Fishing Party games, played through the engine.

Hypothesis draws the seed, the number of players (2-5) and every option
(weights, Quick-Play, a time limit whose clock runs out at a random step). At
every step every card is in exactly one place; every fish attempt in a game of
three or more asks every other seat the same Broken Line question; the game
ends, its result adds up, and replaying the actions gives the same hash. A
second test checks hidden information: no seat's view or log holds a card
hidden from it, and a seat's view does not change when the cards hidden from it
are shuffled among their places.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from fishtable.engine.errors import IllegalAction
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import LetRoll, TimeUp
from fishtable.games.fishing_party.cards import BROKEN_LINE
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import NONE, FPState
from tests.games.fishing_party.builder import seats, zones

CARDS = 110
MAX_STEPS = 150_000  # random 5-player games take ~15,000 steps on average and ~35,000 at worst
PREPARED = GAME.prepare_options(FishingPartyOptions())
ID = re.compile(r'"([FLS]\d\d)"')

OPTIONS = st.builds(
    lambda weights, quick, limit: PREPARED.model_copy(
        update={"weights": weights, "quick_play": quick, "time_limit_minutes": limit}),
    st.sampled_from(["family", "tournament"]),
    st.booleans(),
    st.sampled_from([None, 30]),
)


def conserved(state: FPState) -> None:
    cards = [c for zone in zones(state).values() for c in zone]
    assert len(cards) == CARDS and set(cards) == set(range(CARDS)), "a card is lost or in two places"


def check_reaction(state: FPState) -> None:
    """Every other seat is asked the same question, whoever holds a Broken Line (FP-Q-16)."""
    prompts = GAME.pending(state)
    others = sorted(s for s in range(state.n) if s != state.seat)
    assert sorted(prompts) == others
    first = prompts[others[0]]
    codes = state.static.codes
    for seat in others:
        p = prompts[seat]
        assert (p.kind, p.text, p.private, p.simultaneous, p.reaction) == (
            first.kind, first.text, first.private, first.simultaneous, first.reaction)
        assert p.kind == "broken_line" and p.reaction
        legal = GAME.legal_actions(state, seat)
        assert legal[0] == LetRoll()
        holds = sum(1 for c in state.hands[seat] if codes[c] == BROKEN_LINE)
        assert len(legal) == 1 + holds


def check_result(state: FPState) -> None:
    result = GAME.result(state)
    assert result is not None
    totals = [line.total for line in result.scores]
    for line in result.scores:
        assert line.total == sum(v for _, v in line.parts)
        assert all(v >= 0 for _, v in line.parts)
    assert len(result.winners) == 1 and totals[result.winners[0]] == max(totals)
    assert sum(totals) <= 2 * state.n + 2 * state.n + 6 * state.n
    if state.end_reason == "six kinds":
        assert len(state.ponds[state.seat]) == len(state.static.kinds)
    else:
        assert state.end_reason == "time" and state.time_up
    if sum(1 for t in totals if t == max(totals)) > 1:
        assert state.tiebreak


def play_out(options, n: int, seed: int, choice_seed: int, clock: int):
    state = GAME.new_game(options, seats(n), seed)
    chooser = random.Random(choice_seed)
    actions = []
    steps = 0
    attempts = 0
    while True:
        conserved(state)
        prompts = GAME.pending(state)
        if not prompts:
            break
        steps += 1
        assert steps <= MAX_STEPS, "the game does not end"
        if options.time_limit_minutes is not None and steps == clock:
            seat = chooser.randrange(n)
            actions.append((seat, TimeUp()))
            state, _ = GAME.apply(state, seat, TimeUp())
            continue
        seat = chooser.choice(sorted(prompts))
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} is asked to {prompts[seat].kind} but has no legal action"
        action = legal[int(chooser.random() * len(legal))]
        if steps % 7 == 0:
            assert GAME.parse_action(json.loads(json.dumps(action.model_dump(mode="json")))) == action
        actions.append((seat, action))
        before = GAME.state_hash(state) if steps % 50 == 0 else None
        previous = state
        state, _ = GAME.apply(state, seat, action)
        if before is not None:
            assert GAME.state_hash(previous) == before, "apply changed the state it was given"
        if action.kind == "fish":
            attempts += 1
            if n >= 3:
                assert state.stage == "reaction" and state.fishing != NONE
                check_reaction(state)
            else:
                assert state.stage != "reaction"
    return state, actions, attempts


@given(options=OPTIONS, n=st.integers(2, 5), seed=st.integers(0, 2**32), choice=st.integers(0, 2**32),
       clock=st.integers(1, 3000))
@example(options=PREPARED.model_copy(update={"quick_play": True}), n=5, seed=1, choice=2, clock=1)
@example(options=PREPARED, n=3, seed=4, choice=5, clock=1)
def test_random_games_conserve_cards_ask_every_attempt_end_and_replay(options, n, seed, choice, clock):
    state, actions, _ = play_out(options, n, seed, choice, clock)
    check_result(state)
    again = GAME.new_game(options, seats(n), seed)
    for seat, action in actions:
        again, _ = GAME.apply(again, seat, GAME.parse_action(action.model_dump(mode="json")))
    assert GAME.state_hash(again) == GAME.state_hash(state)


# -- Hidden information ------------------------------------------------------------------------


def hidden_from(state: FPState, seat: int) -> list[tuple[str, int]]:
    """The places (zone, index) of the cards `seat` cannot see: the piles and the other hands."""
    places = [("draw", i) for i in range(len(state.draw))]
    places += [("discard", i) for i in range(len(state.discard))]
    if seat != state.seat:
        places += [("aside", i) for i in range(len(state.aside))]
    for other in range(state.n):
        if other != seat:
            places += [(f"hand {other}", i) for i in range(len(state.hands[other]))]
    return places


def _zone(state: FPState, name: str) -> list[int]:
    if name.startswith("hand "):
        return state.hands[int(name[5:])]
    return {"draw": state.draw, "discard": state.discard, "aside": state.aside}[name]


def reshuffled(state: FPState, places: list[tuple[str, int]], rng: random.Random) -> FPState:
    new = state.clone()
    cards = [_zone(state, z)[i] for z, i in places]
    rng.shuffle(cards)
    for (z, i), c in zip(places, cards, strict=True):
        _zone(new, z)[i] = c
    return new


def check_views(state: FPState, events, rng: random.Random, deep: bool) -> None:
    cids = state.static.cids
    for seat in (None, *range(state.n)):
        hidden = {cids[c] for c in (_zone(state, z)[i] for z, i in hidden_from(state, seat if seat is not None
                                                                                 else -1))}
        text = json.dumps(GAME.view(state, seat).model_dump(mode="json"))
        assert not set(ID.findall(text)) & hidden, f"seat {seat} sees a hidden card"
        for e in events:
            if e.visible_for(seat):
                assert not any(h in e.text for h in hidden)
        if deep and seat is not None:
            other = reshuffled(state, hidden_from(state, seat), rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.pending(other) == GAME.pending(state)


@pytest.mark.slow
@given(options=OPTIONS, n=st.integers(2, 5), seed=st.integers(0, 2**32), choice=st.integers(0, 2**32))
def test_no_seat_sees_a_hidden_card(options, n, seed, choice):
    state = GAME.new_game(options, seats(n), seed)
    chooser = random.Random(choice)
    pool: list = []
    for step in range(160):
        prompts = GAME.pending(state)
        if not prompts:
            break
        seat = chooser.choice(sorted(prompts))
        legal = GAME.legal_actions(state, seat)
        pool.extend(legal)
        action = chooser.choice(legal)
        state, events = GAME.apply(state, seat, action)
        check_views(state, events, chooser, deep=step % 8 == 0)
        if step % 10 == 0:  # garbage: an action seen elsewhere, illegal here, changes nothing
            other = chooser.randrange(n)
            junk = chooser.choice(pool)
            if junk not in GAME.legal_actions(state, other):
                before = GAME.state_hash(state)
                try:
                    GAME.apply(state, other, junk)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{junk!r} was accepted from seat {other} though not legal")
                assert GAME.state_hash(state) == before
