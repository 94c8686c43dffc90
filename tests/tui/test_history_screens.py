"""The History screen, the replay viewer, and the results' one key to the replay."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, OptionList

from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME, SET_ASIDE
from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.history import replay_screen
from fishtable.tui.screens.replay import ReplayScreen
from tests.history.games import played

from .helpers import settle, until
from .screen_text import screen_text


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def seed_history(tmp_path: Path) -> list[int]:
    """Three Big Fish games and a Crazy Fishing one, the newest last."""
    path = tmp_path / HISTORY_NAME
    ids = [store.record_game(path, record_of(played("big-fish", seed, names=("Ana", "[b]Bo")), seconds=60,
                                             ended=1_700_000_000.0 + seed)) for seed in (1, 2, 3)]
    ids.append(store.record_game(path, record_of(played("crazy-fishing", 4, names=("Ana", "Cy", "Dee")),
                                                 seconds=90, ended=1_700_000_100.0)))
    return ids


def app_at(tmp_path: Path, match=None) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def open_history(pilot) -> None:
    app = pilot.app
    await settle(pilot)
    menu = app.screen.query_one("#menu-list", OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == "history":
            break
        await pilot.press("down")
    await pilot.press("enter")
    assert await until(pilot, lambda: type(app.screen).__name__ == "HistoryScreen" and app.screen.loaded)
    await settle(pilot)


async def test_history_lists_games_newest_first_with_filters_and_standings(tmp_path: Path) -> None:
    ids = seed_history(tmp_path)
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        screen = app.screen
        games = screen.query_one("#history-games", DataTable)
        assert [int(str(games.get_row_at(n)[0])) for n in range(games.row_count)] == ids[::-1]
        assert "[b]Bo" in flat(app)  # literally, never as markup
        await pilot.press("g")  # the first game of the catalogue: Crazy Fishing
        assert await until(pilot, lambda: screen.game == "crazy-fishing" and games.row_count == 1)
        await pilot.press("g", "g")  # Fishing Party (none), then Big Fish
        assert await until(pilot, lambda: screen.game == "big-fish" and games.row_count == 3)
        standings = screen.query_one("#history-standings", DataTable)
        names = {str(standings.get_row_at(n)[0]) for n in range(standings.row_count)}
        assert names == {"Ana", "[b]Bo"}
        for _ in range(5):  # the names in turn, to Ana: head to head with the row under the cursor
            await pilot.press("p")
            if screen.player == "Ana":
                break
        assert await until(pilot, lambda: screen.player == "Ana" and games.row_count == 3)
        screen.query_one("#history-standings", DataTable).focus()
        await pilot.press("down")
        await settle(pilot)
        other = str(standings.get_row_at(standings.cursor_row)[0])
        if other == "Ana":
            await pilot.press("up")
            await settle(pilot)
        assert "Ana v [b]Bo: 3 games together" in flat(app)
        await pilot.press("s", "s", "s", "s", "s")  # sorted by name
        await settle(pilot)
        assert screen.sort_by == "name"
        assert [str(standings.get_row_at(n)[0]) for n in range(standings.row_count)] == ["[b]Bo", "Ana"]


async def test_history_opens_a_replay_that_steps_jumps_and_goes_to_a_step(tmp_path: Path) -> None:
    ids = seed_history(tmp_path)
    record = store.load_game(tmp_path / HISTORY_NAME, ids[-1])
    app = app_at(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_history(pilot)
        await pilot.press("enter")  # the newest game: Crazy Fishing
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await settle(pilot)
        screen = app.screen
        replay = screen.replay
        assert screen.step == 0 and len(replay) == len(record.actions)
        assert f"step 0 of {len(replay)}" in flat(app) and "The deal" in flat(app)
        await pilot.press("right", "right")
        await settle(pilot)
        assert screen.step == 2 and f"Step 2: {replay.steps[1].name} decided" in flat(app)
        await pilot.press("left")
        await settle(pilot)
        assert screen.step == 1
        await pilot.press("]")
        await settle(pilot)
        assert screen.step == screen.rounds[1] and screen.rounds[1] > 1
        assert "round 2" in flat(app)
        await pilot.press("[")
        await settle(pilot)
        assert screen.step == 0
        await pilot.press("g", "1", "7", "enter")
        await settle(pilot)
        assert screen.step == 17
        await pilot.press("end")
        await settle(pilot)
        assert screen.step == len(replay) and "the end: won by" in flat(app)
        # Every hand face up: each seat's own cards, as its own view shows them to it.
        shown = screen.hands().plain
        for seat in range(len(replay.seats)):
            mine = screen.ui.private_summary(replay.view(len(replay), seat))
            assert mine is not None and mine.plain in shown
        assert shown.count("Your hand:") == len(replay.seats)
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"


async def test_results_open_the_replay_with_one_key(tmp_path: Path) -> None:
    match = played("big-fish", 5, names=("Ana", "Bo"), bots=True)
    app = app_at(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        await pilot.press("v")
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert len(app.screen.replay) == match.step_count
        assert app.screen.replay.state_hash(match.step_count) == match.state_hash()


def test_an_unfinished_game_never_opens_a_replay() -> None:
    screen = replay_screen(played("big-fish", 5, steps=10))
    assert isinstance(screen, str) and "not finished" in screen and "secret" in screen


async def test_h_on_the_menu_opens_an_empty_history_that_says_so(tmp_path: Path) -> None:
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        assert await until(pilot, lambda: type(app.screen).__name__ == "HistoryScreen" and app.screen.loaded)
        await settle(pilot)
        assert "No finished game here yet" in flat(app)
        assert not (tmp_path / HISTORY_NAME).exists()  # looking creates nothing


def heard(app: FishtableApp) -> list[tuple[str, dict]]:
    """What the app says in notices, with how (markup or not)."""
    said: list[tuple[str, dict]] = []
    app.notify = lambda message, **kw: said.append((message, kw))  # type: ignore[method-assign]
    return said


def set_aside_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)]


async def test_a_damaged_history_is_set_aside_and_said_in_words_when_history_opens(tmp_path: Path) -> None:
    (tmp_path / HISTORY_NAME).write_bytes(b"\x00" * 4096)
    app = app_at(tmp_path)
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        assert await until(pilot, lambda: any("set aside" in text for text, _ in said))
        assert "No finished game here yet" in flat(app)
    [(text, how)] = said
    assert "not a SQLite database" in text and how["markup"] is False
    assert [p.read_bytes() for p in set_aside_files(tmp_path)] == [b"\x00" * 4096]
    assert store.recent(tmp_path / HISTORY_NAME) == []  # a new history, working


async def test_the_menu_says_at_the_start_that_a_damaged_history_was_set_aside(tmp_path: Path) -> None:
    folder = tmp_path / "[b]fish"  # shown literally, never as markup
    folder.mkdir()
    (folder / HISTORY_NAME).write_bytes(b"junk" * 1024)
    app = FishtableApp(data_dir=folder, bot_pause=0, autosave=False, history=True)
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: bool(said))
        assert type(app.screen).__name__ == "MenuScreen"
    [(text, how)] = said
    assert "[b]fish" in text and "set aside" in text and "new history" in text and how["markup"] is False
    assert [p.read_bytes() for p in set_aside_files(folder)] == [b"junk" * 1024]


async def test_the_menu_says_at_the_start_why_history_is_off(tmp_path: Path) -> None:
    (tmp_path / HISTORY_NAME).mkdir()
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False, history=True)
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: bool(said))
    assert "is a folder" in said[0][0] and (tmp_path / HISTORY_NAME).is_dir() and not set_aside_files(tmp_path)


async def test_history_opening_writes_the_games_kept_pending(tmp_path: Path) -> None:
    import sqlite3

    from fishtable.history.recorder import record_finished
    from fishtable.history.share import pending_files

    path = tmp_path / HISTORY_NAME
    seed_history(tmp_path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert record_finished(path, played("fishing-party", 5, names=("Kept", "Bo")), 5, busy_ms=100)[0] is None
    finally:
        holder.close()
    assert len(pending_files(path)) == 1
    app = app_at(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_history(pilot)
        assert app.screen.query_one("#history-games", DataTable).row_count == 5
        assert "Kept" in flat(app)
    assert pending_files(path) == []


def test_standings_sort_by_each_column() -> None:
    from fishtable.history.standings import Standing
    from fishtable.tui.screens.history import sort_standings

    lines = [Standing("bo", "g", 10, 2, 0, 5.0, 9, 1), Standing("Ana", "g", 2, 1, 0, 8.0, 12, -1)]
    assert [s.name for s in sort_standings(lines, "wins")] == ["bo", "Ana"]
    assert [s.name for s in sort_standings(lines, "rate")] == ["Ana", "bo"]
    assert [s.name for s in sort_standings(lines, "games")] == ["bo", "Ana"]
    assert [s.name for s in sort_standings(lines, "average")] == ["Ana", "bo"]
    assert [s.name for s in sort_standings(lines, "best")] == ["Ana", "bo"]
    assert [s.name for s in sort_standings(lines, "name")] == ["Ana", "bo"]


async def test_the_replay_command_app_opens_the_game_and_steps(tmp_path: Path) -> None:
    from fishtable.history.replay import open_replay
    from fishtable.tui.replay_app import ReplayApp

    ids = seed_history(tmp_path)
    app = ReplayApp(open_replay(tmp_path / HISTORY_NAME, str(ids[0])))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right")
        await settle(pilot)
        assert app.screen.step == 1 and "Replay of Big Fish · step 1 of" in flat(app)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.return_code == 0)


async def test_results_without_the_whole_match_offer_no_replay() -> None:
    """A remote seat's app shows the same results but never holds the match: no v, no crash."""
    from fishtable.tui.screens.apps import ShellApp
    from fishtable.tui.screens.results import ResultsScreen

    class SeatLike(ShellApp[int]):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(played("big-fish", 5, names=("Ana", "Bo")).result()))

    app = SeatLike()
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen) and "replay" not in flat(app).lower()
