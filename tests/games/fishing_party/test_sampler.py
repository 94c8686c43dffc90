"""Worlds sampled from one seat's view (issue 12), what the table saw, and the playout helpers.

Hypothesis draws random games (2-5 players, every option mix) and random positions in them;
at each, every seat samples worlds from its own view: each world gives that seat the very
same view, holds every card exactly once, and plays on. What the table saw go into a hand
or the discard pile is always true of the real state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import (
    DrawBack,
    Exchange,
    Fish,
    Give,
    LetRoll,
    Pass,
    PlayGoggles,
    StartExchange,
    StartSwap,
    SwapDone,
    Take,
)
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.playouts import evaluate, points_now, rollout_action
from fishtable.games.fishing_party.scoring import totals
from fishtable.games.fishing_party.state import FPState
from fishtable.games.fishing_party.views import FishingPartyView
from tests.games.fishing_party.builder import Builder, cid, play, rig, seats, zones
from tests.games.fishing_party.test_properties import hidden_from, reshuffled

PREPARED = GAME.prepare_options(FishingPartyOptions())
OPTIONS = st.builds(
    lambda weights, quick, limit: PREPARED.model_copy(
        update={"weights": weights, "quick_play": quick, "time_limit_minutes": limit}),
    st.sampled_from(["family", "tournament"]),
    st.booleans(),
    st.sampled_from([None, 30]),
)


def everything_once(state: FPState) -> None:
    cards = [c for zone in zones(state).values() for c in zone]
    assert sorted(cards) == list(range(len(state.static.cards))), "a card is lost or in two places"


def table_saw_truly(state: FPState) -> None:
    """What the table saw holds in the state: known cards are in their hands and in the pile."""
    cls = state.static.cls
    for s in range(state.n):
        hand = Counter(cls[c] for c in state.hands[s])
        assert not Counter(state.known[s]) - hand, f"seat {s} is said to hold a card it does not"
    seen = Counter(state.seen_discards)
    for own in state.own_discards:
        seen += Counter(own)
    assert not seen - Counter(cls[c] for c in state.discard), "the discard pile lacks a card seen going in"
    if state.stage in ("swap", "give"):
        taken = Counter(cls[c] for c in state.taken[: len(state.given)])
        assert not taken - Counter(state.known[state.seat])


def check_worlds(state: FPState, rng: random.Random, worlds: int = 2) -> None:
    for seat in range(state.n):
        view = GAME.view(state, seat)
        dump = view.model_dump()
        # Views are built without validation: they must still be exactly what validation makes.
        assert FishingPartyView.model_validate_json(view.model_dump_json()) == view
        for _ in range(worlds):
            world = GAME.capabilities.sample_world(view, rng)
            assert GAME.view(world, seat).model_dump() == dump
            everything_once(world)
            table_saw_truly(world)
            assert GAME.pending(world).keys() == GAME.pending(state).keys() or state.stage == "reaction"
            if seat in GAME.pending(state):
                assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)


def play_on(world: FPState, rng: random.Random, steps: int) -> None:
    """A sampled world is a full state: the game goes on in it."""
    for _ in range(steps):
        prompts = GAME.pending(world)
        if not prompts:
            assert GAME.result(world) is not None
            return
        seat = rng.choice(sorted(prompts))
        world, _ = GAME.apply(world, seat, rng.choice(GAME.legal_actions(world, seat)))
        everything_once(world)
        table_saw_truly(world)


@given(options=OPTIONS, n=st.integers(2, 5), seed=st.integers(0, 2**32), choice=st.integers(0, 2**32))
@example(options=PREPARED.model_copy(update={"quick_play": True}), n=5, seed=3, choice=4)
@example(options=PREPARED, n=3, seed=1, choice=1)
def test_sampled_worlds_give_the_seat_its_own_view_and_play_on(options, n, seed, choice):
    state = GAME.new_game(options, seats(n), seed)
    rng = random.Random(choice)
    stages = set()
    for step in range(400):
        prompts = GAME.pending(state)
        if not prompts:
            break
        table_saw_truly(state)
        if step % 37 == 0 or (state.stage not in ("turn", "exchange") and state.stage not in stages):
            stages.add(state.stage)
            check_worlds(state, rng)
        seat = rng.choice(sorted(prompts))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    check_worlds(state, rng)
    seat = rng.randrange(n)
    play_on(GAME.capabilities.sample_world(GAME.view(state, seat), rng), rng, 200)


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 4))
def test_the_table_saw_is_true_along_whole_games(seed, n):
    """Every step of whole random games (with the reshuffles of long games): knowledge never lies."""
    state = GAME.new_game(PREPARED, seats(n), seed)
    rng = random.Random(seed)
    while GAME.pending(state):
        table_saw_truly(state)
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
    check_worlds(state, rng, 1)


def test_the_same_view_gives_the_same_worlds():
    """No cheating, structurally: states that look alike to a seat give it the same worlds."""
    rng = random.Random(4)
    for seed in range(6):
        state = GAME.new_game(PREPARED, seats(4), seed)
        for _ in range(rng.randrange(50, 400)):
            seat = rng.choice(sorted(GAME.pending(state)))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for seat in range(4):
            other = reshuffled(state, hidden_from(state, seat), rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            a = GAME.capabilities.sample_world(GAME.view(state, seat), random.Random(seed))
            b = GAME.capabilities.sample_world(GAME.view(other, seat), random.Random(seed))
            assert GAME.state_hash(a) == GAME.state_hash(b)


def test_a_view_rebuilt_from_json_samples_the_same_way():
    state = GAME.new_game(PREPARED, seats(3), 21)
    view = GAME.view(state, 1)
    again = FishingPartyView.model_validate_json(view.model_dump_json())
    sample = GAME.capabilities.sample_world
    a, b = sample(view, random.Random(8)), sample(again, random.Random(8))
    assert GAME.state_hash(a) == GAME.state_hash(b) and a.static is b.static
    assert GAME.view(b, 1) == view


def test_hidden_cards_go_everywhere_they_could_be():
    state = GAME.new_game(PREPARED, seats(4), 11)
    view = GAME.view(state, 0)
    rng = random.Random(2)
    places: dict[int, set[str]] = {}
    for _ in range(200):
        world = GAME.capabilities.sample_world(view, rng)
        assert world.hands[0] == state.hands[0] and world.table == state.table and world.rods == state.rods
        for name, cards in zones(world).items():
            for c in cards:
                places.setdefault(c, set()).add(name)
        assert world.rng != state.rng
    hidden = [c for c in range(len(state.static.cards)) if c not in state.static.removed
              and c not in state.hands[0] and c not in state.table and c not in state.rods]
    assert all({"hand 1", "hand 2", "hand 3", "draw"} <= places[c] for c in hidden)
    assert sum(1 for c in hidden if "discard" in places[c]) > 60  # one card a world, of some 80


# -- What the table saw, in the views -------------------------------------------------------------


def test_a_card_taken_from_the_table_is_known_in_the_hand_until_it_comes_out():
    b = Builder()
    wal, pike, ouch = b.cards_of("Walleye:8", "Pike:9", "ouch")
    state = b.state([[ouch, *b.filler(5)], b.filler(6), b.filler(6)], table=[wal, pike, *b.filler(4, "Brook:1")])
    state, _ = play(state, 0, StartSwap())
    state, _ = play(state, 0, Take(card=cid(state, wal)))
    state, _ = play(state, 0, Give(card=cid(state, ouch)))
    view = GAME.view(state, 1)
    assert view.seats[0].known == ("Walleye 8 lb",) and view.swap_taken == ("Walleye 8 lb",)
    assert view.swapped_out is None and GAME.view(state, 0).swapped_out == (cid(state, wal),)
    state, _ = play(state, 0, SwapDone())
    assert GAME.view(state, 2).seats[0].known == ("Walleye 8 lb",)
    state, _ = play(state, 1, StartSwap())
    state, _ = play(state, 1, Take(card=cid(state, ouch)))
    state, _ = play(state, 1, Give(card=cid(state, state.hands[1][0])))
    assert GAME.view(state, 0).seats[1].known == ("Ouch",)


def test_worlds_in_a_swap_hold_the_taken_cards_in_the_swapper_hand():
    rng = random.Random(12)
    state = GAME.new_game(PREPARED, seats(4), 12)
    found = 0
    while found < 5:
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
        if state.stage in ("swap", "give") and state.given:
            found += 1
            for other in range(4):
                world = GAME.capabilities.sample_world(GAME.view(state, other), rng)
                labels = [world.static.labels[c] for c in world.taken]
                assert labels == [state.static.labels[c] for c in state.taken]
                assert all(c in world.hands[state.seat] for c in world.taken[: len(world.given)])
                assert world.given == state.given


def test_a_hidden_exchange_forgets_one_of_each_known_face():
    b = Builder()
    fish = b.cards_of("Walleye:8", "Walleye:8", "Pike:9")
    state = b.state([[*fish, *b.filler(3)], b.filler(6), b.filler(6)])
    cls = state.static.cls
    state.known = (tuple(cls[c] for c in fish), (), ())
    assert GAME.view(state, 1).seats[0].known == ("Walleye 8 lb", "Walleye 8 lb", "Northern Pike 9 lb")
    state, _ = play(state, 0, StartExchange())
    state, _ = play(state, 0, Exchange(card=cid(state, state.hands[0][-1])))
    assert GAME.view(state, 1).seats[0].known == ("Walleye 8 lb",)
    state, _ = play(state, 0, DrawBack())
    assert GAME.view(state, 0).my_discards == ("Goggles",)
    assert GAME.view(state, 1).my_discards == () and GAME.view(state, 1).discarded == ()
    assert GAME.view(state, None).my_discards is None


def test_a_missed_fish_is_known_back_in_the_hand_and_goggles_discards_are_seen():
    b = Builder()
    jig, wal, goggles = b.cards_of("Jig:3/5", "Walleye:8", "goggles")
    table = b.cards_of("ouch", "tire", "Brook:2", "Brook:3", "Brook:4", "Brook:5")
    state = b.state([[wal, *b.filler(5, "Brook:1")], [goggles, *b.filler(5, "Brook:1")], b.filler(6, "Brook:1")],
                    lures=[jig, -1, -1], table=table)
    state = rig(state, 4)
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    state, _ = play(state, 1, LetRoll())
    state, _ = play(state, 2, LetRoll())
    assert state.last is not None and state.last.outcome == "missed"
    view = GAME.view(state, 2)
    assert view.seats[0].known == ("Walleye 8 lb",)
    assert view.last_attempt is not None and view.last_attempt.fish == "Walleye 8 lb"
    state, _ = play(state, 1, PlayGoggles(card=cid(state, goggles)))
    view = GAME.view(state, 0)
    assert sorted(view.discarded) == sorted(["Ouch", "Tire", "Brook Trout 2 lb", "Brook Trout 3 lb",
                                             "Brook Trout 4 lb", "Brook Trout 5 lb", "Goggles"])


def test_a_reshuffle_forgets_the_discard_pile():
    b = Builder()
    pile = b.cards_of("ouch", "tire", "Walleye:8")
    state = b.state([b.filler(5), b.filler(6), b.filler(6)], draw=[], discard=pile)
    cls = state.static.cls
    state.seen_discards = (cls[pile[0]], cls[pile[1]])
    state.own_discards = ((cls[pile[2]],), (), ())
    assert GAME.view(state, 0).discarded == ("Ouch", "Tire") and GAME.view(state, 0).my_discards == ("Walleye 8 lb",)
    state, events = play(state, 0, Pass())
    assert any(e.kind == "reshuffle" for e in events)
    view = GAME.view(state, 0)
    assert view.discarded == () and view.my_discards == () and view.draw_pile == 2


def test_a_seat_that_answered_the_broken_line_question_is_asked_again_in_its_worlds():
    state = GAME.new_game(PREPARED, seats(4), 5)
    rng = random.Random(5)
    while state.stage != "reaction":
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        fish = [a for a in legal if a.kind == "fish"]
        state, _ = GAME.apply(state, seat, fish[0] if fish else legal[int(rng.random() * len(legal))])
    first = state.asking[0]
    state, _ = GAME.apply(state, first, LetRoll())
    fisher = state.seat
    world = GAME.capabilities.sample_world(GAME.view(state, first), rng)
    assert first not in world.asking and fisher not in world.asking and len(world.asking) == 2
    world = GAME.capabilities.sample_world(GAME.view(state, fisher), rng)
    assert sorted(world.asking) == sorted(s for s in range(4) if s != fisher)


def test_a_view_without_card_data_or_a_seat_cannot_be_sampled():
    b = Builder()
    state = b.state([b.filler(6), b.filler(6)])
    with pytest.raises(ValueError, match="card file"):
        GAME.capabilities.sample_world(GAME.view(state, 0), random.Random(0))
    real = GAME.new_game(PREPARED, seats(3), 1)
    with pytest.raises(ValueError, match="one seat"):
        GAME.capabilities.sample_world(GAME.view(real, None), random.Random(0))


# -- Playout helpers -----------------------------------------------------------------------------


def test_evaluate_and_rollout_action():
    rng = random.Random(6)
    state = GAME.new_game(PREPARED, seats(4), 6)
    values = [evaluate(state, s) for s in range(4)]
    assert all(v == pytest.approx(0.25) for v in values)
    steps = 0
    while GAME.pending(state):
        seat = next(iter(GAME.pending(state)))
        action = rollout_action(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        if steps % 17 == 0:
            assert points_now(state) == totals(state)
            values = [evaluate(state, s) for s in range(4)]
            assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
        state, _ = GAME.apply(state, seat, action)
        steps += 1
    assert steps < 3000, "the playout policy should end games far sooner than random play"
    assert points_now(state) == totals(state)
    assert [evaluate(state, s) for s in range(4)] == [1.0 if s in state.winners else 0.0 for s in range(4)]
