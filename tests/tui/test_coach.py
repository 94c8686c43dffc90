"""The coach (issue 43, parts 1-2): the lessons loader and the pure coach, without a screen.

Lessons fire once each, in file order, `after_previous` honoured; the suggestion is the normal
computer player's move; a different move gets one line on what it does; a computer's move is
told from the public table only; and nothing the coach reads or says comes from another seat's
hidden cards.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from fishtable.bots import bot_rng, choose_action, get_bot
from fishtable.engine.errors import FishtableError
from fishtable.engine.match import Match
from fishtable.engine.registry import GAMES, get_entry
from fishtable.tui.coach import lessons as lessons_module
from fishtable.tui.coach.guide import Guide
from fishtable.tui.coach.lessons import LESSONS_FILE, Lesson, LessonPlan, LessonsFileError, load_lessons, parse_lessons
from fishtable.tui.coach.start import NoLessons, guided_game, guided_match
from fishtable.tui.coach.teacher import Teacher, present, screen_subjects

CLAUSES = Path("/work/shared/rules")
GAME = "crazy-fishing"


def plan_of(game: str = GAME) -> LessonPlan:
    folder = get_entry(game).load_ui().assets
    assert folder is not None
    plan = load_lessons(folder)
    assert plan is not None
    return plan


def lesson(id: str, *when: str, after: bool = False, highlight: tuple[str, ...] = ()) -> Lesson:
    return Lesson(id, tuple(when), f"{id} text", (), highlight, after)


def small_file(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "fishtable-lessons", "version": 1, "title": "Learn it", "seed": 5, "options": {},
        "learner": "Alex", "computers": ["Ernesto"], "intro": "Hello.",
        "lessons": [{"id": "a", "when": ["prompt:cast"], "text": "Cast.", "clauses": ["CF-CAST-1"],
                     "highlight": [], "after_previous": False}],
    }
    data.update(changes)
    return data


# -- the loader ---------------------------------------------------------------------------------
@pytest.mark.rule("CF-CAST-1")
def test_crazy_fishings_lessons_load_and_teach_known_clauses() -> None:
    plan = plan_of()
    assert plan.title and plan.intro and plan.learner and plan.computers
    assert 8 <= len(plan.lessons) <= lessons_module.MAX_LESSONS
    files = list(CLAUSES.glob("*-clauses.md"))
    if not files:
        pytest.skip("the clause lists are not beside the project here")
    known = set(re.findall(r"\*\*([A-Z]{2}-[A-Z]+-[\d.]+)\*\*", "".join(p.read_text() for p in files)))
    for item in plan.lessons:
        assert item.clauses and set(item.clauses) <= known, (item.id, set(item.clauses) - known)
        assert len(item.text) <= lessons_module.MAX_TEXT


@pytest.mark.parametrize("game", [e.name for e in GAMES if e.playable])
def test_every_shipped_lessons_file_loads_and_deals_its_game(game: str) -> None:
    folder = get_entry(game).load_ui().assets
    if folder is None or not lessons_module.asset_path(folder, LESSONS_FILE).is_file():
        pytest.skip(f"{game} has no {LESSONS_FILE} here (test_coach_play fails for it)")
    match, guide = guided_game(game)
    plan = guide.plan
    assert match.seed == plan.seed and match.seats[0].bot is None
    assert all(seat.bot == "normal" for seat in match.seats[1:])


@pytest.mark.parametrize("change, words", [
    ({"surprise": 1}, "surprise"),
    ({"format": "fishtable-tips"}, "format"),
    ({"lessons": []}, "lessons"),
    ({"lessons": [{"id": "a", "when": ["prompt:cast"], "text": "x" * 241}]}, "lessons.0.text"),
    ({"lessons": [{"id": "a", "when": ["prompt:cast"], "text": "x"}] * 2}, "unique"),
    ({"lessons": [{"id": "a", "when": ["cast"], "text": "x"}]}, "not a subject"),
    ({"lessons": [{"id": "Bad id", "when": ["prompt:cast"], "text": "x"}]}, "lessons.0.id"),
    ({"lessons": [{"id": "a", "when": ["prompt:cast"], "text": "x", "extra": True}]}, "extra"),
    ({"lessons": [{"id": f"l{n}", "when": ["prompt:cast"], "text": "x"} for n in range(61)]}, "lessons"),
    ({"learner": "Ernesto"}, "different names"),
    ({"intro": "a\x1b[31m"}, "intro"),
])
def test_a_damaged_lessons_file_is_refused_in_words(change: dict[str, Any], words: str) -> None:
    with pytest.raises(LessonsFileError) as caught:
        parse_lessons(small_file(**change))
    assert isinstance(caught.value, FishtableError)
    assert words in str(caught.value)


def test_a_damaged_shipped_file_is_a_packaging_fault(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    monkeypatch.setattr(lessons_module, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    load_lessons.cache_clear()
    try:
        assert load_lessons("game") is None  # no file: no guided game
        (folder / LESSONS_FILE).write_text('{"format": "fishtable-lessons", "version": 1,', encoding="utf-8")
        load_lessons.cache_clear()
        with pytest.raises(LessonsFileError, match=r"lessons\.json"):
            load_lessons("game")
        (folder / LESSONS_FILE).write_text(json.dumps(small_file(version=2)), encoding="utf-8")
        load_lessons.cache_clear()
        with pytest.raises(LessonsFileError, match="version"):
            load_lessons("game")
        (folder / LESSONS_FILE).write_text(json.dumps(small_file()), encoding="utf-8")
        load_lessons.cache_clear()
        loaded = load_lessons("game")
        assert loaded is not None and [item.id for item in loaded.lessons] == ["a"]
    finally:
        load_lessons.cache_clear()


def test_options_the_game_refuses_are_a_fault_of_the_file() -> None:
    plan = plan_of()
    broken = LessonPlan(plan.title, plan.seed, {"no_such_option": 3}, plan.learner, plan.computers, plan.intro,
                        plan.lessons)
    with pytest.raises(LessonsFileError, match="cannot deal"):
        guided_match(GAME, broken)


def test_a_game_without_lessons_has_no_guided_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lessons_module, "asset_path", lambda *parts: Path("/nonexistent").joinpath(*parts))
    load_lessons.cache_clear()
    try:
        with pytest.raises(NoLessons, match="no guided game"):
            guided_game(GAME)
    finally:
        load_lessons.cache_clear()


# -- which lesson fires -------------------------------------------------------------------------
def test_lessons_fire_once_each_in_file_order() -> None:
    teacher = Teacher([lesson("a", "prompt:cast"), lesson("b", "prompt:cast"), lesson("c", "event:catch")])
    seen = {"prompt:cast", "event:catch"}
    assert [getattr(teacher.look(seen), "id", None) for _ in range(4)] == ["a", "b", "c", None]
    assert teacher.fired == ["a", "b", "c"] and teacher.reached == {"a", "b", "c"}
    assert teacher.current is not None and teacher.current.id == "c"  # the last one stays on the panel


def test_a_later_lesson_fires_first_when_only_its_subject_is_on_screen() -> None:
    teacher = Teacher([lesson("a", "prompt:collect"), lesson("b", "prompt:cast")])
    assert getattr(teacher.look({"prompt:cast"}), "id", None) == "b"
    assert teacher.look({"prompt:cast"}) is None  # once only
    assert getattr(teacher.look({"prompt:collect"}), "id", None) == "a"


def test_after_previous_waits_for_the_lesson_before_it_and_holds_back_the_rest() -> None:
    teacher = Teacher([lesson("a", "prompt:collect"), lesson("b", "prompt:cast", after=True),
                       lesson("c", "prompt:cast")])
    # b waits for a; and c, after b in file order, waits for b (the format's rule).
    assert teacher.look({"prompt:cast"}) is None
    assert getattr(teacher.look({"prompt:collect"}), "id", None) == "a"
    assert getattr(teacher.look({"prompt:cast"}), "id", None) == "b"
    assert getattr(teacher.look({"prompt:cast"}), "id", None) == "c"


def test_a_round_subject_is_present_from_that_round_on() -> None:
    assert not present(["round:2"], {"round:1", "prompt:cast"})
    assert present(["round:2"], {"round:2"}) and present(["round:2"], {"round:5"})
    teacher = Teacher([lesson("late", "round:3")])
    assert teacher.look({"round:2"}) is None
    assert getattr(teacher.look({"round:3"}), "id", None) == "late"


def test_a_screens_subjects_come_from_its_view_its_new_lines_and_its_prompt() -> None:
    match = guided_match(GAME, plan_of())
    view = match.view(0)
    entries = list(enumerate(match.events_since(0)))
    subjects = screen_subjects(view, entries, 0, "cast", round_of=match.game.capabilities.round_of)
    assert {"prompt:cast", "phase:cast", "round:1", "event:setup", "card:rod", "card:bait"} <= subjects
    assert not any(s.startswith("event:") for s in screen_subjects(view, entries, len(entries), None))


# -- hidden cards -------------------------------------------------------------------------------
def computer_only_names(match: Match) -> set[str]:
    """Card names in a computer's hand that the learner's own view shows nowhere."""
    learner = match.view(0).model_dump_json()
    names = {card.name for seat in range(1, len(match.seats)) for card in match.view(seat).hand or ()}
    names |= {name.removeprefix("The ") for name in names}  # as a move's words name a special card
    return {name for name in names if name not in learner}


def test_a_lesson_about_a_card_only_a_computer_holds_never_fires() -> None:
    plan = plan_of()
    match = guided_match(GAME, plan)
    hidden = computer_only_names(match)
    assert hidden, "the teaching deal gives the computers a card the learner cannot see"
    mine = {f"name:{card.name}" for card in match.view(0).hand or ()}
    secret = lesson("secret", *(f"name:{name}" for name in sorted(hidden)))
    own = lesson("own", *sorted(mine))
    guide = Guide(LessonPlan(plan.title, plan.seed, {}, plan.learner, plan.computers, plan.intro, (secret, own)),
                  get_entry(GAME).load_ui(), GAME)
    entries = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(0)]
    fired = guide.look(match.view(0), entries, match.pending()[0].kind)
    assert fired is not None and fired.id == "own"
    assert guide.look(match.view(0), entries, None) is None  # the secret card's lesson stays unfired
    assert guide.reached == {"own"}


def play_headless(deviate: bool) -> tuple[Guide, list[tuple[set[str], str]]]:
    """A guided game without a screen, fed as the flow feeds it; after every computer move the
    panel's words, with the names and ids of cards then in computers' hands only."""
    plan = plan_of()
    match = guided_match(GAME, plan)
    guide = Guide(plan, get_entry(GAME).load_ui(), GAME)
    said: list[tuple[set[str], str]] = []
    while not match.is_over:
        pending = match.pending()
        entries = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(0)]
        guide.look(match.view(0), entries, pending[0].kind if 0 in pending else None)
        seat = 0 if 0 in pending else min(pending)
        if seat == 0:
            legal = match.legal_actions(0)
            guide.asked(match.view(0), legal, pending[0].kind, bot_rng(match.seed, 0, match.step_count))
            action = guide.suggested
            assert action is not None
            if deviate:
                action = next((a for a in legal if not guide.same(a, action, match.view(0))), action)
            guide.learner_moved(action)
            match.apply(0, action)
            continue
        prompt, public, before = pending[seat], match.view(None), match.event_count
        action = choose_action(match, seat)
        match.apply(seat, action)
        news = [e.text for e in match.events_since(before) if e.visible_to is None]
        guide.computer_moved(match.seats[seat].name, action, prompt.kind, prompt.private or prompt.simultaneous,
                             public, news)
        lines = guide.lines()
        hidden = computer_only_names(match) | {card.id for s in range(1, len(match.seats))
                                               for card in match.view(s).hand or ()}
        said.append((hidden, " ".join([lines.lesson, *lines.computers])))
    entries = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(0)]
    guide.look(match.view(0), entries, None)  # the game's last news, on the table before the results
    return guide, said


@pytest.mark.parametrize("deviate", [False, True], ids=["following", "deviating"])
def test_the_coach_never_names_a_card_in_a_computers_hand(deviate: bool) -> None:
    guide, said = play_headless(deviate)
    assert len(said) > 20
    for hidden, words in said:
        for card in hidden:
            assert not re.search(rf"\b{re.escape(card)}\b", words), f"{card} named: {words}"
    assert guide.reached == {item.id for item in guide.plan.lessons}


# -- the lines ----------------------------------------------------------------------------------
def test_the_suggestion_is_the_normal_players_move_and_is_quick() -> None:
    import time

    match = guided_match(GAME, plan_of())
    guide = Guide(plan_of(), get_entry(GAME).load_ui(), GAME)
    view, legal = match.view(0), match.legal_actions(0)
    started = time.perf_counter()
    guide.asked(view, legal, "cast", bot_rng(match.seed, 0, 0))
    assert time.perf_counter() - started < 0.5  # the brief's budget is 50 ms; a loaded machine is slower
    expected = get_bot(GAME, "normal").choose(view, list(legal), bot_rng(match.seed, 0, 0))
    assert guide.suggested == expected
    assert guide.suggestion is not None and guide.suggestion.startswith("Try: Cast ")
    assert "speed" in guide.suggestion  # why: the plug-in's hint_goal


def test_a_different_move_gets_one_line_and_the_same_move_none() -> None:
    match = guided_match(GAME, plan_of())
    guide = Guide(plan_of(), get_entry(GAME).load_ui(), GAME)
    view, legal = match.view(0), match.legal_actions(0)
    guide.asked(view, legal, "cast", random.Random(1))
    suggested = guide.suggested
    assert suggested is not None
    # The same cards in another order are the same move (the screen sends them in hand order).
    guide.learner_moved(suggested.model_copy(update={"rods": tuple(reversed(suggested.rods))}))
    assert guide.consequence is None and guide.deviations == 0
    guide.asked(view, legal, "cast", random.Random(1))
    other = next(a for a in legal if not guide.same(a, suggested, view))
    guide.learner_moved(other)
    line = guide.consequence
    assert line is not None and "\n" not in line and line.startswith("You chose Cast ")
    assert "instead of Cast" in line and guide.deviations == 1
    assert guide.lines().consequence == line and guide.suggestion is None


def test_a_computers_secret_move_is_told_by_the_public_lines_only() -> None:
    match = guided_match(GAME, plan_of())
    guide = Guide(plan_of(), get_entry(GAME).load_ui(), GAME)
    action = choose_action(match, 1)  # Ernesto's cast: cards of his hidden hand
    guide.computer_moved("Ernesto", action, "cast", True, match.view(None), [])
    line = guide.lines().computers[-1]
    assert line.startswith("Ernesto decided in secret")
    for card in (*action.rods, *action.baits):
        assert card not in line
    guide.computer_moved("Ernesto", action, "collect", True, match.view(None), ["Ernesto draws 2 rods and 1 bait."])
    assert guide.lines().computers[-1] == "Ernesto draws 2 rods and 1 bait."


def test_a_computers_public_move_is_told_with_its_reason() -> None:
    plan = plan_of()
    match = guided_match(GAME, plan)
    while 1 not in match.pending() or match.pending()[1].kind != "catch":
        seat = min(match.pending())
        match.apply(seat, choose_action(match, seat))
    guide = Guide(plan, get_entry(GAME).load_ui(), GAME)
    action = choose_action(match, 1)
    guide.computer_moved(plan.computers[0], action, "catch", False, match.view(None), [])
    line = guide.lines().computers[-1]
    # Ernesto's Fish Finder looks first: the move's words, then the plug-in's reason.
    assert line.startswith(f"{plan.computers[0]}: Look at the front of fish #")
    assert "— why: look at fish #" in line


def test_the_panel_keeps_the_last_three_computer_moves_and_shows_the_intro_first() -> None:
    plan = plan_of()
    guide = Guide(plan, get_entry(GAME).load_ui(), GAME)
    assert guide.lines().lesson == plan.intro and guide.highlight == frozenset()
    match = guided_match(GAME, plan)
    for n in range(5):
        guide.computer_moved("Ernesto", choose_action(match, 1), "collect", True, match.view(None), [f"line {n}"])
    assert guide.lines().computers == ("line 2.", "line 3.", "line 4.")
