"""Learn to play (issue 43, part 1): each game's guided game, played by keys from the menu.

For every built-in game (a game without a lessons file fails here: every title teaches
itself), a learner starts the guided game with `l` on the menu and plays it to the results
by keys: once following the coach's suggestion, once choosing another legal move at every
decision where a lesson has just fired and another legal move exists. Both reach the results with no dead
end, and every lesson of the file fired. At every decision the coach panel is on screen and
names no card of a computer seat's hand.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from fishtable.engine.assets import asset_path
from fishtable.engine.match import Match
from fishtable.engine.registry import GAMES, get_entry
from fishtable.tui.app import FishtableApp
from fishtable.tui.coach.lessons import LESSONS_FILE, load_lessons
from fishtable.tui.widgets.coach_panel import CoachPanel

from . import typist
from .helpers import settle, until

BUILT_IN = [entry.name for entry in GAMES if entry.module is not None and entry.module.startswith("fishtable.games.")]
MAX_SCREENS = 3000
SECONDS = 40  # each guided game, on an idle machine


def test_the_four_built_in_games_are_all_here() -> None:
    assert len(BUILT_IN) == 4


async def open_guided_game(pilot: Any, game: str) -> None:
    """From the menu: the game highlighted, then `l`."""
    app = pilot.app
    menu = app.screen.query_one("#menu-list", OptionList)
    index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == f"game:{game}")
    while menu.highlighted != index:
        await pilot.press("down")
    await pilot.press("l")
    assert await until(pilot, lambda: app.flow is not None and app.flow.guide is not None)


def computer_cards(match: Match) -> set[str]:
    """Ids and names of cards in computer seats' hands that the learner's own view does not show
    and no public log line has named (a card of the same name may have been face up)."""
    learner = match.view(0).model_dump_json() + " ".join(e.text for e in match.events_since(0) if e.visible_to is None)
    found: set[str] = set()
    for seat in range(1, len(match.seats)):
        for card in getattr(match.view(seat), "hand", None) or ():
            data = card.model_dump(mode="json") if hasattr(card, "model_dump") else {}
            name = data.get("name")
            short = name.removeprefix("The ") if isinstance(name, str) else None  # as moves name it
            for word in (data.get("id"), name, short):
                if isinstance(word, str) and len(word) > 2 and word not in learner:
                    found.add(word)
    return found


def panel_words(app: FishtableApp) -> str | None:
    panels = list(app.screen.query(CoachPanel))
    return panels[0].words if panels else None


class Learner:
    """Plays the guided game on screen by keys: the coach's move, or another legal one."""

    def __init__(self, pilot: Any, game: str, deviate: bool) -> None:
        self.pilot = pilot
        self.app: FishtableApp = pilot.app
        self.game = game
        self.deviate = deviate
        assert self.app.flow is not None and self.app.flow.guide is not None
        self.match: Match = self.app.flow.match
        self.guide = self.app.flow.guide
        self.followed = self.deviated = self.decisions = 0
        self.lessons_seen = 0  # lessons fired by the learner's last decision
        self.rng = random.Random(7)  # which other move, where the learner deviates
        self.own_plan: list[str] = []  # learner decisions this typist cannot type the coach's move for

    async def play(self, before_decision: int | None = None) -> None:
        """To the results; or, with `before_decision` n, until the learner's n-th decision is on
        screen (its suggestion made), made by none of these keys yet."""
        for _ in range(MAX_SCREENS):
            await settle(self.pilot)
            screen = self.app.screen
            name = type(screen).__name__
            if name == "ResultsScreen":
                return
            assert await until(self.pilot, lambda screen=screen: getattr(screen, "has_armed", True))
            if typist.enter_kind(screen) is not None:
                await self.pilot.press("enter")
                continue
            if name == "TableScreen" and screen.kind is None and screen.question is None:
                await until(self.pilot, lambda screen=screen: self.app.screen is not screen or screen.kind is not None
                            or screen.question is not None, seconds=10)
                continue
            if getattr(screen, "seat", None) == 0:
                self.decisions += 1
                if self.decisions == before_decision:
                    return
            await self.decide(screen)
        raise AssertionError(f"no results after {MAX_SCREENS} screens")

    async def decide(self, screen: Any) -> None:
        seat = getattr(screen, "seat", None)
        before = self.match.step_count
        if seat == 0:
            assert panel_words(self.app) is not None, f"no coach panel on {type(screen).__name__}"
            # What the coach composed from the game (the lesson's text is the file's, and fired on a
            # subject the learner saw: test_coach.py): never a card a computer holds unseen.
            lines = self.guide.lines()
            words = " ".join(filter(None, (lines.suggestion, lines.consequence, *lines.computers)))
            for card in computer_cards(self.match):
                assert card not in words, f"the coach names {card}, in a computer's hand: {words}"
        suggested = self.guide.suggested if seat == 0 else None
        planned = None
        move = suggested
        if suggested is not None:
            assert "Try" in (panel_words(self.app) or ""), "the coach suggests nothing"
            fired = len(self.guide.teacher.fired)
            if self.deviate and fired > self.lessons_seen:  # a lesson is new at this decision: deviate
                others = [a for a in screen.legal if not self.guide.same(a, suggested, self.guide.asked_view)]
                self.rng.shuffle(others)
                for other in others[:50]:
                    planned = typist.move_plan(self.game, screen, self.match, other)
                    if planned is not None:
                        move = other
                        break
            if planned is None:
                move = suggested
                planned = typist.move_plan(self.game, screen, self.match, move)
            if planned is not None:
                if move is suggested:
                    self.followed += 1
                else:
                    self.deviated += 1
        if planned is None:
            planned = typist.plan(self.game, screen, self.match, typist.bot_cast, by_number=True) \
                or typist.first_choice(screen)
            view = self.guide.asked_view
            if suggested is not None and view is not None and planned.moves \
                    and self.guide.same(planned.moves[0], suggested, view):
                self.followed += 1  # the typist's own keys make the coach's move
            elif seat == 0:
                self.own_plan.append(f"{type(screen).__name__} {getattr(screen, 'kind', '')}")
        self.lessons_seen = len(self.guide.teacher.fired)
        for key in planned.keys:
            if self.app.screen is not screen:
                break
            await self.pilot.press(key)
        if planned.moves:
            moved = await until(self.pilot, lambda: self.match.step_count > before or self.app.screen is not screen)
            assert moved, f"{type(screen).__name__}: {planned.keys} did nothing"
        elif planned.meant and planned.meant[-1] is not None:  # a stage of a move (a fish marked)
            words, done = planned.meant[-1]
            assert await until(self.pilot, done), f"{type(screen).__name__}: not done: {words}"
        if suggested is not None and move is not suggested and self.match.step_count > before:
            await settle(self.pilot)
            assert self.guide.consequence is not None and "You chose" in self.guide.consequence


