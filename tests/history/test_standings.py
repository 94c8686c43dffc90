"""Standings and head-to-head, from outcomes written by hand."""

from __future__ import annotations

import pytest

from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME
from fishtable.history.standings import head_to_head, standings
from fishtable.history.store import Outcome

from .games import played


def games(*rows: tuple[str, int, bool, int]) -> list[Outcome]:
    """(name, score, won, winners in that game), one game per row unless numbered; newest first."""
    out = []
    for n, (name, score, won, winners) in enumerate(rows):
        out.append(Outcome(game_id=len(rows) - n, game="big-fish", name=name, score=score, winner=won,
                           shared=won and winners > 1, ended=float(len(rows) - n)))
    return out


@pytest.mark.rule("BF-Q-19")
@pytest.mark.rule("CF-Q-19")
def test_a_shared_win_is_a_win_for_each_and_counted_as_shared() -> None:
    rows = [Outcome(1, "big-fish", "Ana", 30, True, True, 1.0), Outcome(1, "big-fish", "Bo", 30, True, True, 1.0),
            Outcome(1, "big-fish", "Cy", 10, False, False, 1.0)]
    lines = {s.name: s for s in standings(rows)}
    assert (lines["Ana"].wins, lines["Ana"].shared) == (1, 1)
    assert (lines["Bo"].wins, lines["Bo"].shared) == (1, 1)
    assert lines["Cy"].wins == 0


def test_rate_average_best_and_the_current_streak() -> None:
    ana = standings(games(("Ana", 40, True, 1), ("Ana", 35, True, 1), ("Ana", 10, False, 1), ("Ana", 31, True, 1)))
    assert len(ana) == 1
    line = ana[0]
    assert (line.games, line.wins, line.best, line.streak) == (4, 3, 40, 2)
    assert line.win_rate == 0.75 and line.average == 29.0
    lost = standings(games(("Bo", 1, False, 1), ("Bo", 2, False, 1), ("Bo", 9, True, 1)))[0]
    assert lost.streak == -2 and lost.streak_words() == "2 lost"


def test_head_to_head_counts_only_games_played_together() -> None:
    rows = [
        Outcome(3, "big-fish", "Ana", 30, True, False, 3.0), Outcome(3, "big-fish", "Bo", 20, False, False, 3.0),
        Outcome(2, "big-fish", "Ana", 25, True, True, 2.0), Outcome(2, "big-fish", "Bo", 25, True, True, 2.0),
        Outcome(1, "big-fish", "Ana", 5, False, False, 1.0), Outcome(1, "big-fish", "Cy", 9, True, False, 1.0),
    ]
    h = head_to_head(rows, "Ana", "Bo")
    assert (h.games, h.first_wins, h.second_wins, h.both, h.first_ahead, h.second_ahead) == (2, 1, 0, 1, 1, 0)


def _recorded_tie(tmp_path, game: str, seed: int):
    match = played(game, seed, names=("Ana", "Bo"))
    totals = [line.total for line in match.result().scores]
    assert totals[0] == totals[1], "the seed no longer deals a tie"
    store.record_game(tmp_path / HISTORY_NAME, record_of(match, seconds=1))
    return {s.name: s for s in standings(store.outcomes(tmp_path / HISTORY_NAME))}


@pytest.mark.rule("FP-SCORE-8")
def test_a_fishing_party_tie_on_points_is_one_win_the_die_decides(tmp_path) -> None:
    lines = _recorded_tie(tmp_path, "fishing-party", 103)
    assert lines["Ana"].wins + lines["Bo"].wins == 1
    assert lines["Ana"].shared == lines["Bo"].shared == 0


@pytest.mark.rule("CF-Q-19")
@pytest.mark.rule("BF-Q-19")
@pytest.mark.parametrize(("game", "seed"), [("crazy-fishing", 30), ("big-fish", 2)])
def test_a_tie_on_points_is_a_shared_win_for_both(tmp_path, game: str, seed: int) -> None:
    lines = _recorded_tie(tmp_path, game, seed)
    assert (lines["Ana"].wins, lines["Ana"].shared, lines["Bo"].wins, lines["Bo"].shared) == (1, 1, 1, 1)
