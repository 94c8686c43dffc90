"""A renderable drawn for the width it is given: wide tables take another shape on a narrow screen."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.cache import LRUCache
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static


class FitWidth:
    """Renders `make(width)`; Textual re-renders it on a resize, so it always fits."""

    def __init__(self, make: Callable[[int], RenderableType]) -> None:
        self.make = make

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.make(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.make(options.max_width))


def natural_width(renderable: RenderableType, console: Console) -> int:
    """The width `renderable` takes when nothing squeezes it (a table with no cell wrapped)."""
    return Measurement.get(console, console.options.update_width(10_000), renderable).maximum


def beside_or_below(text: Text, more: Text, width: int) -> Text:
    """`more` after `text`, past a bar, when both fit in `width` cells; else on a line of its own
    (rather than being cut off). Returns `text`, with `more` appended."""
    fits = text.cell_len + 5 + more.cell_len <= width
    text.append("  │  " if fits else "\n ")
    text.append_text(more)
    return text


def update_text(widget: Static, content: VisualType) -> None:
    """`widget.update(content)` when the content changed, laying the screen out again only when
    the widget's size may change: a new height, or a width its words decide (`width: auto`).
    Tables, panels and logs are redrawn at every step of a game and a cursor's line at every
    key; they mostly keep their size, and a layout pass of the whole screen costs more than
    redrawing them."""
    if widget.content == content:
        return
    size = widget.content_size
    width = widget.styles.width
    if size.width <= 0 or (width is not None and width.is_auto):
        widget.update(content)  # not laid out yet, or as wide as its words: the layout decides
        return
    if size.height == 1 and isinstance(content, Text) and fits_one_line(content, size.width):
        widget.update(content, layout=False)  # a line that fits stays one line: nothing to measure
        return
    widget.update(content, layout=False)  # clears the widget's measured height
    if widget.get_content_height(size, size, size.width) != size.height:
        widget.refresh(layout=True)


def fits_one_line(text: Text, width: int) -> bool:
    """Is `text` one line of at most `width` cells (so wrapping it, the costly part, would say so)?"""
    plain = text.plain
    return "\n" not in plain and "\t" not in plain and text.cell_len <= width


class KeptLine(Widget):
    """A line of text that takes a few values again and again (the fish under a moving cursor):
    drawn as a Static draws it (Textual's own rendering of the Text), and each value's lines are
    kept, so a value shown again is not laid out again."""

    DEFAULT_CSS = """
    KeptLine { height: auto; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Text()
        self._kept: LRUCache[tuple[object, ...], list[Strip]] = LRUCache(64)

    def show(self, text: Text) -> None:
        """Show `text` (nothing to do if it is the text shown)."""
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> Text:
        return self.text

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # a selection is drawn on the lines: Textual's path
            return super().render_line(y)
        text, (width, height), style = self.text, self.size, self.visual_style
        key = (text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap,
               text.end, width, height, style)
        strips = self._kept.get(key)
        if strips is None:
            strips = Visual.to_strips(self, visualize(self, text), width, height, style)
            self._kept[key] = strips
        return strips[y] if y < len(strips) else Strip.blank(width, style.rich_style)
