"""Tips for new players (issue 43, part 3): once per player name, never after being turned
off, and never on a screen another seat could see when it would name a private card."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from fishtable.engine.protocol import Event
from fishtable.engine.registry import GAMES, get_entry
from fishtable.tui.app import FishtableApp
from fishtable.tui.remembered import REMEMBERED_NAME, remembered_tips
from fishtable.tui.screens.quickref import CardRuleScreen, QuickRefScreen, rule_passages
from fishtable.tui.screens.rules import rules_text
from fishtable.tui.screens.setup import SetupScreen
from fishtable.tui.tips import SEEN_NAME, SeenTips, TipDesk, event_subjects, load_tips, tip_line, view_subjects

from .helpers import make_match, play_step, private_seat, settle, until

PLAYABLE = [entry.name for entry in GAMES if entry.playable]
CLAUSES = Path("/work/shared/rules")
CLAUSE_ID = re.compile(r"^[A-Z]{2}-[A-Z]+-\d+(\.\d+)?$")
BUCKET_SEED = 16  # Elena (seat 0) is dealt a Bait Bucket; Tomás and the table see none


def tips_of(game: str) -> tuple:
    return load_tips(get_entry(game).load_ui().assets)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_has_tips_that_fit_one_line_and_find_their_rule(game: str) -> None:
    tips = tips_of(game)
    assert len(tips) >= 10
    text = rules_text(game)
    assert text is not None
    for tip in tips:
        assert tip_line(tip).cell_len <= 78, tip.id  # one line at 80 columns
        assert all(re.match(r"^(card|name|phase|event|prompt):", when) for when in tip.when), tip.id
        assert tip.clauses and all(CLAUSE_ID.match(c) for c in tip.clauses), tip.id
        assert rule_passages(text, tip.rule), f"{tip.id}: '?' would find no rule for {tip.rule!r}"


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_clause_a_tip_teaches_is_in_the_clause_list(game: str) -> None:
    files = {p.name.removesuffix("-clauses.md"): p for p in CLAUSES.glob("*-clauses.md")}
    if not files:
        pytest.skip("the clause lists are not beside the project here")
    known = set(re.findall(r"\*\*([A-Z]{2}-[A-Z]+-[\d.]+)\*\*", "".join(p.read_text() for p in files.values())))
    for tip in tips_of(game):
        assert set(tip.clauses) <= known, (tip.id, set(tip.clauses) - known)


# -- once per player name --------------------------------------------------------------------
def _desk(tmp_path: Path, names: list[str | None]) -> TipDesk:
    return TipDesk(tips_of("crazy-fishing"), "crazy-fishing", SeenTips(tmp_path / SEEN_NAME), names)


def test_a_tip_shows_once_per_player_name_and_is_remembered(tmp_path: Path) -> None:
    match = make_match(seed=BUCKET_SEED)
    view = match.view(0)
    desk = _desk(tmp_path, ["Elena", "Tomás", None])
    first = desk.for_screen(view, [], 0, "cast", 0)
    assert first is not None and first.id == "phase.cast"
    second = desk.for_screen(view, [], 0, "cast", 0)
    assert second is not None and second.id != first.id  # the next new thing, not the same again
    assert {first.id, second.id} == {"phase.cast", "bucket"}
    # Another run of the app, the same names: what Elena saw stays seen, nothing is new here.
    again = _desk(tmp_path, ["Elena", "Tomás", None])
    assert again.for_screen(view, [], 0, "cast", 0) is None
    # Another player in Elena's seat has seen nothing yet.
    newcomer = _desk(tmp_path, ["Zoe", "Tomás", None])
    fresh = newcomer.for_screen(view, [], 0, "cast", 0)
    assert fresh is not None and fresh.id == first.id


def test_the_public_table_shows_a_tip_until_every_person_at_it_has_seen_it(tmp_path: Path) -> None:
    match = make_match(seed=BUCKET_SEED)
    desk = _desk(tmp_path, ["Elena", "Tomás", None])
    assert desk.for_screen(match.view(0), [], 0, "cast", 0).id == "phase.cast"  # Elena's own
    public = desk.for_screen(match.view(None), [], 0, None, None)
    assert public is not None and public.id == "phase.cast"  # Tomás has not seen it
    assert desk.for_screen(match.view(None), [], 0, None, None) is None  # both have now
    # A computer seat sees no tips.
    assert desk.for_screen(match.view(2), [], 0, "cast", 2) is None


class _Table(BaseModel):
    """A public view with one face-up Bait Bucket on it."""

    phase: str = "catch"
    cards: list[dict[str, str]] = [{"id": "B45", "name": "The Bait Bucket", "type": "bait", "special": "bait_bucket"}]


def test_whether_the_table_shows_a_tip_never_depends_on_what_a_seat_was_told_alone(tmp_path: Path) -> None:
    """Elena was told about the Bait Bucket in her hand; Tomás saw its tip on a table before.
    When a Bait Bucket lies face up, the table shows its tip all the same: were it left out,
    its absence would tell Tomás that Elena had held one."""
    desk = _desk(tmp_path, ["Elena", "Tomás", None])
    desk.seen.mark(["Elena"], "crazy-fishing", "bucket")  # on her own screen
    desk.seen.mark(["Tomás"], "crazy-fishing", "table:bucket")  # on a table
    ids = {tip.id for tip in tips_of("crazy-fishing")} - {"bucket"}
    desk.seen.record.names["Elena"]["crazy-fishing"] += [f"table:{i}" for i in ids]
    desk.seen.record.names["Tomás"]["crazy-fishing"] += [f"table:{i}" for i in ids]
    shown = desk.for_screen(_Table(), [], 0, None, None)
    assert shown is not None and shown.id == "bucket"
    # And her own screen does not tell her again what the table told her.
    assert desk.for_screen(_Table(), [], 0, None, 0) is None


def test_a_damaged_record_is_set_aside_in_words(tmp_path: Path) -> None:
    path = tmp_path / SEEN_NAME
    path.write_text('{"version": 1, "names": {"Elena": 7}', encoding="utf-8")
    seen = SeenTips(path)
    assert seen.problem is not None and SEEN_NAME in seen.problem
    assert seen.seen("Elena", "crazy-fishing") == set()
    seen.mark(["Elena"], "crazy-fishing", "boot")
    assert SeenTips(path).seen("Elena", "crazy-fishing") == {"boot"}


async def test_a_damaged_record_never_stops_a_game(tmp_path: Path) -> None:
    (tmp_path / SEEN_NAME).write_bytes(b"\xff\xfe not json")
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=BUCKET_SEED), bot_pause=0, tips=True,
                       arming=(0, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CastScreen")
        assert app.screen.shown_tip is not None


def test_public_subjects_read_only_public_log_lines() -> None:
    entries = [(0, Event(kind="catch", text="x")), (1, Event(kind="look_private", text="y", visible_to=(0,)))]
    assert event_subjects(entries, 0, public=True) == {"event:catch"}
    assert event_subjects(entries, 0, public=False) == {"event:catch", "event:look_private"}
    assert event_subjects(entries, 1, public=False) == {"event:look_private"}


# -- never a private card on a screen others see --------------------------------------------
def _mark_all_but(tmp_path: Path, keep: str, names: list[str]) -> None:
    ids = [tip.id for tip in tips_of("crazy-fishing") if tip.id != keep]
    record = {"version": 1, "names": {name: {"crazy-fishing": ids} for name in names}}
    (tmp_path / SEEN_NAME).write_text(json.dumps(record), encoding="utf-8")


@pytest.mark.slow
async def test_a_tip_naming_a_hidden_card_shows_only_on_its_holders_screen(tmp_path: Path) -> None:
    """Only the Bait Bucket tip is new: it shows on Elena's private screen (she holds one), and
    on no screen anyone else sees while no Bait Bucket is face up."""
    _mark_all_but(tmp_path, "bucket", ["Elena", "Tomás"])
    match = make_match(seed=BUCKET_SEED)
    assert "card:bait_bucket" in view_subjects(match.view(0))
    assert "card:bait_bucket" not in view_subjects(match.view(None)) | view_subjects(match.view(1))
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, tips=True, arming=(0, 0))
    shown_to: list[int | None] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(40):
            live = app.flow.match
            if live.result() is not None:
                break
            screen = app.screen
            tip = getattr(screen, "shown_tip", None)
            if tip is not None and tip.id == "bucket":
                viewer = private_seat(screen)
                if viewer is None:  # on a screen everyone sees: only once a Bait Bucket is public
                    assert "card:bait_bucket" in view_subjects(live.view(None)), type(screen).__name__
                else:
                    assert "card:bait_bucket" in view_subjects(live.view(viewer))
                shown_to.append(viewer)
                if viewer == 0:
                    assert "Bait Bucket" in " ".join(str(w.render()) for w in screen.query(".tip-line"))
            await play_step(pilot)
    assert 0 in shown_to  # Elena was told, on her own screen


# -- turned off in the setup -----------------------------------------------------------------
async def test_tips_turned_off_in_setup_show_no_more_and_stay_off(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, arming=(0, 0))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.setup_game("crazy-fishing")
        assert await until(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#tips")))
        await settle(pilot)
        tick = app.screen.query_one("#tips")
        assert tick.value is True  # on by default
        tick.value = False
        app.screen.action_start()
        assert await until(pilot, lambda: app.flow is not None)
        await settle(pilot)
        assert app.tip_desk is None
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CastScreen")
        assert app.screen.shown_tip is None and not list(app.screen.query(".tip-line"))
    assert remembered_tips(tmp_path / REMEMBERED_NAME, "crazy-fishing") is False
    again = FishtableApp(data_dir=tmp_path, bot_pause=0)
    assert again.tips_on("crazy-fishing") is False
    assert again.tips_on("big-fish") is True  # per game, like the seats


async def test_with_tips_on_the_first_private_screen_has_one_and_question_mark_opens_its_rule(
        tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=BUCKET_SEED), bot_pause=0, tips=True,
                       arming=(0, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CastScreen")
        private = app.screen
        assert private.shown_tip is not None and private.shown_tip.id == "phase.cast"
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, CardRuleScreen))
        await pilot.press("question_mark")  # from the rule, the quick reference
        assert await until(pilot, lambda: isinstance(app.screen, QuickRefScreen))
        await pilot.press("escape")
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is private)
        assert private.is_armed
