"""A series of games (FP-SCORE-10): totals add up; a target or the time ends it; the highest total wins."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fishtable.engine.protocol import Result, ScoreLine
from fishtable.engine.series import Series, SeriesRules

NAMES = ("Ann", "Bo", "Cy")


def result(*totals: int) -> Result:
    lines = tuple(ScoreLine(seat=s, name=NAMES[s], parts=(("points", t),), total=t) for s, t in enumerate(totals))
    top = max(totals)
    return Result(scores=lines, winners=tuple(s for s, t in enumerate(totals) if t == top))


@pytest.mark.rule("FP-SCORE-10")
def test_points_add_up_until_a_total_reaches_the_target() -> None:
    series = Series.start(SeriesRules(end="target", target=10), NAMES)
    assert not series.over
    series = series.add(result(6, 2, 4), seconds=100)
    assert series.totals == (6, 2, 4) and series.games == 1 and not series.over
    series = series.add(result(3, 9, 0), seconds=100)
    assert series.totals == (9, 11, 4) and series.over
    assert series.leaders == (1,)


@pytest.mark.rule("FP-SCORE-10")
def test_a_series_for_a_time_ends_after_the_game_in_which_time_ran_out() -> None:
    series = Series.start(SeriesRules(end="time", minutes=30), NAMES)
    assert series.time_left() == 1800 and series.time_left(playing=600) == 1200
    series = series.add(result(2, 2, 1), seconds=1200)
    assert not series.over and series.time_left() == 600
    series = series.add(result(1, 1, 3), seconds=900)  # the last game ran past the time: it counted
    assert series.over and series.time_left() == 0
    assert series.totals == (3, 3, 4) and series.leaders == (2,)


def test_equal_highest_totals_share_the_series() -> None:
    series = Series.start(SeriesRules(end="target", target=5), NAMES).add(result(5, 5, 1), seconds=1)
    assert series.over and series.leaders == (0, 1)


def test_a_single_game_is_over_after_one_game() -> None:
    series = Series.start(SeriesRules(), NAMES)
    assert not series.rules.is_series and not series.over
    assert series.add(result(1, 0, 0), seconds=5).over


@pytest.mark.parametrize(
    "rules", [{"end": "target"}, {"end": "time"}, {"end": "target", "target": 0}, {"end": "time", "minutes": 10**6}]
)
def test_rules_need_a_sane_number(rules: dict) -> None:
    with pytest.raises(ValidationError):
        SeriesRules(**rules)


def test_a_series_to_one_point_says_point() -> None:
    assert SeriesRules(end="target", target=1).words() == "a series to 1 point"
    assert SeriesRules(end="target", target=2).words() == "a series to 2 points"
