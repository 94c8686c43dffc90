"""Under the final scores: each player's catch, fish by fish.

At the end of the game every catch pile is public (the scores are counted
from them). The public view carries a seat's whole pile as `SeatPanel.pile`
once the game is over; before that (None) only what the table shows during
play (the count and the top card) can be listed.
"""

from __future__ import annotations

from rich.text import Text

from fishtable.games.crazy_fishing.views import CrazyFishingView
from fishtable.plugins.crazy_fishing.seat_panel import Atom, _card, wrap_parts

WIDTH = 76  # fits an 80-column terminal; lines break between fish, never inside a name


def _points(view: CrazyFishingView) -> dict[int, int]:
    result = view.result
    return {line.seat: line.total for line in result.scores} if result is not None else {}


def catches_text(view: CrazyFishingView) -> Text:
    text = Text("Each player's catch", "bold")
    points = _points(view)
    for panel in view.seats:
        head = Text.assemble("\n", (panel.name, "bold"))
        if panel.seat in points:
            head.append(f" ({points[panel.seat]} point{'s' * (points[panel.seat] != 1)})", "dim")
        head.append(": ")
        pile = panel.pile  # every card, once the game is over
        atoms: list[Atom]
        if pile:
            atoms = [(" · " if n else "", _card(card)) for n, card in enumerate(pile)]
        elif panel.pile_size == 0:
            atoms = [("", Text("nothing caught", "italic"))]
        else:
            assert panel.pile_top is not None  # a pile of fish has a top card
            atoms = [("", Text(f"{panel.pile_size} fish,")), (" ", Text("the last one")),
                     (" ", Text("caught:")), (" ", _card(panel.pile_top))]
        text.append_text(wrap_parts(atoms, WIDTH, first=head))
    return text
