"""Sequential halving on common worlds: the hard player's search where seats are expected
to play as a model does (SearchBot's `model`, the game's greedy player).

With a model of play, a root action's worth is how the game goes on after it, every seat
(the searching one too) then playing by the model, until the game's `rollout_done` or the
rollout's step limit, scored as the tree search scores it (a win's share, or `evaluate`).
The tree search estimates that for each action from worlds of its own, so two actions are
compared across different deals of the hidden cards, and at a four-player table the spread
of the deals swamps what tells one cast from another (Crazy Fishing's ~26 casts get ~6
worlds each at the app's budget). Here:

- **common worlds**: every action still in the running is played in the same sampled
  worlds, each with the same random draws after it, so a comparison of two actions sees
  what the actions change and little else;
- **sequential halving** (Karnin, Koren and Somekh, 2013): the budget is spread over
  ceil(log2 k) rounds for k actions; each round plays the actions left in new worlds, an
  equal share each, and keeps the better half (by mean reward over all their worlds). The
  prior's move (the greedy player's) is kept through the first round, whose one or two
  worlds an action a player would make can lose by bad luck.

The budget is a number of playouts (the bot's `iterations`: no more, except that every
action is played in at least one world), so the same view, legal actions and generator give
the same action; the bot's wall-clock cap still ends a search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from fishtable.bots.outcome import Option, Progress, SearchResult
from fishtable.bots.playout import play_on
from fishtable.bots.protocol import Bot
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import ActionT, Game, StateT, ViewT


class Searcher(Protocol[StateT, ViewT, ActionT]):
    """What the halving search reads of the bot that runs it (SearchBot, without importing it)."""

    game: Game[StateT, ViewT, ActionT]
    sample_world: Callable[[ViewT, random.Random], StateT]
    seconds: float | None
    evaluate: Callable[[StateT, int], float] | None
    rollout_done: Callable[[StateT, StateT], bool] | None
    rollout_steps: int
    model: Bot[ViewT, ActionT] | None
    rollout: Callable[[StateT, int, random.Random], ActionT]
    prior: Bot[ViewT, ActionT] | None
    prior_weight: float
    on_progress: Callable[[Progress[ActionT]], None] | None
    should_stop: Callable[[], bool] | None

PROGRESS_EVERY = 0.1  # seconds between two progress reports
MAX_RESAMPLES = 20  # worlds in a row that may not fit the legal actions (a sampler bug) before giving up


def rounds_for(actions: int) -> int:
    """How many halving rounds `actions` root actions take (one is left after the last)."""
    return max(1, math.ceil(math.log2(actions))) if actions > 1 else 0


def halving_search(bot: Searcher[StateT, ViewT, ActionT], view: ViewT, legal: Sequence[ActionT],
                   rng: random.Random, budget: int) -> SearchResult[ActionT]:
    """Search from `view` (one seat's own view) over `legal` with about `budget` playouts."""
    root = view.seat
    if root is None:  # SearchBot.search refuses it first; a direct caller is told the same
        raise ValueError("The search needs a seat's own view, not the public table.")
    game = bot.game
    sample_world = bot.sample_world
    apply = game.apply
    result_of = game.result
    evaluate = bot.evaluate
    rollout_done = bot.rollout_done
    rollout_steps = bot.rollout_steps
    model = bot.model
    policy = bot.rollout

    start = time.perf_counter()
    deadline = start + bot.seconds if bot.seconds is not None else math.inf
    next_report = start + PROGRESS_EVERY
    srng = random.Random(rng.getrandbits(64))
    favourite = None
    if bot.prior is not None and bot.prior_weight > 0:
        favourite = bot.prior.choose(view, list(legal), random.Random(srng.getrandbits(64)))

    def playout(world: StateT, first: ActionT, draws: random.Random) -> float | None:
        """The root seat's reward after `first` in `world`, everyone then playing by the model."""
        try:
            state, _ = apply(world, root, first)
        except IllegalAction:
            return None
        state = play_on(game, model, policy, rollout_done, rollout_steps, world, state, 0, draws)
        final = result_of(state)
        if final is not None:
            winners = final.winners
            return 1.0 / len(winners) if root in winners else 0.0
        return float(evaluate(state, root)) if evaluate is not None else 0.0

    order = {action: index for index, action in enumerate(legal)}
    left = list(order)
    total = dict.fromkeys(left, 0.0)
    played = dict.fromkeys(left, 0)
    dropped_in: dict[ActionT, int] = {}
    done = skipped = 0
    rounds = rounds_for(len(left))
    stopped = False

    def next_world(actions: list[ActionT]) -> list[float] | None:
        """The rewards of `actions` in one new world, or None if no world fits them."""
        nonlocal skipped
        for _ in range(MAX_RESAMPLES):
            world = sample_world(view, random.Random(srng.getrandbits(64)))
            draws = srng.getrandbits(64)  # the same draws after every action
            rewards = []
            for action in actions:
                value = playout(world, action, random.Random(draws))
                if value is None:  # a root move illegal in this world: a sampler bug
                    skipped += 1
                    break
                rewards.append(value)
            else:
                return rewards
        return None

    def ranked(actions: list[ActionT]) -> list[ActionT]:
        def key(action: ActionT) -> tuple[float, bool, int]:
            mean = total[action] / played[action] if played[action] else 0.0
            return -mean, action != favourite, order[action]
        return sorted(actions, key=key)

    for round_ in range(rounds):
        if len(left) == 1 or stopped:
            break
        worlds = (budget - done) // ((rounds - round_) * len(left))
        if worlds == 0:  # a budget too small for every round: one world each while it lasts
            if done and done + len(left) > budget:
                break
            worlds = 1
        for _ in range(worlds):
            rewards = next_world(left)
            if rewards is None:
                stopped = True
                break
            for action, value in zip(left, rewards, strict=True):
                total[action] += value
                played[action] += 1
            done += len(left)
            now = time.perf_counter()
            if now >= deadline or (bot.should_stop is not None and bot.should_stop()):
                stopped = True
                break
            if bot.on_progress is not None and now >= next_report:
                next_report = now + PROGRESS_EVERY
                top = ranked(left)[0]
                bot.on_progress(Progress(done, now - start, top, total[top] / max(1, played[top])))
        best_first = ranked(left)
        keep = math.ceil(len(best_first) / 2)
        kept = best_first[:keep]
        if round_ == 0 and favourite in best_first[keep:]:
            kept[-1] = favourite
        for action in best_first:
            if action not in kept:
                dropped_in[action] = round_
        left = [a for a in best_first if a in kept]

    # Best first: the actions kept longest, then by mean reward (ties: the prior's, then the given order).
    place = {action: index for index, action in enumerate(ranked(list(order)))}
    best = sorted(order, key=lambda a: (-dropped_in.get(a, rounds), place[a]))
    options = [Option(a, played[a], total[a] / played[a] if played[a] else 0.0) for a in best]
    return SearchResult(options, done, time.perf_counter() - start, skipped)
