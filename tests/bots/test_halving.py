"""Sequential halving on common worlds (fishtable/bots/halving.py): the budget, the shared
worlds, the prior's first-round pass, determinism, and a sampler that misbehaves."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from fishtable.arena.simulate import make_options
from fishtable.bots import get_bot, halving, search_settings
from fishtable.bots.halving import MAX_RESAMPLES, rounds_for
from fishtable.bots.search import SearchBot
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from tests.tinygame.engine import GAME as HIGH_CARD
from tests.tinygame.engine import HighCardOptions


def _seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i + 1}") for i in range(n)]


class Highest:
    """A model of play: the highest card, from the seat's own view."""

    name = "highest"
    needs_view = True

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        return max(legal, key=lambda a: a.card)


class Lowest(Highest):
    """The lowest card."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        return min(legal, key=lambda a: a.card)


class Counted:
    """High Card that counts its sampled worlds and the worlds its root moves were played in."""

    def __init__(self, broken_worlds: int = 0) -> None:
        self.samples = 0
        self.broken_worlds = broken_worlds  # the first this many worlds refuse every move
        self.played_in: dict[Any, list[int]] = {}

    def sample_world(self, view: Any, rng: random.Random) -> Any:
        self.samples += 1
        world = HIGH_CARD.capabilities.sample_world(view, rng)
        self._current = (self.samples, id(world))
        return world

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        if id(state) == self._current[1]:  # a root move, in the world just sampled
            if self._current[0] <= self.broken_worlds:
                raise IllegalAction("not in this world")
            self.played_in.setdefault(action, []).append(self._current[0])
        return HIGH_CARD.apply(state, seat, action)

    @property
    def capabilities(self) -> Any:
        return dataclasses.replace(HIGH_CARD.capabilities, sample_world=self.sample_world)

    def __getattr__(self, name: str) -> Any:
        return getattr(HIGH_CARD, name)


def _position(players: int = 3, seed: int = 4) -> tuple[Any, Any, list[Any]]:
    state = HIGH_CARD.new_game(HighCardOptions(rounds=4), _seats(players), seed)
    return state, HIGH_CARD.view(state, 1), HIGH_CARD.legal_actions(state, 1)


def test_rounds_halve_down_to_one_action():
    assert [rounds_for(k) for k in (1, 2, 3, 4, 5, 8, 9, 26)] == [0, 1, 2, 2, 3, 3, 4, 5]


def test_every_action_left_is_played_in_the_same_worlds_within_the_budget():
    game = Counted()
    _, view, legal = _position()
    bot = SearchBot(game, seconds=None, iterations=100, model=Highest(), halving=True)
    result = bot.search(view, legal, random.Random(1))
    assert len(legal) == 5 and result.iterations <= 100
    assert sum(o.visits for o in result.options) == result.iterations
    # The winner was played in every world; each action in a prefix of them, the same prefix.
    assert game.played_in[result.best] == list(range(1, game.samples + 1))
    for option in result.options:
        assert game.played_in[option.action] == list(range(1, option.visits + 1))
    # Kept longer means played more: the visits never grow down the ranking.
    visits = [o.visits for o in result.options]
    assert visits == sorted(visits, reverse=True) and visits[0] > visits[-1]


def test_the_prior_s_move_survives_the_first_round_only():
    # Two players, seed 3: playing the highest card now does badly (it is the card to keep).
    _, view, legal = _position(players=2, seed=3)
    highest = max(legal, key=lambda a: a.card)
    plain = SearchBot(HIGH_CARD, seconds=None, iterations=120, model=Highest(), halving=True)
    result = plain.search(view, legal, random.Random(2))
    first_round = min(o.visits for o in result.options)
    assert {o.action: o for o in result.options}[highest].visits == first_round  # dropped at once
    led = SearchBot(HIGH_CARD, seconds=None, iterations=120, model=Highest(), prior=Highest(), halving=True)
    result = led.search(view, legal, random.Random(2))
    assert {o.action: o for o in result.options}[highest].visits > first_round  # kept through the first halving
    assert result.best != highest  # ... but no further on a bad record


def test_the_same_view_gives_the_same_search_whatever_the_hidden_cards():
    state, view, _ = _position(seed=9)
    other = HIGH_CARD.capabilities.sample_world(view, random.Random(77))
    assert HIGH_CARD.view(other, 1) == view and other.hands != state.hands
    results = [
        SearchBot(HIGH_CARD, seconds=None, iterations=90, model=Highest(), halving=True).search(
            HIGH_CARD.view(s, 1), HIGH_CARD.legal_actions(s, 1), random.Random(5))
        for s in (state, other)
    ]
    assert results[0].options == results[1].options


def test_worlds_that_refuse_the_root_moves_are_skipped_and_a_hopeless_sampler_ends_the_search():
    _, view, legal = _position()
    game = Counted(broken_worlds=2)
    result = SearchBot(game, seconds=None, iterations=60, model=Highest(), halving=True).search(
        view, legal, random.Random(3))
    assert result.skipped == 2 and result.best in legal
    assert all(world > 2 for worlds in game.played_in.values() for world in worlds)
    hopeless = Counted(broken_worlds=10**6)
    result = SearchBot(hopeless, seconds=None, iterations=60, model=Highest(), prior=Lowest(), halving=True).search(
        view, legal, random.Random(3))
    assert hopeless.samples == MAX_RESAMPLES and result.iterations == 0
    assert result.best == min(legal, key=lambda a: a.card)  # nothing learnt: the prior's move


def test_stop_and_progress_hooks_reach_the_halving_search(monkeypatch):
    monkeypatch.setattr(halving, "PROGRESS_EVERY", 0.0)  # a report after every world
    _, view, legal = _position()
    seen: list[Any] = []
    asked = {"n": 0}

    def stop() -> bool:
        asked["n"] += 1
        return asked["n"] >= 3

    bot = SearchBot(HIGH_CARD, seconds=5.0, iterations=10_000, model=Highest(), halving=True,
                    on_progress=seen.append, should_stop=stop)
    result = bot.search(view, legal, random.Random(4))
    assert result.iterations == 3 * len(legal)  # three worlds of the first round, every action in each
    assert [p.iterations for p in seen] == [len(legal), 2 * len(legal)]  # the third world stopped it
    assert all(p.best in legal and 0.0 <= p.win_rate <= 1.0 for p in seen) and result.best in legal


def test_without_an_iteration_budget_the_tree_searches():
    _, view, legal = _position()
    bot = SearchBot(HIGH_CARD, seconds=0.05, model=Highest(), halving=True)
    result = bot.search(view, legal, random.Random(6))
    assert result.nodes > 0  # the root seat's later picks: nodes of a tree, which halving never makes


@pytest.mark.parametrize("players", [2, 4])
def test_crazy_fishing_s_hard_player_halves_and_plays_legally(players):
    game = get_entry("crazy-fishing").load()
    bot = get_bot("crazy-fishing", "hard", iterations=40, players=players)
    assert isinstance(bot, SearchBot) and bot.halving == search_settings("crazy-fishing").get("halving", False)
    state = game.new_game(make_options(game), _seats(players), 12)
    seat = next(iter(game.pending(state)))
    legal = game.legal_actions(state, seat)
    result = bot.search(game.view(state, seat), legal, random.Random(7))
    assert result.best in legal and 0 < result.iterations <= max(40, len(legal))


def test_crazy_fishing_s_hard_player_reads_the_view_only():
    """Two states with the same view of seat 0 (the second dealt by the sampler): the same search."""
    game = get_entry("crazy-fishing").load()
    state = game.new_game(make_options(game), _seats(4), 31)
    r = random.Random(31)
    for _ in range(9):  # into the game: casts made in secret by other seats, fish caught
        seat = next(iter(game.pending(state)))
        state, _ = game.apply(state, seat, r.choice(game.legal_actions(state, seat)))
    seat = next(iter(game.pending(state)))
    view = game.view(state, seat)
    other = game.capabilities.sample_world(view, random.Random(5))
    assert game.view(other, seat).model_dump() == view.model_dump() and other.hands != state.hands
    assert len(game.legal_actions(state, seat)) > 1
    results = [
        get_bot("crazy-fishing", "hard", iterations=60, players=4).search(
            game.view(s, seat), game.legal_actions(s, seat), random.Random(8))
        for s in (state, other)
    ]
    assert results[0].options == results[1].options and results[0].iterations > 0
