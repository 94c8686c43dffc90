"""engine.actions: the frame of every game's action union."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from fishtable.engine.actions import ActionModel, ActionSet
from fishtable.engine.text import short_repr


class Draw(ActionModel):
    kind: Literal["draw"] = "draw"


class Play(ActionModel):
    kind: Literal["play"] = "play"
    card: str


Move = Annotated[Draw | Play, Field(discriminator="kind")]
MOVES: ActionSet[Move] = ActionSet(Move)


def test_parse_gives_the_member_named_by_kind() -> None:
    assert MOVES.parse({"kind": "play", "card": "c1"}) == Play(card="c1")
    assert MOVES.parse({"kind": "draw"}) == Draw()
    for bad in ({"kind": "fly"}, {"kind": "play"}, {"kind": "draw", "extra": 1}, "draw"):
        with pytest.raises(ValidationError):
            MOVES.parse(bad)


def test_is_action_knows_only_the_members() -> None:
    assert MOVES.is_action(Draw()) and MOVES.is_action(Play(card="x"))
    assert not MOVES.is_action({"kind": "draw"}) and not MOVES.is_action("draw")


def test_actions_are_frozen_and_hashable() -> None:
    play = Play(card="c1")
    assert {play: 1}[Play(card="c1")] == 1
    with pytest.raises(ValidationError):
        play.card = "c2"  # type: ignore[misc]


def test_an_action_set_is_a_union_of_action_models() -> None:
    class Loose(BaseModel):
        kind: Literal["loose"] = "loose"

    with pytest.raises(TypeError):
        ActionSet(Annotated[Draw | Loose, Field(discriminator="kind")])


def test_short_repr_cuts_long_values() -> None:
    assert short_repr("abc") == "'abc'"
    assert short_repr("x" * 100) == "'" + "x" * 26 + "..."
    assert len(short_repr(list(range(100)))) == 30
