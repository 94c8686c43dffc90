"""The Match seam: what it refuses, and how the engine's layers import one another."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fishtable.bots import bot_rng, choose_action, get_bot
from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Cast, Draw
from fishtable.games.crazy_fishing.options import CrazyFishingOptions

ROOT = Path(__file__).resolve().parents[2]


def a_match() -> Match:
    seats = [SeatInfo(name="Ana"), SeatInfo(name="Bo", bot="greedy"), SeatInfo(name="Cy", bot="random")]
    return Match.start(GAME, CrazyFishingOptions(), seats, 5)


class NotAnAction:
    kind = "cast"
    rods = ("R01",)
    baits = ("B01",)


@pytest.mark.parametrize("seat", ["0", 0.0, True, False, None, -1, 3, 10**30, [0], object()])
def test_apply_refuses_anything_that_is_not_a_seat_number(seat: object) -> None:
    match = a_match()
    before = match.state_hash()
    action = match.legal_actions(0)[0]
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, action)  # type: ignore[arg-type]
    assert "seat" in str(info.value).lower()
    assert match.state_hash() == before and match.step_count == 0
    assert match.check(seat, action) == str(info.value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [None, "cast", {"kind": "cast", "rods": [], "baits": []}, NotAnAction(), 42,
     SeatInfo(name="not an action")],
)
def test_apply_refuses_anything_that_is_not_an_action_of_this_game(action: object) -> None:
    match = a_match()
    before = match.state_hash()
    with pytest.raises(IllegalAction) as info:
        match.apply(0, action)
    assert "not a move of Crazy Fishing" in str(info.value)
    assert match.state_hash() == before and match.step_count == 0 and match.log_for(0) == match.log_for(0)
    assert match.check(0, action) == str(info.value)


def test_apply_and_check_still_judge_real_actions() -> None:
    match = a_match()
    assert match.check(0, Draw(rods=1, baits=1)) is not None
    legal = match.legal_actions(0)[0]
    assert match.check(0, legal) is None
    match.apply(0, legal)
    assert match.step_count == 1
    with pytest.raises(IllegalAction, match="nothing to decide"):
        match.apply(0, Cast(rods=legal.rods, baits=legal.baits))


def test_a_game_without_is_action_is_checked_by_a_json_round_trip() -> None:
    class Wrapped:
        def __getattr__(self, name: str) -> object:
            if name == "is_action":
                raise AttributeError(name)
            return getattr(GAME, name)

    match = Match.start(Wrapped(), CrazyFishingOptions(), [SeatInfo(name="A"), SeatInfo(name="B")], 1)
    with pytest.raises(IllegalAction, match="not a move"):
        match.apply(0, NotAnAction())
    match.apply(0, match.legal_actions(0)[0])
    assert match.step_count == 1


def test_a_broken_parse_action_is_a_bug_that_shows_not_a_refused_move() -> None:
    """Only "this is not one of the game's actions" is a refusal; any other failure propagates."""

    class Broken:
        capabilities = dataclasses.replace(GAME.capabilities, is_action=None)  # a game without is_action

        def __getattr__(self, name: str) -> object:
            return getattr(GAME, name)

        def parse_action(self, data: object) -> object:
            raise RuntimeError("a bug in the game")

    match = Match.start(Broken(), CrazyFishingOptions(), [SeatInfo(name="A"), SeatInfo(name="B")], 1)
    with pytest.raises(RuntimeError, match="a bug in the game"):
        match.check(0, match.legal_actions(0)[0])


def test_choose_action_uses_the_seat_bot_view_and_rng() -> None:
    match = a_match()
    for seat in (1, 2):
        action = choose_action(match, seat)
        assert action in match.legal_actions(seat)
        bot = get_bot("crazy-fishing", match.seats[seat].bot)
        view = match.view(seat) if bot.needs_view else None
        assert action == bot.choose(view, match.legal_actions(seat), bot_rng(match.seed, seat, match.step_count))
    # A human seat gets the greedy player's move (a hint, or a stand-in).
    assert choose_action(match, 0) == get_bot("crazy-fishing", "greedy").choose(
        match.view(0), match.legal_actions(0), bot_rng(match.seed, 0, 0))
    assert not hasattr(match, "bot_action")


def _imports(code: str) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return out.stdout.split()


def test_the_engine_does_not_import_the_bots() -> None:
    loaded = _imports(
        "import sys\n"
        "from fishtable.engine.match import Match\n"
        "from fishtable.engine.resume import replay\n"
        "from fishtable.engine.protocol import SeatInfo\n"
        "from fishtable.games.crazy_fishing import GAME\n"
        "from fishtable.games.crazy_fishing.options import CrazyFishingOptions\n"
        "m = Match.start(GAME, CrazyFishingOptions(), [SeatInfo(name='A', bot='greedy'), SeatInfo(name='B')], 1)\n"
        "m.apply(0, m.legal_actions(0)[0])\n"
        "replay(m.to_save())\n"
        "print(' '.join(sorted(n for n in sys.modules if n.startswith('fishtable.'))))\n"
    )
    assert "fishtable.engine.resume" in loaded
    assert not [name for name in loaded if name.startswith("fishtable.bots") or name.startswith("fishtable.tui")]


def test_saves_do_not_import_the_match() -> None:
    loaded = _imports("import sys, fishtable.engine.saves; print(' '.join(sys.modules))")
    assert "fishtable.engine.saves" in loaded
    assert "fishtable.engine.match" not in loaded and "fishtable.engine.resume" not in loaded
    for module in ("saves", "files", "errors", "protocol"):
        source = (ROOT / "fishtable" / "engine" / f"{module}.py").read_text(encoding="utf-8")
        imports = [line for line in source.splitlines() if line.strip().startswith(("import ", "from "))]
        assert imports and not [line for line in imports if "engine.match" in line or "engine.resume" in line
                                or "fishtable.bots" in line]


def test_a_seed_must_fit_in_a_save() -> None:
    seats = [SeatInfo(name="Ana"), SeatInfo(name="Bo")]
    big = 10**19 - 1  # 19 digits: every 64-bit seed fits
    match = Match.start(GAME, CrazyFishingOptions(), seats, -big)
    from fishtable.engine.resume import replay
    from fishtable.engine.saves import parse_save

    assert replay(parse_save(match.to_save().model_dump_json())).state_hash() == match.state_hash()
    for seed in (10**19, -(10**19), 10**4000, True, "7", 1.0):
        with pytest.raises(ValueError, match="at most 19 digits"):
            Match.start(GAME, CrazyFishingOptions(), seats, seed)  # type: ignore[arg-type]
