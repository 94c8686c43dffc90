"""The shell is game-agnostic: it names no game, and finds games only through the registry."""

from __future__ import annotations

import re
from pathlib import Path

from fishtable.engine.registry import GAMES

SHELL = Path(__file__).resolve().parents[2] / "fishtable" / "tui"


def game_words() -> set[str]:
    words = set()
    for entry in GAMES:
        words |= {entry.name, entry.title, entry.name.replace("-", "_")}
        if entry.module:
            words.add(entry.module.rsplit(".", 1)[-1])
    return {w.casefold() for w in words}


def test_the_shell_names_no_game() -> None:
    sources = sorted(p for p in SHELL.rglob("*") if p.suffix in {".py", ".tcss"})
    assert sources, SHELL
    for path in sources:
        text = path.read_text(encoding="utf-8").casefold()
        for word in game_words():
            assert re.search(re.escape(word), text) is None, f"{path.name} names {word!r}"
