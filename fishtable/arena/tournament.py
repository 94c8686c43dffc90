"""Named computer players against each other: `fishtable tournament`.

Each bot of the list takes one seat (`hard,normal` is heads-up, `hard,normal,normal,normal`
one hard bot against three normal ones). The seats rotate from one game to the next,
and each deal is played once in every rotation: game `i` of a run with seed `S` is dealt
with seed `S + i // players` and puts bot `j` of the list in seat `(j + i) % players`, so
no bot gains from sitting first or from luckier cards.

A win counts 1, a win shared by k seats 1/k. A bot's win rate is its wins over the games
it sat in (a bot named several times sits in several seats of every game), with a 95%
Wilson interval; its fair share is 1/players. The decision time is the wall time of the
bot's `choose`, every decision counted (a forced one takes no time).

A bot's score margin in a game is the mean final score of its seats minus the mean of the
other seats'; its margin per deal is the mean over the deal's seatings. Only deals played
in every seating count (a run of `games` not a multiple of the players leaves the last one
out). The report gives their mean with a 95% interval and a paired sign test
(`fishtable.arena.stats`).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fishtable.arena import bounds
from fishtable.arena.seatings import Played, Seating, default_jobs, play_all
from fishtable.arena.simulate import make_options
from fishtable.arena.stats import Margin, deal_margins, summarize
from fishtable.bots import get_bot
from fishtable.engine.files import JsonObject
from fishtable.engine.registry import get_entry

if TYPE_CHECKING:  # rich loads only when a report is drawn
    from rich.console import RenderableType

    from fishtable.history.recorder import Recording  # made by the command line for `--record`

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotLine:
    """One bot name's figures over the whole run (all its seats together)."""

    name: str
    seats: int  # seats per game
    seat_games: int = 0
    wins: float = 0.0
    decisions: int = 0
    think_seconds: float = 0.0
    searches: int = 0
    iterations: int = 0
    margin: Margin | None = None  # score margin per deal (None: no complete deal, or no opponent)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_games)

    @property
    def mean_decision(self) -> float:
        return self.think_seconds / self.decisions if self.decisions else 0.0

    def to_json(self, players: int) -> JsonObject:
        low, high = self.interval()
        fair = 1 / players
        out: JsonObject = {
            "bot": self.name,
            "seats": self.seats,
            "seat_games": self.seat_games,
            "wins": round(self.wins, 4),
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(fair, 4),
            "share_ratio": round(self.win_rate / fair, 3),
            "decisions": self.decisions,
            "mean_decision_seconds": round(self.mean_decision, 5),
        }
        if self.searches:
            out["searches"] = self.searches
            out["iterations_per_search"] = round(self.iterations / self.searches, 1)
        out["margin"] = self.margin.to_json() if self.margin is not None else None
        return out


@dataclass
class TournamentReport:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    seconds: float | None
    iterations: int | None
    wall_seconds: float
    lines: list[BotLine] = field(default_factory=list)
    hand_limit: int | None = None  # a poker deal's hands; None: whole sessions
    games_asked: int | None = None  # more than `games`: stopped early (Ctrl+C), the finished games kept

    def to_json(self) -> JsonObject:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "search_seconds": self.seconds,
            "search_iterations": self.iterations,
            "wall_seconds": round(self.wall_seconds, 3),
            "hand_limit": self.hand_limit,
            "games_asked": self.games_asked if self.games_asked is not None else self.games,
            "results": [line.to_json(self.players) for line in self.lines],
        }


