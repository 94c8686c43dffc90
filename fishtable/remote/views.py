"""Views back from the wire: the game's own view model, rebuilt from its JSON.

A client has no game state, only the JSON of a view; a plug-in's widgets want
the view object itself. The model class is the return type of the game's
`view` method, so no game needs to name it twice.
"""

from __future__ import annotations

import typing

from pydantic import BaseModel

from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import SomeGame


def view_class(game: SomeGame) -> type[BaseModel]:
    """The pydantic model a game's `view(state, seat)` returns (from its annotation)."""
    hints = typing.get_type_hints(game.view)
    model = hints.get("return")
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{game.title}'s view() does not declare the view model it returns.")
    return model


def rebuild_view(game: SomeGame, data: JsonObject) -> BaseModel:
    """The view object of `data` (a view's JSON); pydantic's ValidationError if it is not one."""
    return view_class(game).model_validate(data)
