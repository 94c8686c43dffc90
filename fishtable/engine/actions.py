"""What every game's actions share: frozen pydantic models, one union discriminated by `kind`.

A game declares its action classes on `ActionModel` and its union as
`Annotated[A | B | ..., Field(discriminator="kind")]`; `ActionSet(union)` then
parses JSON into one of them (`parse`, the protocol's `parse_action`) and tells
an object of the union from anything else (`is_action`, for `Match.apply`).
`Built` keeps the actions a game's engine makes itself (immutable, so one
instance per set of values serves every playout).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, TypeAdapter

A = TypeVar("A")
K = TypeVar("K", bound=Hashable)


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


class Built(dict[K, A]):
    """Actions by their values, each built by `build(key)` on first use; all dropped past `limit`.

    `built[key]` is a plain dict look-up once the action exists, for the playouts' hot loops.
    """

    __slots__ = ("build", "limit")

    def __init__(self, build: Callable[[K], A], limit: int | None = None) -> None:
        super().__init__()
        self.build = build
        self.limit = limit

    def __missing__(self, key: K) -> A:
        if self.limit is not None and len(self) > self.limit:
            self.clear()
        action = self[key] = self.build(key)
        return action
