"""An OptionList of plain-text prompts that Page Up / Page Down cannot crash."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual.binding import BindingsMap
from textual.widgets import OptionList
from textual.widgets.option_list import Option


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


class ChoiceList(FishOptionList):
    """A list of choices in words; some may also be picked with a letter key (shown in the footer)."""

    def set_choices(self, labels: list[str], hotkeys: dict[int, tuple[str, str]] | None = None) -> None:
        """`hotkeys` maps an option's index to (key, short description)."""
        self.clear_options()
        self.add_options([Option(label, id=str(i)) for i, label in enumerate(labels)])
        base = type(self)._merged_bindings
        self._bindings = base.copy() if base is not None else BindingsMap()
        for index, (key, description) in (hotkeys or {}).items():
            self._bindings.bind(key, f"pick({index})", description)
        if self.option_count:
            self.highlighted = 0
        if self.is_attached:
            self.app.refresh_bindings()

    def action_pick(self, index: int) -> None:
        if 0 <= index < self.option_count:
            self.highlighted = index
            self.action_select()
