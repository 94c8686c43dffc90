"""Sub-rule tags (`FP-Q-29.3`) name sub-rules listed in tests/rule_subclauses.py, and every listed one is tested."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.rule_subclauses import SUBCLAUSES

TESTS = Path(__file__).resolve().parent
SUB_ID = re.compile(r"^[A-Z]{2}-[A-Z]+-\d+\.\d+$")


def _rule_tags() -> list[tuple[str, str]]:
    """(test file, tag) for every string passed to a `rule(...)` marker under tests/."""
    tags = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
                tags += [(path.name, arg.value) for arg in node.args
                         if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return tags


def test_every_sub_rule_tag_is_listed_and_every_listed_sub_rule_is_tested() -> None:
    used = {tag for _, tag in _rule_tags() if SUB_ID.match(tag)}
    assert used, "no sub-rule tags found: the marker scan is broken"
    assert sorted(used - set(SUBCLAUSES)) == []
    assert sorted(set(SUBCLAUSES) - used) == []


def test_poker_betting_tests_say_which_part_of_fp_q_29_they_check() -> None:
    assert [f"{name}: {tag}" for name, tag in _rule_tags() if tag == "FP-Q-29"] == []
    assert len([tag for _, tag in _rule_tags() if tag.startswith("FP-Q-29.")]) >= 18
