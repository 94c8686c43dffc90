"""The search bot (information-set MCTS): legal moves, budgets, and no cheating.

High Card (tests/tinygame) has a sampler; the real games are exercised through an
*oracle* wrapper whose `sample_world` hands back the true state: it cheats on purpose,
only to run the generic search over each engine's real phases (simultaneous casts,
reactions, long rollouts) before their samplers land.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from fishtable.arena.simulate import make_options
from fishtable.bots import HARD_SECONDS, bot_names, get_bot, hint, levels
from fishtable.bots.search import SearchBot, _public, _seen, can_search
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.engine.registry import get_entry
from tests import tinygame
from tests.tinygame.engine import GAME as HIGH_CARD
from tests.tinygame.engine import HighCardOptions

REAL_GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


@pytest.fixture(autouse=True)
def _high_card_registered():
    tinygame.install()
    yield
    tinygame.uninstall()


def _seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i + 1}") for i in range(n)]


def high_card_position(seed: int) -> tuple[Any, int]:
    """A random High Card position and a seat that must decide in it.

    Any pending seat may move at each step, so some positions are in the middle of a
    round: other seats have picked in secret before the deciding one.
    """
    r = random.Random(seed)
    options = HighCardOptions(rounds=r.randint(2, 5), low_wins=r.random() < 0.3, bonus_round=r.choice([None, 2]))
    state = HIGH_CARD.new_game(options, _seats(r.randint(2, 3)), seed)
    for _ in range(r.randrange(0, 3 * options.rounds)):
        waiting = list(HIGH_CARD.pending(state))
        if len(waiting) < 2 and r.random() < 0.5:
            break
        seat = r.choice(waiting)
        legal = HIGH_CARD.legal_actions(state, seat)
        state, _ = HIGH_CARD.apply(state, seat, r.choice(legal))
        if not HIGH_CARD.pending(state):
            break
    waiting = list(HIGH_CARD.pending(state))
    if not waiting:  # the game ended: take a fresh one
        state = HIGH_CARD.new_game(options, _seats(2), seed)
        waiting = list(HIGH_CARD.pending(state))
    return state, r.choice(waiting)


# -- the High Card sampler ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_high_card_worlds_are_consistent_with_the_view(seed):
    state, seat = high_card_position(seed)
    view = HIGH_CARD.view(state, seat)
    for k in range(5):
        world = HIGH_CARD.capabilities.sample_world(view, random.Random(k))
        assert HIGH_CARD.view(world, seat).model_dump() == view.model_dump()
        assert HIGH_CARD.legal_actions(world, seat) == HIGH_CARD.legal_actions(state, seat)
        # Every card is somewhere exactly once.
        cards = [c for h in world.hands for c in h] + [p for p in world.picks if p is not None] + world.played
        assert len(cards) == len(set(cards))


def test_high_card_worlds_reshuffle_the_hidden_cards():
    state, _ = high_card_position(3)
    state = HIGH_CARD.new_game(HighCardOptions(), _seats(2), 3)
    view = HIGH_CARD.view(state, 0)
    hands = {tuple(HIGH_CARD.capabilities.sample_world(view, random.Random(k)).hands[1]) for k in range(20)}
    assert len(hands) > 10


# -- levels and names ----------------------------------------------------------------------
def test_levels_offer_hard_only_to_a_game_with_a_sampler():
    assert levels("high-card") == ["easy", "normal", "hard"]
    assert bot_names("high-card") == ["random", "easy", "normal", "hard"]
    for name in REAL_GAMES:
        game = get_entry(name).load()
        assert ("hard" in levels(name)) == can_search(game)
        assert levels(name)[:2] == ["easy", "normal"]
    assert isinstance(get_bot("high-card", "hard"), SearchBot)
    assert get_bot("high-card", "hard").seconds == HARD_SECONDS  # a safety net; the budget is iterations
    assert get_bot("high-card", "easy").name == "easy"
    assert get_bot("crazy-fishing", "normal").name == "normal"
    assert type(get_bot("crazy-fishing", "normal")).__name__ == "GreedyBot"


class _WithoutSampler:
    """High Card as a game that cannot deal worlds from a view: every part but `sample_world`."""

    capabilities = dataclasses.replace(HIGH_CARD.capabilities, sample_world=None)

    def __getattr__(self, name: str) -> Any:
        return getattr(HIGH_CARD, name)


def test_a_game_without_a_sampler_has_no_hard_bot(monkeypatch: pytest.MonkeyPatch):
    game = _WithoutSampler()  # High Card with its sampler has "hard": the test above
    monkeypatch.setattr("fishtable.bots._load_game", lambda name: game)
    assert not can_search(game)
    assert levels("high-card") == ["easy", "normal"]
    with pytest.raises(LookupError, match="hard"):
        get_bot("high-card", "hard")
    with pytest.raises(ValueError, match="sample_world"):
        SearchBot(game, iterations=10)


# -- legal moves, budgets ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(15))
def test_the_bot_only_returns_legal_actions(seed):
    state, seat = high_card_position(seed)
    legal = HIGH_CARD.legal_actions(state, seat)
    bot = SearchBot(HIGH_CARD, seconds=None, iterations=40)
    assert bot.choose(HIGH_CARD.view(state, seat), legal, random.Random(seed)) in legal


def test_whole_games_of_hard_against_random_stay_legal():
    from fishtable.bots import RandomBot

    for seed in range(6):
        state = HIGH_CARD.new_game(HighCardOptions(rounds=4), _seats(3), seed)
        bots = [SearchBot(HIGH_CARD, seconds=None, iterations=25), RandomBot(), RandomBot()]
        r = random.Random(seed)
        while HIGH_CARD.pending(state):
            seat = next(iter(HIGH_CARD.pending(state)))
            legal = HIGH_CARD.legal_actions(state, seat)
            action = bots[seat].choose(HIGH_CARD.view(state, seat), legal, r)
            assert action in legal
            state, _ = HIGH_CARD.apply(state, seat, action)
        assert HIGH_CARD.result(state) is not None


@pytest.mark.parametrize("budget", [0.05, 0.3])
def test_the_search_respects_its_time_budget(budget):
    state = HIGH_CARD.new_game(HighCardOptions(rounds=5), _seats(3), 1)
    legal = HIGH_CARD.legal_actions(state, 0)
    bot = SearchBot(HIGH_CARD, seconds=budget)
    start = time.perf_counter()
    result = bot.search(HIGH_CARD.view(state, 0), legal, random.Random(0))
    wall = time.perf_counter() - start
    assert result.iterations >= 1
    assert result.seconds >= budget * 0.99 or result.iterations == 0
    assert wall < budget + 0.25  # one iteration of slack, and a loaded machine's
    assert sum(o.visits for o in result.options) == result.iterations - result.skipped


def test_an_iteration_budget_is_exact_and_a_forced_move_takes_no_search():
    state = HIGH_CARD.new_game(HighCardOptions(), _seats(2), 4)
    legal = HIGH_CARD.legal_actions(state, 1)
    bot = SearchBot(HIGH_CARD, seconds=None, iterations=77)
    result = bot.search(HIGH_CARD.view(state, 1), legal, random.Random(1))
    assert result.iterations == 77 and result.skipped == 0
    assert bot.choose(HIGH_CARD.view(state, 1), legal[:1], random.Random(1)) == legal[0]
    assert bot.stats.searched == 1  # the forced move did not search


def test_the_budgets_are_checked():
    with pytest.raises(ValueError):
        SearchBot(HIGH_CARD, seconds=None, iterations=None)
    with pytest.raises(ValueError):
        SearchBot(HIGH_CARD, seconds=1, iterations=0)
    with pytest.raises(ValueError, match="own view"):
        SearchBot(HIGH_CARD, iterations=5).search(
            HIGH_CARD.view(HIGH_CARD.new_game(HighCardOptions(), _seats(2), 1), None), [object()], random.Random(0)
        )


def test_stop_and_progress_hooks():
    state = HIGH_CARD.new_game(HighCardOptions(), _seats(2), 4)
    seen = []
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 30

    bot = SearchBot(HIGH_CARD, seconds=5.0, on_progress=seen.append, should_stop=stop)
    result = bot.search(HIGH_CARD.view(state, 0), HIGH_CARD.legal_actions(state, 0), random.Random(2))
    assert result.iterations == 31 and result.seconds < 2.0


# -- no cheating ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(25))
def test_two_states_with_the_same_view_get_the_same_move(seed):
    """Reshuffle every card hidden from the seat (the sampler itself builds the second
    state): the hard bot must choose the same action with the same seed."""
    state, seat = high_card_position(seed)
    view = HIGH_CARD.view(state, seat)
    other = HIGH_CARD.capabilities.sample_world(view, random.Random(seed + 1000))
    assert HIGH_CARD.view(other, seat) == view
    moves = []
    for s in (state, other):
        bot = SearchBot(HIGH_CARD, seconds=None, iterations=60)
        moves.append(bot.choose(HIGH_CARD.view(s, seat), HIGH_CARD.legal_actions(s, seat), random.Random(seed)))
    assert moves[0] == moves[1]


def test_the_same_view_gives_the_same_hint_whatever_the_hidden_cards():
    state = HIGH_CARD.new_game(HighCardOptions(rounds=3), _seats(3), 8)
    state, _ = HIGH_CARD.apply(state, 0, HIGH_CARD.legal_actions(state, 0)[2])  # a secret pick before seat 1's
    view = HIGH_CARD.view(state, 1)
    other = HIGH_CARD.capabilities.sample_world(view, random.Random(5))
    assert other.picks[0] is not None
    hints = [hint(HIGH_CARD.view(s, 1), HIGH_CARD.legal_actions(s, 1), HIGH_CARD, seconds=None, iterations=80,
                  rng=random.Random(3)) for s in (state, other)]
    assert hints[0] == hints[1]
    assert 1 <= len(hints[0]) <= 3
    assert all(0.0 <= rate <= 1.0 and 0 < visits <= 80 for _, rate, visits in hints[0])
    assert hints[0][0][0] in HIGH_CARD.legal_actions(state, 1)


def test_the_tree_never_reads_a_secret_pick_of_the_same_round():
    """Two rounds of heads-up High Card, seat 1 deciding first. In round 2 of the tree
    seat 0 picks in secret before seat 1: seat 1's round-2 nodes may tell apart only
    what it saw (its own pick, the revealed round-1 cards), so there are at most
    5 x 10 of them, and as many of seat 0's (keyed by the public record); a tree that
    read seat 0's secret round-2 pick would hold up to nine times more."""
    state = HIGH_CARD.new_game(HighCardOptions(rounds=2), _seats(2), 11)
    bot = SearchBot(HIGH_CARD, seconds=None, iterations=3000)
    result = bot.search(HIGH_CARD.view(state, 1), HIGH_CARD.legal_actions(state, 1), random.Random(0))
    assert result.nodes <= 2 * 5 * 10


