"""The app's footer: Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer rebuilds every key widget whenever its screen refreshes its bindings, and
the table does at every prompt (a focus change does too), though the keys shown are
mostly the same: each rebuild mounts and styles a widget per key. This footer asks for
the rebuild only when a key, its words, its group or its enabled state changed.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[Binding, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """What a footer on `screen` would show: each shown binding, enabled or not, and its tooltip."""
    return tuple(
        (active.binding, active.enabled, active.tooltip)
        for active in screen.active_bindings.values()
        if active.binding.show
    )


class KeysFooter(Footer):
    """A Footer that is rebuilt only when what it shows changed."""

    def __init__(self) -> None:
        super().__init__()
        self._drawn: Shown | None = None  # the keys of the last rebuild asked for

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = shown_keys(screen)
        if shown == self._drawn:
            return
        # Textual's footer rebuilds only for its own screen while the app has the focus; the
        # keys count as drawn only then, so a refresh in the other case is not skipped later.
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._drawn = shown
        super().bindings_changed(screen)
