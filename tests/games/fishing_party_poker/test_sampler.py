"""The search bots' worlds: `GAME.capabilities.sample_world(view, rng)` deals what a seat cannot see, and
`GAME.capabilities.evaluate(state, seat)` scores a playout cut short at the end of a hand.

Every sampled world gives the seat exactly its view back and plays on, with
every card in one place; the seat's hand, the face-up community, shown hands
and the cards others took in swaps stay where the seat saw them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import example, given, settings

from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.sampler import SampleError
from fishtable.games.fishing_party_poker.state import PokerState
from tests.games.fishing_party_poker.builder import act, build, play, seats, swap
from tests.games.fishing_party_poker.test_properties import OPTIONS, PLAYERS, SEED, SHORT, check_zones

MAX_STEPS = 400  # positions sampled per session: a few hands' worth


def same_view(world: PokerState, seat: int, view) -> None:
    again = GAME.view(world, seat)
    if again != view:
        a, b = view.model_dump(), again.model_dump()
        raise AssertionError(f"seat {seat}: the world's view differs in {[k for k in a if a[k] != b[k]]}")


def play_on(world: PokerState, rnd: random.Random, steps: int) -> PokerState:
    for _ in range(steps):
        prompts = GAME.pending(world)
        if not prompts:
            break
        seat = next(iter(prompts))
        legal = GAME.legal_actions(world, seat)
        assert legal, f"seat {seat} must {prompts[seat].kind} but has no legal move"
        world, _ = GAME.apply(world, seat, rnd.choice(legal))
        check_zones(world)
    return world


def sample_positions(options: PokerOptions, n: int, seed: int, choice_seed: int, each) -> Counter[str]:
    """A random session, cut after MAX_STEPS; `each(state, seat)` at every position for one seat."""
    state = GAME.new_game(GAME.prepare_options(options), seats(n), seed)
    chooser = random.Random(choice_seed)
    seen: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        each(state, chooser.randrange(n))
        seen[state.phase if state.phase != "betting" else f"betting {state.betting_round}"] += 1
        seen["swap " + str(state.swap_round)] += state.phase == "swap"
        seen["known"] += any(state.known)
        seen["shown"] += bool(state.shown)
        seen["folded"] += any(state.folded)
        seen["all in"] += any(state.in_hand[s] and not state.chips[s] for s in range(n))
        prompts = GAME.pending(state)
        if not prompts:
            break
        seat = next(iter(prompts))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    return seen


@settings(max_examples=20, deadline=None)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=SHORT, n=8, seed=1, choice_seed=1)
@example(options=PokerOptions(), n=2, seed=2, choice_seed=2)
def test_every_sampled_world_gives_the_seat_its_own_view(options: PokerOptions, n: int, seed: int,
                                                         choice_seed: int) -> None:
    rnd = random.Random(seed ^ choice_seed)

    def each(state: PokerState, k: int) -> None:
        view = GAME.view(state, k)
        world = GAME.capabilities.sample_world(view, rnd)
        same_view(world, k, view)
        check_zones(world)
        assert world.hands[k] == state.hands[k]
        if state.face_up:
            assert world.community == state.community
        for s in state.shown:
            assert world.hands[s] == state.hands[s]
        for s in range(n):
            assert set(state.known[s]) <= set(world.hands[s])
        assert (world.chips, world.committed, world.folded) == (state.chips, state.committed, state.folded)
        if rnd.random() < 0.03:
            play_on(world, rnd, 300)

    sample_positions(options, n, seed, choice_seed, each)


def test_the_samples_cover_every_round_swaps_showdowns_folds_and_all_ins() -> None:
    rnd = random.Random(1)
    seen: Counter[str] = Counter()
    for game in range(6):

        def each(state: PokerState, k: int) -> None:
            view = GAME.view(state, k)
            same_view(GAME.capabilities.sample_world(view, rnd), k, view)

        seen += sample_positions(SHORT if game % 2 else PokerOptions(), 2 + game, 40 + game, game, each)
    wanted = {"betting 1", "betting 2", "betting 3", "swap 1", "swap 2", "hand_over", "over", "known", "shown",
              "folded", "all in"}
    assert wanted <= set(seen), wanted - set(seen)


def test_the_sampler_needs_a_seat() -> None:
    state = GAME.new_game(GAME.prepare_options(PokerOptions()), seats(3), 1)
    with pytest.raises(SampleError):
        GAME.capabilities.sample_world(GAME.view(state, None), random.Random(0))


def reach_swap(state: PokerState) -> PokerState:
    state, _ = act(state, *["check"] * len(state.contenders()))
    assert state.phase == "swap" and state.face_up
    return state


def test_before_the_reveal_the_community_is_dealt_like_the_hands() -> None:
    state = GAME.new_game(GAME.prepare_options(PokerOptions()), seats(4), 5)
    view = GAME.view(state, 0)
    rnd = random.Random(2)
    worlds = [GAME.capabilities.sample_world(view, rnd) for _ in range(400)]
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert len({tuple(w.community) for w in worlds}) == 400
    assert len({w.rng for w in worlds}) == 400  # the next deal is unknown too
    # Each unseen card is in a given other hand with chance 5/99, and in the community with 5/99.
    card = next(c for c in range(len(state.cards)) if c not in state.hands[0])
    in_hand = sum(card in w.hands[1] for w in worlds)
    in_middle = sum(card in w.community for w in worlds)
    assert 5 <= in_hand <= 45 and 5 <= in_middle <= 45


def test_a_card_taken_in_a_swap_stays_in_the_takers_hand() -> None:
    state = reach_swap(build([["2S", "3S", "4H", "8D", "9C"], ["5S", "6S", "7H", "JD", "QC"]],
                             community=["AS", "AH", "KD", "KC", "2D"]))
    taker = state.actor
    state, _ = play(state, taker, swap(state, taker, state_spec(state, state.hands[taker][0]), "AS"))
    ace = next(c for c in state.hands[taker] if state.cards[c].rank == 14)
    watcher = 1 - taker
    view = GAME.view(state, watcher)
    assert [c.label for c in view.seats[taker].known] == ["A♠"]
    rnd = random.Random(3)
    places = Counter()
    for _ in range(100):
        world = GAME.capabilities.sample_world(view, rnd)
        assert ace in world.hands[taker]
        assert world.community == state.community  # the card given up lies face up where it was put
        places[world.hands[taker].index(ace)] += 1
        same_view(world, watcher, view)
    assert len(places) == 5  # where it sits in the hand is nobody's business


def state_spec(state: PokerState, card: int) -> str:
    from fishtable.games.fishing_party_poker.cards import RANK_TEXT

    c = state.cards[card]
    return f"{RANK_TEXT[c.rank]}{'SHDC'[c.suit]}"


def test_the_betting_state_carries_over_so_the_world_bets_on_the_same_way() -> None:
    state = build([["2S", "3S", "4H", "8D", "9C"], ["5S", "6S", "7H", "JD", "QC"], ["AS", "AH", "KD", "KC", "2D"]])
    state, _ = act(state, "bet", "raise")
    view = GAME.view(state, 2)
    assert view.aggressors == (0, 1) and [p.acted for p in view.seats] == [False, True, False]
    world = GAME.capabilities.sample_world(view, random.Random(4))
    for moves in (["call", "call"], ["fold", "raise"], ["raise", "fold", "call"]):
        a, b = state, world
        for kind in moves:
            assert GAME.legal_actions(a, a.actor) == GAME.legal_actions(b, b.actor)
            a, _ = act(a, kind)
            b, _ = act(b, kind)
            # The same table (the community, once turned up, was dealt anew).
            assert GAME.view(b, None).model_dump(exclude={"community"}) == \
                GAME.view(a, None).model_dump(exclude={"community"})


# -- evaluate ---------------------------------------------------------------------------------------


def test_evaluate_is_the_chip_share_after_showing_down_now() -> None:
    state = build([["AS", "AH", "AD", "8D", "9C"], ["5S", "6S", "7H", "JD", "QC"], ["2S", "3H", "4D", "6C", "9D"]])
    start = state
    state, _ = act(state, "bet", "call", "fold")  # the pot: 3 antes and two bets of 2
    assert state.chips == [97, 97, 99] and sum(state.committed) == 7
    values = [GAME.capabilities.evaluate(state, s) for s in range(3)]
    assert values == pytest.approx([(97 + 7) / 300, 97 / 300, 99 / 300])  # three aces take the pot
    assert not GAME.capabilities.rollout_done(start, state)
    state, _ = act(state, "keep", "keep", "check", "check", "keep", "keep", "check", "check")
    assert state.phase == "hand_over" and GAME.capabilities.rollout_done(start, state)
    assert [GAME.capabilities.evaluate(state, s) for s in range(3)] == pytest.approx([c / 300 for c in state.chips])


def test_evaluate_is_the_win_share_once_the_session_is_over() -> None:
    state = build([["AS", "AH", "AD", "8D", "9C"], ["5S", "6S", "7H", "JD", "QC"]], chips=[10, 10])
    state.phase, state.chips, state.committed = "over", [15, 5], [0, 0]
    assert [GAME.capabilities.evaluate(state, s) for s in range(2)] == [1.0, 0.0]
    state.chips = [10, 10]
    assert [GAME.capabilities.evaluate(state, s) for s in range(2)] == [0.5, 0.5]


def test_evaluate_stays_between_0_and_1_over_random_sessions() -> None:
    rnd = random.Random(5)
    for game in range(4):
        state = GAME.new_game(GAME.prepare_options(SHORT), seats(2 + 2 * game), game)
        start = state
        for _ in range(400):
            values = [GAME.capabilities.evaluate(state, s) for s in range(state.n)]
            assert all(0 <= v <= 1 for v in values)
            if state.phase != "over":
                assert sum(values) == pytest.approx(1)
            if not GAME.pending(state):
                break
            seat = next(iter(GAME.pending(state)))
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
            if GAME.capabilities.rollout_done(start, state):
                assert state.phase in ("hand_over", "over") or state.hand_no > start.hand_no
                start = state
            else:
                assert state.phase in ("betting", "swap") and state.hand_no == start.hand_no


def _bettors_chance(after: str, face_up: bool) -> float:
    """How often the greedy player would bet the first actor's hand, over worlds that the other
    seat samples once that actor has made the move `after` (before or after the reveal)."""
    from fishtable.games.fishing_party_poker.bots import BET_CHANCE, GreedyBot

    state = GAME.new_game(GAME.prepare_options(PokerOptions()), seats(2), 11)
    if face_up:  # both check the first round: the community is turned, then both keep
        state, _ = act(state, "check", "check", "keep", "keep")
    first = state.actor
    state, _ = act(state, after)
    view = GAME.view(state, 1 - first)
    rnd, judge = random.Random(4), GreedyBot()
    chances = []
    for _ in range(150):
        world = GAME.capabilities.sample_world(view, rnd)
        chances.append(judge.win_chance(GAME.view(world, first), random.Random(0)) >= BET_CHANCE)
    return sum(chances) / len(chances)


@pytest.mark.parametrize("face_up", [False, True], ids=["before-the-reveal", "after-the-reveal"])
def test_a_seat_that_bet_is_dealt_a_hand_that_bets_more_often(face_up: bool) -> None:
    """A bet says something of the bettor's cards: the worlds give a seat that bet a hand the
    greedy player would bet with far more often than a seat that checked."""
    after_a_bet, after_a_check = _bettors_chance("bet", face_up), _bettors_chance("check", face_up)
    assert after_a_bet >= after_a_check + 0.15, (after_a_bet, after_a_check)