def test_private_events_stay_out_of_the_other_seats_keys():
    events = [
        Event(kind="pick", text="P1 is ready."),
        Event(kind="secret", text="P1 picked 7.", visible_to=(0,)),
    ]
    assert _public(events) == (("pick", "P1 is ready."),)
    assert _seen(events, 1) == (("pick", "P1 is ready."),)
    assert _seen(events, 0) == (("pick", "P1 is ready."), ("secret", "P1 picked 7."))


# -- every real engine, through an oracle sampler (cheating on purpose) ---------------------
class _Oracle:
    """A game whose sampler returns the true state: exercises the generic search only."""

    def __init__(self, game: Any, state: Any) -> None:
        self._game = game
        self._state = state

    def sample_world(self, view: Any, rng: Any) -> Any:
        return self._state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.mark.parametrize("name", REAL_GAMES)
def test_the_search_plays_every_real_engine_legally(name):
    game = get_entry(name).load()
    options = make_options(game)
    r = random.Random(5)
    for seed in range(3):
        state = game.new_game(options, _seats(3), seed)
        for _ in range(r.randrange(0, 60)):  # a random position
            waiting = game.pending(state)
            if not waiting:
                break
            seat = next(iter(waiting))
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, r.choice(legal))
        waiting = game.pending(state)
        if not waiting:
            continue
        seat = next(iter(waiting))
        legal = game.legal_actions(state, seat)
        bot = SearchBot(_Oracle(game, state), seconds=2.0, iterations=12, rollout_steps=300)
        result = bot.search(game.view(state, seat), legal, random.Random(seed))
        assert result.best in legal
        assert result.iterations == 12 and result.skipped == 0


