"""Plain text of what a Textual app shows right now (the same render as its screenshots).

`screen_text` asks the public `App.export_screenshot()` for the text of its recording
instead of the SVG (tests/tui/test_screen_text.py holds the two equal). `svg_text` reads
a screenshot's SVG back: Rich puts each run of text in a `<text>` element clipped to its
line, at x = column × character width, with spaces as no-break spaces; runs of spaces
alone are left out, so the columns come from x and the gaps are filled with spaces.
"""

from __future__ import annotations

import html
import re
from unittest.mock import patch

from rich.cells import cell_len
from rich.console import Console
from textual.app import App

_LINE_CLIP = re.compile(r'<clipPath id="[^"]*-line-(\d+)">\s*<rect x="0" y="[^"]*" width="([^"]*)"')
_TEXT = re.compile(r'<text [^>]*?x="([^"]*)" y="[^"]*" textLength="[^"]*" clip-path="url\(#[^"]*-line-(\d+)\)">'
                   r"(.*?)</text>", re.S)


def svg_text(svg: str, width: int, height: int) -> str:
    """The screen's text, `height` lines of `width` cells, from a Rich terminal SVG."""
    assert 'class="rich-terminal"' in svg, "not a Rich terminal SVG"
    clip = _LINE_CLIP.search(svg)
    if clip is None:  # a frame with no lines at all (a screen caught between two): blank
        return "\n".join(" " * width for _ in range(height))
    char_width = float(clip.group(2)) / width
    runs: dict[int, list[tuple[int, str]]] = {}
    for x, line, content in _TEXT.findall(svg):
        content = content.replace("\n", "")  # each line's closing newline is a run of its own
        runs.setdefault(int(line), []).append((round(float(x) / char_width), html.unescape(content)))
    lines = []
    for y in range(height):
        text = ""
        for column, run in sorted(runs.get(y, [])):
            text += " " * max(0, column - cell_len(text)) + run.replace("\xa0", " ")
        lines.append(text + " " * max(0, width - cell_len(text)))
    return "\n".join(lines)


def _recorded_text(console: Console, **_: object) -> str:
    return console.export_text()


def screen_text(app: App) -> str:
    """The screen's text, `app.size` cells. `App.export_screenshot()` renders the screen into a
    recording Rich console and returns `export_svg()` of it; asked for `export_text()` of the
    same recording instead, it gives the very text `svg_text` reads back from the SVG (the same
    on every screen of whole games, compared), in a quarter of the time: tests read the screen
    at every step."""
    width, height = app.size
    with patch.object(Console, "export_svg", _recorded_text):
        text = app.export_screenshot()
    lines = text.split("\n")[:height]
    lines += [""] * (height - len(lines))
    return "\n".join(line + " " * max(0, width - cell_len(line)) for line in lines)


def screen_text_from_svg(app: App) -> str:
    """`screen_text` the long way, read back from the screenshot's SVG."""
    width, height = app.size
    return svg_text(app.export_screenshot(), width, height)
