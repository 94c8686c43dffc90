"""The shape of the code itself: no hidden circles between fishtable's modules.

A module that imports another fishtable module inside a function usually hides
a cycle that a module-level import would show (and import-linter would see).
Only the command line loads on demand, so that each command pulls in only what it
needs. The shell's light half defers its heavy neighbours, but names them at module
level, with a TYPE_CHECKING import that the checkers see (fishtable/tui/deferred.py).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fishtable"

# The command-line entry point loads only what a command needs (`fishtable --help` stays light).
ALLOWED_ON_DEMAND = {"fishtable/cli.py"}

# The shell's light half names its heavy neighbours at module level and loads them on first use
# (fishtable/tui/deferred.py), so that the first screen loads no engine. Each such name, and the
# file that defers it: a new one must be added here on purpose.
DEFERRED = {
    ("fishtable/tui/app.py", "fishtable.history.recorder"),
    ("fishtable/tui/app.py", "fishtable.tui.autosave"),
    ("fishtable/tui/app.py", "fishtable.tui.screens.confirm"),
    ("fishtable/tui/app.py", "fishtable.tui.screens.history"),
    ("fishtable/tui/app.py", "fishtable.tui.screens.quickref"),
    ("fishtable/tui/app.py", "fishtable.tui.screens.quit"),
    ("fishtable/tui/app.py", "fishtable.tui.screens.table_taken"),
    ("fishtable/tui/app.py", "fishtable.tui.starting"),
    ("fishtable/tui/app.py", "fishtable.tui.tips"),
    ("fishtable/tui/screens/apps.py", "fishtable.tui.screens.help"),
    ("fishtable/tui/screens/apps.py", "fishtable.tui.screens.rules"),
    ("fishtable/tui/screens/menu.py", "fishtable.tui.autosave"),
}


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
    offenders = [
        f"{_name(path)}:{line}: {statement}"
        for path in _modules()
        if _name(path) not in ALLOWED_ON_DEMAND
        for line, statement in function_level_imports(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_allow_list_names_only_files_that_still_need_it() -> None:
    # An entry whose file has no function-level import left (or is gone) is stale: drop it.
    needed = {_name(path) for path in _modules() if function_level_imports(path.read_text(encoding="utf-8"))}
    assert sorted(ALLOWED_ON_DEMAND - needed) == []


def test_the_registry_loads_game_modules_by_name() -> None:
    # The plug-in mechanism: the registry imports each game and its plug-in by module name
    # (importlib), which is not a function-level import and is allowed by design.
    source = (PACKAGE / "engine" / "registry.py").read_text(encoding="utf-8")
    assert "importlib" in source
    assert function_level_imports(source) == []


def _is_deferred_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "deferred"


def deferred_modules(source: str) -> list[tuple[str, str, bool]]:
    """(name given to `deferred`, the variable bound to it, whether a TYPE_CHECKING import names it)
    for each module-level `variable = deferred("name")`, the `else` of `if TYPE_CHECKING:` included.
    A call to `deferred` anywhere else (inside a function, say) fails the check."""
    tree = ast.parse(source)
    statements: list[ast.stmt] = []
    typed: set[tuple[str, str]] = set()  # (module, the name it is bound to)
    for node in tree.body:
        statements.append(node)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            typed |= {(f"{sub.module}.{alias.name}", alias.asname or alias.name) for sub in node.body
                      if isinstance(sub, ast.ImportFrom) for alias in sub.names}
            statements.extend(node.orelse)
    found = []
    for node in statements:
        if isinstance(node, ast.Assign) and _is_deferred_call(node.value):
            call = node.value
            assert isinstance(call, ast.Call)
            name, target = call.args[0], node.targets[0]
            assert isinstance(name, ast.Constant) and isinstance(name.value, str), "deferred takes a literal name"
            assert isinstance(target, ast.Name)
            found.append((name.value, target.id, (name.value, target.id) in typed))
    calls = sum(_is_deferred_call(node) for node in ast.walk(tree))
    assert calls == len(found), "deferred() is called somewhere other than at module level"
    return found


def test_deferred_modules_are_named_at_module_level_and_listed() -> None:
    seen = set()
    for path in _modules():
        if _name(path) == "fishtable/tui/deferred.py":
            continue
        for name, variable, typed in deferred_modules(path.read_text(encoding="utf-8")):
            # The TYPE_CHECKING twin is what makes the dependency visible to mypy and import-linter.
            assert typed, f"{_name(path)}: {variable} = deferred({name!r}) has no TYPE_CHECKING import"
            seen.add((_name(path), name))
    assert seen == DEFERRED


def test_the_deferred_checker_reads_a_deferred_module() -> None:
    source = (
        "if TYPE_CHECKING:\n"
        "    from fishtable.tui import starting\n"
        "    from fishtable.tui.screens import help as help_screen\n"
        "else:\n"
        "    starting = deferred('fishtable.tui.starting')\n"
        "    help_screen = deferred('fishtable.tui.screens.help')\n"
        "    other = deferred('fishtable.tui.other')\n"
    )
    assert deferred_modules(source) == [("fishtable.tui.starting", "starting", True),
                                        ("fishtable.tui.screens.help", "help_screen", True),
                                        ("fishtable.tui.other", "other", False)]
    hidden = "def f():\n    x = deferred('fishtable.tui.starting')\n"
    with pytest.raises(AssertionError, match="other than at module level"):
        deferred_modules(hidden)


def test_a_deferred_module_loads_on_first_use(tmp_path: Path, monkeypatch) -> None:
    import copy
    import sys

    from fishtable.tui.deferred import deferred

    (tmp_path / "deferred_probe.py").write_text("VALUE = 42\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "deferred_probe", raising=False)
    module = deferred("deferred_probe")
    assert "deferred_probe" not in sys.modules  # named, not loaded
    assert "not loaded yet" in repr(module)
    assert copy.copy(module) is not None  # copying probes dunders: it must not load the module
    assert "deferred_probe" not in sys.modules
    assert module.VALUE == 42
    assert "deferred_probe" in sys.modules
    assert "loaded" in repr(module) and "not loaded" not in repr(module)


def on_demand_imports(source: str) -> list[tuple[int, str, bool]]:
    """(line, statement, explained) of every import inside a function: explained when the comment
    line just above its group of imports says why it loads on demand ("On demand: ...")."""
    lines = source.splitlines()
    found = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above = node.lineno - 2
                    while above >= 0 and lines[above].strip().startswith(("import ", "from ")):
                        above -= 1
                    explained = above >= 0 and lines[above].strip().lower().startswith("# on demand:")
                    found.append((node.lineno, ast.unparse(node), explained))
    return sorted(set(found))


def test_the_on_demand_checker_wants_a_reason() -> None:
    source = (
        "def f():\n"
        "    # On demand: heavy, and only for reports.\n"
        "    from rich.console import Group\n"
        "    from rich.table import Table\n"
        "def g():\n"
        "    import json\n"
    )
    assert on_demand_imports(source) == [(3, "from rich.console import Group", True),
                                         (4, "from rich.table import Table", True),
                                         (6, "import json", False)]


def test_every_other_import_inside_a_function_says_why_it_waits() -> None:
    # Outside the command line, only a heavy or optional third-party library may load on demand,
    # and the line above it says so.
    unexplained = [
        f"{_name(path)}:{line}: {statement}"
        for path in _modules()
        if _name(path) not in ALLOWED_ON_DEMAND
        for line, statement, explained in on_demand_imports(path.read_text(encoding="utf-8"))
        if not explained
    ]
    assert unexplained == []


# Hand-inlined copies of a helper in the games' hot paths (issue 41): each copy went where calling
# the helper costs under 1% of steps per CPU-second (every one measured did, 2026-12-07). A copy
# that stays is listed here, (file, the comment's words) -> its measured cost, and has a test
# holding it to the helper it copies.
INLINED_COPIES: dict[tuple[str, str], str] = {}
_COPY_WORDS = re.compile(r"#.*\b(written in|inlined|in-lined)\b", re.IGNORECASE)


def hand_copies(source: str) -> list[str]:
    """The comments of `source` that mark a hand-inlined copy."""
    return [match.group(0) for line in source.splitlines() if (match := _COPY_WORDS.search(line))]


def test_the_copy_checker_reads_the_comments() -> None:
    source = "x = 1  # put(), written in: at every draw\n# decision(), inlined for the turn\ny = 'written in'\n"
    assert hand_copies(source) == ["# put(), written in", "# decision(), inlined"]


def test_no_hand_inlined_copy_stays_in_the_games_unmeasured() -> None:
    found = {(_name(path), words) for path in sorted((PACKAGE / "games").rglob("*.py"))
             for words in hand_copies(path.read_text(encoding="utf-8"))}
    assert found == set(INLINED_COPIES), sorted(found ^ set(INLINED_COPIES))
