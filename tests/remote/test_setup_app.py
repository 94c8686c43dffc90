"""`fishtable host` with no seats: the app's own setup form, with seats here, by link or by computer."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Select

from fishtable.cli import build_parser
from fishtable.engine.series import SeriesRules
from fishtable.remote.record import RECORD_NAME, load_record
from fishtable.remote.setup_app import HostChoice, HostSetupApp
from fishtable.remote.table_setup import build_table
from fishtable.tui.screens.setup import SetupScreen
from tests.remote.helpers import make_match
from tests.tui.screen_text import screen_text


async def until(pilot: Pilot, condition, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await pilot.pause(0.02)


async def fill(app: HostSetupApp, pilot: Pilot, names: list[str], kinds: list[str]) -> SetupScreen:
    await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#seat-count", Select).value = len(names)
    for n, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        screen.query_one(f"#name-{n}", Input).value = name
        screen.query_one(f"#kind-{n}", Select).value = kind
    await pilot.pause()
    return screen


async def test_the_form_offers_here_by_link_and_computer_and_deals_the_table(tmp_path: Path) -> None:
    app = HostSetupApp("crazy-fishing", tmp_path, seed=5, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        # The first seats: one here, one by link; then the computer, as the app's form has it.
        assert screen.seat_kind_values()[:3] == ["human", "remote", "bot:normal"]
        assert "joins by link" in screen_text(app)
        await fill(app, pilot, ["Ana", "Elena", "Otto"], ["human", "remote", "bot:hard"])
        screen.query_one("#series-end", Select).value = "target"
        screen.query_one("#series-number", Input).value = "40"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.choice is not None)
    choice = app.return_value
    assert isinstance(choice, HostChoice)
    assert choice.kinds == ("local", "remote", "computer")
    assert [s.name for s in choice.match.seats] == ["Ana", "Elena", "Otto"]
    assert choice.match.seats[2].bot == "hard" and choice.match.seed == 5
    assert choice.series.end == "target" and choice.series.target == 40


async def test_a_table_with_nobody_joining_by_link_is_refused_in_words(tmp_path: Path) -> None:
    app = HostSetupApp("big-fish", tmp_path, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await fill(app, pilot, ["Ana", "Bo"], ["human", "human"])
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "join by link" in screen_text(app))
        assert app.choice is None and app.is_running


async def test_without_a_game_the_list_of_games_comes_first(tmp_path: Path) -> None:
    app = HostSetupApp(None, tmp_path, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Fishing Party Poker" in screen_text(app))
        assert not isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # the first game of the list
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert "Crazy Fishing" in screen_text(app)


def host_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["host", *argv])


async def test_the_host_serves_what_the_form_chose_with_its_series(tmp_path: Path) -> None:
    chosen: list[Path] = []

    def choose(args: argparse.Namespace, data_dir: Path) -> HostChoice | None:
        chosen.append(data_dir)  # the form itself is tested above; here, what it hands over
        return HostChoice(make_match("fishing-party-poker", ("local", "remote")), ("local", "remote"),
                          SeriesRules(end="target", target=500))

    table = build_table(host_args("--port", "0"), tmp_path / "table", tmp_path, choose=choose)
    assert table is not None and chosen == [tmp_path]
    assert table.record.kinds == ("local", "remote")
    record = load_record(tmp_path / "table" / RECORD_NAME, table.match)
    assert record.series is not None and record.series.rules.target == 500
    # Left without dealing: nothing is served.
    assert build_table(host_args("--port", "0"), tmp_path / "other", tmp_path, choose=lambda a, d: None) is None


def test_the_command_line_seats_still_deal_and_may_set_a_series(tmp_path: Path) -> None:
    def never(args: argparse.Namespace, data_dir: Path) -> HostChoice | None:
        raise AssertionError("seats on the command line need no form")

    args = host_args("--game", "crazy-fishing", "--seat", "A:remote", "--seat", "B:local", "--seat", "C:local",
                     "--series", "target=60", "--port", "0", "--seed", "4")
    table = build_table(args, tmp_path / "table", tmp_path, choose=never)
    assert table is not None and table.record.kinds == ("remote", "local", "local")
    assert table.record.series is not None and table.record.series.rules.target == 60
    assert set(table.local_links()) == {1, 2} and set(table.links()[0]) == {0}
