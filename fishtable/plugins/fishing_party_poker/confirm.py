"""A yes/no question over a poker screen (stopping the session cannot be undone)."""

from __future__ import annotations

from typing import ClassVar

from fishtable.tui.screens.confirm import ConfirmScreen


class YesNoScreen(ConfirmScreen):
    DEFAULT_CSS = """
    YesNoScreen { align: center middle; }
    YesNoScreen #yes-no { width: 60; max-width: 90%; height: auto; padding: 1 2;
                          border: thick $warning; background: $surface; }
    """
    BOX_ID: ClassVar[str] = "yes-no"
    KEYS_LINE: ClassVar[str] = "\ny: yes   n: no"
