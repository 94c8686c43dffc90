"""Computer players. A bot sees one seat's view and the legal actions, never the state.

Every game offers three difficulty levels besides its own named bots:

- `easy`: uniform over the legal actions (the `random` bot);
- `normal`: the game's own one-ply heuristic (its `greedy` bot; random if it has none);
- `hard`: information-set Monte Carlo tree search (`fishtable.bots.search`), or where the
  game's `HARD` player asks for it sequential halving on common worlds
  (`fishtable.bots.halving`), for games that deal worlds from a seat's view
  (`sample_world`). Its budget is a number of search
  iterations, calibrated once per game and table size to take about one second on a quiet
  two-core machine (`HARD.iterations` in the game's `bots` module, measured by
  `benchmarks/calibrate_hard.py`), and a phase whose iterations cost more gets its share of
  them (`HARD.phase_shares`): the same view and seed give the same move, and a busy
  computer makes it slower, not weaker. A wall-clock cap (`HARD_SECONDS`) is only a safety net.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Generic, TypedDict

from fishtable.bots.protocol import Bot as Bot
from fishtable.bots.protocol import SomeBot
from fishtable.bots.search import EXPLORATION, Progress, SearchBot, can_search
from fishtable.engine.match import Match
from fishtable.engine.protocol import ActionT, Game, HardPlayer, SomeGame, StateT, ViewT
from fishtable.engine.registry import get_entry

BotTable = dict[str, Callable[[], SomeBot]]  # a game's `BOTS`: its computer players by name


class RandomBot:
    """Uniform over the legal actions, of any game."""

    name = "random"
    needs_view = False

    def choose(self, view: object, legal: list[ActionT], rng: random.Random) -> ActionT:
        return legal[int(rng.random() * len(legal))]


def _bots_module(game: str) -> ModuleType | None:
    """A game's `bots` module, or None if it has none."""
    module = get_entry(game).module
    if module is None:
        return None
    try:
        return importlib.import_module(f"{module}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"{module}.bots":
            raise
        return None


def _game_bots(game: str) -> BotTable:
    """A game's own computer players: the `BOTS` table of its `bots` module, if it has one."""
    module = _bots_module(game)
    return dict(module.BOTS) if module is not None else {}


def hard_player(game: str) -> HardPlayer:
    """How a game's hard player searches: the `HARD` its `bots` module declares beside `BOTS`
    (CONTRIBUTING.md), or the defaults for a game without a `bots` module."""
    module = _bots_module(game)
    if module is None:
        return DEFAULT_HARD
    hard = module.HARD
    if not isinstance(hard, HardPlayer):
        raise TypeError(f"{module.__name__}.HARD is not a HardPlayer.")
    return hard


LEVELS = ("easy", "normal", "hard")
# A safety net, not the budget: the most wall time a hard decision (or a hint) may take
# on a very busy computer; past it the move no longer depends on the seed alone.
HARD_SECONDS = 6.0
HINT_SECONDS = 6.0
HINT_OPTIONS = 3
# The iterations of a game without a `bots` module, by table size.
DEFAULT_ITERATIONS = {2: 500, 4: 300}
DEFAULT_HARD = HardPlayer(iterations=DEFAULT_ITERATIONS)
MIN_ITERATIONS = 50


def hard_iterations(game: str, players: int) -> int:
    """The hard player's search iterations per decision at a table of `players`.

    The game's `HARD.iterations` maps table sizes to iterations (about one CPU-second
    each, measured at every size the built-in games allow); for a size a game did not
    measure, the cost of an iteration is taken as linear in the number of players.
    """
    table = dict(hard_player(game).iterations)
    if players in table:
        return table[players]
    sizes = sorted(table)
    if len(sizes) == 1:
        return table[sizes[0]]
    low, high = (sizes[0], sizes[1]) if players < sizes[0] else (sizes[-2], sizes[-1])
    for a, b in itertools.pairwise(sizes):
        if a < players < b:
            low, high = a, b
    cost_low, cost_high = 1 / table[low], 1 / table[high]
    cost = cost_low + (cost_high - cost_low) * (players - low) / (high - low)
    return max(MIN_ITERATIONS, round(1 / cost)) if cost > 0 else table[high]


def _load_game(game: str) -> SomeGame:
    return get_entry(game).load()


def levels(game: str) -> list[str]:
    """The difficulty levels a game offers: easy and normal always, hard if it can be searched."""
    return ["easy", "normal", "hard"] if can_search(_load_game(game)) else ["easy", "normal"]


def bot_names(game: str) -> list[str]:
    """Every computer player of a game: the named bots (random, then the game's own),
    then the difficulty levels (easy, normal, and hard if the game can be searched)."""
    return ["random", *_game_bots(game), *levels(game)]


class SearchSettings(TypedDict, total=False):
    """The tuning keywords of `SearchBot` a game may set for its hard player."""

    exploration: float
    rollout_steps: int | None
    prior_weight: float | None
    model_play: bool  # the search expects seats to play as the game's greedy bot (SearchBot's `model`)
    halving: bool  # sequential halving on common worlds, not the tree (SearchBot's `halving`)


def search_settings(game: str) -> SearchSettings:
    """The game's own settings of its hard player (`HARD` in its `bots` module: keyword
    arguments of `SearchBot`, such as `rollout_steps`, and `model_play`), tuned by
    tournaments: only those it sets."""
    hard = hard_player(game)
    settings: SearchSettings = {}
    if hard.exploration is not None:
        settings["exploration"] = hard.exploration
    if hard.rollout_steps is not None:
        settings["rollout_steps"] = hard.rollout_steps
    if hard.prior_weight is not None:
        settings["prior_weight"] = hard.prior_weight
    if hard.model_play:
        settings["model_play"] = True
    if hard.halving:
        settings["halving"] = True
    return settings


def _search_bot(game: str, loaded: Game[StateT, ViewT, ActionT], seconds: float | None,
                iterations: int | None, bots: BotTable | None = None,
                stop: Callable[[], bool] | None = None) -> SearchBot[StateT, ViewT, ActionT]:
    """The hard player of a game with its own settings: the greedy bot as its root prior and,
    where the game asks for it, as its model of how seats play."""
    bots = _game_bots(game) if bots is None else bots
    hard = hard_player(game)
    model = _prior(game, bots) if hard.model_play else None
    exploration = EXPLORATION if hard.exploration is None else hard.exploration
    return SearchBot(loaded, seconds=seconds, iterations=iterations, prior=_prior(game, bots), model=model,
                     should_stop=stop, exploration=exploration, rollout_steps=hard.rollout_steps,
                     prior_weight=hard.prior_weight, halving=hard.halving, budget_share=budget_share(hard))


def budget_share(hard: HardPlayer) -> Callable[[object], float] | None:
    """A decision's share of the iteration budget from the searching seat's view: its phase's
    share in the game's `HARD.phase_shares` (1 for a phase not listed), or None without shares."""
    phase_of, shares = hard.budget_phase, dict(hard.phase_shares)
    if phase_of is None or not shares:
        return None
    return lambda view: shares.get(phase_of(view), 1.0)


def get_bot(
    game: str, name: str, *, seconds: float | None = None, iterations: int | None = None, players: int = 2
) -> SomeBot:
    """A computer player by name. `seconds` and `iterations` bound the search of `hard`
    (default: the app's budget, `hard_iterations(game, players)` capped at `HARD_SECONDS`
    of wall time); the other bots ignore them."""
    if name in ("random", "easy"):
        easy = RandomBot()
        easy.name = name
        return easy
    bots = _game_bots(game)
    if name == "normal":
        bot: SomeBot = bots["greedy"]() if "greedy" in bots else (next(iter(bots.values()))() if bots else RandomBot())
        bot.name = "normal"
        return bot
    if name == "hard":
        loaded = _load_game(game)
        if can_search(loaded):
            if seconds is None and iterations is None:
                seconds, iterations = HARD_SECONDS, hard_iterations(game, players)
            return _search_bot(game, loaded, seconds, iterations, bots)
    if name in bots:
        return bots[name]()
    raise LookupError(f"No computer player called {name!r}; choose from {', '.join(bot_names(game))}.")


def _prior(game: str, bots: BotTable | None = None) -> SomeBot | None:
    """The heuristic the search leans on at its root: the game's greedy bot, if it has one."""
    bots = _game_bots(game) if bots is None else bots
    return bots["greedy"]() if "greedy" in bots else None


def hint(
    view: ViewT, legal: list[ActionT], game: Game[StateT, ViewT, ActionT], seconds: float | None = None, *,
    options: int = HINT_OPTIONS, iterations: int | None = None, rng: random.Random | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[tuple[ActionT, float, int]]:
    """What the hard bot would do from this seat's own view (with its budget, by default):
    the top few legal actions,
    the one it would play first (the most searched), each with its estimated win rate
    (0 to 1) and the number of imagined games that tried it.

    `game` is the game object (a match's `match.game`); it must deal worlds from a view
    (`sample_world`). Only `view` and `legal` are read: never the state. `stop()`, when
    given and true, ends the search early (a closing app).
    """
    if not legal:
        return []
    if seconds is None and iterations is None:
        seconds, iterations = HINT_SECONDS, hard_iterations(game.name, len(view.seats) or 2)
    bot = _search_bot(game.name, game, seconds, iterations, stop=stop)
    result = bot.search(view, legal, rng if rng is not None else random.Random(0))
    return [(o.action, o.win_rate, o.visits) for o in result.options[:options]]


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """A generator for one decision, so bot play is reproducible from the game seed."""
    return random.Random(seed * 1_000_003 + step * 101 + seat)


@dataclass(frozen=True)
class Choice(Generic[ViewT, ActionT]):
    """One computer decision, read from the match and ready to think about anywhere: the bot, the
    seat's view (None if the bot reads none), its legal actions and its generator. Thinking
    (`choose`) touches the match no more, so it can run on a thread while the table goes on."""

    bot: SomeBot
    view: ViewT | None
    legal: list[ActionT]
    rng: random.Random

    def choose(self) -> ActionT:
        action: ActionT = self.bot.choose(self.view, self.legal, self.rng)  # a bot of this game: its type
        return action


def prepare_choice(
    match: Match[StateT, ViewT, ActionT], seat: int, *, on_progress: Callable[[Progress[ActionT]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Choice[ViewT, ActionT]:
    """Read what a match seat's computer player (its `SeatInfo.bot`, "greedy" if unset) decides
    from: only what the seat may see, `match.view(seat)` (when it reads a view) and
    `match.legal_actions(seat)`; its generator is `bot_rng(match.seed, seat, match.step_count)`,
    so a replayed game makes the same moves (the hard bot too: its budget is iterations, unless
    the `HARD_SECONDS` safety net cut a search short).

    `on_progress(progress)` and `should_stop()` reach a searching bot (see
    `fishtable.bots.search.SearchBot`): the app's status line and its way out.
    """
    bot = get_bot(match.game.name, match.seats[seat].bot or "greedy", players=len(match.seats))
    if isinstance(bot, SearchBot):  # only a searching bot reports progress and can be stopped
        if on_progress is not None:
            bot.on_progress = on_progress
        if should_stop is not None:
            bot.should_stop = should_stop
    view = match.view(seat) if bot.needs_view else None
    return Choice(bot, view, match.legal_actions(seat), bot_rng(match.seed, seat, match.step_count))


def choose_action(
    match: Match[StateT, ViewT, ActionT], seat: int, *, on_progress: Callable[[Progress[ActionT]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ActionT:
    """The move of a match seat's computer player: `prepare_choice`, then its `choose`."""
    return prepare_choice(match, seat, on_progress=on_progress, should_stop=should_stop).choose()
