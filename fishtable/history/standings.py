"""Standings per player name and game, and head-to-head between two names. Pure.

Wins are counted as the rulebooks count them: every seat among the engine's
winners won. Crazy Fishing and Big Fish have no tie-break (CF-Q-19, BF-Q-19: the
tied players share the victory), so each of them has a win, also counted as
shared; Fishing Party breaks a tie with the die (FP-SCORE-8, FP-Q-23), so a game
has one winner; a poker session is won by the most chips, and equal chips share
the win (the engine's ruling: the rulebook splits equal hands' pots, FP-Q-31, and
names no session winner), counted like Crazy Fishing's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fishtable.history.store import Outcome


@dataclass(frozen=True)
class Standing:
    name: str
    game: str
    games: int
    wins: int
    shared: int  # wins shared with another seat
    average: float
    best: int
    streak: int  # the current run: +3 three wins in a row, -2 two games without a win

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def streak_words(self) -> str:
        if self.streak > 0:
            return f"{self.streak} won"
        return f"{-self.streak} lost" if self.streak < 0 else "-"

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "game": self.game, "games": self.games, "wins": self.wins,
                "shared_wins": self.shared, "win_rate": round(self.win_rate, 4),
                "average_score": round(self.average, 2), "best_score": self.best, "streak": self.streak}


def standings(rows: Iterable[Outcome]) -> list[Standing]:
    """One line per (name, game), from outcomes listed newest first; most wins first."""
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for row in rows:
        groups.setdefault((row.name, row.game), []).append(row)
    out = []
    for (name, game), mine in groups.items():
        streak = 0
        for row in mine:  # newest first: the run that is still going
            if streak == 0:
                streak = 1 if row.winner else -1
            elif (streak > 0) == row.winner:
                streak += 1 if row.winner else -1
            else:
                break
        scores = [row.score for row in mine]
        out.append(Standing(name, game, len(mine), sum(r.winner for r in mine), sum(r.shared for r in mine),
                            sum(scores) / len(scores), max(scores), streak))
    return sorted(out, key=lambda s: (-s.wins, -s.win_rate, s.name, s.game))


@dataclass(frozen=True)
class HeadToHead:
    first: str
    second: str
    games: int  # games both played
    first_wins: int  # won, and the other did not
    second_wins: int
    both: int  # a win shared by the two
    first_ahead: int  # finished with more points than the other
    second_ahead: int

    def to_json(self) -> dict[str, object]:
        return {"players": [self.first, self.second], "games": self.games,
                "wins": [self.first_wins, self.second_wins], "shared_wins": self.both,
                "ahead": [self.first_ahead, self.second_ahead]}


def head_to_head(rows: Iterable[Outcome], first: str, second: str) -> HeadToHead:
    """The games `first` and `second` played together (by name), and who did better."""
    by_game: dict[int, dict[str, Outcome]] = {}
    for row in rows:
        if row.name in (first, second):
            by_game.setdefault(row.game_id, {})[row.name] = row
    games = fw = sw = both = fa = sa = 0
    for pair in by_game.values():
        if first not in pair or second not in pair:
            continue
        a, b = pair[first], pair[second]
        games += 1
        fw += a.winner and not b.winner
        sw += b.winner and not a.winner
        both += a.winner and b.winner
        fa += a.score > b.score
        sa += b.score > a.score
    return HeadToHead(first, second, games, fw, sw, both, fa, sa)
