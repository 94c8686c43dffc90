"""The `fishtable` command line: help, simulate, rules, the app's options and readable errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from fishtable import __version__
from fishtable.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOOD_CARDS = ROOT / "assets" / "crazy_fishing" / "cards.json"


def _simulate_json(capsys, *args: str) -> dict:
    code = main(["simulate", "--json", *args])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out)


def test_help_lists_the_sub_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("simulate", "rules", "--card-file", "--data-dir", "--version"):
        assert word in out


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"fishtable {__version__}"


def test_simulate_json_has_the_figures(capsys):
    data = _simulate_json(capsys, "--game", "crazy-fishing", "--players", "3", "--games", "4", "--seed", "7",
                          "--bot", "greedy,random,random")
    for key in ("games", "seconds", "games_per_second", "steps_per_second", "mean_steps", "wins", "steps"):
        assert key in data
    assert data["games"] == 4
    assert data["bots"] == ["greedy", "random", "random"]
    assert len(data["wins"]) == 3
    assert sum(data["wins"]) >= 4  # every game has a winner; a shared win counts for each
    assert data["steps"] > 4 * 20
    assert data["mean_steps"] == pytest.approx(data["steps"] / 4, abs=0.01)
    assert data["seconds"] > 0 and data["steps_per_second"] > 0 and data["games_per_second"] > 0


def test_simulate_is_reproducible_from_its_seed(capsys):
    args = ("--players", "2", "--games", "3", "--seed", "11", "--bot", "random")
    first = _simulate_json(capsys, *args)
    second = _simulate_json(capsys, *args)
    assert (first["steps"], first["wins"]) == (second["steps"], second["wins"])


@pytest.mark.parametrize("advanced", ["all", "rods", "fish"])
def test_simulate_with_out_of_series_cards(capsys, advanced):
    data = _simulate_json(capsys, "--players", "4", "--games", "2", "--bot", "greedy", "--advanced", advanced)
    assert data["advanced"] == advanced and data["games"] == 2


def test_simulate_prints_a_table(capsys):
    assert main(["simulate", "--players", "2", "--games", "2", "--bot", "greedy,random"]) == 0
    out = capsys.readouterr().out
    for word in ("games/s", "steps/s", "mean steps", "greedy", "random", "wins"):
        assert word in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "tiddlywinks"], ["Unknown game", "crazy-fishing"]),
        (["--game", "backgammon"], ["not playable yet"]),
        (["--bot", "genius"], ["genius", "greedy"]),
        (["--players", "3", "--bot", "greedy,random"], ["2 bot names", "3 players"]),
        (["--players", "9"], ["2-6 players"]),
        (["--games", "0"], ["at least 1"]),
    ],
)
def test_simulate_bad_input_is_a_readable_error(capsys, args, words):
    from fishtable.engine.registry import GameEntry, register, unregister

    register(GameEntry("backgammon", "Backgammon", "Not a fishing game (yet).", 2, 2, None))
    try:
        _expect_simulate_error(capsys, args, words)
    finally:
        unregister("backgammon")


def _expect_simulate_error(capsys, args, words):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for word in words:
        assert word in err


def _bad_card_files(tmp_path: Path) -> list[tuple[Path, list[str]]]:
    not_json = tmp_path / "broken.json"
    not_json.write_text("{ this is not json", encoding="utf-8")
    data = json.loads(GOOD_CARDS.read_text(encoding="utf-8"))
    data["fish"][2]["size"] = "huge"
    bad_field = tmp_path / "bad-size.json"
    bad_field.write_text(json.dumps(data), encoding="utf-8")
    return [
        (not_json, ["broken.json", "not valid JSON"]),
        (bad_field, ["fish #3", "Goby", "size"]),
        (tmp_path / "missing.json", ["missing.json", "cannot be read"]),
    ]


def test_malformed_card_file_is_refused_before_the_app_starts(capsys, monkeypatch, tmp_path):
    started = []
    fake = types.ModuleType("fishtable.tui.app")
    fake.run_app = lambda **kw: started.append(kw)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fishtable.tui.app", fake)
    for path, words in _bad_card_files(tmp_path):
        assert main(["--card-file", str(path)]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        for word in words:
            assert word in err
    assert started == []


def test_malformed_card_file_for_simulate(capsys, tmp_path):
    path, words = _bad_card_files(tmp_path)[1]
    assert main(["simulate", "--games", "1", "--card-file", str(path)]) == 2
    err = capsys.readouterr().err
    assert all(word in err for word in words)


def test_the_app_gets_the_card_file_and_data_dir(monkeypatch, tmp_path):
    calls = []

    def run_app(card_files=None, data_dir=None):
        calls.append({"card_files": card_files, "data_dir": data_dir})
        return 0

    fake = types.ModuleType("fishtable.tui.app")
    fake.run_app = run_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fishtable.tui.app", fake)
    assert main([]) == 0
    assert calls[-1] == {"card_files": None, "data_dir": None}
    assert main(["--card-file", str(GOOD_CARDS), "--data-dir", str(tmp_path)]) == 0
    assert calls[-1] == {"card_files": {"crazy-fishing": GOOD_CARDS}, "data_dir": tmp_path}


def test_rules_prints_the_rules_file(capsys, monkeypatch, tmp_path):
    import fishtable.engine.assets

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "crazy-fishing.md").write_text("# Crazy Fishing\n\nCatch big fish.\n", encoding="utf-8")
    monkeypatch.setattr(fishtable.engine.assets, "assets_dir", lambda: tmp_path)
    assert main(["rules"]) == 0
    assert "Catch big fish." in capsys.readouterr().out
    assert main(["rules", "big-fish"]) == 1  # no rules written for it here
    assert "not written yet" in capsys.readouterr().err
    assert main(["rules", "snap"]) == 2
    assert "Unknown game" in capsys.readouterr().err


def test_importing_the_cli_stays_light():
    code = (
        "import sys, fishtable.cli; "
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('pydantic', 'textual', 'rich')]; "
        "print(heavy)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


def test_python_dash_m_fishtable_help():
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-m", "fishtable", "--help"], capture_output=True, text=True, env=env,
                         check=True)
    assert "simulate" in out.stdout


def test_simulate_help_lists_the_bot_names_of_each_game(capsys):
    from fishtable.engine.registry import GameEntry, register, unregister

    register(GameEntry("backgammon", "Backgammon", "Not a fishing game (yet).", 2, 2, None))
    try:
        assert main(["simulate", "--help"]) == 0
    finally:
        unregister("backgammon")
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()}
    for game in ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"):
        assert all(name in lines[game] for name in ("random", "greedy", "easy", "normal", "hard")), game
    assert "not playable yet" in lines["backgammon"]


def test_the_cli_stays_light_until_help_is_asked():
    code = (
        "import sys, fishtable.cli; fishtable.cli.build_parser(); "
        "print([m for m in sys.modules if m.split('.')[0] in ('pydantic', 'textual', 'rich')])"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("hazard", ["fifo", "folder", "device", "deep", "digits"])
def test_card_file_hazards_are_readable_errors(capsys, tmp_path, hazard):
    path = tmp_path / "cards.json"
    if hazard == "fifo":
        os.mkfifo(path)
    elif hazard == "folder":
        path.mkdir()
    elif hazard == "device":
        path.symlink_to("/dev/zero")
    elif hazard == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    else:
        path.write_text('{"format": ' + "9" * 5000 + "}", encoding="utf-8")
    for argv in (["simulate", "--games", "1", "--card-file", str(path)], ["--card-file", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and str(path) in err and "error:" in err


def test_a_game_that_does_not_end_is_a_plain_error(capsys, monkeypatch):
    import fishtable.arena.simulate

    monkeypatch.setattr(fishtable.arena.simulate, "MAX_STEPS", 10)
    assert main(["simulate", "--games", "1", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert "did not end within 10 steps" in err and "Traceback" not in err


def test_a_data_dir_that_is_a_file_is_refused(capsys, monkeypatch, tmp_path):
    started = []
    fake = types.ModuleType("fishtable.tui.app")
    fake.run_app = lambda **kw: started.append(kw)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fishtable.tui.app", fake)
    data_dir = tmp_path / "data"
    data_dir.write_text("x", encoding="utf-8")
    assert main(["--data-dir", str(data_dir)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert started == []


def test_rules_say_when_a_game_is_not_playable_yet(capsys, monkeypatch, tmp_path):
    import fishtable.engine.assets
    from fishtable.engine.registry import GameEntry, register, unregister

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "backgammon.md").write_text("# Backgammon\n\nRace home.\n", encoding="utf-8")
    monkeypatch.setattr(fishtable.engine.assets, "assets_dir", lambda: tmp_path)
    register(GameEntry("backgammon", "Backgammon", "Not a fishing game (yet).", 2, 2, None))
    register(GameEntry("chess", "Chess", "Not a fishing game either.", 2, 2, None))
    try:
        assert main(["rules", "backgammon"]) == 0
        captured = capsys.readouterr()
        assert "Race home." in captured.out and "not playable yet" in captured.err
        assert main(["rules", "chess"]) == 1
        err = capsys.readouterr().err
        assert "Chess is not playable yet" in err and "not written yet" in err
    finally:
        unregister("backgammon")
        unregister("chess")
    os.mkfifo(tmp_path / "rules" / "crazy-fishing.md")  # a FIFO never hangs the command
    assert main(["rules", "crazy-fishing"]) == 1
    assert "not written yet" in capsys.readouterr().err


def test_rules_render_markdown_on_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["rules", "crazy-fishing"]) == 0
    out = capsys.readouterr().out
    assert "Crazy Fishing" in out and "# " not in out.splitlines()[0]
