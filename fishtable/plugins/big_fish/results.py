"""Under the final scores: what each player's points are made of, fish by fish."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.table import Table
from rich.text import Text

from fishtable.games.big_fish.views import BigFishView, CaughtFish, SpotFish
from fishtable.plugins.big_fish.faces import size_mark

BIG = 3


def _fish_list(
    fish: Sequence[SpotFish] | Sequence[CaughtFish], scores: Callable[[SpotFish | CaughtFish], str | None], total: int
) -> Text:
    text = Text()
    for f in fish:
        text.append_text(size_mark(f.size, f.points))
        text.append(f" {f.card.name}")
        score = scores(f)
        if score:
            text.append(f" → {score}", "bold")
        text.append("\n")
    if not fish:
        text.append("none\n", "dim")
    text.append(f"= {total} point{'s' * (total != 1)}", "bold")
    return text


def details_table(view: BigFishView) -> Table:
    """Each player's Ice Box (printed points at the size caught) and Fishing Spot (1 a fish, 2 if Big)."""
    table = Table(title="Ice Boxes and Fishing Spots", header_style="bold", show_lines=True)
    table.add_column("Player")
    table.add_column("Ice Box: each fish scores its points at the size caught")
    table.add_column("Fishing Spot: 1 point a fish, 2 if Big")
    for panel in view.seats:
        ice = _fish_list(panel.ice, lambda f: None, panel.ice_points)
        spot = _fish_list(panel.spot, lambda f: "2" if f.size == BIG else "1", panel.spot_points)
        table.add_row(Text(panel.name), ice, spot)
    return table
