"""Tournament margins: per-deal score margins, their t interval and the paired sign test."""

from __future__ import annotations

import math

import pytest

from fishtable.arena.stats import deal_margins, sign_test, summarize, t95
from fishtable.arena.tournament import run_tournament
from tests import tinygame


def test_t_quantiles_match_the_table_and_the_expansion():
    assert t95(1) == 12.706 and t95(4) == 2.776 and t95(30) == 2.042
    assert t95(40) == pytest.approx(2.0211, abs=2e-4)
    assert t95(100) == pytest.approx(1.9840, abs=2e-4)
    assert t95(10_000) == pytest.approx(1.96, abs=1e-3)
    with pytest.raises(ValueError):
        t95(0)


def test_sign_test_known_values():
    assert sign_test(5, 0) == pytest.approx(2 / 32)  # 2 * (1/2)^5
    assert sign_test(0, 5) == pytest.approx(2 / 32)
    assert sign_test(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(3, 3) == 1.0 and sign_test(0, 0) == 1.0
    assert sign_test(60, 40) == pytest.approx(0.0569, abs=1e-4)


def test_margins_of_a_constructed_heads_up_run():
    # Three deals, each in both seatings; A's margin per seating is its score minus B's.
    games = [
        (1, ["A", "B"], [10, 4]), (1, ["B", "A"], [6, 8]),  # +6, +2 -> +4
        (2, ["A", "B"], [3, 3]), (2, ["B", "A"], [5, 5]),  # 0, 0 -> 0 (level)
        (3, ["A", "B"], [2, 9]), (3, ["B", "A"], [1, 2]),  # -7, +1 -> -3
    ]
    assert deal_margins(games, "A") == [4.0, 0.0, -3.0]
    assert deal_margins(games, "B") == [-4.0, 0.0, 3.0]
    m = summarize(deal_margins(games, "A"))
    assert m is not None
    assert m.deals == 3 and m.mean == pytest.approx(1 / 3)
    sd = math.sqrt(((4 - 1 / 3) ** 2 + (1 / 3) ** 2 + (3 + 1 / 3) ** 2) / 2)
    half = 4.303 * sd / math.sqrt(3)
    assert (m.low, m.high) == (pytest.approx(1 / 3 - half), pytest.approx(1 / 3 + half))
    assert (m.ahead, m.behind) == (1, 1) and m.sign_p == 1.0
    out = m.to_json()
    assert out["level"] == 1 and out["ci95"] == [round(1 / 3 - half, 4), round(1 / 3 + half, 4)]


def test_margins_one_against_many_and_edge_cases():
    # One A against two B: A's margin is its score minus the mean of the B seats.
    games = [(7, ["A", "B", "B"], [9, 3, 6]), (7, ["B", "A", "B"], [2, 1, 6])]  # +4.5, -3 -> +0.75
    assert deal_margins(games, "A") == [0.75]
    # B's: the mean of its two seats minus A's.
    assert deal_margins(games, "B") == [pytest.approx((-4.5 + 3) / 2)]
    assert deal_margins([(1, ["A", "A"], [3, 4])], "A") == []  # nobody else to beat
    assert summarize([]) is None
    single = summarize([2.0])
    assert single is not None and single.to_json()["ci95"] is None and math.isinf(single.high)


def test_a_clear_winner_has_a_margin_above_zero_with_confidence():
    margins = [3.0, 1.0, 2.0, 4.0, 2.0, 5.0, 1.0, 3.0, 2.0, 2.0, 0.0, 3.0]
    m = summarize(margins)
    assert m is not None and m.low > 0 and m.ahead == 11 and m.behind == 0
    assert m.sign_p == pytest.approx(2 / 2**11)


@pytest.fixture
def _high_card():
    tinygame.install()
    yield
    tinygame.uninstall()


def test_a_tournament_reports_margins_over_complete_deals_only(_high_card):
    report = run_tournament("high-card", ["easy", "normal"], 5, seed=2)  # deals 2, 3 complete; 4 half
    by_name = {line.name: line for line in report.lines}
    easy, normal = by_name["easy"].margin, by_name["normal"].margin
    assert easy is not None and normal is not None
    assert easy.deals == normal.deals == 2
    assert easy.mean == pytest.approx(-normal.mean)
    assert (easy.ahead, easy.behind) == (normal.behind, normal.ahead)
    line = by_name["easy"].to_json(2)
    assert line["margin"]["deals"] == 2 and "sign_test_p" in line["margin"]
    same = run_tournament("high-card", ["easy", "easy"], 2, seed=5)
    assert same.lines[0].margin is None