@pytest.mark.slow
@pytest.mark.parametrize("deviate", [False, True], ids=["following", "deviating"])
@pytest.mark.parametrize("game", BUILT_IN)
async def test_the_guided_game_plays_to_the_end_and_reaches_every_lesson(
        tmp_path: Path, game: str, deviate: bool) -> None:
    folder = get_entry(game).load_ui().assets
    assert folder is not None and asset_path(folder, LESSONS_FILE).is_file(), f"{game} has no {LESSONS_FILE}"
    plan = load_lessons(folder)
    assert plan is not None
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    started = time.monotonic()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await open_guided_game(pilot, game)
        learner = Learner(pilot, game, deviate)
        assert learner.match.seed == plan.seed
        assert [s.name for s in learner.match.seats] == [plan.learner, *plan.computers]
        assert [s.bot for s in learner.match.seats] == [None, *["normal"] * len(plan.computers)]
        await learner.play()
        assert learner.match.is_over
        reached = learner.guide.reached
        missing = [lesson.id for lesson in plan.lessons if lesson.id not in reached]
        assert not missing, f"lessons never reached: {missing}"
        if deviate:
            assert learner.deviated > 0 and learner.guide.deviations >= learner.deviated
        else:
            # Only where the typist could not type the coach's move (its own plan then) may it differ.
            assert learner.followed > 0 and learner.deviated == 0
            assert learner.guide.deviations <= len(learner.own_plan), learner.own_plan
            assert len(learner.own_plan) <= learner.followed // 4, learner.own_plan
    assert time.monotonic() - started < SECONDS * 3  # a loaded machine is slower, but never this slow


