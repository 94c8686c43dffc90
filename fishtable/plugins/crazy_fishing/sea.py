"""The sea: face-down fish drawn as overlapping tiles, later cards on top.

The widget paints a character grid once per change and serves lines from it,
so moving the cursor over a full sea stays cheap. Tiles are scaled by whole
numbers only, which keeps "which card overlaps which" exactly as the engine
laid it out.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

WATER = Style(color="#2b6a99", bgcolor="#0b2740")
BACK = Style(color="#cfe3f5", bgcolor="#1d4f7a")
BACK_COVERED = Style(color="#8fb0cc", bgcolor="#163d5e")
SELECTABLE = Style(color="#ffffff", bgcolor="#2a6f9e", bold=True)
CURSOR = Style(color="#101010", bgcolor="#ffd75e", bold=True)
MARKED = Style(color="#101010", bgcolor="#9be27a", bold=True)
PEEKED = Style(color="#fff6d0", bgcolor="#6b4a12", bold=True)
FLIPPED = Style(color="#101010", bgcolor="#f0a040", bold=True)


class SeaView(Widget):
    """Draws `SeaFish` records; keeps a cursor over the fish a player may choose."""

    DEFAULT_CSS = """
    SeaView { height: auto; }
    """

    cursor: reactive[int | None] = reactive(None, layout=False)

    class CursorMoved(Message):
        def __init__(self, label: int | None) -> None:
            super().__init__()
            self.label = label

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fish: list[Any] = []
        self.beside: list[Any] = []
        self.sea_size = (46, 11)
        self.card_size = (7, 3)
        self.selectable: set[int] = set()
        self.marked: list[int] = []
        self.peeks: dict[int, Any] = {}
        self.flipped: dict[int, Any] = {}  # fish turned over, face up until resolved
        self._sy = 1  # vertical scale, chosen from the room the layout offers
        self._grid: list[list[tuple[str, Style]]] = []
        self._grid_key: tuple[int, int] | None = None

    # -- data ----------------------------------------------------------------
    def show(
        self,
        view: Any,
        selectable: set[int] | None = None,
        peeks: dict[int, Any] | None = None,
        flipped: dict[int, Any] | None = None,
    ) -> None:
        self.fish = [f for f in view.sea if not f.beside]
        self.beside = [f for f in view.sea if f.beside]
        self.sea_size = (view.sea_width, view.sea_height)
        self.card_size = (view.card_width, view.card_height)
        self.selectable = set(selectable or ())
        self.peeks = dict(peeks or {})
        self.flipped = dict(flipped or {})
        self.marked = [m for m in self.marked if m in self.selectable]
        if self.cursor not in self.selectable:
            self.cursor = self.order()[0] if self.selectable else None
        self._invalidate()
        self.refresh(layout=True)

    def order(self) -> list[int]:
        """Selectable labels in reading order (top to bottom, left to right, beside last)."""
        placed = sorted(
            (f for f in self.fish if f.label in self.selectable), key=lambda f: (f.y, f.x, f.label)
        )
        return [f.label for f in placed] + [f.label for f in self.beside if f.label in self.selectable]

    def labels(self) -> set[int]:
        return {f.label for f in self.fish} | {f.label for f in self.beside}

    # -- cursor --------------------------------------------------------------
    def move(self, dx: int, dy: int) -> None:
        """Move to the nearest selectable fish in a direction."""
        order = self.order()
        if not order:
            return
        if self.cursor is None:
            self.cursor = order[0]
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
        self.cursor = best[1]

    def step(self, delta: int) -> None:
        order = self.order()
        if order:
            index = order.index(self.cursor) if self.cursor in order else -1
            self.cursor = order[(index + delta) % len(order)]

    def toggle_mark(self) -> None:
        if self.cursor is None:
            return
        if self.cursor in self.marked:
            self.marked.remove(self.cursor)
        else:
            self.marked.append(self.cursor)
        self._invalidate()

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._invalidate()
        self.post_message(self.CursorMoved(new))

    def fish_info(self, label: int | None) -> Any:
        for f in self.fish + self.beside:
            if f.label == label:
                return f
        return None

    # -- painting --------------------------------------------------------------
    def _invalidate(self) -> None:
        self._grid_key = None
        self.refresh()

    def _scale(self) -> tuple[int, int]:
        """Whole-number scales: doubled height on tall terminals, doubled width if it fits."""
        sx = 2 if self.size.width >= 2 * self.sea_size[0] else 1
        return sx, self._sy

    def _paint(self) -> None:
        width, height = self.size.width, self.size.height
        grid = [[(" ", WATER) for _ in range(width)] for _ in range(height)]
        sx, sy = self._scale()
        cw, ch = self.card_size[0] * sx, self.card_size[1] * sy
        sea_w, sea_h = self.sea_size[0] * sx, self.sea_size[1] * sy
        off_x = max(0, (width - sea_w) // 2)
        squeeze_x = sea_w > width  # terminal too narrow: squeeze positions, keep tiles
        for fish in self.fish:
            x = fish.x * sx
            if squeeze_x:
                x = round(fish.x * (width - cw) / max(1, self.sea_size[0] - self.card_size[0]))
            self._tile(grid, off_x + x, fish.y * sy, cw, ch, fish)
        if self.beside:
            row = min(height - ch, sea_h + 1) if height > ch else 0
            text = " beside the sea "
            for i, char in enumerate(text[: width]):
                grid[max(0, row - 1)][i] = (char, Style(color="#cfe3f5", bgcolor="#0b2740", italic=True))
            for n, fish in enumerate(self.beside):
                self._tile(grid, n * (cw + 1), row, cw, ch, fish)
        self._grid = grid
        self._grid_key = (width, height)

    def _tile(self, grid: list, x0: int, y0: int, cw: int, ch: int, fish: Any) -> None:
        label = fish.label
        peek = self.peeks.get(label)
        up = self.flipped.get(label)
        if up is not None:
            style = FLIPPED
        elif label == self.cursor:
            style = CURSOR
        elif label in self.marked:
            style = MARKED
        elif peek is not None:
            style = PEEKED
        elif label in self.selectable:
            style = SELECTABLE
        else:
            style = BACK_COVERED if fish.covered else BACK
        chosen = label in self.selectable
        h, v = ("═", "║") if chosen else ("─", "│")
        corners = "╔╗╚╝" if chosen else "┌┐└┘"
        inner = cw - 2
        title = f"{label}↑up" if up is not None else f"{label}"
        top = corners[0] + title.ljust(inner, h)[:inner] + corners[1]
        if label == self.cursor:
            top = "▶" + top[1:]
        mark = "✓" if label in self.marked else ""
        bottom = corners[2] + mark.center(inner, h)[:inner] + corners[3]
        middle = [v + " " * inner + v for _ in range(ch - 2)]
        shown = up if up is not None else peek
        if middle:
            face = f"={shown.value if shown.value is not None else '∞'}" if shown else fish.back
            if up is not None and len(middle) == 1:  # one row: size and as much name as fits
                face = f"{face} {up.name}"
            middle[(len(middle) - 1) // 2] = v + face.center(inner)[:inner] + v
            if shown is not None and len(middle) > 1:
                middle[-1] = v + shown.name[:inner].center(inner) + v
        rows = [top, *middle, bottom] if ch >= 2 else [top]
        for dy, text in enumerate(rows):
            y = y0 + dy
            if not 0 <= y < len(grid):
                continue
            row = grid[y]
            for dx, char in enumerate(text):
                x = x0 + dx
                if 0 <= x < len(row):
                    row[x] = (char, style)

    def render_line(self, y: int) -> Strip:
        if self._grid_key != (self.size.width, self.size.height):
            self._paint()
        if y >= len(self._grid):
            return Strip.blank(self.size.width, WATER)
        segments: list[Segment] = []
        run, run_style = "", None
        for char, style in self._grid[y]:
            if style is run_style:
                run += char
            else:
                if run:
                    segments.append(Segment(run, run_style))
                run, run_style = char, style
        if run:
            segments.append(Segment(run, run_style))
        return Strip(segments, self.size.width)

    # Rows under the sea in its column (fish info, catch order, turned-over fish) kept visible.
    ROOM_BELOW = 3

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        def height(sy: int) -> int:
            beside = (self.card_size[1] * sy + 1) if self.beside else 0
            return self.sea_size[1] * sy + beside

        # Double height only on tall terminals, and only if the lines below the sea still fit.
        tall = self.app.size.height >= 34 and height(2) + self.ROOM_BELOW <= container.height
        sy = 2 if tall else 1
        if sy != self._sy:
            self._sy = sy
            self._grid_key = None
        return height(sy)
