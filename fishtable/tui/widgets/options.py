"""An OptionList of plain-text prompts that Page Up / Page Down cannot crash."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from rich.text import Text
from textual import events
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


# Keys given, in order, to the choices that have no key of their own. Left out: every letter
# some screen binds to a command (b d e f k l n p q r s x y), so a choice never hides one.
LETTERS = "acghijmotuvwz"


def choice_keys(count: int, named: dict[int, str]) -> list[str | None]:
    """The key shown before each of `count` choices: the game's own (`named`, by index), else the
    next free letter; None once the letters run out."""
    free = iter(letter for letter in LETTERS if letter not in named.values())
    return [named.get(index) or next(free, None) for index in range(count)]


class ChoiceList(FishOptionList):
    """A list of choices in words. Each choice shows a key before it, its own (the game names it,
    e.g. `s` to stop a step) or the next free letter: the key picks it at once, as Enter would
    on the highlighted choice. A player who knows what they want presses one key."""

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        super().__init__(*content, **kwargs)
        self.keys: dict[str, int] = {}  # a key -> the index of the choice it picks

    def set_choices(self, labels: Sequence[str | Text], hotkeys: dict[int, tuple[str, str]] | None = None) -> None:
        """`hotkeys` maps a choice's index to (key, short description): the game's own keys."""
        named = {index: key for index, (key, _) in (hotkeys or {}).items()}
        self.keys = {}
        options = []
        for index, (label, key) in enumerate(zip(labels, choice_keys(len(labels), named), strict=True)):
            if key is not None:
                self.keys[key] = index
            prompt = Text.assemble((f"{key} " if key else "  ", "bold"), label)
            options.append(Option(prompt, id=str(index)))
        self.clear_options()
        self.add_options(options)
        if self.option_count:
            self.highlighted = 0

    def key_for(self, index: int) -> str | None:
        """The key that picks choice `index`, if it has one."""
        return next((key for key, at in self.keys.items() if at == index), None)

    def on_key(self, event: events.Key) -> None:
        # Handled here, before the screen's bindings: a letter not given to a choice goes on to them.
        index = self.keys.get(event.key)
        if index is not None and not self.disabled:
            event.stop()
            event.prevent_default()
            self.action_pick(index)

    def action_pick(self, index: int) -> None:
        if 0 <= index < self.option_count:
            self.highlighted = index
            self.action_select()
