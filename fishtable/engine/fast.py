"""Building pydantic models without validation, for values the engine made itself.

Playouts build tens of thousands of actions and events per second; their
values are correct by construction, so re-validating them is pure cost.
Anything that comes from outside (the UI, a save file) still goes through
normal validation.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__
_info: dict[type, tuple[dict[str, Any], int, frozenset[str]]] = {}


def trusted(cls: type[M], **values: Any) -> M:
    info = _info.get(cls)
    if info is None:
        fields = cls.model_fields
        defaults = {name: f.default for name, f in fields.items() if not f.is_required()}
        # Frozen models never change their fields-set, so instances may share one.
        info = _info[cls] = (defaults, len(fields), frozenset(fields))
    defaults, count, names = info
    obj = _new(cls)
    _set(obj, "__dict__", values if len(values) == count else {**defaults, **values})
    _set(obj, "__pydantic_fields_set__", names)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
