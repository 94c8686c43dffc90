"""An OptionList of plain-text prompts that Page Up / Page Down cannot crash."""

from __future__ import annotations

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


class ChoiceList(FishOptionList):
    """A list of choices in words; some may also be picked with a letter key.

    The keys change with every decision, and Textual has no public way to change a widget's
    bindings once it exists (BINDINGS are read when the class is made). So the list takes its
    keys as they arrive (a `Key` event reaches the focused widget before the screen's and the
    app's ordinary bindings are tried) and names them in a last line of its own, dim and
    disabled (the cursor skips it), where the footer would have shown them, unless each
    choice's label begins with its key already ("c  Check").
    """

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        super().__init__(*content, **kwargs)
        self.hotkeys: dict[str, int] = {}

    def set_choices(self, labels: list[str], hotkeys: dict[int, tuple[str, str]] | None = None) -> None:
        """`hotkeys` maps an option's index to (key, short description)."""
        self.clear_options()
        options = [Option(label, id=str(i)) for i, label in enumerate(labels)]
        keys = hotkeys or {}
        # Named in the last line: the keys a choice's own label does not begin with already.
        unnamed = [pair for index, pair in keys.items() if not str(labels[index]).startswith(f"{pair[0]} ")]
        if unnamed:
            hint = " · ".join(f"{key} {description}" for key, description in unnamed)
            options.append(Option(Text(hint, "dim"), disabled=True))
        self.add_options(options)
        self.hotkeys = {key: index for index, (key, _) in keys.items()}
        if labels:
            self.highlighted = 0

    def on_key(self, event: events.Key) -> None:
        index = self.hotkeys.get(event.key)
        if index is not None:
            event.stop()
            event.prevent_default()
            self.action_pick(index)

    def action_pick(self, index: int) -> None:
        if 0 <= index < self.option_count and not self.get_option_at_index(index).disabled:
            self.highlighted = index
            self.action_select()
