"""High Card: the smallest game the shell can host, for testing the seam.

Every round each seat secretly picks a card from its hand; the picks are
revealed together, and the highest card nobody else matched scores a point.
`engine.py` is the rules (pure Python), `ui.py` its plug-in; `install()`
puts its package metadata on the path, and the catalogue finds it through its entry
point, the way any game's package is found. Nothing in the shell
knows about it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from fishtable.engine.registry import GAMES, GameEntry, install_found, unregister

NAME = "high-card"
ENTRY = GameEntry(
    NAME, "High Card", "A test game: pick a card in secret; the highest unmatched card scores.",
    2, 3, "tests.tinygame.engine", "tests.tinygame.ui",
)
# Its installed metadata, as pip would write it for a package of its own: an entry point in the
# group `fishtable.games` (tests/tinygame/site/*.dist-info/entry_points.txt).
DIST = str(Path(__file__).resolve().parent / "site")


def install() -> None:
    """Install it the way a package of its own is installed (its metadata on the path), and have
    the catalogue find it through its entry point."""
    if DIST not in sys.path:
        sys.path.append(DIST)
    importlib.invalidate_caches()
    install_found()
    assert any(entry.name == NAME for entry in GAMES), "its entry point was not found"


def uninstall() -> None:
    if DIST in sys.path:
        sys.path.remove(DIST)
    unregister(NAME)

