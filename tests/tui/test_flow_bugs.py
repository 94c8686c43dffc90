"""Flow bugs seen at the table (issue 16), each through the Pilot."""

from __future__ import annotations

from pathlib import Path

from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp
from fishtable.tui.session import SESSION_NAME, load_session

from .helpers import fast_forward, make_match, settle

TWO_AND_A_COMPUTER = (("Elena", None), ("Tomás", None), ("Ernesto", "random"))


def app_for(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


def refill_before_a_computer(match: Match) -> bool:
    """A person refills now, and the next seat to refill is the computer."""
    state = match._state
    pending = match.pending()
    if state.phase != "collect" or len(pending) != 1 or any(match.seats[s].bot for s in pending):
        return False
    order, index = state.collect_order, state.collect_index
    return index + 1 < len(order) and match.seats[order[index + 1]].bot is not None


async def test_a_seat_refilling_before_a_computer_may_cast_at_once(tmp_path: Path) -> None:
    """Crazy Fishing: after Elena refills, the computer refills next; Elena keeps the keyboard
    for her early cast ("Cast for the next round now") instead of a second handoff later."""
    match = fast_forward(make_match(seed=3, seats=TWO_AND_A_COMPUTER), refill_before_a_computer)
    seat = next(iter(match.pending()))
    name = match.seats[seat].name
    async with app_for(tmp_path, match).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(4):  # the news on the table, then the pass screen naming the collector
            if type(pilot.app.screen).__name__ == "CollectScreen":
                break
            await pilot.press("enter")
            await settle(pilot)
        screen = pilot.app.screen
        assert type(screen).__name__ == "CollectScreen" and screen.seat == seat
        await pilot.press("enter")  # draw
        await settle(pilot)
        screen = pilot.app.screen
        assert type(screen).__name__ == "CastScreen" and screen.seat == seat, type(screen).__name__
        assert "Cast for the next round now" in match.pending()[seat].text
        assert name  # the same player, no pass screen between


async def test_leaving_a_game_writes_the_clock_down(tmp_path: Path) -> None:
    """The play clock lost the time since the last move when the game was left (24:59 left
    became 25:05 on Continue): leaving writes the clock down."""
    match = make_match(seed=3, seats=TWO_AND_A_COMPUTER)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.flow.clock_start -= 30.0  # half a minute at the table since the last move
        played = app.flow.play_seconds
        app.action_to_menu()
        await settle(pilot)
    session = load_session(tmp_path / SESSION_NAME, match)
    assert session is not None and session.match_seconds >= played - 0.2

