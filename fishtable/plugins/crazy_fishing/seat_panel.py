"""A seat at the table, as everyone sees it: name, kind, status, pile, hand and revealed cast.

The panel is laid out here, line by line, so that a line breaks only between
cards or words, never inside a card's name ("Sea" / "Bass (4)"), and no name
is cut short. With many seats on a short terminal the panels get denser, so
every seat's name and status stay in view: `rows` is how many lines this
panel may take (None: as many as it needs).
"""

from __future__ import annotations

from rich.text import Text

from fishtable.games.crazy_fishing.views import CardFace, RevealedCast, SeatPanel
from fishtable.plugins.crazy_fishing.faces import KIND_STYLE, kind_of

# During the cast a seat shows only ready / not ready (CF-CAST-2).
STATUS_WORDS = {
    "choosing": "not ready",
    "ready": "READY ✓",
    "fishing": "fishing",
    "done": "done",
    "collecting": "collecting",
}

INDENT = "  "

# One unbreakable piece of a line, and the separator that goes before it on the same line.
Atom = tuple[str, Text]


def _card(card: CardFace) -> Text:
    """A card in a few cells: value, '+', a star for specials; a fish by its whole name."""
    value = "∞" if card.value is None else str(card.value)
    style = KIND_STYLE[kind_of(card)]
    if card.type == "fish":
        return Text(f"{card.name} ({value})", style)
    star = "★" if card.special else ""
    return Text(f"{value}{'+' if card.plus else ''}{star}", style)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _words(text: str, style: str = "", sep: str = " ") -> list[Atom]:
    """Plain words: a line may break between any two of them."""
    return [(sep if n == 0 else " ", Text(word, style)) for n, word in enumerate(text.split())]


def wrap_parts(atoms: list[Atom], width: int | None, first: Text | str = INDENT, lines: int | None = None) -> Text:
    """Lay atoms out in lines of at most `width` cells, breaking only between atoms.

    The first line starts with `first`, later ones with the indent; a separator is
    dropped where the line breaks. With `lines`, atoms that would need more lines
    are left out whole, and "…" says so.
    """
    text = Text(first) if isinstance(first, str) else first.copy()
    line, count = text.cell_len, 1
    last = 0  # characters the last atom added (with its separator), to take it back for "…"
    fresh = True  # nothing on this line yet
    for sep, atom in atoms:
        gap = "" if fresh else sep
        if width is not None and not fresh and line + len(gap) + atom.cell_len > width:
            if lines is not None and count >= lines:
                more = Text(" …", "dim")
                if line + more.cell_len > width:  # no room for the mark: it replaces the last atom
                    text = text[: len(text) - last]
                text.append_text(more)
                return text
            text.append("\n" + INDENT)
            line, gap, count = len(INDENT), "", count + 1
        text.append(gap)
        text.append_text(atom)
        last = len(gap) + len(atom)
        line += len(gap) + atom.cell_len
        fresh = False
    return text


def _identity(panel: SeatPanel, compact: bool) -> list[Atom]:
    """Name, kind, place in the catch order, status; compact: the kind goes to the next line."""
    atoms: list[Atom] = [("", Text(panel.name, "bold"))]
    if not compact:
        atoms.append((" ", Text("(computer)" if panel.is_bot else "(human)", "dim")))
    if panel.catch_position:
        atoms.append((" ", Text(f"#{panel.catch_position}", "bold #ffd75e")))
    status = STATUS_WORDS.get(panel.status, panel.status)
    if status:
        atoms.append((" ", Text(status, "bold #9be27a" if panel.status == "ready" else "italic")))
    return atoms


def _pile(panel: SeatPanel) -> list[Atom]:
    atoms: list[Atom] = [("", Text(f"pile {panel.pile_size}"))]
    if panel.pile_top is not None:
        atoms.append((" ", Text("top")))
        atoms.append((" ", _card(panel.pile_top)))
    return atoms


def _hand(panel: SeatPanel, detail: bool) -> list[Atom]:
    atoms: list[Atom] = [("", Text(f"hand {panel.hand_size}"))]
    if detail:
        atoms.append((" ", Text(f"({_plural(panel.hand_rods, 'rod')}, {_plural(panel.hand_baits, 'bait')})", "dim")))
    return atoms


def _cast_cards(cast: RevealedCast) -> list[Atom]:
    atoms: list[Atom] = []
    if cast.rods:
        atoms.append(("", Text("rod")))
        atoms += [(" ", _card(card)) for card in cast.rods]
    if cast.baits:
        atoms.append(("  ", Text("bait")))
        atoms += [(" ", _card(card)) for card in cast.baits]
    if cast.fish_bait is not None:
        atoms.append(("  ", Text("fish")))
        atoms.append((" ", _card(cast.fish_bait)))
    return atoms


def _cast_total(cast: RevealedCast) -> list[Atom]:
    """The totals as one piece ("= speed 5, bait 4"), then the blank mark as another."""
    bait = "∞" if cast.bait is None else str(cast.bait)
    atoms: list[Atom] = [("", Text(f"= speed {cast.speed}, bait {bait}", "bold"))]
    if cast.blank:
        atoms.append((" ", Text("(blank: no catch)", "italic")))
    return atoms


def _join(*groups: list[Atom], sep: str = " · ") -> list[Atom]:
    atoms: list[Atom] = []
    for group in groups:
        if not group:
            continue
        first_sep, first = group[0]
        atoms.append((sep if atoms else first_sep, first))
        atoms.extend(group[1:])
    return atoms


def density(rows: int | None) -> str:
    """'full' with room to spare; 'compact' with up to four lines a seat: the name and
    status, then the cast (its cards if there are four lines), the pile and the hand in
    as many lines as are left."""
    return "full" if rows is None or rows >= 5 else "compact"


def seat_text(panel: SeatPanel, active: bool, wide: bool, width: int | None = None, rows: int | None = None) -> Text:
    """`wide` is the shell's wide-table flag (unused: the width says it all)."""
    full = density(rows) == "full"
    marker = Text("▶ " if active else "  ", "bold #ffd75e")
    text = wrap_parts(_identity(panel, not full), width, first=marker)
    cast = panel.cast
    if full:
        lines = [_join(_pile(panel), _hand(panel, True))]
        if cast is not None:
            lines.append(_join(_cast_cards(cast), _cast_total(cast), sep="  "))
        lines += [_words("✦ " + effect, "italic #f0c0ff") for effect in panel.effects]
        for atoms in lines:
            text.append("\n")
            text.append_text(wrap_parts(atoms, width))
        return text
    kind = [("", Text("(computer)", "dim"))] if panel.is_bot and rows and rows >= 3 else []
    head = text.plain.count("\n") + 1  # a long name may take two lines
    totals = _cast_total(cast) if cast is not None else []
    if cast is not None and totals and rows and rows >= 4:  # room for the cards: "rod 5  bait 4 = speed 5, bait 4"
        totals = _join(_cast_cards(cast), totals, sep="  ")
    elif totals:  # "speed 5, bait 4": the "=" needs the cards before it
        totals[0] = ("", totals[0][1][2:])
    effects = [_words("✦ " + effect, "italic #f0c0ff") for effect in panel.effects]
    # Most wanted first: what a "…" leaves out is the least needed.
    body = _join(totals, _pile(panel), _hand(panel, cast is None and rows is not None and rows >= 4), *effects, kind)
    text.append("\n")
    text.append_text(wrap_parts(body, width, lines=max(1, (rows or 2) - head)))
    return text
