"""The coach panel of each guided game at 80×24 and 100×30 (issue 43): under the table, the
table still whole, the lesson, the suggestion and the computers' last moves in a few lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fishtable.engine.assets import asset_path
from fishtable.engine.registry import get_entry
from fishtable.tui.app import FishtableApp
from fishtable.tui.coach.lessons import LESSONS_FILE

from .helpers import settle
from .test_coach_play import BUILT_IN, Learner, open_guided_game

SIZES = [(80, 24), (100, 30)]
DECISION = 3  # the learner's third decision: a lesson, a suggestion and computer moves to tell


def has_lessons(game: str) -> bool:
    folder = get_entry(game).load_ui().assets
    return folder is not None and asset_path(folder, LESSONS_FILE).is_file()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
@pytest.mark.parametrize("game", BUILT_IN)
def test_coach_panel(snap_compare: Any, tmp_path: Path, game: str, size: tuple[int, int]) -> None:
    if not has_lessons(game):
        pytest.skip(f"{game} has no {LESSONS_FILE} yet (test_coach_play fails for it)")

    async def go(pilot: Any) -> None:
        await settle(pilot)
        await open_guided_game(pilot, game)
        await Learner(pilot, game, deviate=False).play(before_decision=DECISION)
        await settle(pilot)

    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    assert snap_compare(app, terminal_size=size, run_before=go)
