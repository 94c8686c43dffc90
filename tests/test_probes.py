"""Capabilities are declared, not probed (issue 41): outside `fishtable/games/`, every
`getattr`/`hasattr` call is on this list with its reason, and at most three of them probe a
member of a game (its module, view, action or plug-in). What a game offers is in its
`capabilities` record, its views have `TableView`'s members, its `bots` module declares `BOTS`
and `HARD`: a new probe fails here, to be replaced by a declaration (or listed on purpose)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fishtable"

GAME, LIBRARY, APP = "a game member", "an OS or library feature", "the app's own class"
# (file, the call as written) -> (what it probes, why it stays). A line with the same call twice
# needs it listed twice.
ALLOWED: dict[tuple[str, str], tuple[str, str]] = {
    ("fishtable/tui/plugin.py", "getattr(action, 'kind', action)"):
        (GAME, "GameUI.describe's fallback words, for a plug-in that writes none; its actions are any model"),
    ("fishtable/engine/files.py", "getattr(os, 'O_NONBLOCK', 0)"): (LIBRARY, "no such flag on Windows"),
    ("fishtable/engine/files.py", "getattr(os, 'O_NOCTTY', 0)"): (LIBRARY, "no such flag on Windows"),
    ("fishtable/engine/files.py", "getattr(os, 'O_CLOEXEC', 0)"): (LIBRARY, "no such flag on Windows"),
    ("fishtable/engine/saves.py", "getattr(os, 'O_DIRECTORY', 0)"): (LIBRARY, "no such flag on Windows"),
    ("fishtable/web/addresses.py", "hasattr(socket, 'if_nameindex')"): (LIBRARY, "not on every platform"),
    ("fishtable/tui/leaving.py", "getattr(signal, name, None)"): (LIBRARY, "no SIGHUP on Windows"),
    ("fishtable/engine/lazy.py", "getattr(list, name)"): (LIBRARY, "wraps each named list method"),
    ("fishtable/engine/lazy.py", "getattr(self, 'step', None)"):
        (APP, "a slot left unset on purpose: an empty ReplayEvents runs no Python code"),
    ("fishtable/tui/deferred.py", "getattr(module, attribute)"): (APP, "the deferred module's own members"),
    ("fishtable/tui/widgets/options_form.py", "getattr(meta, 'ge', low)"): (LIBRARY, "pydantic's field bounds"),
    ("fishtable/tui/widgets/options_form.py", "getattr(meta, 'le', high)"): (LIBRARY, "pydantic's field bounds"),
    ("fishtable/tui/widgets/options_form.py", "getattr(meta, 'gt', None)"): (LIBRARY, "pydantic's field bounds"),
    ("fishtable/tui/widgets/options_form.py", "getattr(meta, 'lt', None)"): (LIBRARY, "pydantic's field bounds"),
    ("fishtable/remote/table_setup.py", "getattr(args, 'card_file', None)"):
        (LIBRARY, "an argparse namespace: not every command has --card-file"),
}
MAX_GAME_PROBES = 3


def probes(source: str) -> list[str]:
    """Every `getattr(...)`/`hasattr(...)` call in `source`, as written (ast.unparse)."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")]


def found() -> Counter[tuple[str, str]]:
    calls: Counter[tuple[str, str]] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith("fishtable/games/"):
            calls.update((name, call) for call in probes(path.read_text(encoding="utf-8")))
    return calls


def test_the_checker_sees_every_probe() -> None:
    source = (
        "x = getattr(view, 'seat', None)\n"
        "def f(a):\n"
        "    return hasattr(a, 'card') and builtins.getattr(a, 'b')\n"
        "getattr_like = other.getattr(a, 'c')\n"
    )
    assert probes(source) == ["getattr(view, 'seat', None)", "hasattr(a, 'card')"]


def test_every_probe_outside_the_games_is_listed_with_its_reason() -> None:
    calls = found()
    new = sorted(set(calls) - set(ALLOWED))
    assert not new, f"probes not on the list (declare the member instead, or list it with a reason): {new}"
    gone = sorted(set(ALLOWED) - set(calls))
    assert not gone, f"listed probes that are gone (take them off the list): {gone}"
    assert all(count == 1 for count in calls.values()), [call for call, count in calls.items() if count > 1]


def test_at_most_three_probes_of_a_game_member_remain() -> None:
    game = [call for call, (kind, _) in ALLOWED.items() if kind == GAME]
    assert len(game) <= MAX_GAME_PROBES, game
    assert all(reason for _, reason in ALLOWED.values())
    assert {kind for kind, _ in ALLOWED.values()} <= {GAME, LIBRARY, APP}
