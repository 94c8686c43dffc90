"""A seat at the poker table, as everyone sees it: chips, bet, status, the dealer button.

Status is in words (FOLDED, ALL IN, OUT), never by colour alone. A hand
appears only once it is shown at the showdown, with its name.
"""

from __future__ import annotations

from rich.text import Text

from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.plugins.fishing_party_poker.faces import indexes_text
from fishtable.plugins.fishing_party_poker.words import ACCENT, ordinal, wrap_parts

STATUS_STYLE = {
    "folded": "bold #ff8080",
    "all in": "bold #ffb347",
    "out": "dim",
}
STATUS_WORDS = {"folded": "FOLDED", "all in": "ALL IN", "out": "OUT"}


def seat_text(view: PokerView, seat: int, active: bool, width: int, wide: bool) -> Text:
    panel = view.seats[seat]
    # Many seats on a small table: two lines a seat, so that every seat stays in sight.
    compact = len(view.seats) > 5 and not wide
    room = width - 1 if compact else width  # with many seats the column may show a scrollbar
    text = Text()
    text.append("▶ " if active else "  ", ACCENT)
    text.append(panel.name, "bold")
    if panel.is_bot:
        text.append(" (computer)", "dim")
    elif not compact:
        text.append(" (human)", "dim")
    if panel.dealer:
        text.append(" ")
        text.append(" D ", "bold reverse")
        text.append(" dealer" if wide else "")
    parts = [Text(f"{panel.chips} chips", "bold")]
    if panel.round_bet:
        parts.append(Text(f"bet {panel.round_bet}"))
    if panel.in_pot and panel.status != "out" and not compact:
        parts.append(Text(f"in pot {panel.in_pot}", "dim"))
    status = STATUS_WORDS.get(panel.status)
    if status:
        parts.append(Text(status, STATUS_STYLE[panel.status]))
    elif panel.to_act and view.phase in ("betting", "swap"):
        parts.append(Text("TO ACT", ACCENT))
    if panel.hands_won and not compact and (wide or view.phase in ("hand_over", "over")):
        parts.append(Text(f"won {panel.hands_won} hand{'s' * (panel.hands_won != 1)}", "dim"))
    text.append("\n")
    text.append_text(wrap_parts(parts, room, indent="  "))
    if panel.shown is not None:
        cards = indexes_text(panel.shown, sep="")
        text.append("\n  ")
        text.append(f"shown {ordinal(panel.show_position or 0)}:", "bold")
        text.append(" " if 2 + 12 + cards.cell_len <= room else "\n    ")
        text.append_text(cards)
        text.append("\n    ")
        text.append(panel.shown_hand or "", ACCENT)
    return text