# -- every game with a sampler: the same view gives the same move ---------------------------
def _random_position(game: Any, players: int, seed: int) -> tuple[Any, int] | None:
    r = random.Random(seed)
    state = game.new_game(make_options(game), _seats(players), seed)
    for _ in range(r.randrange(0, 80)):
        seat = r.choice(list(game.pending(state)))  # any pending seat: some positions are mid-round
        after, _ = game.apply(state, seat, r.choice(game.legal_actions(state, seat)))
        if not game.pending(after):
            break  # stop before the end
        state = after
    waiting = list(game.pending(state))
    return (state, r.choice(waiting)) if waiting else None


@pytest.mark.parametrize("name", [*REAL_GAMES, "high-card"])
def test_every_searchable_game_the_same_view_gives_the_same_move(name):
    game = get_entry(name).load()
    assert can_search(game), f"{name} has no sampler: its hard player cannot search"
    entry = get_entry(name)
    checked = 0
    for seed in range(8):
        players = entry.min_players + seed % (min(entry.max_players, 4) - entry.min_players + 1)
        position = _random_position(game, players, seed)
        if position is None:
            continue
        state, seat = position
        view = game.view(state, seat)
        other = game.capabilities.sample_world(view, random.Random(seed + 99))
        assert game.view(other, seat).model_dump() == view.model_dump()
        legal = game.legal_actions(state, seat)
        assert game.legal_actions(other, seat) == legal
        moves = [
            SearchBot(game, seconds=None, iterations=16, rollout_steps=400).choose(
                game.view(s, seat), game.legal_actions(s, seat), random.Random(seed))
            for s in (state, other)
        ]
        assert moves[0] == moves[1] and moves[0] in legal
        checked += 1
    assert checked >= 4


