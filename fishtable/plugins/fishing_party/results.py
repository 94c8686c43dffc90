"""The end of a game: every category of the score, a row each, a column per player.

The shell's score table puts the categories side by side; with one column for each of the
six kinds it is wider than the screen, so the same points are shown here the other way
round, then the Fish Ponds they come from.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.ponds import pond_table

POINTS = {"most fish": 2, "heaviest total": 2}


def category_table(result: Any) -> Table:
    """Rows: the categories and what each is worth; columns: the players; a total and the winner."""
    table = Table(title="Points by category", title_justify="left", title_style="bold", header_style="bold",
                  box=None, padding=(0, 0, 0, 2), expand=False)
    table.add_column("")
    for line in result.scores:
        table.add_column(Text(line.name), justify="right", max_width=12, overflow="ellipsis")
    names: list[str] = []
    for line in result.scores:
        for part, _ in line.parts:
            if part not in names:
                names.append(part)
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
    parts: list[RenderableType] = [category_table(result), Text("")]
    parts.append(pond_table(view, "The Fish Ponds in lb (★ the biggest of its kind)"))
    parts.append(Text(f"{view.weights.capitalize()} weights. Tied players each get a category's full points; "
                      "a kind nobody caught gives nothing.", "dim"))
    return Group(*parts)