async def test_a_lesson_about_a_computers_hidden_card_never_fires_at_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The flow feeds the coach what the learner may see: a lesson whose subjects are cards only
    a computer holds stays unfired, one about the learner's own cards fires."""
    from fishtable.tui.coach import start
    from fishtable.tui.coach.lessons import Lesson, LessonPlan

    game = "crazy-fishing"
    shipped = load_lessons(get_entry(game).load_ui().assets or "")
    assert shipped is not None
    match = start.guided_match(game, shipped)
    learner = match.view(0).model_dump_json()
    theirs = {card.name for seat in (1, 2) for card in match.view(seat).hand or ()}
    hidden = sorted(name for name in theirs if name not in learner)
    assert hidden
    own = sorted({f"name:{card.name}" for card in match.view(0).hand or ()})
    lessons = (Lesson("secret", tuple(f"name:{name}" for name in hidden), "Secret.", (), (), False),
               Lesson("own", tuple(own), "Your own cards.", (), (), False))
    plan = LessonPlan(shipped.title, shipped.seed, {}, shipped.learner, shipped.computers, shipped.intro, lessons)
    monkeypatch.setattr(start, "load_lessons", lambda folder: plan)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await open_guided_game(pilot, game)
        player = Learner(pilot, game, deviate=False)
        # The learner's first screen: the cast (a cast, once revealed, shows its cards to all).
        await player.play(before_decision=1)
        assert player.guide.reached == {"own"}
        assert "Secret." not in (panel_words(app) or "")


async def test_a_too_small_terminal_says_so_in_a_guided_game_too(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await open_guided_game(pilot, "crazy-fishing")
        await Learner(pilot, "crazy-fishing", deviate=False).play(before_decision=1)
        panel = app.screen.query_one(CoachPanel)
        assert panel.region.height >= 3 and "Coach:" in panel.words
        await pilot.resize_terminal(70, 20)
        assert await until(pilot, lambda: app.screen.has_class("-too-small"))
        await pilot.pause()
        assert panel.styles.display == "none" and panel.region.height == 0
        assert "Please enlarge the terminal" in str(app.screen.query_one("TooSmall").render())


@pytest.mark.parametrize(("game", "when", "highlight"), [
    ("crazy-fishing", "prompt:cast", "super_fast_reel"),
    ("fishing-party", "prompt:turn", "lure"),
    ("big-fish", "prompt:place", "fish"),
])
async def test_every_games_tiles_take_the_lessons_highlight(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, when: str, highlight: str) -> None:
    """The hook is the shell's, not a plug-in's: on every game's own screen (Crazy Fishing's cast, Fishing
    Party's turn, Big Fish's placement), the tiles whose card the lesson points at (by its type or its
    special) are outlined, and no other."""
    from fishtable.tui.coach import start
    from fishtable.tui.coach.lessons import Lesson, LessonPlan
    from fishtable.tui.widgets.card import CardTile
    from fishtable.tui.widgets.coach_panel import COACH_MARK

    shipped = load_lessons(get_entry(game).load_ui().assets or "")
    assert shipped is not None
    lessons = (Lesson("pointed", (when,), "These cards.", ("FP-Q-1",), (f"card:{highlight}",), False),)
    plan = LessonPlan(shipped.title, shipped.seed, shipped.options, shipped.learner, shipped.computers,
                      shipped.intro, lessons)
    monkeypatch.setattr(start, "load_lessons", lambda folder: plan)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await open_guided_game(pilot, game)
        await Learner(pilot, game, deviate=False).play(before_decision=1)
        tiles = list(app.screen.query(CardTile))
        assert tiles, type(app.screen).__name__
        marked = [tile.has_class(COACH_MARK) for tile in tiles]
        meant = [tile.card is not None and highlight in (tile.card.type, getattr(tile.card, "special", None))
                 for tile in tiles]
        assert any(meant), [tile.card for tile in tiles]
        assert marked == meant
