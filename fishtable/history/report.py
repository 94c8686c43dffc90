"""What `fishtable history` prints: recent games and standings, as plain text or JSON.

Every name read from the database passes through `engine.text.shown` before it
reaches a terminal: a database anyone could have written must not drive it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from fishtable.engine.files import JsonObject
from fishtable.engine.registry import GAMES
from fishtable.engine.text import shown
from fishtable.history.standings import HeadToHead, Standing, head_to_head, standings
from fishtable.history.store import GameRow, outcomes, recent


@dataclass(frozen=True)
class HistoryReport:
    games: list[GameRow]
    standings: list[Standing]
    versus: HeadToHead | None

    def to_json(self) -> JsonObject:
        return {
            "games": [
                {"id": g.id, "game": g.game, "ended": round(g.ended, 3), "seconds": round(g.seconds, 1),
                 "steps": g.steps, "source": g.source, "imported": g.imported,
                 "series": {"first": g.series_first, "index": g.series_index} if g.series_first else None,
                 "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "place": s.place, "score": s.score,
                            "rank": s.rank, "winner": s.winner} for s in g.seats]}
                for g in self.games],
            "standings": [s.to_json() for s in self.standings],
            "head_to_head": self.versus.to_json() if self.versus is not None else None,
        }


def history_report(path: Path, game: str | None = None, player: str | None = None, against: str | None = None,
                   limit: int = 20) -> HistoryReport:
    """Recent games and standings (of `game`, of games `player` played); HistoryError in words."""
    rows = outcomes(path, game)
    mine = [r for r in rows if player is None or r.name == player]  # their own lines only
    versus = head_to_head(rows, player, against) if player is not None and against is not None else None
    return HistoryReport(recent(path, game, player, limit), standings(mine), versus)


def title_of(game: str) -> str:
    return next((entry.title for entry in GAMES if entry.name == game), shown(game))


def when(ended: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ended))


def seats_words(row: GameRow) -> str:
    """ "Ana 34 ★, Bo 20": the seats by rank, the winners starred."""
    ordered = sorted(row.seats, key=lambda s: (s.rank, s.seat))
    return ", ".join(f"{shown(s.name)} {s.score}{' ★' if s.winner else ''}" for s in ordered)


def standing_rows(lines: list[Standing]) -> list[list[str]]:
    return [[shown(s.name), title_of(s.game), str(s.games), str(s.wins), str(s.shared), f"{s.win_rate:.0%}",
             f"{s.average:.1f}", str(s.best), s.streak_words()] for s in lines]


STANDING_HEAD = ["Player", "Game", "Games", "Wins", "Shared", "Win rate", "Average", "Best", "Streak"]


def columns(head: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(head, *rows, strict=True)]
    return ["  ".join(cell.ljust(w) if n < 2 else cell.rjust(w) for n, (cell, w) in enumerate(zip(line, widths,
                                                                                                   strict=True)))
            .rstrip() for line in [head, *rows]]


def history_text(report: HistoryReport) -> str:
    out = ["Recent games (newest first):"]
    if not report.games:
        out.append("  none yet: finished games appear here.")
    for g in report.games:
        tag = " (imported)" if g.imported else ""
        series = f", series game {g.series_index}" if g.series_index else ""
        out.append(f"  #{g.id}  {when(g.ended)}  {title_of(g.game)}{tag}{series}: {seats_words(g)}")
    out += ["", "Standings:"]
    out += ["  " + line for line in columns(STANDING_HEAD, standing_rows(report.standings))] if report.standings \
        else ["  none yet."]
    v = report.versus
    if v is not None:
        out += ["", f"Head to head, {shown(v.first)} and {shown(v.second)}: {v.games} games together; "
                    f"wins {v.first_wins}-{v.second_wins}, {v.both} shared; ahead on points "
                    f"{v.first_ahead}-{v.second_ahead}."]
    return "\n".join(out)
