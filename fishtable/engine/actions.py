"""What every game's actions share: frozen pydantic models, one union discriminated by `kind`.

A game declares its action classes on `ActionModel` and its union as
`Annotated[A | B | ..., Field(discriminator="kind")]`; `ActionSet(union)` then
parses JSON into one of them (`parse`, the protocol's `parse_action`) and tells
an object of the union from anything else (`is_action`, for `Match.apply`).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, TypeAdapter

A = TypeVar("A")


class ActionModel(BaseModel):
    """An action: immutable and hashable (bots and the search use actions as keys), no stray fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ActionSet(Generic[A]):
    """A game's action union: `parse(data)` validates JSON into a member, `is_action(obj)` checks one."""

    def __init__(self, union: Any) -> None:  # an Annotated union: no type says that of a value
        self.adapter: TypeAdapter[A] = TypeAdapter(union)
        # Annotated[X | Y, Field(...)]: the members are the arguments of its first argument.
        self.types: tuple[type, ...] = get_args(get_args(union)[0])
        if not self.types or not all(isinstance(t, type) and issubclass(t, ActionModel) for t in self.types):
            raise TypeError("An action set is an Annotated union of ActionModel classes.")

    def parse(self, data: object) -> A:
        return self.adapter.validate_python(data)

    def is_action(self, obj: object) -> bool:
        return isinstance(obj, self.types)
