"""engine.fast.trusted: an unvalidated instance that behaves as a validated one."""

from __future__ import annotations

import copy
import pickle
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.fast import trusted


class Throw(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["throw"] = "throw"
    card: str
    target: int | None = None


def test_trusted_equals_the_validated_model() -> None:
    made = trusted(Throw, kind="throw", card="c3", target=2)
    checked = Throw(card="c3", target=2)
    assert made == checked and hash(made) == hash(checked)
    assert made.model_dump() == {"kind": "throw", "card": "c3", "target": 2}
    assert made.model_fields_set == {"kind", "card", "target"}


def test_trusted_fills_the_defaults_of_fields_not_given() -> None:
    made = trusted(Throw, card="c1")
    assert made.model_dump() == {"kind": "throw", "card": "c1", "target": None}
    assert made == Throw(card="c1")


def test_instances_are_independent_and_survive_pickle_and_copy() -> None:
    one, two = trusted(Throw, card="a"), trusted(Throw, card="b")
    assert (one.card, two.card) == ("a", "b")
    for again in (pickle.loads(pickle.dumps(one)), copy.copy(one), copy.deepcopy(one)):
        assert again == one
    assert one.model_copy(update={"card": "z"}).card == "z" and one.card == "a"
