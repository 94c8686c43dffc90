"""`?` in a game: the game's quick-reference card, or the full rule of the tip on screen.

The card is data (`assets/<folder>/quickref.md`, the folder the plug-in names in
`GameUI.assets`): the turn in five lines, the scoring, the special cards in a line
each, made to fit 80×24 without scrolling. It shows no card of anyone's, so it may
open over a pass screen too. Closing it shows the screen below again to the same
seat, which drops nothing (`FishScreen.on_screen_resume`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown, Static

from fishtable.engine.assets import asset_path
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.rules import rules_text
from fishtable.tui.tips import Tip
from fishtable.tui.widgets.footer import KeysFooter

QUICKREF_FILE = "quickref.md"


def quickref_text(folder: str | None) -> str | None:
    """The quick-reference card of the game whose data is in `assets/<folder>/`, if it has one."""
    if folder is None:
        return None
    try:
        return asset_path(folder, QUICKREF_FILE).read_text(encoding="utf-8")
    except OSError:
        return None


def card_lines(source: str) -> Text:
    """The card's few marks: "# " its title, "## " a heading; every other line as written
    (drawn literally: a file's brackets are never markup)."""
    text = Text()
    for n, line in enumerate(source.rstrip("\n").splitlines()):
        if n:
            text.append("\n")
        if line.startswith("## "):
            text.append(line[3:], "bold #ffd75e")
        elif line.startswith("# "):
            text.append(f" {line[2:]} ", "bold reverse")
        else:
            text.append(line)
    return text


class QuickRefScreen(FishScreen):
    """One game's quick-reference card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "app.pop_screen", "Back to the game"),
        Binding("r", "rules", "Full rules"),
    ]
    DEFAULT_CSS = """
    QuickRefScreen #quickref { padding: 0 1; height: 1fr; }
    """

    def __init__(self, text: str, game: str | None) -> None:
        super().__init__()
        self.text = text
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(card_lines(self.text), id="quickref")
        yield KeysFooter()

    async def action_rules(self) -> None:
        self.app.pop_screen()
        await self.app.run_action(f"app.rules({self.game!r})" if self.game else "app.rules")


# -- a tip's rule -------------------------------------------------------------------------
_ITEM = re.compile(r"^(\s*[-*] |\s*\d+\. |\|)")


def rule_passages(rules: str, words: str) -> list[str]:
    """The passages of a rules text (Markdown) that name `words`: whole list items, table
    rows (with their table's header) and paragraphs, each under its section's heading."""
    if not words.strip():
        return []
    needle = " ".join(words.split()).casefold()
    passages: list[str] = []
    heading = ""
    header: list[str] = []  # the current table's first two lines
    block: list[str] = []

    def close() -> None:
        chunk = "\n".join(block).strip()
        block.clear()
        # A passage names the words, or lies in a section whose heading does (lines rejoined:
        # a name may be broken over two lines).
        if chunk and (needle in " ".join(chunk.split()).casefold() or needle in heading.casefold()):
            table = header if chunk.startswith("|") and chunk.splitlines()[0] not in header else []
            passages.append("\n".join(filter(None, [heading, *table, chunk])))

    for line in rules.splitlines():
        if line.startswith("#"):
            close()
            heading = "### " + line.lstrip("#").strip()
            header = []
        elif not line.strip():
            close()
            header = []
        elif _ITEM.match(line):
            close()
            if line.startswith("|") and len(header) < 2:
                header.append(line)
                continue
            block.append(line)
        else:
            block.append(line)
    close()
    return passages


class CardRuleScreen(FishScreen):
    """The full rule behind a tip: the tip, the clauses it teaches, and the rule text itself."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back to the game"),
        Binding("question_mark", "quick_ref", "Quick reference"),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
    ]
    DEFAULT_CSS = """
    CardRuleScreen #card-rule-tip { padding: 0 1; }
    CardRuleScreen #card-rule { height: 1fr; }
    """

    def __init__(self, tip: Tip, game: str) -> None:
        super().__init__()
        self.tip = tip
        passages = rule_passages(rules_text(game) or "", tip.rule)
        self.markdown = "\n\n".join(passages) if passages else "*The rules say no more about it: r on the table.*"

    def compose(self) -> ComposeResult:
        head = Text()
        head.append("Tip: ", "bold #ffd75e")
        head.append(self.tip.text)
        if self.tip.clauses:
            head.append(f"\nRule clauses: {', '.join(self.tip.clauses)}", "dim")
        yield Static(head, id="card-rule-tip")
        with VerticalScroll(id="card-rule"):
            yield Markdown(self.markdown)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#card-rule", VerticalScroll).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#card-rule", VerticalScroll).scroll_relative(y=lines, animate=False)

    async def action_quick_ref(self) -> None:
        await self.app.run_action("app.quick_ref")
