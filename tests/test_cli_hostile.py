"""The command line against careless and hostile arguments: each game's card file, bounded numbers.

Issue 15: `--card-file` takes the card file of the game played; every number
the commands take is bounded, refused at once in one plain line with exit code 2.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from fishtable.arena import bounds
from fishtable.cli import main
from fishtable.engine.registry import GAMES, get_entry

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


def cards(game: str) -> Path:
    return ROOT / "assets" / game.replace("-", "_") / "cards.json"


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err and "set_int_max_str_digits" not in captured.err
    return lines[0]


@pytest.mark.parametrize("game", NAMES)
def test_simulate_takes_each_games_own_card_file(capsys: pytest.CaptureFixture[str], game: str) -> None:
    assert main(["simulate", "--game", game, "--players", "3", "--games", "1", "--json",
                 "--card-file", str(cards(game))]) == 0
    assert f'"game": "{game}"' in capsys.readouterr().out


@pytest.mark.parametrize("game", NAMES)
def test_simulate_refuses_another_games_card_file_naming_both(capsys: pytest.CaptureFixture[str], game: str) -> None:
    for other in NAMES:
        if other == game:
            continue
        line = one_line_error(capsys, ["simulate", "--game", game, "--players", "3", "--games", "1",
                                       "--card-file", str(cards(other))])
        assert f"is a {get_entry(other).title} card file, not a {get_entry(game).title} one" in line


@pytest.mark.parametrize("game", NAMES)
def test_the_app_offers_a_card_file_to_the_game_it_is_for(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    calls = []
    fake = types.ModuleType("fishtable.tui.app")
    fake.run_app = lambda **kw: calls.append(kw) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fishtable.tui.app", fake)
    assert main(["--card-file", str(cards(game))]) == 0
    assert calls == [{"card_files": {game: cards(game)}, "data_dir": None}]


def test_the_app_refuses_a_json_file_of_no_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "someone-elses-cards", "cards": []}', encoding="utf-8")
    line = one_line_error(capsys, ["--card-file", str(path)])
    assert "is not a card file of any game" in line
    for entry in GAMES:
        assert entry.title in line


HUGE = "1" + "0" * 30
@pytest.mark.parametrize(
    "argv, option",
    [
        (["simulate", "--games", HUGE], "--games"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--players", HUGE], "--players"),
        (["simulate", "--seed", HUGE], "--seed"),
        (["tournament", "--games", HUGE, "--iterations", "1"], "--games"),
        (["tournament", "--iterations", "1" + "0" * 26], "--iterations"),
        (["tournament", "--iterations", "0"], "--iterations"),
        (["tournament", "--seconds", "inf"], "--seconds"),
        (["tournament", "--seconds", "nan"], "--seconds"),
        (["tournament", "--seconds", "1e300"], "--seconds"),
        (["tournament", "--seconds", "0"], "--seconds"),
        (["simulate", "--games", "9" * 5000], "--games"),
    ],
)
def test_an_unbounded_number_is_refused_at_once_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str
) -> None:
    line = one_line_error(capsys, argv)
    assert option in line and "error" in line
    assert len(line) < 300


def test_help_says_the_ranges_and_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for entry in GAMES:
        assert entry.title in out
    assert main(["simulate", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert bounds.range_words(bounds.SIMULATE_GAMES) in out
    assert main(["tournament", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for limits in (bounds.TOURNAMENT_GAMES, bounds.ITERATIONS, bounds.SECONDS):
        assert bounds.range_words(limits) in out


def test_the_pyproject_description_names_every_game() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    description = next(line for line in text.splitlines() if line.startswith("description"))
    for entry in GAMES:
        assert entry.title in description


def test_the_library_calls_are_bounded_too() -> None:
    from fishtable.arena.simulate import run_simulation
    from fishtable.arena.tournament import run_tournament

    with pytest.raises(ValueError, match="--games"):
        run_simulation("crazy-fishing", 2, 10**30, 1, "random")
    with pytest.raises(ValueError, match="--seconds"):
        run_tournament("crazy-fishing", ["hard", "normal"], 1, 1, seconds=float("inf"))
