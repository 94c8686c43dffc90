"""One game of a tournament, played alone: the unit a process pool hands out (`--jobs`).

Game `i` of a run with seed `S` is dealt with seed `S + i // players` and puts bot `j` of
the list in seat `(j + i) % players`. Everything a game needs is in its `Seating`, and
its bots are made afresh for it, so a game gives the very same moves, scores and counts
in any process and in any order: `--jobs N` reports what `--jobs 1` reports. `in_processes` is the pool itself, for
`benchmarks/hard_strength.py`'s deals too.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TypeVar

from fishtable.arena.simulate import make_options, play_to_end
from fishtable.bots import bot_rng, get_bot
from fishtable.bots.protocol import SomeBot
from fishtable.bots.search import SearchBot
from fishtable.engine.protocol import Result, SeatInfo
from fishtable.engine.registry import get_entry

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Seating:
    """Game `index` of a run: which deal, which bot in which seat, and the budget."""

    game: str
    names: tuple[str, ...]  # one bot name per list position
    index: int
    seed: int
    seconds: float | None = None
    iterations: int | None = None
    hand_limit: int | None = None
    keep_moves: bool = False  # `--record`: the moves come back, for History

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def deal(self) -> int:
        return self.seed + self.index // self.players

    def bot_in(self) -> list[int]:
        """The list position of the bot in each seat."""
        shift = self.index % self.players
        bot_in = [0] * self.players
        for j in range(self.players):
            bot_in[(j + shift) % self.players] = j
        return bot_in


@dataclass
class Thinking:
    """A bot's decisions in one game: how many, their wall time, and its searches."""

    decisions: int = 0
    seconds: float = 0.0
    searches: int = 0
    iterations: int = 0


@dataclass
class Played:
    """What one game gave: the scores by seat (None: the game gave no result), the winners, each
    list position's thinking, and the moves when asked for."""

    index: int
    deal: int
    bot_in: list[int]
    scores: list[float] | None
    winners: tuple[int, ...]
    thinking: dict[int, Thinking] = field(default_factory=dict)  # by list position
    seats: list[SeatInfo] = field(default_factory=list)
    moves: list[tuple[int, object]] = field(default_factory=list)
    seconds: float = 0.0


def play_seating(seating: Seating) -> Played:
    """Play one game of the run to its end (or its hand limit), in this process."""
    game = get_entry(seating.game).load()
    players = seating.players
    bot_in = seating.bot_in()
    names = seating.names
    bots: list[SomeBot] = [
        get_bot(game.name, names[bot_in[s]], seconds=seating.seconds, iterations=seating.iterations,
                players=players) for s in range(players)]
    rngs: list[Random] = [bot_rng(seating.seed + seating.index, s, 0) for s in range(players)]
    thinking = {j: Thinking() for j in range(players)}
    moves: list[tuple[int, object]] = []
    legal_actions, view, clock = game.legal_actions, game.view, time.perf_counter

    def choose(seat: int, state: object) -> object:
        bot, counts = bots[seat], thinking[bot_in[seat]]
        legal = legal_actions(state, seat)
        seen = view(state, seat) if bot.needs_view else None
        stats = bot.stats if isinstance(bot, SearchBot) else None  # what a searching bot counts
        before, searched = (stats.iterations, stats.searched) if stats is not None else (0, 0)
        t0 = clock()
        action = bot.choose(seen, legal, rngs[seat])
        counts.seconds += clock() - t0
        counts.decisions += 1
        if stats is not None:
            counts.iterations += stats.iterations - before
            counts.searches += stats.searched - searched
        if seating.keep_moves:
            moves.append((seat, action))
        return action

    stop: Callable[[object], bool] | None = None
    score: Callable[[object], Result | None] = game.result
    if seating.hand_limit is not None:
        hands_settled, standings = game.capabilities.hands_settled, game.capabilities.standings
        if hands_settled is None or standings is None:
            raise ValueError(f"--hand-limit is only for a game played in hands, not {game.title}.")
        limit = seating.hand_limit
        score = standings

        def stop(state: object) -> bool:  # the deal ends here; no player was told it would
            return hands_settled(state) >= limit

    seats = [SeatInfo(name=f"{names[bot_in[s]][:18]} {s + 1}", bot=names[bot_in[s]]) for s in range(players)]
    began = clock()
    options = make_options(game)
    _, state = play_to_end(game, game.new_game(options, seats, seating.deal), choose,
                           lambda seat: names[bot_in[seat]], seating.deal, stop=stop)
    result = score(state)
    scores = None
    if result is not None:
        totals = {line.seat: float(line.total) for line in result.scores}
        scores = [totals.get(s, 0.0) for s in range(players)]
    return Played(seating.index, seating.deal, bot_in, scores, result.winners if result is not None else (),
                  thinking, seats, moves, clock() - began)


def default_jobs() -> int:
    """The machine's cores (the ones this process may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _quiet_worker() -> None:
    """A worker leaves Ctrl+C to the parent, which keeps the games finished and ends the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_processes(work: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """`work(item)` for every item, in their order whatever order they finish in (so sums come
    out the same to the last bit). With `jobs` > 1 in that many processes (`work` and the items
    must pickle: a module-level function); leaving the iteration early (Ctrl+C in the parent)
    ends the workers and what they were doing."""
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield work(item)
        return
    pool = multiprocessing.Pool(min(jobs, len(items)), initializer=_quiet_worker)
    try:
        yield from pool.imap(work, items)
    finally:
        pool.terminate()  # nothing is left to wait for, or the parent stops here
        pool.join()


def play_all(seatings: Sequence[Seating], jobs: int) -> Iterator[Played]:
    """Every game of `seatings`, in order (see `in_processes`)."""
    return in_processes(play_seating, seatings, jobs)
