"""The app's footer: the keys its screen offers, drawn as one line by one widget.

Textual's Footer mounts a widget per key and rebuilds them all whenever its screen refreshes
its bindings (the table does at every prompt, a focus change does too): each key widget is
styled three times as it mounts. With a new screen per handoff, that was about a third of the
app's CPU in a game played by keys. This footer draws the same line, in the same colours
(the theme's `footer-*` variables), and only repaints when a key, its words or its enabled
state changed. A click on a key presses it, as on Textual's footer (which also showed a
tooltip on hover: the keys' words are all there is to say here).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

Shown = tuple[tuple[Binding, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """What a footer on `screen` shows: the first shown binding of each action (a second key for
    the same action, Esc beside `q`, is not shown), enabled or not, and its tooltip."""
    first: dict[str, tuple[Binding, bool, str]] = {}
    for active in screen.active_bindings.values():
        if active.binding.show:
            first.setdefault(active.binding.action, (active.binding, active.enabled, active.tooltip))
    return tuple(first.values())


class KeysFooter(Widget, can_focus=False):
    """One line at the screen's foot: every key the screen offers now, a disabled one dimmed."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keys-footer--item", "keys-footer--key", "keys-footer--description", "keys-footer--disabled",
    }
    # The look of Textual's Footer and its keys (the same theme variables).
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        & > .keys-footer--item { background: $footer-item-background; }
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--disabled { text-style: dim; }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._drawn: Shown | None = None  # the keys of the last paint
        self._spans: list[tuple[int, int, Binding, bool]] = []  # where each key was drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if shown_keys(screen) != self._drawn:
            self.refresh()

    def render(self) -> Text:
        shown = shown_keys(self.screen)
        self._drawn = shown
        item = self.get_component_rich_style("keys-footer--item")
        key_style = self.get_component_rich_style("keys-footer--key")
        words_style = self.get_component_rich_style("keys-footer--description")
        dim = self.get_component_rich_style("keys-footer--disabled", partial=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        for binding, enabled, _tooltip in shown:
            key = Text.assemble((f" {self.app.get_key_display(binding)} ", key_style), end="")
            if binding.description:
                key.append(f"{binding.description} ", words_style)
            key.stylize_before(item if enabled else item + dim)
            self._spans.append((len(line), len(line) + key.cell_len, binding, enabled))
            line.append_text(key)
        return line

    def on_mouse_down(self, event: events.MouseDown) -> None:
        for start, end, binding, enabled in self._spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(binding.key)
                else:
                    self.app.bell()
                return
