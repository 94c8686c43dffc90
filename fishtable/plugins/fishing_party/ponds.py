"""Every Fish Pond at a glance: a row per seat, a column per kind, the biggest of each kind starred."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.faces import short


def biggest(view: FishingPartyView) -> dict[str, int]:
    """The heaviest fish of each kind in any pond (a kind nobody caught is absent)."""
    best: dict[str, int] = {}
    for panel in view.seats:
        for fish in panel.pond:
            if fish.kind is not None and (fish.weight or 0) > best.get(fish.kind, 0):
                best[fish.kind] = fish.weight or 0
    return best


def pond_table(view: FishingPartyView, title: str | None = "Fish Ponds (lb; ★ the biggest of its kind)",
               name_width: int = 9) -> Table:
    """Weights in pounds; ★ marks the biggest of its kind (a point at the end), · an empty place."""
    best = biggest(view)
    table = Table(title=title, title_justify="left", box=None, padding=(0, 0, 0, 1), header_style="bold",
                  title_style="bold", expand=False)
    table.add_column("", no_wrap=True, max_width=name_width, overflow="ellipsis")
    for kind in view.kinds:
        table.add_column(short(kind, 8), justify="right", no_wrap=True)
    table.add_column("total", justify="right", no_wrap=True)
    for panel in view.seats:
        by_kind = {f.kind: f.weight for f in panel.pond}
        cells: list[Text] = [Text(panel.name)]
        for kind in view.kinds:
            weight = by_kind.get(kind)
            if weight is None:
                cells.append(Text("·", "dim"))
            elif best.get(kind) == weight:
                cells.append(Text(f"{weight}★", "bold #ffd75e"))
            else:
                cells.append(Text(str(weight)))
        cells.append(Text(f"{panel.pond_weight}"))
        table.add_row(*cells)
    return table
