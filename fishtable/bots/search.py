"""Information-set Monte Carlo tree search, one implementation for every game.

(A game may ask its hard player to compare the root's moves by sequential halving on
common worlds instead, `fishtable.bots.halving`; SearchBot runs whichever it is set to.)

The bot decides from one seat's view and the legal actions, like every bot. The
hidden cards come from the game's sampler only: each iteration asks
`sample_world(view, rng)` (the game's capabilities) for a full state consistent with the view (every
card hidden from the seat dealt at random), then

1. **selection**: walks down the tree with the actions legal *in that world*, by
   an availability-aware UCB (SO-ISMCTS: an action's exploration term counts the
   visits in which it was available, not all the visits of its node);
2. **expansion**: adds one untried action, the first time one is met;
3. **rollout**: plays on with a cheap policy to the end of the game, or for a
   fixed number of steps when the game offers `evaluate(state, seat)` (a value in
   [0, 1] for a position not yet over). Every seat plays by the bot's model of play
   when it has one (see SearchBot). Otherwise the policy is the game's own
   `rollout_action(state, seat, rng)` when it has one (a light heuristic, or a
   uniform move drawn without listing every legal action; it plays inside a
   sampled world, so reading that world's state is fair), else the game's fast
   `rollout(state, rng, max_steps)` (uniform moves without actions or events) if it
   has one, else a uniform legal action. A game may also end a rollout early with `rollout_done(start, state)`
   (true once the playout begun in the sampled world `start` reached a state that
   `evaluate` scores well, such as the end of a poker hand);
4. **backpropagation**: every action on the path is credited with the reward of
   the seat that took it: 1 for a win, 1/k for a win shared by k seats, else 0
   (or `evaluate(state, seat)` when the rollout was cut short).

**What a node may know.** A node of the tree is a decision as the deciding seat
could tell it apart, never a state of one world:

- the searching seat's own decisions are keyed by what it observed since the root
  (its own moves, the events it was shown, its legal actions), so they are the
  same node in every world that looks the same to it;
- every other seat's decisions are keyed by the public record alone (the events
  shown to everyone), so they never depend on the searching seat's secret moves.

A secret move (a cast, a pick) shows only a public "ready" event, so no seat's
secret choice in the tree depends on another's secret choice of the same round;
the secret choices already made at the root are hidden in the view, and the
sampler deals them anew in every world.

Same view, same legal actions and same generator give the same action under an
iteration budget; under a time budget the action depends on how many iterations
fit in the time (the generator alone fixes their sequence).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from fishtable.bots.halving import halving_search
from fishtable.bots.outcome import Option, SearchResult
from fishtable.bots.outcome import Progress as Progress  # re-exported: the flow and `fishtable.bots` take it from here
from fishtable.bots.playout import play_on
from fishtable.bots.protocol import Bot
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import ActionT, Event, Game, StateT, ViewT

A = TypeVar("A", bound=Hashable)  # an action, as the tree keys its edges

DEFAULT_SECONDS = 1.0
EXPLORATION = 0.7  # the UCB constant, for rewards in [0, 1]
EVALUATED_ROLLOUT_STEPS = 200  # rollout length when the game can evaluate a position
MAX_ROLLOUT_STEPS = 100_000  # a rollout longer than this is stuck: scored as nobody's win
PROGRESS_EVERY = 0.1  # seconds between two progress reports
PRIOR_WEIGHT = 1.0  # the pull of the prior bot's move at the root (see SearchBot)

_VISITS, _REWARD, _AVAILABLE = 0, 1, 2  # the fields of an edge (a list, for speed)
_Edge = list[float]  # [visits, reward, availability]: whole numbers but the reward


def can_search(game: Game[StateT, ViewT, ActionT]) -> bool:
    """Does the game deal worlds from a seat's view (its capabilities' `sample_world`)?"""
    return game.capabilities.sample_world is not None


@dataclass
class _Stats:
    decisions: int = 0
    searched: int = 0
    iterations: int = 0
    seconds: float = 0.0
    per_decision: list[int] = field(default_factory=list)


def random_rollout(game: Game[StateT, ViewT, ActionT]) -> Callable[[StateT, int, random.Random], ActionT]:
    """The default rollout policy: a uniform legal action."""
    legal_actions = game.legal_actions

    def policy(state: StateT, seat: int, rng: random.Random) -> ActionT:
        legal = legal_actions(state, seat)
        return legal[int(rng.random() * len(legal))]

    return policy


class SearchBot(Generic[StateT, ViewT, ActionT]):
    """The hard computer player: information-set MCTS over sampled worlds, for a game of
    states, views and actions of those types.

    `seconds` and `iterations` bound each decision (whichever comes first; either
    may be None, not both). A decision with one legal action is made at once.
    `on_progress`, when set, is called about every 0.1 s with a `Progress`;
    `should_stop`, when set and true, ends the search early (a closing app).

    `prior`, when set, is a bot of the same seat (the game's greedy one) asked once per
    search, from the same view: its move gets a PUCT-like bonus at the root,
    `prior_weight * sqrt(N) / (1 + n)` (N the root's visits, n the move's), so a short
    search keeps the heuristic's move unless the rollouts clearly prefer another.

    `model`, when set, is how the search expects seats to play (the game's greedy bot):
    every other seat's decision in the tree, and every decision of the playouts (the
    searching seat's later ones too), is that bot's move from the deciding seat's view of
    the world being played (a sampled world, never the true state); the other seats' make
    no node. Uniform playouts are poor rivals and poor follow-ups; with the model, a short
    rollout cut off by `evaluate` says how a move fares among players who play sensibly.

    `halving`, under an iteration budget, searches by sequential halving on common worlds
    instead of the tree (`fishtable.bots.halving`): every root action still in the running
    played in the same sampled worlds, the budget being that many playouts.

    `budget_share`, when set, scales the iteration budget per decision from the searching
    seat's view (at most the whole budget, at least one iteration): a phase whose iterations
    cost more gets fewer, so every decision keeps the table's pace, and the same view and seed
    still give the same move.
    """

    needs_view = True

    def __init__(
        self,
        game: Game[StateT, ViewT, ActionT],
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        *,
        name: str = "hard",
        exploration: float = EXPLORATION,
        rollout_steps: int | None = None,
        rollout: Callable[[StateT, int, random.Random], ActionT] | None = None,
        on_progress: Callable[[Progress[ActionT]], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        prior: Bot[ViewT, ActionT] | None = None,
        prior_weight: float | None = None,
        model: Bot[ViewT, ActionT] | None = None,
        halving: bool = False,
        budget_share: Callable[[ViewT], float] | None = None,
    ) -> None:
        offers = game.capabilities
        if offers.sample_world is None:
            raise ValueError(f"{game.title} cannot deal worlds from a view (no sample_world).")
        if seconds is None and iterations is None:
            raise ValueError("Give the search a time budget, an iteration budget, or both.")
        if seconds is not None and seconds < 0:
            raise ValueError("The time budget cannot be negative.")
        if iterations is not None and iterations < 1:
            raise ValueError("The iteration budget must be at least 1.")
        self.game = game
        self.sample_world: Callable[[ViewT, random.Random], StateT] = offers.sample_world
        self.name = name
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        # The game's optional helpers (see the module's docstring), None where it has none.
        self.evaluate: Callable[[StateT, int], float] | None = offers.evaluate
        self.rollout_done: Callable[[StateT, StateT], bool] | None = (
            offers.rollout_done if self.evaluate is not None else None
        )
        if rollout_steps is None:
            rollout_steps = EVALUATED_ROLLOUT_STEPS if self.evaluate is not None else MAX_ROLLOUT_STEPS
        self.rollout_steps = rollout_steps
        self.rollout: Callable[[StateT, int, random.Random], ActionT] = (
            rollout or offers.rollout_action or random_rollout(game)
        )
        # `rollout(state, rng, max_steps) -> (state, steps)`: uniform random moves to the
        # end without building actions or events; used when no other policy is asked for.
        custom = rollout is not None or offers.rollout_action is not None or model is not None
        self.fast_rollout: Callable[[StateT, random.Random, int], tuple[StateT, int]] | None = (
            None if custom or self.rollout_done is not None else offers.rollout
        )
        self.on_progress = on_progress
        self.should_stop = should_stop
        self.prior = prior
        self.prior_weight = PRIOR_WEIGHT if prior_weight is None else prior_weight
        self.model = model
        self.halving = halving
        self.budget_share = budget_share
        self.stats = _Stats()

    # -- the bot protocol ------------------------------------------------------------
    def choose(self, view: ViewT, legal: list[ActionT], rng: random.Random) -> ActionT:
        if not legal:
            raise ValueError("The search bot was asked to choose with no legal action.")
        self.stats.decisions += 1
        if len(legal) == 1:
            return legal[0]
        result = self.search(view, legal, rng)
        return result.best

    # -- the search ------------------------------------------------------------------
    def search(self, view: ViewT, legal: Sequence[ActionT], rng: random.Random) -> SearchResult[ActionT]:
        """Search from `view` (one seat's own view) over `legal` (that seat's legal actions)."""
        root = view.seat
        if root is None:
            raise ValueError("The search needs a seat's own view, not the public table.")
        if not legal:
            raise ValueError("The search needs at least one legal action.")
        budget = self.budget_for(view)
        if self.halving and budget is not None:
            return self._record(halving_search(self, view, legal, rng, budget))
        game = self.game
        sample_world = self.sample_world
        pending = game.pending
        legal_actions = game.legal_actions
        apply = game.apply
        result_of = game.result
        evaluate = self.evaluate
        rollout = self.rollout
        rollout_steps = self.rollout_steps
        rollout_done = self.rollout_done
        fast_rollout = self.fast_rollout
        model = self.model
        view_of = game.view
        c = self.exploration
        log = math.log
        sqrt = math.sqrt

        start = time.perf_counter()
        srng = random.Random(rng.getrandbits(64))
        rand = srng.random
        favourite = None
        if self.prior is not None and self.prior_weight > 0:
            favourite = self.prior.choose(view, list(legal), random.Random(srng.getrandbits(64)))
        root_legal = list(legal)
        root_set = set(root_legal)
        root_edges: dict[ActionT, _Edge] = {}
        nodes: dict[Hashable, dict[ActionT, _Edge]] = {}
        max_iterations = budget if budget is not None else math.inf
        deadline = start + self.seconds if self.seconds is not None else math.inf
        next_report = start + PROGRESS_EVERY
        done = 0
        skipped = 0

        while done < max_iterations:
            if done:
                now = time.perf_counter()
                if now >= deadline:
                    break
                if self.should_stop is not None and self.should_stop():
                    break
                if self.on_progress is not None and now >= next_report:
                    next_report = now + PROGRESS_EVERY
                    self.on_progress(_progress(root_edges, root_legal, done, now - start))
            done += 1
            state = world = sample_world(view, srng)

            # The root: the searching seat moves first, among the actions it was given.
            world_legal = [a for a in legal_actions(state, root) if a in root_set]
            if not world_legal:
                skipped += 1
                continue
            path: list[tuple[_Edge, int]] = []
            edge, expanded = _select(root_edges, world_legal, rand, c, log, sqrt, favourite, self.prior_weight,
                                     sqrt(done))
            try:
                state, events = apply(state, root, edge[0])
            except IllegalAction:
                skipped += 1
                continue
            path.append((edge[1], root))
            own_key: Hashable = (edge[0], _seen(events, root))
            public_key: Hashable = (root, _public(events))

            # Down the tree, until an action is added.
            steps = 0
            while not expanded:
                waiting = pending(state)
                if not waiting:
                    break
                seat = next(iter(waiting))
                acts = legal_actions(state, seat)
                if len(acts) == 1:
                    action = acts[0]
                elif seat != root and model is not None:
                    action = model.choose(view_of(state, seat), acts, srng)
                else:
                    # Own decisions: what this seat saw; the others': the public record only.
                    key = (own_key, tuple(acts)) if seat == root else (public_key, seat)
                    edges = nodes.get(key)
                    if edges is None:
                        edges = nodes[key] = {}
                    picked, expanded = _select(edges, acts, rand, c, log, sqrt)
                    action = picked[0]
                    path.append((picked[1], seat))
                state, events = apply(state, seat, action)
                steps += 1
                if seat == root:
                    own_key = (own_key, action, _seen(events, root))
                else:
                    own_key = (own_key, seat, _seen(events, root))
                public_key = (public_key, seat, _public(events))

            # The rollout: the game's own fast playout when it has one (no actions or
            # events built), else step by step with the policy.
            if fast_rollout is not None and steps < rollout_steps and pending(state):
                state, played = fast_rollout(state, srng, rollout_steps - steps)
                steps += played
            state = play_on(game, model, rollout, rollout_done, rollout_steps, world, state, steps, srng)

            # Backpropagation: each seat's reward to each action it took.
            final = result_of(state)
            if final is not None:
                winners = final.winners
                share = 1.0 / len(winners) if winners else 0.0
                for stats, seat in path:
                    stats[_VISITS] += 1
                    if seat in winners:
                        stats[_REWARD] += share
            else:
                values: dict[int, float] = {}
                for stats, seat in path:
                    value = values.get(seat)
                    if value is None:
                        value = values[seat] = float(evaluate(state, seat)) if evaluate is not None else 0.0
                    stats[_VISITS] += 1
                    stats[_REWARD] += value

        seconds = time.perf_counter() - start
        return self._record(SearchResult(_options(root_edges, root_legal), done, seconds, skipped, len(nodes)))

    def budget_for(self, view: ViewT) -> int | None:
        """The iterations this decision may take: the budget, scaled by its phase's share."""
        if self.iterations is None or self.budget_share is None:
            return self.iterations
        return max(1, round(self.iterations * min(1.0, self.budget_share(view))))

    def _record(self, result: SearchResult[ActionT]) -> SearchResult[ActionT]:
        self.stats.searched += 1
        self.stats.iterations += result.iterations
        self.stats.seconds += result.seconds
        self.stats.per_decision.append(result.iterations)
        return result


def _select(edges: dict[A, _Edge], legal: Sequence[A], rand: Callable[[], float], c: float,
            log: Callable[[float], float], sqrt: Callable[[float], float], favourite: A | None = None,
            weight: float = 0.0, root_sqrt: float = 0.0) -> tuple[tuple[A, _Edge], bool]:
    """Pick an action among `legal` at a node: an untried one first, else the best by UCB
    (plus the prior's bonus for `favourite`, at the root).

    Returns ((action, its stats), whether it was just added). Every legal action's
    availability count goes up by one: it could have been chosen this time.
    """
    untried = None
    best = None
    best_score = -math.inf
    for action in legal:
        stats = edges.get(action)
        if stats is None:
            if untried is None:
                untried = []
            untried.append(action)
            continue
        stats[_AVAILABLE] += 1
        if untried is None:
            visits = stats[_VISITS]
            # visits == 0: added, but its world was skipped before the rollout came back.
            score = stats[_REWARD] / visits + c * sqrt(log(stats[_AVAILABLE]) / visits) if visits else math.inf
            if favourite is not None and action == favourite:
                score += weight * root_sqrt / (1 + visits)
            if score > best_score:
                best, best_score = (action, stats), score
    if untried is not None:
        action = untried[int(rand() * len(untried))]
        stats = edges[action] = [0, 0.0, 1]
        return (action, stats), True
    assert best is not None
    return best, False


def _seen(events: Sequence[Event], seat: int) -> tuple[tuple[str, str], ...]:
    """The events of one step that `seat` was shown, as a key."""
    return tuple((e.kind, e.text) for e in events if e.visible_to is None or seat in e.visible_to)


def _public(events: Sequence[Event]) -> tuple[tuple[str, str], ...]:
    """The events of one step shown to everyone, as a key."""
    return tuple((e.kind, e.text) for e in events if e.visible_to is None)


def _options(edges: dict[ActionT, _Edge], legal: Sequence[ActionT]) -> list[Option[ActionT]]:
    """The root actions, most visited first (ties: better win rate, then the order given)."""
    out = []
    for index, action in enumerate(legal):
        stats = edges.get(action)
        visits = int(stats[_VISITS]) if stats else 0
        rate = stats[_REWARD] / visits if stats and visits else 0.0
        out.append((-visits, -rate, index, Option(action, visits, rate)))
    out.sort(key=lambda item: item[:3])
    return [item[3] for item in out]


def _progress(edges: dict[ActionT, _Edge], legal: Sequence[ActionT], iterations: int,
              seconds: float) -> Progress[ActionT]:
    top = _options(edges, legal)[0]
    return Progress(iterations, seconds, top.action, top.win_rate)