def test_a_prior_bot_pulls_the_root_and_stays_legal_and_deterministic():
    class Lowest:
        name = "lowest"
        needs_view = True

        def __init__(self) -> None:
            self.views = []

        def choose(self, view, legal, rng):
            self.views.append(view)
            return min(legal, key=lambda a: a.card)

    state = HIGH_CARD.new_game(HighCardOptions(rounds=3), _seats(2), 2)
    view, legal = HIGH_CARD.view(state, 0), HIGH_CARD.legal_actions(state, 0)
    prior = Lowest()
    strong = SearchBot(HIGH_CARD, seconds=None, iterations=60, prior=prior, prior_weight=50.0)
    result = strong.search(view, legal, random.Random(1))
    assert prior.views == [view]  # asked once, from the same view
    assert result.best == min(legal, key=lambda a: a.card)
    again = SearchBot(HIGH_CARD, seconds=None, iterations=60, prior=Lowest(), prior_weight=50.0)
    assert again.search(view, legal, random.Random(1)).options == result.options
    assert get_bot("high-card", "hard").prior is None  # High Card has no greedy bot


def test_a_model_of_play_plays_the_other_seats_in_the_tree_and_everyone_in_the_playouts():
    class Highest:
        """Plays a seat from its own view, and records which seats it played."""

        name = "highest"
        needs_view = True

        def __init__(self) -> None:
            self.seats: list[int] = []

        def choose(self, view, legal, rng):
            self.seats.append(view.seat)
            return max(legal, key=lambda a: a.card)

    state = HIGH_CARD.new_game(HighCardOptions(rounds=3), _seats(3), 4)
    view, legal = HIGH_CARD.view(state, 1), HIGH_CARD.legal_actions(state, 1)
    # One iteration: the root's move, then a playout of three rounds, all by the model.
    model = Highest()
    SearchBot(HIGH_CARD, seconds=None, iterations=1, model=model).search(view, legal, random.Random(3))
    assert sorted(model.seats) == [0, 0, 0, 1, 1, 2, 2, 2]  # seat 1's first pick is the root's
    result = SearchBot(HIGH_CARD, seconds=None, iterations=80, model=Highest()).search(view, legal, random.Random(3))
    again = SearchBot(HIGH_CARD, seconds=None, iterations=80, model=Highest())
    assert again.search(view, legal, random.Random(3)).options == result.options
    plain = SearchBot(HIGH_CARD, seconds=None, iterations=80).search(view, legal, random.Random(3))
    assert result.nodes < plain.nodes  # the other seats' moves make no nodes of the tree
    assert plain.options != result.options  # the model changed what the search saw


