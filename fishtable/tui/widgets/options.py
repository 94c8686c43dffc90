"""An OptionList of plain-text prompts that Page Up / Page Down cannot crash."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from contextlib import suppress

from rich.text import Text
from textual import events
from textual.app import App
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class FishOptionList(OptionList):
    """Textual 8.2's OptionList pages through a cache of its rendered lines, which is empty
    while the list has no width (hidden behind the too-small message, or not laid out yet):
    Page Up/Down then raised KeyError and took the app down. Here they do nothing instead.

    Prompts are never read as markup: they hold card names from card files, and the
    app builds its styled prompts as Text anyway.
    """

    def __init__(self, *content: Option, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(*content, id=id, classes=classes, markup=False)

    def action_page_up(self) -> None:
        with suppress(KeyError, IndexError):
            # Named, not `super()`: Textual leaves these unannotated, and mypy's exemption for
            # Textual's untyped calls (pyproject.toml) does not reach calls through `super()`.
            OptionList.action_page_up(self)

    def action_page_down(self) -> None:
        with suppress(KeyError, IndexError):
            OptionList.action_page_down(self)


# Keys given to the choices that have no key of their own: these letters, then the same letters
# with Shift. Left out: every letter some screen binds to a command (b d e f k l n p q r s x y),
# so a choice never hides one.
LETTERS = "acghijmotuvwz"
CHOICE_KEYS: tuple[str, ...] = (*LETTERS, *(f"shift+{letter}" for letter in LETTERS))
# Said under a list that has more choices than keys (the keyless ones are reached by the cursor).
NO_KEY_HINT = "↑↓ then Enter: the choices without a key"

# How many choices a seat's key book remembers (the oldest are forgotten first).
BOOK_SIZE = 200


def key_label(key: str) -> str:
    """A choice key as the list shows it: "a", or "A" for Shift+a."""
    return key.removeprefix("shift+").upper() if key.startswith("shift+") else key


class KeyBook:
    """The keys one seat's choices had, by what each choice is (its identity: its words, or what
    the game names it by). A choice keeps its key from list to list while the choices around it
    come and go; a new choice gets a key that no choice on the last list had, so a key pressed
    twice never takes a second, different choice."""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}  # identity -> key, oldest first
        self.last_shown: set[str] = set()  # the keys on the last list

    def assign(self, identities: Sequence[str | None], named: dict[int, str]) -> list[str | None]:
        """The key of each choice: the game's own (`named`, by index), else the key its identity
        had if it is free, else a fresh one; None once the keys run out."""
        keys: list[str | None] = [named.get(index) for index in range(len(identities))]
        used = {key for key in keys if key is not None}
        for index, identity in enumerate(identities):
            remembered = self.keys.get(identity) if identity is not None else None
            if keys[index] is None and remembered is not None and remembered not in used:
                keys[index] = remembered
                used.add(remembered)
        for index, identity in enumerate(identities):
            if keys[index] is None and index not in named:
                key = self.fresh(used)
                if key is None:
                    break
                keys[index] = key
                used.add(key)
                if identity is not None:
                    self.remember(identity, key)
        self.last_shown = used
        return keys

    def fresh(self, used: set[str]) -> str | None:
        """A key for a new choice, the first in order that no remembered choice holds, else one not
        on the last list (a key freed just now is not handed on at once), else any free one."""
        held = set(self.keys.values())
        for avoid in (held | self.last_shown, self.last_shown, set()):
            key = next((k for k in CHOICE_KEYS if k not in used and k not in avoid), None)
            if key is not None:
                return key
        return None

    def remember(self, identity: str, key: str) -> None:
        for other in [i for i, k in self.keys.items() if k == key]:
            del self.keys[other]  # a key names one choice: the new one takes it over
        self.keys[identity] = key
        while len(self.keys) > BOOK_SIZE:
            del self.keys[next(iter(self.keys))]


# Each app's key books, by seat (None: the public table's prompts).
_books: weakref.WeakKeyDictionary[App[object], dict[int | None, KeyBook]] = weakref.WeakKeyDictionary()


def key_book(app: App[object] | None, seat: int | None) -> KeyBook:
    """`seat`'s key book in `app` (a new, unkept one without an app)."""
    if app is None:
        return KeyBook()
    return _books.setdefault(app, {}).setdefault(seat, KeyBook())


