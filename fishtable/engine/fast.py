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
_defaults: dict[type, dict[str, Any]] = {}


def trusted(cls: type[M], **values: Any) -> M:
    defaults = _defaults.get(cls)
    if defaults is None:
        defaults = _defaults[cls] = {
            name: field.default for name, field in cls.model_fields.items() if not field.is_required()
        }
    obj = _new(cls)
    data = dict(defaults)
    data.update(values)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
