"""Under a real pseudo-terminal, nothing the app writes holds an escape sequence that came from a file.

A save whose seat name (or card name) is an escape sequence, with a checksum
that matches, is offered to the menu; a card file holding one in a card name,
under a file name holding one, is given to `--card-file`. The bytes the app
writes to the terminal must hold none of them. The pty harness is the one of
test_signals.py; every wait is for text on the screen, with a generous limit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.tui.remembered import remembered_seats

from .test_signals import Terminal

ROOT = Path(__file__).resolve().parents[2]
TITLE = "\x1b]0;PWNED\x07"  # an OSC sequence that would retitle the window
CURSOR = "\x1b[2J\x1b[H"  # clear the screen, cursor home
# What the file's characters would look like on the wire; none may be written.
FORBIDDEN = (b"\x1b]0;PWNED", b"PWNED\x07", "\u202e".encode(), "\u200b".encode(), b"\x1b[2J\x1b[H")
WAIT = 90  # seconds: the app starts slowly on a loaded machine


def assert_clean(output: bytes) -> None:
    for sequence in FORBIDDEN:
        assert sequence not in output, f"{sequence!r} reached the terminal"


def hostile_autosave(data_dir: Path, game: str, card_name: str | None = None) -> None:
    engine = get_entry(game).load()
    options = engine.prepare_options(engine.options_model()())
    # A save anyone wrote: the seat name skips the rule (model_construct), the checksum matches.
    seats = [SeatInfo.model_construct(name=TITLE + "Ann\u202e" + CURSOR, bot=None), SeatInfo(name="Bob")]
    match = Match.start(engine, options, seats, 3)
    path = data_dir / "autosave.json"
    data_dir.mkdir(parents=True, exist_ok=True)
    match.save(path)
    if card_name is not None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw["seats"][0]["name"] = "Ann"
        raw["options"]["cards"]["fish"][0]["name"] = card_name
        path.write_text(json.dumps(raw), encoding="utf-8")


@pytest.mark.parametrize("where", ["seat name", "card name"])
def test_a_hostile_save_puts_no_escape_sequence_on_the_terminal(tmp_path: Path, where: str) -> None:
    data_dir = tmp_path / "data"
    hostile_autosave(data_dir, "big-fish", TITLE + "Cod\u200b" + CURSOR if where == "card name" else None)
    before = (data_dir / "autosave.json").read_bytes()
    term = Terminal(data_dir)
    try:
        term.wait_for(b"cannot be continued", WAIT)  # the menu has read the save and refused it
        term.read(1.0)  # what the screen draws next, drained
        assert_clean(term.output)
    finally:
        term.close()
    assert (data_dir / "autosave.json").read_bytes() == before, "the refused save was changed"


def test_a_hostile_card_file_puts_no_escape_sequence_on_the_terminal(tmp_path: Path) -> None:
    data = json.loads((ROOT / "assets" / "big_fish" / "cards.json").read_text(encoding="utf-8"))
    data["fish"][0]["name"] = TITLE + "Cod" + CURSOR
    path = tmp_path / (TITLE + "cards.json")
    path.write_text(json.dumps(data), encoding="utf-8")
    term = Terminal(tmp_path / "data", "--card-file", str(path))
    try:
        assert term.wait_exit(WAIT) == 2
        term.read(0.5)
        assert b"control or invisible character" in term.output
        assert_clean(term.output)
    finally:
        term.close()


@pytest.mark.parametrize("name", [TITLE + "Ann", "Ann\u202e", "An\u200bn", "Ann\nBob"])
def test_remembered_seat_names_with_control_characters_are_ignored(tmp_path: Path, name: str) -> None:
    path = tmp_path / "setup.json"
    seats = [{"name": name, "bot": None}, {"name": "Bob", "bot": None}]
    path.write_text(json.dumps({"version": 1, "games": {"big-fish": seats}}), encoding="utf-8")
    assert remembered_seats(path, "big-fish") is None  # the setup form falls back to default names
    seats[0]["name"] = "Ann"
    path.write_text(json.dumps({"version": 1, "games": {"big-fish": seats}}), encoding="utf-8")
    assert remembered_seats(path, "big-fish") == [("Ann", None), ("Bob", None)]
