"""The end of a game: every category of the score, a row each, a column per player.

The shell's score table puts the categories side by side; with one column for each of the
six kinds it is wider than the screen, so the same points are shown here the other way
round, then the Fish Ponds they come from.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from fishtable.engine.protocol import Result
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.ponds import pond_table
from fishtable.tui.widgets.fit import FitWidth

POINTS = {"most fish": 2, "heaviest total": 2}


def category_table(result: Result, width: int = 80) -> Table:
    """Rows: the categories and what each is worth; columns: the players; a total and the winner.
    The players' columns narrow (names shortened with …) so that the table fits `width`."""
    table = Table(title="Points by category", title_justify="left", title_style="bold", header_style="bold",
                  box=None, padding=(0, 0, 0, 2), expand=False)
    names: list[str] = []
    for line in result.scores:
        for part, _ in line.parts:
            if part not in names:
                names.append(part)
    label = max((len(f"{name} ({POINTS.get(name, 1)})") for name in names), default=5)
    table.add_column("", no_wrap=True)
    column = max(8, min(12, (width - 2 - label) // max(1, len(result.scores)) - 2))
    for line in result.scores:
        table.add_column(Text(line.name), justify="right", max_width=column, overflow="ellipsis", no_wrap=True)
    for name in names:
        worth = POINTS.get(name, 1)
        cells = []
        for line in result.scores:
            value = dict(line.parts).get(name, 0)
            cells.append(Text(str(value), "bold #ffd75e") if value else Text("·", "dim"))
        table.add_row(Text(f"{name[:1].upper()}{name[1:]} ({worth})"), *cells)
    table.add_row(Text("Total", "bold"), *(Text(str(line.total), "bold") for line in result.scores))
    table.add_row(Text(""), *(Text("★ winner" if line.seat in result.winners else "", "bold #ffd75e")
                             for line in result.scores))
    return table


def details(view: FishingPartyView) -> RenderableType | None:
    result = view.result
    if result is None:
        return None
    parts: list[RenderableType] = [FitWidth(lambda width: category_table(result, width)), Text("")]
    parts.append(pond_table(view, "The Fish Ponds in lb (★ the biggest of its kind)"))
    parts.append(Text(f"{view.weights.capitalize()} weights. Tied players each get a category's full points; "
                      "a kind nobody caught gives nothing.", "dim"))
    return Group(*parts)