def test_choose_action_lets_a_match_seat_play_hard_with_a_way_out(monkeypatch):
    import fishtable.bots as bots
    from fishtable.engine.match import Match

    monkeypatch.setattr(bots, "HARD_SECONDS", 3.0)
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Cpu", bot="hard")]
    match = Match.start(HIGH_CARD, HighCardOptions(), seats, 5)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 20

    start = time.perf_counter()
    action = bots.choose_action(match, 1, should_stop=stop)
    assert time.perf_counter() - start < 2.0 and len(asked) == 21
    assert action in match.legal_actions(1)


def test_a_rollout_cut_short_is_scored_by_evaluate():
    class Scored:
        """High Card whose playouts stop after the round under way, scored by the score lead."""

        def __init__(self) -> None:
            self.evaluated = 0
            self.done_asked = 0

        def evaluate(self, state, seat):
            self.evaluated += 1
            return 1.0 if state.scores[seat] == max(state.scores) else 0.0

        def rollout_done(self, start, state):
            self.done_asked += 1
            return state.round != start.round

        @property
        def capabilities(self):
            return dataclasses.replace(HIGH_CARD.capabilities, evaluate=self.evaluate, rollout_done=self.rollout_done)

        def __getattr__(self, name):
            return getattr(HIGH_CARD, name)

    game = Scored()
    state = HIGH_CARD.new_game(HighCardOptions(rounds=5), _seats(2), 3)
    result = SearchBot(game, seconds=None, iterations=30).search(
        HIGH_CARD.view(state, 0), HIGH_CARD.legal_actions(state, 0), random.Random(0))
    assert result.iterations == 30 and game.done_asked > 0 and game.evaluated > 0
    assert all(0.0 <= o.win_rate <= 1.0 for o in result.options)


def test_a_game_s_fast_playout_is_the_default_rollout():
    class Fast:
        """High Card with a fast playout of its own, counting its calls and their steps."""

        def __init__(self) -> None:
            self.calls = 0
            self.limits: list[int] = []

        def rollout(self, state, rng, max_steps=None):
            self.calls += 1
            self.limits.append(max_steps)
            steps = 0
            while HIGH_CARD.pending(state) and (max_steps is None or steps < max_steps):
                seat = next(iter(HIGH_CARD.pending(state)))
                legal = HIGH_CARD.legal_actions(state, seat)
                state, _ = HIGH_CARD.apply(state, seat, legal[int(rng.random() * len(legal))])
                steps += 1
            return state, steps

        @property
        def capabilities(self):
            return dataclasses.replace(HIGH_CARD.capabilities, rollout=self.rollout)

        def __getattr__(self, name):
            return getattr(HIGH_CARD, name)

    game = Fast()
    state = HIGH_CARD.new_game(HighCardOptions(rounds=4), _seats(2), 8)
    view, legal = HIGH_CARD.view(state, 0), HIGH_CARD.legal_actions(state, 0)
    result = SearchBot(game, seconds=None, iterations=40).search(view, legal, random.Random(2))
    assert result.iterations == 40 and game.calls > 0
    assert all(limit is not None and limit > 0 for limit in game.limits)  # the cut-off still holds
    assert result.best in legal
    # A policy asked for by name replaces it.
    policy_calls = []

    def policy(state, seat, rng):
        policy_calls.append(seat)
        return HIGH_CARD.legal_actions(state, seat)[0]

    game.calls = 0
    SearchBot(game, seconds=None, iterations=20, rollout=policy).search(view, legal, random.Random(2))
    assert game.calls == 0 and policy_calls
