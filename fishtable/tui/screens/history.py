"""History: recent finished games and standings per player, and a replay of any of them.

Reached from the menu; the database is read in a worker (a busy or damaged file
never freezes the screen, and its problem is shown in words). Keys: Tab between
the two tables, g and p to filter by game and player, s to sort the standings,
Enter on a game to replay it. Every name is drawn literally (Rich `Text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from fishtable.engine.match import SomeMatch
from fishtable.engine.registry import GAMES
from fishtable.history.replay import Replay, from_record
from fishtable.history.report import title_of, when
from fishtable.history.schema import HistoryError, take_notices
from fishtable.history.share import pending_files, write_pending
from fishtable.history.standings import Standing, head_to_head, standings
from fishtable.history.store import GameRow, Outcome, load_game, outcomes, recent
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.replay import ReplayScreen
from fishtable.tui.widgets.footer import KeysFooter

RECENT = 200
# (the words in the header, the sort key): most wins first, and so on
SORTS: tuple[tuple[str, str], ...] = (("wins", "wins"), ("win rate", "rate"), ("games", "games"),
                                      ("average", "average"), ("best", "best"), ("name", "name"))


def sort_standings(lines: list[Standing], by: str) -> list[Standing]:
    keys = {
        "wins": lambda s: (-s.wins, -s.win_rate, s.name),
        "rate": lambda s: (-s.win_rate, -s.wins, s.name),
        "games": lambda s: (-s.games, s.name),
        "average": lambda s: (-s.average, s.name),
        "best": lambda s: (-s.best, s.name),
        "name": lambda s: (s.name.casefold(), s.game),
    }
    return sorted(lines, key=keys[by])


def replay_of_match(match: SomeMatch) -> Replay:
    """The replay of the match just finished (HistoryError, in words, for one that is not)."""
    save = match.to_save()
    return Replay(save.game, save.options, save.seats, save.seed, save.actions, save.state_hash, save.version,
                  "This game")


def replay_screen(match: SomeMatch) -> ReplayScreen | str:
    """The replay screen of the match on the table, or why it cannot open, in words."""
    try:
        return ReplayScreen(replay_of_match(match))
    except HistoryError as exc:
        return str(exc)


class HistoryScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("g", "game_filter", "Game"),
        Binding("p", "player_filter", "Player"),
        Binding("s", "sort", "Sort"),
        Binding("tab", "app.focus_next", "Other table", show=False),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history-head { height: auto; background: $panel; padding: 0 1; }
    HistoryScreen #history-games { height: 1fr; }
    HistoryScreen #history-standings { height: 1fr; border-top: solid $primary-darken-2; }
    HistoryScreen #history-versus { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.game: str | None = None
        self.player: str | None = None
        self.sort_by = "wins"
        self.rows: list[GameRow] = []
        self.outcomes: list[Outcome] = []
        self.names: list[str] = []
        self.problem: str | None = None
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield Static(id="history-head")
        games: DataTable[str | Text] = DataTable(id="history-games", cursor_type="row", zebra_stripes=True)
        games.add_columns("#", "Ended", "Game", "Players (★ won)")
        yield games
        yield DataTable(id="history-standings", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-versus")
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_head()
        self.load()

    # -- reading (a worker) ---------------------------------------------------------------
    @work(thread=True, exclusive=True, group="history")
    def load(self) -> None:
        said: list[str] = []
        try:
            if pending_files(self.path):  # games kept while the database was busy go in first
                said = write_pending(self.path)[1]
            rows = recent(self.path, self.game, self.player, RECENT) if self.path.exists() else []
            seats = outcomes(self.path, self.game) if self.path.exists() else []
            problem = None
        except HistoryError as exc:
            rows, seats, problem = [], [], str(exc)
        self.app.call_from_thread(self.loaded_rows, rows, seats, problem, take_notices(self.path) + said)

    def loaded_rows(self, rows: list[GameRow], seats: list[Outcome], problem: str | None,
                    said: Sequence[str] = ()) -> None:
        for line in said:  # a damaged history set aside, a pending game that could not go in
            self.notify(line, title="History", severity="warning", timeout=15, markup=False)
        self.rows, self.outcomes, self.problem, self.loaded = rows, seats, problem, True
        if self.game is None:  # the names of every game: the player filter offers them all
            self.names = sorted({o.name for o in seats}, key=str.casefold)
        self.show_head()
        self.show_games()
        self.show_standings()

    # -- drawing -------------------------------------------------------------------------------
    def show_head(self) -> None:
        text = Text("History", "bold")
        text.append("  game: ")
        text.append(title_of(self.game) if self.game else "all", "bold")
        text.append(" · player: ")
        text.append(self.player if self.player is not None else "all", "bold")
        text.append(f" · standings by {dict((k, w) for w, k in SORTS)[self.sort_by]}")
        text.append("\nEnter on a game: its replay, every card face up · Tab: the other table", "dim")
        if self.problem is not None:
            text.append("\n" + self.problem, "bold #ffb347")
        elif self.loaded and not self.rows:
            text.append("\nNo finished game here yet: every game played to its end is kept.", "italic")
        widget = self.still_there("#history-head", Static)
        if widget is not None:
            widget.update(text)

    def show_games(self) -> None:
        table = self.still_there("#history-games", DataTable)
        if table is None:
            return
        table.clear()
        for row in self.rows:
            players = Text()
            for n, seat in enumerate(sorted(row.seats, key=lambda s: (s.rank, s.seat))):
                if n:
                    players.append(", ")
                players.append(seat.name, "bold" if seat.winner else "")  # literally: Text, never markup
                players.append(f" {seat.score}" + (" ★" if seat.winner else ""))
            game = title_of(row.game) + (" (imported)" if row.imported else "")
            table.add_row(Text(str(row.id)), Text(when(row.ended)), Text(game), players, key=str(row.id))

    def show_standings(self) -> None:
        table = self.still_there("#history-standings", DataTable)
        if table is None:
            return
        table.clear(columns=True)
        table.add_columns("Player", "Game", "Games", "Wins", "Shared", "Rate", "Avg", "Best", "Streak")
        mine = self.outcomes
        if self.player is not None:  # everyone who played with them, in those games
            ids = {o.game_id for o in mine if o.name == self.player}
            mine = [o for o in mine if o.game_id in ids]
        for line in sort_standings(standings(mine), self.sort_by):
            table.add_row(Text(line.name), Text(title_of(line.game)), str(line.games), str(line.wins),
                          str(line.shared), f"{line.win_rate:.0%}", f"{line.average:.1f}", str(line.best),
                          Text(line.streak_words()))
        self.show_versus()

    def show_versus(self) -> None:
        """Head to head: the player filtered on and the standings row under the cursor."""
        widget = self.still_there("#history-versus", Static)
        table = self.still_there("#history-standings", DataTable)
        if widget is None or table is None:
            return
        text = Text()
        if self.player is not None and table.row_count:
            other = str(table.get_row_at(table.cursor_row)[0])
            if other != self.player:
                v = head_to_head(self.outcomes, self.player, other)
                text.append(f"{self.player}", "bold")
                text.append(" v ")
                text.append(other, "bold")
                text.append(f": {v.games} games together, wins {v.first_wins}-{v.second_wins}"
                            f" ({v.both} shared), ahead on points {v.first_ahead}-{v.second_ahead}")
        elif self.player is None:
            text.append("p: pick a player to see head to head against the row under the cursor", "dim")
        widget.update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "history-standings":
            self.show_versus()

    # -- keys ----------------------------------------------------------------------------------
    def action_game_filter(self) -> None:
        choices: list[str | None] = [None, *(entry.name for entry in GAMES)]
        self.game = choices[(choices.index(self.game) + 1) % len(choices)] if self.game in choices else None
        self.show_head()
        self.load()

    def action_player_filter(self) -> None:
        choices: list[str | None] = [None, *self.names]
        self.player = choices[(choices.index(self.player) + 1) % len(choices)] if self.player in choices else None
        self.show_head()
        self.load()

    def action_sort(self) -> None:
        keys = [key for _, key in SORTS]
        self.sort_by = keys[(keys.index(self.sort_by) + 1) % len(keys)]
        self.show_head()
        self.show_standings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "history-games" and event.row_key.value is not None:
            self.open_replay(int(event.row_key.value))

    @work(thread=True, exclusive=True, group="replay")
    def open_replay(self, game_id: int) -> None:
        try:
            replay: Replay | str = from_record(load_game(self.path, game_id), f"Game {game_id}")
        except HistoryError as exc:
            replay = str(exc)
        self.app.call_from_thread(self.show_replay, replay)

    def show_replay(self, replay: Replay | str) -> None:
        if isinstance(replay, str):
            self.notify(replay, severity="warning", timeout=8, markup=False)
        elif self.is_current:
            self.app.push_screen(ReplayScreen(replay))
