"""The coach panel: passive lines under the table and the learner's own screens in a guided game.

It says what the current lesson teaches, "Try: <move> — <why>", the consequence of a move
other than the suggestion, and the last computer moves with their reasons. It takes no
focus and no key: the learner just plays. Its lines are cut to the rows a terminal can spare
(4 under 28 rows, 7 from there), so the table stays whole at 80×24; every string is drawn
literally (a name from a file is never markup).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from pydantic import BaseModel
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from fishtable.tui.tips import card_subjects
from fishtable.tui.widgets.card import CardTile
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter

ROOMY_HEIGHT = 28  # from this many terminal rows the panel takes more lines
COACH_MARK = "-coach"  # the class a game's card widget takes while the coach points at its card


class CoachText(Protocol):
    """What the panel shows (`fishtable.tui.coach.guide.CoachLines`)."""

    @property
    def title(self) -> str: ...

    @property
    def lesson(self) -> str: ...

    @property
    def suggestion(self) -> str | None: ...

    @property
    def consequence(self) -> str | None: ...

    @property
    def computers(self) -> tuple[str, ...]: ...


def panel_text(lines: CoachText, width: int, roomy: bool) -> Text:
    """The panel's lines for a terminal `width` columns wide: the lesson (2 lines, or 3 when
    roomy), then the consequence of the learner's last move or the suggestion (both when
    roomy), then the last computer move (the last two when roomy)."""
    width = max(20, width)
    lesson_rows = 3 if roomy else 2
    label = "Coach: "
    wrapped = textwrap.wrap(lines.lesson, width - len(label)) or [""]
    if len(wrapped) > lesson_rows:
        wrapped = wrapped[:lesson_rows]
        wrapped[-1] = wrapped[-1][: max(0, width - len(label) - 1)] + "…"
    rows: list[Text] = []
    for n, part in enumerate(wrapped):
        row = Text()
        row.append(label if n == 0 else " " * len(label), "bold #ffd75e")
        row.append(part)
        rows.append(row)
    consequence = (lines.consequence, "#ffb347") if lines.consequence else None
    suggestion = (lines.suggestion, "bold #9be27a") if lines.suggestion else None
    # Short: the question on screen now wins over the consequence of the last move.
    moves = [consequence, suggestion] if roomy else [suggestion or consequence]
    for move in moves:
        if move is not None:
            rows.append(Text(*move))
    for words in lines.computers[-2 if roomy else -1:]:
        rows.append(Text(words, "italic"))
    for row in rows:
        row.truncate(width, overflow="ellipsis")
    text = Text("\n").join(rows)
    text.no_wrap = True  # each row is cut to the width already: a row never wraps into two
    return text


class CoachPanel(Static):
    """The coach's lines (see the module). Styled in `fishtable/tui/styles/coach.tcss`."""

    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="coach-panel", markup=False)
        self.lines: CoachText | None = None

    def show(self, lines: CoachText) -> None:
        self.lines = lines
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.lines is None or not self.is_attached:
            return
        roomy = self.app.size.height >= ROOMY_HEIGHT
        self.set_class(roomy, "-roomy")
        update_text(self, panel_text(self.lines, self.width_now(), roomy))

    def width_now(self) -> int:
        """The columns the panel's text may take: its own, once laid out; else the terminal's."""
        width = self.content_size.width
        return width if width > 0 else self.app.size.width - 2

    @property
    def words(self) -> str:
        """The panel's text, plain (for tests and a screen reader's copy)."""
        return panel_text(self.lines, self.width_now(), self.app.size.height >= ROOMY_HEIGHT).plain \
            if self.lines is not None else ""


def panel_on(screen: Screen[None]) -> CoachPanel:
    """The screen's coach panel, made the first time: docked at the screen's foot (just above
    the footer when the footer is the screen's own), so the screen's content gives up the rows,
    and a game's screen that scrolls its content never scrolls the panel away."""
    for panel in screen.query(CoachPanel):
        return panel
    panel = CoachPanel()
    if any(footer.parent is screen for footer in screen.query(KeysFooter)):
        panel.add_class("-above-footer")
    screen.mount(panel)
    return panel


# -- pointing at cards: the generic hook a game's widgets honour -----------------------------------
@runtime_checkable
class CoachHost(Protocol):
    """An app that coaches (the hot-seat app): the subjects its lesson points at now."""

    def coach_highlight(self) -> frozenset[str]: ...


def coach_marks(app: object, card: BaseModel | Mapping[str, object]) -> bool:
    """Does the coach point at this card (a card of a view the screen draws, or its plain data)?
    Its `card:`/`name:` subjects (`fishtable.tui.tips.card_subjects`) meet the lesson's highlight.
    Outside a guided game, never."""
    if not isinstance(app, CoachHost):
        return False
    wanted = app.coach_highlight()
    if not wanted:
        return False
    data = card.model_dump(mode="json") if isinstance(card, BaseModel) else card
    return not wanted.isdisjoint(card_subjects(data))


def mark_coached(screen: Widget) -> None:
    """A guided game: the card tiles on `screen` that the coach's lesson points at are outlined
    (coach.tcss), whatever game drew them (every game's tile is a CardTile)."""
    for tile in screen.query(CardTile):
        tile.set_class(tile.card is not None and coach_marks(screen.app, tile.card), COACH_MARK)

