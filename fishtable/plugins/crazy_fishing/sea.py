"""The sea: face-down fish drawn as overlapping tiles, later cards on top.

The widget paints a character grid once per change and serves lines from it,
so moving the cursor over a full sea stays cheap. Tiles are scaled by whole
numbers only, which keeps "which card overlaps which" exactly as the engine
laid it out.

What the borders say (the board prints the legend, `legend()`): a double
border can be chosen now, a dashed one is covered by another card, a single
one lies on top; "↑up" marks a fish turned face up, "=5" one the player looked
at. A fish's number is printed whole or not at all: a number half hidden under
another card would read as a different fish.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView, SeaFish

WATER = Style(color="#2b6a99", bgcolor="#0b2740")
BACK = Style(color="#cfe3f5", bgcolor="#1d4f7a")
BACK_COVERED = Style(color="#8fb0cc", bgcolor="#163d5e")
SELECTABLE = Style(color="#ffffff", bgcolor="#2a6f9e", bold=True)
CURSOR = Style(color="#101010", bgcolor="#ffd75e", bold=True)
MARKED = Style(color="#101010", bgcolor="#9be27a", bold=True)
PEEKED = Style(color="#fff6d0", bgcolor="#6b4a12", bold=True)
FLIPPED = Style(color="#101010", bgcolor="#f0a040", bold=True)
CAPTION = Style(color="#cfe3f5", bgcolor="#0b2740", italic=True)

# Border characters: horizontal, vertical, the four corners.
CHOSEN_BORDER = ("═", "║", "╔╗╚╝")
COVERED_BORDER = ("╌", "╎", "┌┐└┘")
PLAIN_BORDER = ("─", "│", "┌┐└┘")

Cell = tuple[str, Style]
Grid = list[list[Cell]]  # rows of cells
Owners = list[list[int | None]]  # the fish label each cell belongs to, by row


def _whole_name(name: str, width: int) -> str:
    """A fish's name for a tile: whole, or nothing (the "Turned over" line and the fish's info
    line name it in full). A cut name ("Sa" for Salmon) could read as another fish."""
    if len(name) <= width:
        return name
    return ""


class SeaView(Widget):
    """Draws `SeaFish` records; keeps a cursor over the fish a player may point at."""

    DEFAULT_CSS = """
    SeaView { height: auto; }
    """

    cursor: reactive[int | None] = reactive(None, repaint=False)  # watch_cursor redraws the two tiles

    @dataclass
    class CursorMoved(Message):
        """The cursor is on the fish with this sea label now (None: on none)."""

        label: int | None

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.fish: list[SeaFish] = []
        self.beside: list[SeaFish] = []
        self.sea_size = (46, 11)
        self.card_size = (7, 3)
        self.selectable: set[int] = set()  # fish that can be chosen now (double border)
        self.reachable: set[int] = set()  # fish the cursor may visit (the Finder: any fish)
        self.marked: list[int] = []
        self.peeks: dict[int, CardFace] = {}
        self.flipped: dict[int, CardFace] = {}  # fish turned over, face up until resolved
        self._sy = 1  # vertical scale, chosen from the room the layout offers
        self._strip = False  # fish beside the sea drawn on one row (short terminals)
        self._grid: Grid = []
        self._strips: dict[int, Strip] = {}  # each row's strip, kept while the row stays the same
        # Each row as served with the cursor on a fish, kept until the sea changes otherwise (a
        # cursor that comes back to a fish is served these rows, without painting the grid again);
        # the tiles the grid has not been painted again for since (painted with the next miss).
        self._rows_at: dict[tuple[int | None, int], Strip] = {}
        self._stale: list[Region] = []
        # Each tile's number and clue: (label, their cells, the fill that hides them).
        self._words: list[tuple[int, list[tuple[int, int]], str]] = []
        self._grid_key: tuple[int, int] | None = None
        self._owner: list[list[int | None]] = []  # the fish each cell of the grid shows (None: water)
        # Tiles to paint again before the next line is served (a cursor that moved); while painting,
        # the rectangles the paint is kept to (None: the whole sea).
        self._dirty: list[Region] = []
        self._clip: list[Region] | None = None
        self._spans: dict[int, list[tuple[int, int]]] = {}  # while clipped: each row's columns to paint
        self._boxes: dict[int, Region] = {}  # each fish's tile as last painted (beside the sea: not in a strip)
        self._moves: dict[tuple[int, int, int], int] = {}  # (from, dx, dy): the fish found, until the next show

    # -- data ----------------------------------------------------------------
    def show(
        self,
        view: CrazyFishingView,
        selectable: set[int] | None = None,
        peeks: dict[int, CardFace] | None = None,
        flipped: dict[int, CardFace] | None = None,
        reachable: set[int] | None = None,
    ) -> None:
        self.fish = [f for f in view.sea if not f.beside]
        self.beside = [f for f in view.sea if f.beside]
        self.sea_size = (view.sea_width, view.sea_height)
        self.card_size = (view.card_width, view.card_height)
        self.selectable = set(selectable or ())
        self.reachable = self.selectable | set(reachable or ())
        self.peeks = dict(peeks or {})
        self.flipped = dict(flipped or {})
        self.marked = [m for m in self.marked if m in self.reachable]
        self._moves = {}
        if self.cursor not in self.reachable:
            self.cursor = self.order()[0] if self.reachable else None
        self._invalidate()
        self.refresh(layout=True)

    def order(self) -> list[int]:
        """Reachable labels in reading order (top to bottom, left to right, beside last);
        fish that can be chosen come first, so the cursor starts on one."""
        placed = sorted(
            (f for f in self.fish if f.label in self.reachable), key=lambda f: (f.y, f.x, f.label)
        )
        labels = [f.label for f in placed] + [f.label for f in self.beside if f.label in self.reachable]
        if self.cursor is None or self.cursor not in self.reachable:
            chosen = [n for n in labels if n in self.selectable]
            return chosen + [n for n in labels if n not in self.selectable]
        return labels

    def labels(self) -> set[int]:
        return {f.label for f in self.fish} | {f.label for f in self.beside}

    # -- cursor --------------------------------------------------------------
    def _go(self, label: int | None, tell: bool) -> None:
        """The cursor to `label`. Not `tell`: no CursorMoved (the caller shows the fish itself)."""
        if tell:
            self.cursor = label
        elif label != self.cursor:
            old = self.cursor
            self.set_reactive(SeaView.cursor, label)
            self._invalidate_tiles(old, label)

    def move(self, dx: int, dy: int, tell: bool = True) -> None:
        """Move to the nearest reachable fish in a direction."""
        order = self.order()
        if not order:
            return
        if self.cursor is None:
            self._go(order[0], tell)
            return
        found = self._moves.get((self.cursor, dx, dy))
        if found is not None:  # the same sea, the same fish and direction: the same fish found
            self._go(found, tell)
            return
        where = {f.label: (f.x, f.y) for f in self.fish}
        for n, f in enumerate(self.beside):  # beside fish sit in a row below the sea
            where[f.label] = (n * (self.card_size[0] + 1), self.sea_size[1] + self.card_size[1])
        cx, cy = where.get(self.cursor, (0, 0))
        best: tuple[float, int] | None = None
        for label in order:
            if label == self.cursor:
                continue
            x, y = where[label]
            ddx, ddy = x - cx, y - cy
            along = ddx * dx + ddy * dy
            if along <= 0:
                continue
            across = abs(ddy) if dx else abs(ddx)
            score = along + across * 2.5
            if best is None or score < best[0]:
                best = (score, label)
        if best is None:  # wrap around in reading order
            step = 1 if (dx > 0 or dy > 0) else -1
            best = (0, order[(order.index(self.cursor) + step) % len(order)])
        self._moves[(self.cursor, dx, dy)] = best[1]
        self._go(best[1], tell)

    def step(self, delta: int, tell: bool = True) -> None:
        order = self.order()
        if order:
            index = order.index(self.cursor) if self.cursor in order else -1
            self._go(order[(index + delta) % len(order)], tell)

    def toggle_mark(self, most: int = 2) -> None:
        """Mark or unmark the cursor's fish; a mark beyond `most` drops the oldest one."""
        if self.cursor is None:
            return
        if self.cursor in self.marked:
            self.marked.remove(self.cursor)
        else:
            self.marked = [*self.marked, self.cursor][-most:]
        self._invalidate()

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._invalidate_tiles(old, new)
        self.post_message(self.CursorMoved(new))

    def fish_info(self, label: int | None) -> SeaFish | None:
        for f in self.fish + self.beside:
            if f.label == label:
                return f
        return None

    def legend(self, width: int) -> Text:
        """One line saying what the marks on the sea mean: only those on show, as many as fit."""
        entries: list[tuple[str, str]] = []
        if self.selectable:
            entries.append(("╔═╗", "can be chosen"))
        if any(f.covered for f in self.fish):
            entries.append(("┌╌┐", "covered"))
        if self.peeks:
            entries.append(("=5", "looked at"))
        text = Text()
        for mark, words in entries:
            part = Text.assemble((mark, "bold"), " " + words)
            gap = 2 if text else 0
            if text.cell_len + gap + part.cell_len > width:
                break
            text.append(" " * gap)
            text.append_text(part)
        return text

    # -- painting --------------------------------------------------------------
    def _invalidate(self) -> None:
        self._grid_key = None
        self._dirty = []
        self._rows_at = {}
        self._stale = []
        self.refresh()

    def _invalidate_tiles(self, *labels: int | None) -> None:
        """Only these fish's tiles look different now (the cursor left one and reached another):
        only their rectangles are painted again, and drawn again on the screen (the cards over
        them and the words they hide do not change). A fish beside the sea in its one-line strip,
        or not drawn yet, redraws the whole sea."""
        boxes = [self._boxes.get(label) for label in labels if label is not None]
        if not boxes or None in boxes:
            self._invalidate()
        else:
            known = [box for box in boxes if box is not None]
            self._dirty.extend(known)
            self.refresh(*known)

    def _scale(self) -> tuple[int, int]:
        """Whole-number scales: doubled height on tall terminals, doubled width if it fits."""
        sx = 2 if self.size.width >= 2 * self.sea_size[0] else 1
        return sx, self._sy

    def _paint(self, clip: list[Region] | None = None) -> None:
        """Paint the sea's grid; with `clip`, only those rectangles of the grid painted last, with
        every tile over them in the same order (the rest of the grid stays as it was)."""
        width, height = self.size.width, self.size.height
        if clip is None:
            grid: Grid = [[(" ", WATER) for _ in range(width)] for _ in range(height)]
            owner: Owners = [[None] * width for _ in range(height)]
            self._boxes = {}
        else:
            grid, owner = self._grid, self._owner
            for box in clip:
                for y in range(max(0, box.y), min(height, box.bottom)):
                    cells, owned = grid[y], owner[y]
                    for x in range(max(0, box.x), min(width, box.right)):
                        cells[x] = (" ", WATER)
                        owned[x] = None
            self._spans = {}
            for box in clip:
                for y in range(box.y, box.bottom):
                    self._spans.setdefault(y, []).append((max(0, box.x), min(width, box.right)))
        self._clip = clip
        sx, sy = self._scale()
        cw, ch = self.card_size[0] * sx, self.card_size[1] * sy
        sea_w, sea_h = self.sea_size[0] * sx, self.sea_size[1] * sy
        off_x = max(0, (width - sea_w) // 2)
        squeeze_x = sea_w > width  # terminal too narrow: squeeze positions, keep tiles
        origins: dict[int, tuple[int, int]] = {}
        self._words = []
        for fish in self.fish:
            x = fish.x * sx
            if squeeze_x:
                x = round(fish.x * (width - cw) / max(1, self.sea_size[0] - self.card_size[0]))
            origins[fish.label] = (off_x + x, fish.y * sy)
            box = self._boxes[fish.label] = Region(off_x + x, fish.y * sy, cw, ch)
            if clip is None or any(box.overlaps(c) for c in clip):
                self._tile(grid, owner, off_x + x, fish.y * sy, cw, ch, fish)
        self._whole_words(grid, owner)
        cursor = self.fish_info(self.cursor)
        if cursor is not None and cursor.covered:
            x0, y0 = origins[cursor.label]
            self._outline(grid, x0, y0, cw, ch, cursor.label)
        if self.beside:
            if self._strip:
                self._beside_strip(grid, min(height - 1, sea_h))
            else:
                row = min(height - ch, sea_h + 1) if height > ch else 0
                self._caption(grid, max(0, row - 1), " beside the sea ")
                for n, fish in enumerate(self.beside):
                    box = self._boxes[fish.label] = Region(n * (cw + 1), row, cw, ch)
                    if clip is None or any(box.overlaps(c) for c in clip):
                        self._tile(grid, owner, n * (cw + 1), row, cw, ch, fish)
        self._clip = None
        if clip is not None:  # the rows painted again are served anew
            rows = {y for box in clip for y in range(box.y, box.bottom)}
            self._strips = {y: strip for y, strip in self._strips.items() if y not in rows}
            return
        self._rows_at = {}
        self._stale = []
        old = self._grid if self._grid_key == (width, height) else []
        self._strips = {y: strip for y, strip in self._strips.items() if y < len(old) and old[y] == grid[y]}
        self._grid = grid
        self._owner = owner
        self._grid_key = (width, height)
        self._dirty = []

    def _style(self, fish: SeaFish) -> Style:
        label = fish.label
        if label in self.flipped:
            return FLIPPED
        if label == self.cursor:
            return CURSOR
        if label in self.marked:
            return MARKED
        if label in self.peeks:
            return PEEKED
        if label in self.selectable:
            return SELECTABLE
        return BACK_COVERED if fish.covered else BACK

    def _border(self, fish: SeaFish) -> tuple[str, str, str]:
        if fish.label in self.selectable:
            return CHOSEN_BORDER
        return COVERED_BORDER if fish.covered else PLAIN_BORDER

    def _title(self, fish: SeaFish) -> str:
        return f"{fish.label}↑up" if fish.label in self.flipped else str(fish.label)

    def _tile(self, grid: Grid, owner: Owners, x0: int, y0: int, cw: int, ch: int, fish: SeaFish) -> None:
        label = fish.label
        style = self._style(fish)
        h, v, corners = self._border(fish)
        inner = cw - 2
        up = self.flipped.get(label)
        top = corners[0] + self._title(fish).ljust(inner, h)[:inner] + corners[1]
        if label == self.cursor:
            top = "▶" + top[1:]
        mark = "✓" if label in self.marked else ""
        bottom = corners[2] + mark.center(inner, h)[:inner] + corners[3]
        middle = [v + " " * inner + v for _ in range(ch - 2)]
        shown = up if up is not None else self.peeks.get(label)
        if middle:
            face = f"={shown.value if shown.value is not None else '∞'}" if shown else fish.back
            name = _whole_name(shown.name, inner) if shown is not None else ""
            if name and len(middle) == 1 and len(face) + 1 + len(name) <= inner:  # one row: both if whole
                face = f"{face} {name}"
            middle[(len(middle) - 1) // 2] = v + face.center(inner)[:inner] + v
            if name and len(middle) > 1:
                middle[-1] = v + name.center(inner) + v
        rows = [top, *middle, bottom] if ch >= 2 else [top]
        for dy, text in enumerate(rows):
            self._put(grid, owner, x0, y0 + dy, text, style, label)
        self._word(grid, label, x0 + 1, y0, self._title(fish)[:inner], h)
        if middle:
            row = middle[(len(middle) - 1) // 2][1:-1]
            word = row.strip()
            if word:
                self._word(grid, label, x0 + 1 + row.index(word), y0 + 1 + (len(middle) - 1) // 2, word, " ")

    def _word(self, grid: Grid, label: int, x0: int, y: int, word: str, fill: str) -> None:
        if 0 <= y < len(grid):
            cells = [(x0 + i, y) for i in range(len(word)) if 0 <= x0 + i < len(grid[y])]
            self._words.append((label, cells, fill))

    def _put(self, grid: Grid, owner: Owners | None, x0: int, y: int, text: str, style: Style,
             label: int | None) -> None:
        if not 0 <= y < len(grid):
            return
        row = grid[y]
        # The columns this row may be painted in: the whole row, or the clip's boxes on it.
        spans = [(0, len(row))] if self._clip is None else self._spans.get(y, ())
        for start, end in spans:
            for x in range(max(start, x0), min(end, x0 + len(text))):
                row[x] = (text[x - x0], style)
                if owner is not None:
                    owner[y][x] = label

    def _whole_words(self, grid: Grid, owner: Owners) -> None:
        """A number or clue partly under another card is hidden entirely: the "1" of a
        covered "12", or the "7" of a covered "5-7", would read as something else."""
        for label, cells, fill in self._words:
            mine = [(x, y) for x, y in cells if owner[y][x] == label]
            if mine and len(mine) < len(cells):
                for x, y in mine:
                    grid[y][x] = (fill, grid[y][x][1])

    def _outline(self, grid: Grid, x0: int, y0: int, cw: int, ch: int, label: int) -> None:
        """The cursor's fish outlined over whatever covers it, number included (backs only)."""
        inner = cw - 2
        title = str(label)
        top = "▶" + title.ljust(inner, "━")[:inner] + "┓"
        self._put(grid, None, x0, y0, top, CURSOR, None)
        for dy in range(1, ch - 1):
            self._put(grid, None, x0, y0 + dy, "┃", CURSOR, None)
            self._put(grid, None, x0 + cw - 1, y0 + dy, "┃", CURSOR, None)
        if ch >= 2:
            self._put(grid, None, x0, y0 + ch - 1, "┗" + "━" * inner + "┛", CURSOR, None)

    def _caption(self, grid: Grid, row: int, text: str) -> None:
        if 0 <= row < len(grid):
            self._put(grid, None, 0, row, text[: len(grid[row])], CAPTION, None)

    def _beside_strip(self, grid: Grid, row: int) -> None:
        """Fish beside the sea on one row, for short terminals: "beside: ╔7 8-10╗ ┌12 3-5┐"."""
        if not 0 <= row < len(grid):
            return
        x = len(" beside the sea: ")
        self._caption(grid, row, " beside the sea: ")
        for fish in self.beside:
            corners = self._border(fish)[2]
            shown = self.flipped.get(fish.label) or self.peeks.get(fish.label)
            face = f"={shown.value if shown.value is not None else '∞'}" if shown else fish.back
            text = f"{corners[0]}{self._title(fish)} {face}{corners[1]}"
            if fish.label == self.cursor:
                text = "▶" + text[1:]
            self._put(grid, None, x, row, text, self._style(fish), None)
            x += len(text) + 1

    def render_line(self, y: int) -> Strip:
        if self._grid_key != (self.size.width, self.size.height):
            self._paint()
        elif self._dirty:
            dirty, self._dirty = self._dirty, []
            self._repaint(dirty)
        if y >= len(self._grid):
            return Strip.blank(self.size.width, WATER)
        strip = self._strips.get(y)
        if strip is not None:  # a cursor that moves changes a few rows of the sea, not all of them
            return strip
        # One segment for each run of cells of the same style.
        row = self._grid[y]
        chars = [char for char, _ in row]
        segments: list[Segment] = []
        start, run_style = 0, row[0][1] if row else None
        for x, (_, style) in enumerate(row):
            if style is not run_style:
                segments.append(Segment("".join(chars[start:x]), run_style))
                start, run_style = x, style
        if row:
            segments.append(Segment("".join(chars[start:]), run_style))
        strip = self._strips[y] = self._rows_at[(self.cursor, y)] = Strip(segments, self.size.width)
        return strip

    def _repaint(self, dirty: list[Region]) -> None:
        """The tiles in `dirty` look different (the cursor moved): their rows as served before
        with the cursor where it is now, if every one of them was; else painted again, with the
        tiles the grid still lags behind in. A row's look depends only on where the cursor is
        while nothing else in the sea changes (anything else paints the whole sea anew)."""
        rows = {y for box in dirty for y in range(max(0, box.y), min(len(self._grid), box.bottom))}
        kept = [self._rows_at.get((self.cursor, y)) for y in rows]
        if all(strip is not None for strip in kept):
            self._strips.update((y, strip) for y, strip in zip(rows, kept, strict=True) if strip is not None)
            self._stale.extend(dirty)  # the grid still shows these tiles as they were
            return
        dirty, self._stale = dirty + self._stale, []
        self._paint(dirty)

    # Rows under the sea in its column (legend, fish info, turned-over fish) kept visible.
    ROOM_BELOW = 3

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        def height(sy: int, strip: bool) -> int:
            if not self.beside:
                return self.sea_size[1] * sy
            beside = 1 if strip else self.card_size[1] * sy + 1
            return self.sea_size[1] * sy + beside

        # Double height only on tall terminals, and only if the lines below the sea still fit;
        # fish beside the sea get a row of tiles if there is room, else a one-line strip.
        room = container.height - self.ROOM_BELOW
        tall = self.app.size.height >= 34 and height(2, False) <= room
        sy = 2 if tall else 1
        strip = height(sy, False) > room
        if (sy, strip) != (self._sy, self._strip):
            self._sy, self._strip = sy, strip
            self._grid_key = None
        return height(sy, strip)
