"""What every game played from a card file shares: its options model, and the card data copied in once.

A game's options hold `card_file` (a path, or None for the shipped file) and
`cards` (the card data itself, filled by `prepare_options`, never by a form), so
a save carries its cards and `new_game` never reads a file. A game names its
options class and how it reads its card file; `CardGame` does the rest, and
`card_data_field()` declares the `cards` field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Protocol, Self, TypeVar

from pydantic import Field


class CardOptions(Protocol):
    """The options of a game with a card file (a frozen pydantic model)."""

    @property
    def card_file(self) -> str | None: ...

    @property
    def cards(self) -> object | None: ...

    def model_copy(self, *, update: Mapping[str, object] | None = None, deep: bool = False) -> Self: ...


_CARD_DATA_WORDS = "The card data in play, copied from the card file when the game is set up."


def card_data_field(description: str = _CARD_DATA_WORDS) -> Any:
    """The options' `cards` field: filled by `prepare_options`, never shown in a form.

    Typed as pydantic's own `Field` is (Any), since it stands as the field's default.
    """
    return Field(default=None, title="Card data", description=description, json_schema_extra={"form": False})


Opts = TypeVar("Opts", bound=CardOptions)


class CardGame(Generic[Opts]):
    """The options part of the game protocol, for a game whose options carry their card data."""

    options: type[Opts]

    def options_model(self) -> type[Opts]:
        return self.options

    def read_cards(self, options: Opts) -> object:
        """The card data `options.card_file` names (or the shipped cards); CardFileError if bad."""
        raise NotImplementedError

    def prepare_options(self, options: Opts) -> Opts:
        """Copy the card data in (once), from `card_file` or the shipped file; CardFileError if bad."""
        if options.cards is not None:
            return options
        return options.model_copy(update={"cards": self.read_cards(options)})
