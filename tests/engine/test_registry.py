"""The catalogue finds games through the `fishtable.games` entry points of installed packages:
the four built-in games the same way as a package of one's own, and a broken declaration is
said in words, never a crash."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from fishtable.engine import registry
from fishtable.engine.registry import GAMES, GameEntry, discover, install_found, unregister
from tests import tinygame

ROOT = Path(__file__).resolve().parents[2]


def declare(folder: Path, dist: str, lines: list[str]) -> None:
    """Install a package's metadata in `folder`, as pip would: its entry points in our group."""
    info = folder / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[fishtable.games]\n" + "\n".join(lines) + "\n", encoding="utf-8")


# Entries a package of one's own might declare (resolved as `tests.engine.test_registry:...`).
DOMINOES = GameEntry("dominoes", "Dominoes", "Not a card game.", 2, 4, None)
WRONG_NAME = GameEntry("checkers", "Checkers", "Named one thing, declared as another.", 2, 2, None)
NOT_AN_ENTRY = "a string, not a GameEntry"
TWIN = GameEntry("crazy-fishing", "Crazy Fishing (again)", "A second game by a taken name.", 2, 6, None)


def test_the_built_in_games_are_found_through_their_entry_points_in_menu_order() -> None:
    names = [entry.name for entry in discover()]
    assert names[:4] == ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"]
    assert [entry.name for entry in GAMES[:4]] == names[:4]
    assert all(entry.playable for entry in GAMES[:4])


def test_a_package_of_ones_own_adds_its_game_and_broken_ones_are_said(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    declare(tmp_path, "fishtable_more_games", [
        "dominoes = tests.engine.test_registry:DOMINOES",
        "chess = tests.engine.test_registry:WRONG_NAME",
        "go = tests.engine.test_registry:NOT_AN_ENTRY",
        "mahjong = tests.no_such_module:ENTRY",
        "crazy-fishing = tests.engine.test_registry:TWIN",
    ])
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "PROBLEMS", [])
    importlib.invalidate_caches()
    try:
        added = install_found()
        assert [entry.name for entry in added] == ["dominoes"]
        assert registry.get_entry("dominoes") is DOMINOES
        assert registry.get_entry("crazy-fishing").module == "fishtable.games.crazy_fishing"  # the built-in stays
        said = "\n".join(registry.PROBLEMS)
        assert "'chess'" in said and "not a GameEntry of that name" in said
        assert "'go'" in said
        assert "'mahjong'" in said and "could not be loaded" in said and "no_such_module" in said
        assert "'crazy-fishing' is declared twice" in said
        assert len(registry.PROBLEMS) == 4
        install_found()  # read again: nothing added twice, nothing said twice
        assert [e.name for e in GAMES].count("dominoes") == 1 and len(registry.PROBLEMS) == 4
    finally:
        unregister("dominoes")


def test_the_test_game_is_installed_and_found_through_its_entry_point() -> None:
    tinygame.install()
    try:
        assert registry.get_entry("high-card") is tinygame.ENTRY
        assert tinygame.DIST in sys.path
    finally:
        tinygame.uninstall()
    assert all(entry.name != "high-card" for entry in GAMES) and tinygame.DIST not in sys.path


def test_the_command_line_says_a_broken_game_and_still_runs(tmp_path: Path) -> None:
    declare(tmp_path, "fishtable_broken_game", ["mahjong = tests.no_such_module:ENTRY"])
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from fishtable.cli import main; sys.exit(main(['rules', 'big-fish']))"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": f"{ROOT}:{tmp_path}", "PATH": "/usr/bin:/bin"},
    )
    assert "fishtable: The game 'mahjong'" in run.stderr and "could not be loaded" in run.stderr
    assert "Traceback" not in run.stderr and run.returncode == 0 and "Big Fish" in run.stdout
