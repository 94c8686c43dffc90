"""Whole games between computer seats, as fast as the engine allows: `fishtable simulate`.

The loop talks to the game object directly (new_game, pending, legal_actions,
apply) and builds a view only for bots that read one, so the figures measure
the rules engine, not the app. When every seat is the random bot, a game that
can draw a random legal action alone (`random_action`) is asked for that one,
the very action the random bot would read from the list. A step is one
applied action.

Game `i` of a run with seed `S` is dealt with seed `S + i`; each seat's bot
draws from its own generator, `bot_rng(S + i, seat, 0)`, so a run is
reproducible from its seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel

from fishtable.arena import bounds
from fishtable.bots import RandomBot, bot_rng, get_bot
from fishtable.bots.protocol import SomeBot
from fishtable.engine.errors import IllegalAction
from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Game, Result, SeatInfo, SomeGame, TableView
from fishtable.engine.registry import get_entry

if TYPE_CHECKING:  # rich loads only when a report is drawn
    from rich.console import RenderableType

    from fishtable.history.recorder import Recording  # made by the command line for `--record`

ADVANCED_CHOICES = ("all", "rods", "fish")
MAX_STEPS = 200_000  # a game longer than this is stuck: a bug, reported as an error
StateT = TypeVar("StateT")  # the game's state, as `play_to_end` carries it
ActionT = TypeVar("ActionT", bound=BaseModel)  # and its actions


@dataclass
class SimulationReport:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    advanced: str | None
    seconds: float
    steps: int
    wins: list[int]  # per seat; a shared win counts for every winner
    shared: int  # games won by more than one seat
    game_steps: list[int] = field(default_factory=list, repr=False)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_steps(self) -> float:
        return self.steps / self.games if self.games else 0.0

    def win_rates(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    def to_json(self) -> JsonObject:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "advanced": self.advanced,
            "games": self.games,
            "steps": self.steps,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "steps_per_second": round(self.steps_per_second, 1),
            "mean_steps": round(self.mean_steps, 2),
            "wins": list(self.wins),
            "win_rates": [round(r, 4) for r in self.win_rates()],
            "shared_wins": self.shared,
        }


def parse_bots(spec: str | Sequence[str], players: int) -> list[str]:
    """One bot name for every seat, or one per seat ("greedy" or "greedy,random,random")."""
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else [n.strip() for n in spec]
    if not names or any(not n for n in names):
        raise ValueError("Give a bot name, or one bot name per seat separated by commas.")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(
            f"{len(names)} bot names were given for {players} players: give one name for all seats "
            "or exactly one per seat."
        )
    return names


def make_options(game: SomeGame, advanced: str | None = None, card_file: str | None = None) -> BaseModel:
    """The game's options model for a run; `advanced` is all, rods or fish (Crazy Fishing)."""
    model = game.options_model()
    values: dict[str, object] = {}
    if advanced is not None:
        if game.name != "crazy-fishing":
            raise ValueError(f"--advanced is only for Crazy Fishing, not {game.title}.")
        if advanced not in ADVANCED_CHOICES:
            raise ValueError(f"--advanced must be one of {', '.join(ADVANCED_CHOICES)}, not {advanced!r}.")
        if advanced in ("all", "rods"):
            values["oos_rods"] = True
        if advanced in ("all", "fish"):
            values["random_oos_fish"] = 3
    if card_file is not None:
        values["card_file"] = card_file
    options = model(**values)
    # Read the card data once for the whole run: new_game then reads no file.
    return game.prepare_options(options)


def _first_pending(game: Game[StateT, TableView, ActionT]) -> Callable[[StateT], int | None]:
    """`first_to_act` from the prompts: the first seat `pending` lists."""
    pending = game.pending

    def first(state: StateT) -> int | None:
        return next(iter(pending(state)), None)

    return first


def play_to_end(
    game: Game[StateT, TableView, ActionT],
    state: StateT,
    choose: Callable[[int, StateT], ActionT],
    bot_name: Callable[[int], str],
    seed: int,
    stop: Callable[[StateT], bool] | None = None,
) -> tuple[int, StateT]:
    """Play `state` to its end (or until `stop(state)`), `choose(seat, state)` giving each move;
    return (steps, final state). An illegal move names the bot (`bot_name(seat)`); a game that
    never ends names its `seed`."""
    # One seat at a time; the rest of a simultaneous phase waits. A game that can name that
    # seat without building its prompts (its capabilities' first_to_act) is asked for it alone.
    first = game.capabilities.first_to_act or _first_pending(game)
    apply = game.apply
    steps = 0
    while True:
        seat = first(state)
        if seat is None or (stop is not None and stop(state)):
            return steps, state
        action = choose(seat, state)
        try:
            state, _ = apply(state, seat, action)
        except IllegalAction as exc:
            raise RuntimeError(
                f"The {bot_name(seat)} bot in seat {seat + 1} chose an illegal move at step {steps}: {exc}"
            ) from exc
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"Game with seed {seed} did not end within {MAX_STEPS} steps.")


