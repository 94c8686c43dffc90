"""A renderable drawn for the width it is given: wide tables take another shape on a narrow screen."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement


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