def choice_keys(
    count: int, named: dict[int, str], identities: Sequence[str | None] | None = None, book: KeyBook | None = None,
) -> list[str | None]:
    """The key shown before each of `count` choices: the game's own (`named`, by index), else the
    key `book` gave the choice's identity before, else a fresh one; None once the keys run out.
    Without identities or a book, keys go by position, as on a list seen once."""
    return (book or KeyBook()).assign(identities if identities is not None else [None] * count, named)


def merged(identities: Sequence[str]) -> list[int]:
    """The indices to show: the first of each identity (two choices that are the same choice,
    say two copies of one card that lead to the same state, are offered once)."""
    seen: set[str] = set()
    keep = []
    for index, identity in enumerate(identities):
        if identity not in seen:
            seen.add(identity)
            keep.append(index)
    return keep


class ChoiceList(FishOptionList):
    """A list of choices in words. Each choice shows a key before it, its own (the game names it,
    e.g. `s` to stop a step) or a letter that belongs to the choice, not to its place: it keeps
    it while the list changes around it (a seat's `KeyBook`). The key picks the choice at once,
    as Enter would on the highlighted choice. A player who knows what they want presses one key.
    Two choices with the same identity (by default: the same words) are offered once."""

    def __init__(self, *content: Option, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(*content, id=id, classes=classes)
        self.keys: dict[str, int] = {}  # a key -> the index of the choice it picks

    def set_choices(
        self, labels: Sequence[str | Text], hotkeys: dict[int, tuple[str, str]] | None = None,
        identities: Sequence[str] | None = None, seat: int | None = None,
    ) -> None:
        """`hotkeys` maps a choice's index to (key, short description): the game's own keys.
        `identities`: what each choice is (default: its words); choices of one identity lead to
        the same state and are shown once. `seat`: whose key book keeps the keys."""
        named = {index: key for index, (key, _) in (hotkeys or {}).items()}
        if identities is None:
            identities = [label.plain if isinstance(label, Text) else label for label in labels]
        shown = merged(identities)
        # A shown choice carries the game's key of any choice merged into it.
        named_shown: dict[int, str] = {}
        for at, index in enumerate(shown):
            twins = [i for i, identity in enumerate(identities) if identity == identities[index]]
            key = next((named[i] for i in twins if i in named), None)
            if key is not None:
                named_shown[at] = key
        keys = key_book(self._app_or_none(), seat).assign([identities[i] for i in shown], named_shown)
        self.keys = {}
        options = []
        for index, key in zip(shown, keys, strict=True):
            if key is not None:
                self.keys[key] = index
            prompt = Text.assemble((f"{key_label(key)} " if key else "  ", "bold"), labels[index])
            options.append(Option(prompt, id=str(index)))
        if len(options) > len(self.keys):
            options.append(Option(Text(NO_KEY_HINT, "dim italic"), disabled=True))
        self.clear_options()
        self.add_options(options)
        if self.option_count:
            self.highlighted = 0

    def _app_or_none(self) -> App[object] | None:
        try:
            return self.app
        except RuntimeError:  # built outside a running app (no active app): keys by position
            return None

    def key_for(self, index: int) -> str | None:
        """The key that picks choice `index`, if it has one."""
        return next((key for key, at in self.keys.items() if at == index), None)

    def on_key(self, event: events.Key) -> None:
        # Handled here, before the screen's bindings: a letter not given to a choice goes on to them.
        index = self.keys.get(event.key)
        if self.disabled or (index is None and event.key not in CHOICE_KEYS):
            return
        event.stop()
        event.prevent_default()
        if index is None:
            # A choice's key no choice has now (the choice was taken): said, never silently nothing.
            self.notify(f"No choice has the key {key_label(event.key)} now.", timeout=2, markup=False)
            return
        self.action_pick(index)

    def action_pick(self, index: int) -> None:
        """Pick choice `index` (the index of the choice, not of its line)."""
        line = next((n for n in range(self.option_count) if self.get_option_at_index(n).id == str(index)), None)
        if line is not None:
            self.highlighted = line
            self.action_select()
