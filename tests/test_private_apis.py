"""No private API of Textual, Rich or pydantic in fishtable/ or tests/.

A private module (`textual._time`) or attribute (`screen._compositor`) can change in
any release without notice; the runtime pin can only be widened while nothing
leans on them. The check reads the AST: imports of a private module of those
libraries, and attribute names (or names passed as strings to setattr and the like)
known to be theirs and private.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ("textual", "rich", "pydantic")

# Private attributes of Textual, Rich and pydantic objects that this code base has used or is tempted by.
PRIVATE_ATTRIBUTES = {
    "_merged_bindings", "_bindings", "_screen_stack", "_compositor", "_background_screens", "_context",
    "_driver", "_nodes", "_wait_for_screen", "_exception", "_render_cache", "_styles_cache", "_css_styles",
    "_message_queue",
    "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__", "__pydantic_validator__",
}

# PRIVATE_API_PENDING (issue 17): the files that still use a private library name, each with what it
# uses and why no public way has been found yet. Remove an entry when its file is mended; a stale
# entry fails the test below.
PRIVATE_API_PENDING: dict[str, str] = {}  # none left


def _private_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] in LIBRARIES and any(part.startswith("_") for part in parts[1:])


def private_uses(source: str) -> list[tuple[int, str]]:
    """(line, what) for each private library name `source` imports or touches."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names if _private_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _private_module(node.module):
                found.append((node.lineno, f"from {node.module}"))
            elif node.module.split(".")[0] in LIBRARIES:
                found += [(node.lineno, f"from {node.module} import {a.name}")
                          for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_ATTRIBUTES:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Constant) and node.value in PRIVATE_ATTRIBUTES:
            found.append((node.lineno, f"{node.value!r}"))  # getattr/setattr/__dict__ by name
    return sorted(set(found))


def _files() -> list[Path]:
    here = Path(__file__).resolve()
    return [p for folder in ("fishtable", "tests") for p in sorted((ROOT / folder).rglob("*.py"))
            if p.resolve() != here and "__snapshots__" not in p.parts]


def test_the_checker_sees_each_kind_of_private_use() -> None:
    source = (
        "from textual._time import get_time\n"
        "import rich._loop\n"
        "from textual.widgets import _toggle_button\n"
        "from textual.app import App\n"
        "x = app.screen._compositor\n"
        "object.__setattr__(m, '__pydantic_fields_set__', set())\n"
        "y = self._own_thing\n"
    )
    assert [line for line, _ in private_uses(source)] == [1, 2, 3, 5, 6]


def test_nothing_uses_a_private_api_of_textual_rich_or_pydantic() -> None:
    offenders = [
        f"{path.relative_to(ROOT).as_posix()}:{line}: {what}"
        for path in _files()
        if path.relative_to(ROOT).as_posix() not in PRIVATE_API_PENDING
        for line, what in private_uses(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_pending_list_names_only_files_that_still_need_it() -> None:
    users = {path.relative_to(ROOT).as_posix() for path in _files() if private_uses(path.read_text(encoding="utf-8"))}
    assert sorted(set(PRIVATE_API_PENDING) - users) == []
