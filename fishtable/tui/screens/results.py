"""Final scores: each seat's breakdown, the total, the winner(s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast, runtime_checkable

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, VerticalScroll
from textual.widgets import Static

from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.confirm import ConfirmScreen
from fishtable.tui.widgets.fit import FitWidth, natural_width
from fishtable.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:  # the app imports this screen (and the menu loads no pydantic): only the types here
    from fishtable.engine.protocol import Result
    from fishtable.engine.series import Series


@runtime_checkable
class ReplayingApp(Protocol):
    """An app that can replay the game just finished (the hot-seat app; a remote seat's cannot)."""

    def replay_last(self) -> None: ...


class ResultsHost(Protocol):
    """What the results ask of the app that shows them (`fishtable.tui.app.FishtableApp`)."""

    def next_game(self) -> None: ...

    def replay_last(self) -> None: ...

    def action_to_menu(self) -> None: ...


def _parts(result: Result) -> list[str]:
    parts: list[str] = []
    for line in result.scores:
        for part, _ in line.parts:
            if part not in parts:
                parts.append(part)
    return parts


def result_table(result: Result) -> Table:
    """A column per part of the score: the clearest shape, when it fits."""
    parts = _parts(result)
    table = Table(title="Final scores", expand=False, header_style="bold")
    table.add_column("Player")
    for part in parts:
        table.add_column(part, justify="right")
    table.add_column("Total", justify="right", style="bold")
    table.add_column("")
    for line in sorted(result.scores, key=lambda s: -s.total):
        values = dict(line.parts)
        won = "★ winner" if line.seat in result.winners else ""
        table.add_row(Text(line.name), *(str(values.get(p, 0)) for p in parts), str(line.total), won)
    return table


def compact_table(result: Result) -> Table:
    """The same points for a narrow screen: the parts of each score in a column that wraps."""
    parts = _parts(result)
    table = Table(title="Final scores", expand=False, header_style="bold")
    table.add_column("Player", max_width=16, overflow="fold")
    table.add_column("Total", justify="right", style="bold", no_wrap=True)
    table.add_column("Made of", overflow="fold")
    for line in sorted(result.scores, key=lambda s: -s.total):
        values = dict(line.parts)
        made = " · ".join(f"{p} {values[p]}" for p in parts if values.get(p))
        name = Text(line.name)
        if line.seat in result.winners:
            name.append("\n★ winner", "bold #ffd75e")
        table.add_row(name, str(line.total), Text(made or "nothing", "" if made else "dim"))
    return table


def fitted_table(result: Result, width: int, console: Console) -> Table:
    """The wide table if it fits in `width` columns, else the compact one."""
    wide = result_table(result)
    return wide if natural_width(wide, console) <= width else compact_table(result)


def winners_text(result: Result) -> Text:
    names = [s.name for s in result.scores if s.seat in result.winners]
    if len(names) == 1:
        return Text(f"{names[0]} wins!", "bold #ffd75e")
    return Text(f"{' and '.join(names)} share the victory!", "bold #ffd75e")


def series_text(series: Series) -> Text:
    """The running totals of a series, and its winner once it is over."""
    text = Text()
    head = f"The series ({series.rules.words()}) after {series.games} game{'s' * (series.games != 1)}: "
    text.append(head, "bold")
    order = sorted(range(len(series.names)), key=lambda s: -series.totals[s])
    text.append(" · ".join(f"{series.names[s]} {series.totals[s]}" for s in order))
    if series.over:
        names = [series.names[s] for s in series.leaders]
        wins = f"{names[0]} wins the series!" if len(names) == 1 else f"{' and '.join(names)} share the series!"
        text.append("\n" + wins, "bold #ffd75e")
    return text


class ResultsScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_game", "Next game of the series"),
        Binding("p", "app.play_again", "Play again"),
        Binding("v", "replay", "Replay"),
        Binding("m,escape", "menu", "Menu"),
    ]

    def __init__(self, result: Result, details: RenderableType | None = None, series: Series | None = None) -> None:
        super().__init__()
        self.result = result
        self.details = details
        self.series = series  # a series in progress or just over, or None for a single game

    @property
    def can_replay(self) -> bool:
        """The hot-seat app holds the whole finished match; a remote seat's app never does."""
        return isinstance(self.app, ReplayingApp)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay" and not self.can_replay:
            return False
        if action == "next_game":
            return self.series is not None and not self.series.over
        return super().check_action(action, parameters)

    def action_replay(self) -> None:
        """Every card face up, step by step: the game is over, nothing is secret any more."""
        cast("ResultsHost", self.app).replay_last()

    def action_next_game(self) -> None:
        cast("ResultsHost", self.app).next_game()

    def action_menu(self) -> None:
        """Back to the menu; a series still running is lost with it, so that is asked first."""
        if self.series is None or self.series.over:
            cast("ResultsHost", self.app).action_to_menu()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                cast("ResultsHost", self.app).action_to_menu()

        self.app.push_screen(ConfirmScreen(
            f"Leave the series after {self.series.games} game{'s' * (self.series.games != 1)}? "
            "Its running totals are lost."), answered)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results"):
            yield Static(winners_text(self.result), id="winners")
            with Center():
                yield Static(FitWidth(lambda width: fitted_table(self.result, width, self.app.console)),
                             id="score-table")
            for note in self.result.notes:
                yield Static(Text(note, "italic"), classes="result-note")
            if self.series is not None:
                yield Static(series_text(self.series), id="series")
            if self.details is not None:
                with Center():
                    yield Static(self.details, id="result-details")
            again = "n the next game of the series" if self.series is not None and not self.series.over else (
                "p play again with the same players")
            replay = " · v replay the game" if self.can_replay else ""
            yield Static(f"{again}{replay} · m back to the menu", id="results-help")
        yield KeysFooter()