def play_game(
    game: SomeGame, options: BaseModel, seats: Sequence[SeatInfo], bots: Sequence[SomeBot], seed: int,
    recording: Recording | None = None,
) -> tuple[int, Result | None]:
    """Play one game to its end; return (steps, result). With `recording`, the game goes to History."""
    legal_actions = game.legal_actions
    rngs = [bot_rng(seed, seat, 0) for seat in range(len(seats))]
    choosers = [bot.choose for bot in bots]
    state = game.new_game(options, seats, seed)
    pick = game.capabilities.random_action
    if pick is not None and all(type(bot) is RandomBot for bot in bots):
        # Random seats only: the game draws the very same move without listing the others.

        def choose(seat: int, state: object) -> object:
            return pick(state, seat, rngs[seat])
    elif any(bot.needs_view for bot in bots):
        view = game.view
        wants_view = [bot.needs_view for bot in bots]

        def choose(seat: int, state: object) -> object:
            return choosers[seat](view(state, seat) if wants_view[seat] else None, legal_actions(state, seat),
                                  rngs[seat])
    else:  # no bot reads a view: none is built (a playout's every step)

        def choose(seat: int, state: object) -> object:
            return choosers[seat](None, legal_actions(state, seat), rngs[seat])

    moves: list[tuple[int, object]] = []
    play: Callable[[int, object], object] = choose
    if recording is not None:  # only then: the measured inner step stays as it was
        play = recording.logged(choose, moves)
        began = time.perf_counter()
    steps, state = play_to_end(game, state, play, lambda seat: bots[seat].name, seed)
    if recording is not None:
        recording.add(game, options, seats, seed, moves, time.perf_counter() - began)
    return steps, game.result(state)


def run_simulation(
    game_name: str,
    players: int,
    games: int,
    seed: int,
    bots: str | Sequence[str],
    advanced: str | None = None,
    card_file: str | None = None,
    recording: Recording | None = None,
) -> SimulationReport:
    """Play `games` whole games between computer seats and measure them (and record them in
    History with `recording`: `--record`)."""
    bounds.check("--games", games, bounds.SIMULATE_GAMES)
    bounds.check("--seed", seed, bounds.SEED)
    entry = get_entry(game_name)
    game = entry.load()
    if not entry.min_players <= players <= entry.max_players:
        raise ValueError(f"{entry.title} is for {entry.players_text}, not {players}.")
    names = parse_bots(bots, players)
    bot_objects = [get_bot(game.name, n, players=players) for n in names]
    options = make_options(game, advanced, card_file)
    seats = [SeatInfo(name=f"{n[:18]} {i + 1}", bot=n) for i, n in enumerate(names)]

    wins = [0] * players
    shared = 0
    game_steps: list[int] = []
    total = 0
    start = time.perf_counter()
    for i in range(games):
        steps, result = play_game(game, options, seats, bot_objects, seed + i, recording)
        total += steps
        game_steps.append(steps)
        if result is not None:
            for w in result.winners:
                wins[w] += 1
            if len(result.winners) > 1:
                shared += 1
    seconds = time.perf_counter() - start
    return SimulationReport(
        game=game.name,
        players=players,
        games=games,
        seed=seed,
        bots=names,
        advanced=advanced,
        seconds=seconds,
        steps=total,
        wins=wins,
        shared=shared,
        game_steps=game_steps,
    )


def render(report: SimulationReport) -> RenderableType:
    """A Rich renderable: the speed figures, then the wins per seat."""
    # On demand: Rich is loaded only when a report is drawn (`--json` draws none).
    from rich.console import Group
    from rich.table import Table

    summary = Table(title=f"fishtable simulate: {report.game}, {report.players} players", show_header=True)
    for column in ("games", "seconds", "games/s", "steps/s", "mean steps"):
        summary.add_column(column, justify="right")
    summary.add_row(
        str(report.games),
        f"{report.seconds:.2f}",
        f"{report.games_per_second:,.1f}",
        f"{report.steps_per_second:,.0f}",
        f"{report.mean_steps:.1f}",
    )
    seats = Table(title="Wins per seat (a shared win counts for each winner)")
    seats.add_column("seat", justify="right")
    seats.add_column("bot")
    seats.add_column("wins", justify="right")
    seats.add_column("win rate", justify="right")
    for i, (name, wins, rate) in enumerate(zip(report.bots, report.wins, report.win_rates(), strict=True)):
        seats.add_row(str(i + 1), name, str(wins), f"{rate:.1%}")
    notes: list[Table | str] = [summary, seats]
    extra = []
    if report.advanced:
        extra.append(f"advanced rules: {report.advanced}")
    extra.append(f"seed {report.seed}; shared wins: {report.shared}")
    notes.append("  " + "; ".join(extra))
    return Group(*notes)
