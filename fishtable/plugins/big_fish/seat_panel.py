"""A seat at the table, as everyone sees it: Fishing Spot, wild cards, Ice Box, hand size.

Every fish shows its size mark and its points at that size ("[B5]"); wild
cards their colour and step in words; nothing relies on colour alone. Five
seats share the side column, so a panel runs its fish together on wrapping
lines rather than one a line; where every seat's panel must fit a short side
column (`compact_text`), a Fishing Spot is summed up by its size marks.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from fishtable.games.big_fish.views import SeatPanel, StepView
from fishtable.plugins.big_fish.faces import fish_text, size_mark, wild_text

STATUS = {"choosing": "choosing in secret…", "playing": "playing"}


def _fit(plain: str, start: int, room: int) -> int:
    """Where a line starting at `start` ends to fit `room` cells: after a word if it can."""
    if cell_len(plain[start:]) <= room:
        return len(plain)
    end = start + 1
    while end < len(plain) and cell_len(plain[start:end + 1]) <= room:
        end += 1
    # Break at a space after the first word (never inside the line's own indentation).
    words_from = len(plain) - len(plain[start:].lstrip(" "))
    space = plain.rfind(" ", words_from + 1, end + 1)
    return space if space > words_from else end


def hanging(text: Text, width: int) -> Text:
    """Wrap each line to `width`, going on under its own indentation plus two, so that a
    long Fishing Spot still reads as part of its seat."""
    out = Text()
    for n, line in enumerate(text.split("\n")):
        if n:
            out.append("\n")
        plain = line.plain
        indent = len(plain) - len(plain.lstrip(" "))
        pos, room, first = 0, width, True
        while pos < len(plain):
            end = _fit(plain, pos, room)
            if not first:
                out.append("\n" + " " * (indent + 2))
            piece = line[pos:end]
            piece.rstrip()
            out.append_text(piece)
            pos = end
            while pos < len(plain) and plain[pos] == " ":
                pos += 1
            room, first = max(8, width - indent - 2), False
    return out


def name_line(panel: SeatPanel, active: bool, bot: str, first: str) -> Text:
    """The seat's first line: the active mark, its name, `bot` for a computer, `first` for the
    First Player."""
    text = Text()
    text.append("▶ " if active else "  ", "bold #ffd75e")
    text.append(panel.name, "bold")
    if panel.is_bot:
        text.append(f" {bot}", "dim")
    if panel.first_player:
        text.append(f" {first}", "bold #ffd75e")
    return text


def status_words(panel: SeatPanel, step: StepView | None, words: dict[str, str]) -> str:
    """What the seat is doing: the step of its turn in progress, else its status in `words`."""
    if panel.status == "playing" and step is not None:
        return f"turn: {step.step.capitalize()}"
    return words.get(panel.status, "")


def seat_text(panel: SeatPanel, active: bool, step: StepView | None = None, hard: bool = False) -> Text:
    """One seat's panel; `step` is the step in progress when it is this seat's turn."""
    text = name_line(panel, active, "(computer)", "★First")
    status = status_words(panel, step, STATUS)
    if status:
        text.append(f" · {status}", "italic")
    text.append(f"\n  hand {panel.hand_size} · score {panel.ice_points + panel.spot_points} · ")
    text.append_text(ice_text(panel, hard=hard))
    text.append("\n  ")
    text.append_text(spot_line(panel))
    if panel.wilds:
        text.append("\n  ")
        for n, wild in enumerate(panel.wilds):
            text.append(" ✦ " if n else "✦ ")
            text.append_text(wild_text(wild))
    return text


def spot_line(panel: SeatPanel) -> Text:
    """The Fishing Spot: "Spot (1 Big): [B5] Bastard Trumpeter · [J1] Abalone"."""
    text = Text(f"Spot ({panel.big_fish} Big):", "bold")
    if not panel.spot:
        text.append(" no fish", "dim")
    for n, fish in enumerate(panel.spot):
        text.append(" · " if n else " ")
        text.append_text(fish_text(fish, grown=panel.active and fish.grown_this_turn))
    return text


def ice_text(panel: SeatPanel, hard: bool = False) -> Text:
    """The Ice Box by size marks, "Ice 6: [B5] [J1]"; in hard mode bag-limited fish are named too."""
    text = Text(f"Ice {panel.ice_points}:", "bold")
    if not panel.ice:
        text.append(" empty", "dim")
    for fish in panel.ice:
        text.append(" ")
        text.append_text(size_mark(fish.size, fish.points))
        if hard and fish.card.bag:
            text.append(f" {fish.card.name} (bag)")
    return text


def spot_groups(panel: SeatPanel) -> list[tuple[tuple[int, int, bool], int]]:
    """The Fishing Spot's fish by mark, in the order first laid, with how many share it:
    a long spot ("[L0][L0][L0]") sums up as "[L0]×3" and stays on one line."""
    counts: dict[tuple[int, int, bool], int] = {}
    for fish in panel.spot:
        key = (fish.size, fish.points, panel.active and fish.grown_this_turn)
        counts[key] = counts.get(key, 0) + 1
    return list(counts.items())


def compact_text(panel: SeatPanel, active: bool, step: StepView | None = None, *, width: int = 27) -> Text:
    """A seat in three lines, so that five seats fit a 100×30 side column
    and three an 80×24 one: name and score; the Fishing Spot by size marks ("Spot [B3][J1]":
    the names are on the seat's own screens and in the log); hand, Ice Box and the wild cards
    counted ("[L0]×3": three fish of that mark). The status ("turn: Draw", "choosing…") goes
    where it fits in `width` cells, on a line of its own only if neither line has room."""
    head = name_line(panel, active, "(cpu)", "★")
    head.append(f" {panel.ice_points + panel.spot_points} pts", "bold")
    spot = Text("  ")
    spot.append("Spot", "bold")
    spot.append(" ")
    if not panel.spot:
        spot.append("no fish", "dim")
    for (size, points, grown), count in spot_groups(panel):
        spot.append_text(size_mark(size, points))
        if grown:
            spot.append("↑", "italic")
        if count > 1:
            spot.append(f"×{count}")
    held = Text(f"  hand {panel.hand_size} · Ice {panel.ice_points}")
    if panel.wilds:
        held.append(f" · ✦{len(panel.wilds)}")
    status = status_words(panel, step, {"choosing": "choosing…"})
    lines = [head, spot, held]
    if status:
        words = Text(f" · {status}", "italic")
        fits = [line for line in (head, held) if line.cell_len + words.cell_len <= width]
        if fits:
            fits[0].append_text(words)
        else:
            lines.insert(1, Text.assemble("  ", (status, "italic")))
    return Text("\n").join(lines)
