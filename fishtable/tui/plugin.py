"""The interface between the shell and a game's face in the app.

A game's plug-in lives in `fishtable/plugins/<game>/` and exposes `UI`, an
instance of a `GameUI` subclass; the registry names the module. The shell
calls only what is declared here, so it never needs to know which game it
hosts. Everything receives views (never a game state) and returns widgets,
screens or Rich text. CONTRIBUTING.md walks through a whole plug-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static
from typing_extensions import TypeVar  # a type variable with a default (PEP 696)

from fishtable.tui.decision import LogWindow, ViewT
from fishtable.tui.widgets.board import Board

if TYPE_CHECKING:
    from pydantic import BaseModel
    from textual.screen import Screen

    from fishtable.engine.protocol import Event, SeatInfo
    from fishtable.tui.decision import Decision

RECENT_LINES = 30

# The game's action type (`GameUI[View, Action]`). A plug-in that names only its view
# (`GameUI[MyView]`) leaves its actions untyped.
ActionT = TypeVar("ActionT", bound="BaseModel", default=Any)


@dataclass(frozen=True)
class TableCommand(Generic[ActionT]):
    """A request anyone at the table may make outside the turn order (stop the session, say)."""

    key: str
    description: str  # for the footer: "Stop after this hand"
    action: ActionT
    confirm: str | None = None  # the yes/no question asked first (default: the description + "?")


class GameUI(Generic[ViewT, ActionT]):
    """Override what your game needs; the defaults make a plain but complete table.

    `GameUI[View, Action]`, with the game's view model and action type."""

    # Prompt kinds answered by pointing at the board on the table (the board's keys);
    # other public prompts get a list of the legal actions on the table.
    board_kinds: ClassVar[frozenset[str]] = frozenset()
    # Kinds of news events the news bar shows before other news (the outcomes).
    headline_kinds: ClassVar[frozenset[str]] = frozenset()
    # Kinds of public events the table must acknowledge before anything moves on, even a
    # computer's move (a reveal players must study, say).
    hold_kinds: ClassVar[frozenset[str]] = frozenset()
    # Kinds of public news that start a new stretch for everyone (a new round): the seat that
    # has the keyboard gives it back, and takes it again behind a pass screen that shows them.
    round_kinds: ClassVar[frozenset[str]] = frozenset()
    # Kinds of private events a seat must see before its screen is hidden (a hidden draw at the
    # end of its turn): it studies its own cards first (`study_hand`), when the next screen would
    # hide them. Only secrets the rules give a seat, never its own choices.
    private_hold_kinds: ClassVar[frozenset[str]] = frozenset()
    # A Markdown section for the F1 help: this game's keys and screens.
    help_markdown: ClassVar[str] = ""
    # The folder under assets/ that holds the game's teaching data: `quickref.md` (the
    # quick-reference card, `?`) and `tips.json` (tips for new players). None: neither.
    assets: ClassVar[str | None] = None

    # -- the public table -------------------------------------------------------
    def make_board(self) -> Board[ViewT, ActionT]:
        """The widget in the middle of the table."""
        return Board()

    def topbar(self, view: ViewT, width: int) -> Text:
        """What follows the game's title on the top line: round, phase, decks."""
        return Text()

    def seat_panel(self, view: ViewT, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        """One seat's panel in the side column; `active` marks the seat the table waits for."""
        text = Text()
        text.append("▶ " if active else "  ", "bold #ffd75e")
        text.append(view.seats[seat].name, "bold")
        return text

    def busy_seats(self, view: ViewT) -> set[int]:
        """Seats to highlight besides the one answering (the seat whose turn it is)."""
        return set()

    # -- words ---------------------------------------------------------------------
    def describe(self, action: ActionT, view: ViewT, kind: str) -> str:
        """An action in player words, for lists of legal actions."""
        # A probe of a game member, allowed (tests/test_probes.py): only a plug-in that writes no
        # words of its own reaches this fallback; every built-in game's action has a `kind`, but
        # the shell's actions are any pydantic model, so the action itself stands in without one.
        return str(getattr(action, "kind", action)).replace("_", " ").capitalize()

    def shortcut(self, action: ActionT, kind: str) -> tuple[str, str] | None:
        """A key that picks this action straight from a list of choices, with a few words
        ("s", "shuffle now"), or None: the list then gives it the next free letter. The key is
        shown before the choice."""
        return None

    # Every key `table_commands` may ever offer, with its footer words: the table binds them once,
    # and shows each only while `table_commands` offers it.
    command_keys: tuple[tuple[str, str], ...] = ()

    def table_commands(self, view: ViewT) -> list[TableCommand[ActionT]]:
        """Requests anyone at the table may make on the public table, outside the turn order.
        The table asks its yes/no question first, then the action is applied for the table.
        Each command's key must be one of `command_keys`."""
        return []

    # -- decisions ------------------------------------------------------------------
    def decision_screen(self, decision: Decision[ViewT, ActionT]) -> Screen[None] | None:
        """A screen of the game's own for this decision, or None for the shell's choice list."""
        return None

    def private_summary(self, view: ViewT) -> RenderableType | None:
        """What a seat sees of its own cards above a private choice list (its hand)."""
        return None

    def waiting_hand(self, view: ViewT) -> RenderableType | None:
        """A seat's own cards on its table screen while it waits, when that table is its alone
        (a join app with one seat; never a shared keyboard or the public table): None, nothing."""
        return None

    def study_hand(self, view: ViewT) -> Widget | None:
        """The seat's own cards on the screen where it studies a secret it was given (see
        `private_hold_kinds`), the new ones marked if the game can tell; default: `private_summary`."""
        summary = self.private_summary(view)
        return Static(summary) if summary is not None else None

    def hint_goal(self, action: ActionT, view: ViewT) -> str | None:
        """What `action` goes for, in a learner's words (the fish it catches, the hand it plays);
        None: the move's own words (`describe`) say it."""
        return None

    def hint_reason(self, action: ActionT, view: ViewT, kind: str, rate: float, games: int) -> str:
        """Why the hint's search likes `action`: its goal and its chance, from the search's own
        figures (`rate` of the `games` imagined games that tried it)."""
        return f"{self.hint_goal(action, view) or self.describe(action, view, kind)}; {chance_words(rate, games)}"

    # -- the log ----------------------------------------------------------------
    def log_window(self, entries: Sequence[tuple[int, Event]]) -> list[tuple[int, Event]]:
        """Which of the readable log lines every screen shows (the rules may limit memory)."""
        return list(entries)[-RECENT_LINES:]

    # -- setup ----------------------------------------------------------------------
    def option_choices(self, field: str, card_file: str | None) -> tuple[list[tuple[str, str]], str | None] | None:
        """Choices for a "choose several" option that depend on the card data:
        (label, value) pairs and a problem with the card file, or None if not such a field."""
        return None

    # -- the end ----------------------------------------------------------------------
    def result_details(self, view: ViewT) -> RenderableType | None:
        """More to show under the final scores (each player's catch, say)."""
        return None


def card_words(view: BaseModel, card_id: str | None) -> str:
    """How a view names the card `card_id` (its label, else its name): the object of a move in
    a hint's reason. Any game's view will do: its cards are mappings with an `id`."""
    if card_id is None:
        return "a card"
    stack: list[object] = [view.model_dump(mode="json")]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("id") == card_id:
                words = item.get("label") or item.get("name")
                return str(words) if words else card_id
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return card_id


def chance_words(rate: float, games: int) -> str:
    """A win rate as a learner reads it, from the same figure the hint shows as a percentage:
    "you win about 7 in 10 of the 1,234 imagined games that tried it"."""
    tenths = int(rate * 10 + 0.5)
    tried = "the one imagined game that tried it" if games == 1 else f"the {games:,} imagined games that tried it"
    return f"you win about {tenths} in 10 of {tried}"


class TableFeed(Protocol[ViewT, ActionT]):
    """What the table screen reads: views and log windows, never a state."""

    ui: GameUI[ViewT, ActionT]  # the game's plug-in
    title: str
    seats: tuple[SeatInfo, ...]

    def view(self, viewer: int | None) -> ViewT: ...

    def log(self, viewer: int | None) -> LogWindow: ...

    def clock_words(self) -> str:
        """The clocks to show on the table (a time limit, a series), or ""."""

    def started(self) -> None:
        """The public table is on screen for the first time."""

    def thinking_words(self) -> str:
        """How far a computer seat's search has got ("1,234 worlds imagined"), or ""."""


# A game's plug-in and its table feed when the game is chosen by name at run time (the shell's
# table, a remote seat): see `fishtable.engine.protocol.SomeGame`.
SomeUI = GameUI[Any, Any]
SomeFeed = TableFeed[Any, Any]
