"""The shape of the code itself: no hidden circles between fishtable's modules.

A module that imports another fishtable module inside a function usually hides
a cycle that a module-level import would show (and import-linter would see).
Only the command line loads on demand, so that each command pulls in only what it
needs.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fishtable"

# The command-line entry point loads only what a command needs (`fishtable --help` stays light).
ALLOWED_ON_DEMAND = {"fishtable/cli.py"}

# LOADED_WHEN_A_GAME_STARTS: the app and its autosave keep the game machinery (matches, saves,
# replays: pydantic and the engines) out of the first screen, which must come up as fast as an
# empty Textual app (issue 20); they load it when a game starts or a save is inspected.
# Issue 17 wants these gone too: a module split that keeps the menu light is still to be done.
LOADED_WHEN_A_GAME_STARTS = {
    "fishtable/tui/app.py",
    "fishtable/tui/autosave.py",
}

# CYCLES_NOT_YET_BROKEN (issue 17): function-level imports that still stand for a real cycle or for
# the menu's start-up time, each with what it hides. Remove an entry when its cycle is broken.
CYCLES_NOT_YET_BROKEN: set[str] = set()  # none left


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _is_fishtable(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] == "fishtable"
    return any(alias.name.split(".")[0] == "fishtable" for alias in node.names)


def function_level_imports(source: str) -> list[tuple[int, str]]:
    """(line, statement) of every fishtable import inside a function of `source`."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and _is_fishtable(node):
                    found.append((node.lineno, ast.unparse(node)))
    return sorted(set(found))


def test_the_checker_sees_an_import_inside_a_function() -> None:
    source = (
        "import os\n"
        "from fishtable.engine import rng\n"
        "def f():\n"
        "    import json\n"
        "    from fishtable.engine.errors import IllegalAction\n"
        "    def g():\n"
        "        from . import sibling\n"
        "async def h():\n"
        "    import fishtable.games\n"
    )
    assert [line for line, _ in function_level_imports(source)] == [5, 7, 9]


def test_no_fishtable_module_imports_another_inside_a_function() -> None:
    allowed = ALLOWED_ON_DEMAND | LOADED_WHEN_A_GAME_STARTS | CYCLES_NOT_YET_BROKEN
    offenders = [
        f"{_name(path)}:{line}: {statement}"
        for path in _modules()
        if _name(path) not in allowed
        for line, statement in function_level_imports(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_allow_lists_name_only_files_that_still_need_them() -> None:
    # An entry whose file has no function-level import left (or is gone) is stale: drop it.
    needed = {_name(path) for path in _modules() if function_level_imports(path.read_text(encoding="utf-8"))}
    assert sorted(CYCLES_NOT_YET_BROKEN - needed) == []
    assert sorted(LOADED_WHEN_A_GAME_STARTS - needed) == []
    assert sorted(ALLOWED_ON_DEMAND - needed) == []


def test_the_registry_loads_game_modules_by_name() -> None:
    # The plug-in mechanism: the registry imports each game and its plug-in by module name
    # (importlib), which is not a function-level import and is allowed by design.
    source = (PACKAGE / "engine" / "registry.py").read_text(encoding="utf-8")
    assert "importlib" in source
    assert function_level_imports(source) == []
