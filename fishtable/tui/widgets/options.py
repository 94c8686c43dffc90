"""An OptionList of plain-text prompts that Page Up / Page Down cannot crash."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual.widgets import OptionList


class FishOptionList(OptionList):
    """Textual 8.2's OptionList pages through a cache of its rendered lines, which is empty
    while the list has no width (hidden behind the too-small message, or not laid out yet):
    Page Up/Down then raised KeyError and took the app down. Here they do nothing instead.

    Prompts are never read as markup: they hold card names from card files, and the
    app builds its styled prompts as Text anyway.
    """

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*content, **kwargs)

    def action_page_up(self) -> None:
        with suppress(KeyError, IndexError):
            super().action_page_up()

    def action_page_down(self) -> None:
        with suppress(KeyError, IndexError):
            super().action_page_down()
