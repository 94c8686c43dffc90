"""The board's die, the card faces, and the secret checker the other tests rely on."""

from __future__ import annotations

import time

import pytest
from textual.app import App
from textual.widgets import Static

from fishtable.games.fishing_party.actions import Fish
from fishtable.games.fishing_party.state import NONE
from fishtable.games.fishing_party.views import face
from fishtable.plugins.fishing_party.board import FishingPartyBoard
from fishtable.plugins.fishing_party.die import FRAME_SECONDS, FRAMES, DieView
from fishtable.plugins.fishing_party.faces import DIE_FACES, card_text, short, tile_rows
from tests.games.fishing_party.builder import Builder, cid, rig

from ..helpers import until
from .helpers import assert_no_secret, match_of, secrets_from


def caught_position(roll: int = 3):
    b = Builder()
    jig, wal = b.card("Jig:3/5"), b.card("Walleye:6")
    state = b.state([[wal, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")],
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], lures=[jig, NONE])
    rig(state, roll)
    return match_of(state), cid(state, wal)


class BoardApp(App):
    def __init__(self, bot_pause: float) -> None:
        super().__init__()
        self.bot_pause = bot_pause

    def compose(self):
        yield FishingPartyBoard()


@pytest.mark.parametrize("pause", [0.0, 0.7])
async def test_a_new_roll_tumbles_only_when_computer_seats_pause(pause: float) -> None:
    match, walleye = caught_position()
    app = BoardApp(pause)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(FishingPartyBoard)
        board.show(match.view(None), None)
        match.apply(0, Fish(card=walleye))  # two players: no question, the die is rolled at once
        board.show(match.view(None), None)
        die = app.query_one(DieView)
        assert die.value == 3
        assert die.rolling is bool(pause)
        # The tumble lasts FRAMES * FRAME_SECONDS (checked below) and never blocks; a loaded
        # machine may draw its last frame late, so wait for it to end rather than for a time.
        assert await until(pilot, lambda: not die.rolling)
        assert "│ ⚂ 3 │" in str(die.render())
        board.show(match.view(None), None)  # the same roll again: no second tumble
        assert not die.rolling
    assert FRAMES * FRAME_SECONDS <= 0.5


def test_faces_name_their_group_and_values_in_words() -> None:
    match, _ = caught_position()
    st = match._state.static
    faces = {face(st, c).name: face(st, c) for c in range(len(st.cards))}
    assert card_text(faces["Walleye"]) == "Walleye 6 lb"
    assert card_text(faces["Jig"]) == "Jig: Walleye 3, Largemouth Bass 5"
    assert card_text(faces["Jig"], compact=True) == "Jig: Walleye 3, L. Bass 5"
    assert tile_rows(faces["Jig"], 10)[3:] == ["Walleye  3", "L. Bass  5"]
    assert tile_rows(faces["Fishing Rod"], 10)[1:3] == ["Fishing".center(10), "Rod".center(10)]
    assert [short(k, 8) for k in ("Largemouth Bass", "Rainbow Trout", "Brook Trout")] == [
        "L. Bass", "R. Trout", "Brook T."]


class Shows(App):
    def __init__(self, words: str) -> None:
        super().__init__()
        self.words = words

    def compose(self):
        yield Static(self.words, markup=False)


async def test_the_secret_checker_finds_a_hidden_card_on_a_screen() -> None:
    match, _ = caught_position()
    secrets = secrets_from(match, 0)  # Bob's pikes, which Ann has never seen
    assert "Northern Pike 7 lb" in {w for forms in secrets.values() for w in forms}
    async with Shows("Ann sees Bob's Northern Pike 7 lb").run_test() as pilot:
        await pilot.pause()
        with pytest.raises(AssertionError, match="Northern Pike 7 lb"):
            assert_no_secret(pilot.app, match, 0)
    async with Shows("Ann sees her Walleye 6 lb").run_test() as pilot:
        await pilot.pause()
        assert_no_secret(pilot.app, match, 0)  # her own card is no secret


class DieApp(App):
    def compose(self):
        yield DieView()


@pytest.mark.parametrize("rolled", [1, 4])
async def test_the_die_lands_on_the_roll_when_a_busy_loop_skips_timer_ticks(rolled: int) -> None:
    """Textual skips the ticks of an interval that fell behind: the die still shows the roll."""
    app = DieApp()
    async with app.run_test(size=(20, 5)) as pilot:
        die = app.query_one(DieView)
        die.show_value(rolled, roll=True)
        await pilot.pause(FRAME_SECONDS * 1.5)  # the timer runs and ticks once
        time.sleep(FRAMES * FRAME_SECONDS * 0.7)  # the event loop is blocked, as on a loaded machine
        for _ in range(200):
            await pilot.pause(FRAME_SECONDS)
            if not die.rolling:
                break
        assert not die.rolling
        assert f"│ {DIE_FACES[rolled - 1]} {rolled} │" in str(die.render())
