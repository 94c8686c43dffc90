"""The guided games' lesson files of Fishing Party, Big Fish and poker (issue 43, part 2's data).

Each file loads with the lesson format's model (extra keys refused), cites only clause IDs the
tests already tag (the clause lists live outside this repository, so their IDs are known here
through the `rule` markers and tests/rule_subclauses.py), and every lesson fires in its guided
game, played on the engine alone by `benchmarks/lesson_reach.py`: once following the coach
and once deviating wherever a lesson fired. The coverage goal of `benchmarks/lesson_coverage.py`
holds: every phase, and at least 90% of the special cards and events, in the guided game or tips.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from fishtable.engine.registry import get_entry
from tests.rule_subclauses import SUBCLAUSES

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"fishing-party": "FP", "big-fish": "BF", "fishing-party-poker": "FP"}  # game: its clause prefix
CLAUSE = re.compile(r"^(CF|FP|BF)-[A-Z]+-\d+(\.\d+)?$")


@cache
def _benchmark(name: str) -> ModuleType:
    """A script of benchmarks/ (no package), loaded by path."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _reach() -> ModuleType:
    return _benchmark("lesson_reach")


@cache
def _tagged_clauses() -> frozenset[str]:
    """Every clause ID a test's `rule(...)` marker names (the repository's record of the IDs)."""
    tags: set[str] = set(SUBCLAUSES)
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
                tags |= {arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}
    return frozenset(tags)


@pytest.mark.parametrize("game", GAMES)
def test_lesson_file_loads_and_sets_up_a_short_guided_game(game: str) -> None:
    lessons = _reach().load_lessons(game)
    assert 10 <= len(lessons.lessons) <= 25
    assert 1 <= len(lessons.computers) <= 2
    engine = get_entry(game).load()
    engine.options_model()(**lessons.options)  # the game's own options model accepts them
    for lesson in lessons.lessons:
        assert len(lesson.text) <= 240, lesson.id
        assert not re.search(r"\[/?[a-z#]", lesson.text), f"{lesson.id}: looks like markup"
        assert all(s.startswith(("card:", "name:")) for s in lesson.highlight), lesson.id


def test_the_model_refuses_unknown_keys_and_bad_subjects() -> None:
    reach = _reach()
    good = reach.load_lessons("big-fish").model_dump(mode="json")
    with pytest.raises(ValueError, match="extra"):
        reach.LessonFile.model_validate({**good, "colour": "blue"})
    lesson = {**good["lessons"][0], "when": ["prompts:draw"]}
    with pytest.raises(ValueError, match="not a subject"):
        reach.LessonFile.model_validate({**good, "lessons": [lesson, *good["lessons"][1:]]})
    twice = [good["lessons"][0], good["lessons"][0]]
    with pytest.raises(ValueError, match="unique"):
        reach.LessonFile.model_validate({**good, "lessons": twice})


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_id_is_one_the_tests_know(game: str) -> None:
    known = _tagged_clauses()
    assert len(known) > 200, "the marker scan found too few clause IDs: it is broken"
    for lesson in _reach().load_lessons(game).lessons:
        for clause in lesson.clauses:
            assert CLAUSE.match(clause), f"{lesson.id}: {clause}"
            assert clause.startswith(GAMES[game] + "-"), f"{lesson.id}: {clause} is another game's"
            assert clause in known, f"{lesson.id}: {clause} is tagged by no test"


@pytest.mark.parametrize("one_per_screen", [True, False], ids=["one per screen", "all at once"])
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_fires_when_following_and_when_deviating(game: str, one_per_screen: bool) -> None:
    """One lesson per screen is how the coach shows them; all at once is the format read literally."""
    reach = _reach()
    lessons = reach.load_lessons(game)
    following, deviating = reach.check(game, lessons, one_per_screen=one_per_screen)
    assert following.missing(lessons) == []
    assert deviating.missing(lessons) == []
    assert deviating.deviations >= 3  # the second run really left the coach's path
    assert following.fired[lessons.lessons[0].id].decision <= 3  # the first lesson opens the game


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_fires_when_the_learner_strays_at_every_decision(game: str) -> None:
    reach = _reach()
    lessons = reach.load_lessons(game)
    run = reach.play(game, lessons, deviate=True, everywhere=True)
    assert run.missing(lessons) == []
    assert run.deviations >= run.decisions // 2


def test_the_coach_shows_one_lesson_per_screen_and_an_after_previous_lesson_is_a_gate() -> None:
    reach = _reach()
    lessons = reach.load_lessons("fishing-party-poker")
    by_id = {lesson.id: lesson for lesson in lessons.lessons}
    first, second, third = by_id["ante-bet"], by_id["given-up"], by_id["fold"]  # no subject in common
    three = lessons.model_copy(update={"lessons": (first, second, third)})
    both = {*first.when, *second.when}
    assert reach.due(three, set(), both, None) == [first.id]
    assert reach.due(three, set(), both, None, one_per_screen=False) == [first.id, second.id]
    gated = three.model_copy(update={"lessons": (first, second.model_copy(update={"after_previous": True}), third)})
    # A lesson marked after_previous waits for the one before it, and holds back those after it.
    assert reach.due(gated, set(), {*second.when, *third.when} - set(first.when), None, False) == []
    assert reach.due(gated, {first.id}, {*second.when, *third.when}, None, False) == [second.id, third.id]


def test_the_checker_reports_a_lesson_that_cannot_fire() -> None:
    reach = _reach()
    lessons = reach.load_lessons("fishing-party-poker")
    never = lessons.lessons[0].model_copy(update={"id": "never", "when": ("prompt:no_such_question",)})
    waits = lessons.lessons[1].model_copy(update={"id": "waits", "after_previous": True})
    changed = lessons.model_copy(update={"lessons": (*lessons.lessons, never, waits)})
    for run in reach.check("fishing-party-poker", changed):
        assert run.missing(changed) == ["never", "waits"]


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_and_nine_in_ten_special_cards_and_events_are_in_the_guided_game_or_tips(game: str) -> None:
    report = _benchmark("lesson_coverage").coverage(game, games=2)
    assert report["lessons"]
    assert report["phases"]["of"] >= 3 and report["events"]["of"] >= 15  # the lists were found
    assert report["cards"]["of"] >= (0 if game == "fishing-party-poker" else 10)
    for part in ("cards", "phases", "events"):
        assert report[part]["met"], (part, report[part]["missing"])
    # The guided game itself walks the learner through most of its phases.
    assert report["phases"]["guided"] * 2 > report["phases"]["of"], report["phases"]
