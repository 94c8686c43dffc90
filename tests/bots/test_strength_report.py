"""benchmarks/hard_strength.py's report: one budget and one search per results file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("hard_strength", ROOT / "benchmarks" / "hard_strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _line(deal: int, **extra) -> dict:
    return {"deal": deal, "game": "crazy-fishing", "bots": ["hard", "normal"], "iterations": 513, "commit": "x",
            "wins": 2.0, "games": 2, "margin": 1.5, "decisions": 10, "think_seconds": 4.0, "cpu_seconds": 4.0,
            **extra}


def _write(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_the_report_names_the_search_and_refuses_a_file_that_mixes_two(tmp_path):
    script = _script()
    halving = _write(tmp_path / "a.jsonl", [_line(1, search="halving"), _line(2, search="halving")])
    assert "crazy-fishing hard,normal, halving search at 513 iterations: 2 deals, 4 games" in script.summary(halving)
    # A line from before the field was recorded is a tree search's.
    mixed = _write(tmp_path / "b.jsonl", [_line(1), _line(2, search="halving")])
    assert script.summary(mixed) == "b.jsonl: mixes searches (halving, tree); keep one file per search"
    budgets = _write(tmp_path / "c.jsonl", [_line(1), {**_line(2), "iterations": 171}])
    assert "mixes budgets [171, 513]" in script.summary(budgets)
    assert script.search_kind("crazy-fishing") == "halving" and script.search_kind("big-fish") == "tree"


def test_a_rotated_deal_is_one_game_with_the_seats_shifted_and_is_kept_apart(tmp_path):
    script = _script()
    bots = ["hard", "normal", "normal"]
    for deal in (1, 2, 3, 4):
        line = script.play_rotated("crazy-fishing", bots, deal, iterations=4)
        assert line["rotated"] is True and line["games"] == 1 and line["deal"] == deal
        assert line["decisions"] > 0 and 0 <= line["wins"] <= 1
        assert line["hard_seat"] == (deal - 1) % 3  # one seat on from deal to deal
    assert script.results_file(tmp_path, "crazy-fishing", bots, rotated=True).name == \
        "strength-crazy-fishing-hard-normal-normal-rotated.jsonl"
    mixed = _write(tmp_path / "d.jsonl", [_line(1, search="halving"), _line(2, search="halving", rotated=True)])
    assert script.summary(mixed) == "d.jsonl: mixes rotated deals with deals in every seating; keep one file for each"


def test_a_deal_records_its_games_phase_shares_and_the_report_refuses_a_file_that_mixes_two(tmp_path):
    script = _script()
    line = script.play_rotated("crazy-fishing", ["hard", "normal"], 1, iterations=4)
    assert line["shares"] == {"cast": 0.85, "collect": 0.65}
    assert "shares" not in script.play_rotated("big-fish", ["hard", "normal"], 1, iterations=4)
    shared = _line(2, search="halving", shares=line["shares"])
    mixed = _write(tmp_path / "e.jsonl", [_line(1, search="halving"), shared])
    assert script.summary(mixed) == "e.jsonl: mixes budget shares by phase; keep one file per budget"