def run_tournament(
    game_name: str,
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    seconds: float | None = None,
    iterations: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    hand_limit: int | None = None,
    recording: Recording | None = None,
    jobs: int | None = 1,
) -> TournamentReport:
    """Play `games` games between `bots` (one name per seat), seats rotated. With `hand_limit`, a
    game played in hands (poker) is scored by its chips once that many hands are played: a deal is
    the first hands of a session whose players think it goes on (the game's own hand limit would
    tell them, and change how they play its last hand). `jobs` processes play the games (None:
    the machine's cores); the report is the same for any number. Ctrl+C ends the run with the
    games finished so far."""
    entry = get_entry(game_name)
    game = entry.load()
    names = [n.strip() for n in bots]
    players = len(names)
    if any(not n for n in names):
        raise ValueError("Give one bot name per seat, separated by commas.")
    if not entry.min_players <= players <= entry.max_players:
        raise ValueError(f"{entry.title} is for {entry.players_text}, not {players}.")
    bounds.check("--games", games, bounds.TOURNAMENT_GAMES)
    bounds.check("--seed", seed, bounds.SEED)
    bounds.check("--seconds", seconds, bounds.SECONDS)
    bounds.check("--iterations", iterations, bounds.ITERATIONS)
    for n in dict.fromkeys(names):  # an unknown bot is named before any game is played
        get_bot(game.name, n, seconds=seconds, iterations=iterations, players=players)
    if hand_limit is not None:
        caps = game.capabilities
        if caps.hands_settled is None or caps.standings is None:
            raise ValueError(f"--hand-limit is only for a game played in hands, not {game.title}.")
        bounds.check("--hand-limit", hand_limit, bounds.HAND_LIMIT)
    lines: dict[str, BotLine] = {}
    for n in names:
        if n not in lines:
            lines[n] = BotLine(n, names.count(n))
    options = make_options(game) if recording is not None else None
    seatings = [Seating(game.name, tuple(names), i, seed, seconds, iterations, hand_limit,
                        keep_moves=recording is not None) for i in range(games)]
    clock = time.perf_counter
    start = clock()
    played: list[tuple[int, list[str], list[float]]] = []  # (deal, bot per seat, score per seat)
    finished = 0
    try:
        for game_played in play_all(seatings, jobs if jobs is not None else default_jobs()):
            count_game(game_played, names, lines, played)
            if recording is not None and options is not None:  # `--record`: History keeps the finished game
                recording.add(game, options, game_played.seats, game_played.deal, game_played.moves,
                              game_played.seconds)
            finished += 1
            if progress is not None:
                progress(finished, games)
    except KeyboardInterrupt:  # Ctrl+C: the games finished so far make the report
        if finished == 0:
            raise
    by_deal = Counter(deal for deal, _, _ in played)
    complete = [g for g in played if by_deal[g[0]] == players]
    for line in lines.values():
        line.margin = summarize(deal_margins(complete, line.name))
    return TournamentReport(
        game=game.name,
        players=players,
        games=finished,
        seed=seed,
        bots=names,
        seconds=seconds,
        iterations=iterations,
        wall_seconds=clock() - start,
        lines=list(lines.values()),
        hand_limit=hand_limit,
        games_asked=games,
    )


def count_game(game: Played, names: Sequence[str], lines: dict[str, BotLine],
               played: list[tuple[int, list[str], list[float]]]) -> None:
    """One game's seats, wins, thinking and scores, onto the bots' lines."""
    seat_names = [names[j] for j in game.bot_in]
    for name in seat_names:
        lines[name].seat_games += 1
    for j, counts in game.thinking.items():
        line = lines[names[j]]
        line.decisions += counts.decisions
        line.think_seconds += counts.seconds
        line.searches += counts.searches
        line.iterations += counts.iterations
    if game.scores is not None:
        played.append((game.deal, seat_names, game.scores))
    if game.winners:
        share = 1 / len(game.winners)
        for w in game.winners:
            lines[seat_names[w]].wins += share


def render(report: TournamentReport) -> RenderableType:
    """A Rich table: each bot's win rate, its 95% interval, and its decision time."""
    # On demand: Rich is loaded only when a report is drawn (`--json` draws none).
    from rich.console import Group
    from rich.table import Table

    budget = []
    if report.seconds is not None:
        budget.append(f"{report.seconds:g} s")
    if report.iterations is not None:
        budget.append(f"{report.iterations} iterations")
    table = Table(
        title=f"fishtable tournament: {report.game}, {report.players} players, {report.games} games",
    )
    for column in ("bot", "seats", "wins", "win rate", "95% CI", "× fair", "moves", "ms/move", "iter/search"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    fair = 1 / report.players
    for line in report.lines:
        low, high = line.interval()
        table.add_row(
            line.name,
            str(line.seats),
            f"{line.wins:g}",
            f"{line.win_rate:.1%}",
            f"{low * 100:.0f}–{high * 100:.0f}%",
            f"{line.win_rate / fair:.2f}",
            str(line.decisions),
            f"{line.mean_decision * 1000:.1f}",
            f"{line.iterations / line.searches:,.0f}" if line.searches else "",
        )
    hands = f" of {report.hand_limit} hand{'s' if report.hand_limit != 1 else ''}" if report.hand_limit else ""
    notes = (
        f"  seed {report.seed}; each deal{hands} played in all {report.players} seatings (games rotate); "
        "a shared win counts 1/k; margin: own score minus the others' per deal, over complete deals; "
        f"search budget per decision: {' or '.join(budget) or 'default'}; {report.wall_seconds:.1f} s in all"
    )
    margins = Table(title="score margin per deal (own score minus the others', every seating of a deal)")
    for column in ("bot", "deals", "mean", "95% CI", "ahead", "level", "behind", "sign test p"):
        margins.add_column(column, justify="left" if column == "bot" else "right")
    for line in report.lines:
        m = line.margin
        if m is None:
            continue
        margins.add_row(line.name, str(m.deals), f"{m.mean:+.2f}",
                        f"{m.low:+.1f}, {m.high:+.1f}" if m.deals > 1 else "", str(m.ahead),
                        str(m.deals - m.ahead - m.behind), str(m.behind), f"{m.sign_p:.3g}")
    if report.games_asked is not None and report.games_asked > report.games:
        notes = f"  stopped (Ctrl+C) after {report.games} of {report.games_asked} games: these are theirs.\n" + notes
    return Group(table, margins, notes) if margins.row_count else Group(table, notes)

