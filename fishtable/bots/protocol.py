"""The shape the computer players share: a bot."""

from __future__ import annotations

import random
from typing import Any, Protocol

from fishtable.engine.protocol import ActionT, ViewT_contra


class Bot(Protocol[ViewT_contra, ActionT]):
    """A computer player: it sees one seat's view and the legal actions, each of its game's own
    types (`Bot[View, Action]`). A bot that does not read the view (`needs_view` False) may be
    given None for it."""

    name: str
    needs_view: bool  # False lets fast playouts skip building views

    def choose(self, view: ViewT_contra, legal: list[ActionT], rng: random.Random) -> ActionT: ...


# A computer player of a game chosen by its name (`fishtable.bots.get_bot`): see `SomeGame`.
SomeBot = Bot[Any, Any]
