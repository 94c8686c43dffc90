"""A module named at the top of a file but loaded when it is first used.

The first screen must come up as fast as an empty Textual app (issue 20), so the
shell's light half (the app, the menu) must not load pydantic, the engines or the
plug-ins before a game is chosen, while Python 3.11 has no lazy import statement.
A light module therefore names its heavy neighbour at module level:

    if TYPE_CHECKING:
        from fishtable.tui import starting
    else:
        starting = deferred("fishtable.tui.starting")

Type checkers and import-linter read the `TYPE_CHECKING` import, so the dependency
(and any cycle it would make) is as visible as any other import; at run time the
module loads on the first attribute read, through the import system's own lock, so
a worker thread and the main thread may both reach for it.
"""

from __future__ import annotations

import importlib
from types import ModuleType


class DeferredModule:
    """Stands in for the module `name` until an attribute of it is first read."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loaded: ModuleType | None = None

    def __getattr__(self, attribute: str) -> object:
        # Only reached for names this object does not have itself: the module's. Dunder names
        # (copy, pickle, introspection probing an object) are not the module's business.
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        module = self.loaded
        if module is None:
            module = self.loaded = importlib.import_module(self.name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        state = "loaded" if self.loaded is not None else "not loaded yet"
        return f"<deferred module {self.name!r}, {state}>"


def deferred(name: str) -> DeferredModule:
    return DeferredModule(name)
