"""High Card: the smallest game the shell can host, for testing the seam.

Every round each seat secretly picks a card from its hand; the picks are
revealed together, and the highest card nobody else matched scores a point.
`engine.py` is the rules (pure Python), `ui.py` its plug-in; `register()`
adds it to the catalogue the way any game is added. Nothing in the shell
knows about it.
"""

from __future__ import annotations

from fishtable.engine.registry import GameEntry, register, unregister

NAME = "high-card"
ENTRY = GameEntry(
    NAME, "High Card", "A test game: pick a card in secret; the highest unmatched card scores.",
    2, 3, "tests.tinygame.engine", "tests.tinygame.ui",
)


def install() -> None:
    unregister(NAME)
    register(ENTRY)


def uninstall() -> None:
    unregister(NAME)
