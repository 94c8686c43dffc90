"""Plain text of what a Textual app shows right now (the same render as its screenshots).

Read back from the public `App.export_screenshot()`: Rich's SVG puts each run of text
in a `<text>` element clipped to its line, at x = column × character width, with
spaces as no-break spaces; runs of spaces alone are left out, so the columns come
from x and the gaps are filled with spaces.
"""

from __future__ import annotations

import html
import re

from rich.cells import cell_len
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


def screen_text(app: App) -> str:
    width, height = app.size
    return svg_text(app.export_screenshot(), width, height)
