"""The tips' coverage report (issue 43): for each game, every phase and at least 90% of its
special cards and of its event kinds, as seeded random games show them, trigger a tip
(`benchmarks/tips_coverage.py` prints the figures)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from fishtable.engine.registry import GAMES

PLAYABLE = [entry.name for entry in GAMES if entry.playable]


def _report_module() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "tips_coverage.py"
    spec = importlib.util.spec_from_file_location("tips_coverage", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", PLAYABLE)
def test_tips_cover_every_phase_and_nine_in_ten_special_cards_and_events(game: str) -> None:
    report = _report_module().coverage(game, games=4)
    assert report["phases"]["of"] >= 1 and report["events"]["of"] >= 5
    assert report["phases"]["covered"] == report["phases"]["of"], report["phases"]["missing"]
    assert report["cards"]["share"] >= 0.9, report["cards"]["missing"]
    assert report["events"]["share"] >= 0.9, report["events"]["missing"]
