"""The table: the game's board, a panel per seat, the news, the log and the prompt.

With `viewer=None` it is the public table everyone may look at. With a seat
as viewer it is that seat's private copy, for a board prompt that shows the
seat something secret (a card it looked at); it never draws a
hand either way, save one: on a keyboard a single seat has to itself (a join
app with one seat: `own`), that seat's own cards while it waits, if the game's
plug-in shows them there (`GameUI.waiting_hand`). What to draw comes from the game's plug-in; what to ask
comes from the flow, as a `Decision`; answers go back as messages.
"""

from __future__ import annotations

from contextlib import suppress
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static

from fishtable.tui.decision import CHECKING, Acknowledged, Claimed, Commanded, Decided, LogWindow, SomeDecision
from fishtable.tui.plugin import SomeFeed, SomeUI, TableCommand
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.confirm import ConfirmScreen
from fishtable.tui.tips import Tip, TipsHost, tip_line
from fishtable.tui.widgets.board import Board
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import ChoiceList

if TYPE_CHECKING:
    from pydantic import BaseModel

    from fishtable.engine.protocol import TableView


BOARD_KEEP = 6  # rows of the board that stay in sight while the log grows for long news


class SeatPanel(Static):
    """One seat's panel; the game's plug-in writes its content."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; padding: 0 0 0 1; }
    SeatPanel.-active { background: $boost; }
    """


class _Rows(Vertical):
    """A column that draws nothing of its own (no border, no background): BLANK to Textual, which
    draws it again, whole, at every key that changes anything inside it, and then skips its styles."""

    BLANK: ClassVar[bool] = True


class _Columns(Horizontal):
    """A row of columns that draws nothing of its own (see `_Rows`)."""

    BLANK: ClassVar[bool] = True


# The screen's breakpoints (Textual reads them from the screen): named here, as Textual types
# them as a screen attribute, not a class variable.
_WIDTHS: list[tuple[int, str]] = [(0, "-narrow"), (110, "-wide")]
_HEIGHTS: list[tuple[int, str]] = [(0, "-short"), (28, "-mid"), (34, "-tall")]


class TableScreen(FishScreen):
    HORIZONTAL_BREAKPOINTS = _WIDTHS
    # -mid (28–33 rows, 100×30 say): the log is the tallest thing under the board, not 3 lines.
    VERTICAL_BREAKPOINTS = _HEIGHTS
    ARMING = "decision"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "Go on"),
        Binding("r", "app.rules", "Rules"),
        # Priority: the log scrolls whatever has the focus (an overflowing seat column would take them).
        Binding("pageup", "log(-1)", "Log ↑", show=False, priority=True),
        Binding("pagedown", "log(1)", "Log ↓", show=False, priority=True),
        *[Binding(str(d), f"claim({d})", "Claim by seat number", show=False) for d in range(1, 10)],
    ]

    def __init__(self, feed: SomeFeed, viewer: int | None = None, own: int | None = None) -> None:
        """`own`: the seat whose own keyboard this table is on (nobody else looks at it); never
        given for a table a shared keyboard or the public link shows."""
        super().__init__(classes="private" if viewer is not None else "public")
        self.feed = feed
        self.ui = feed.ui
        self.viewer = viewer
        self.own = own
        self.decision: SomeDecision | None = None
        self.ack: int | None = None  # ticket of "everyone has seen the news"
        self.handoff = False  # the ack also passes the keyboard to `waiting_for`
        self.question: tuple[str, list[int], int] | None = None  # text, seats, ticket
        self.message = ""
        self.refused: BaseModel | None = None  # the last move `submit` refused (its reason may be CHECKING)
        self.waiting_for: str | None = None
        self.waiting_line: str | None = None
        self.thinking_shown = ""  # the search progress last shown
        self.commands: list[TableCommand] = []
        self.shown_tip: Tip | None = None  # the tip under the prompt (`?` opens its rule)
        self.board = self.ui.make_board()
        self.board.id = "board"

    # What tests and the flow read: the seat answering here, and the prompt kind.
    @property
    def seat(self) -> int | None:
        return self.decision.seat if self.decision is not None else None

    @property
    def kind(self) -> str | None:
        if self.decision is not None:
            return self.decision.kind
        return "ack" if self.ack is not None else None

    @property
    def legal(self) -> list[object]:
        return self.decision.legal if self.decision is not None else []

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with _Columns(id="main"):
            with _Rows(id="board-col"):
                yield self.board
                yield Static(id="own-hand", markup=False)
            with Vertical(id="side"), VerticalScroll(id="seats"):
                for seat in range(len(self.feed.seats)):
                    yield SeatPanel(id=f"seat-{seat}", markup=False)
        # One container for the lines below the board: a cursor key repaints the board's rows, and
        # Textual draws again every widget whose container overlaps what changed (a child of the
        # screen always does); inside this one, the log and the prompt are left alone.
        with _Rows(id="below"):
            yield NewsBar(id="news")
            yield EventLog(id="log", room=self._log_room)
            self._prompt_line = Static(id="prompt")
            yield self._prompt_line
            choices = self._choices = ChoiceList(id="choices")
            choices.can_focus = False  # until a prompt shows it (see set_prompt)
            yield choices
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_view()
        if self.viewer is None:
            self.feed.started()
        self.set_interval(0.25, self._every_quarter_second)

    def _every_quarter_second(self) -> None:
        # An exiting app is removing the widgets (the timer can fire once more then). The two are
        # asked of the DOM by their own nodes, not found by a query of the screen every tick.
        if not (self._prompt_line.is_attached and self._choices.is_attached):
            return
        self._keep_focus()
        self._show_thinking()

    def _keep_focus(self) -> None:
        """A prompt waits here but nothing has the focus (a screen that covered the table left
        without giving it back): the prompt's widget takes it, so keys reach it again."""
        if self.app.screen is not self or self.decision is None or self.focused is not None:
            return
        choices = self.query_one("#choices", ChoiceList)
        target = choices if choices.display and choices.can_focus else self.board
        if target.can_focus:
            target.focus()

    def _show_thinking(self) -> None:
        """A searching computer seat's progress in the status line, so the wait is visibly alive."""
        waiting = self.waiting_for and self.decision is None and self.ack is None and self.question is None
        if waiting and self.feed.thinking_words() != self.thinking_shown:
            self._prompt_text()

    # -- what the flow calls -------------------------------------------------
    def set_prompt(
        self, decision: SomeDecision | None, waiting_for: str | None = None, ack: int | None = None,
        handoff: bool = False, waiting_line: str | None = None,
    ) -> None:
        """Ask for `decision` here, or just show the table (waiting for someone, or for Enter).
        With `handoff`, the Enter that acknowledges the news is `waiting_for`'s own: the table is
        the pass screen, and arms like one. `waiting_line`: the words of a wait, whole, instead
        of "`waiting_for` is thinking…" (a remote table: "Dora and Eli are thinking…")."""
        if self.decision is not None:
            self.board.end()
        self.decision, self.ack, self.question = decision, ack, None
        self.handoff = handoff and ack is not None
        self.waiting_for = waiting_for
        self.waiting_line = waiting_line
        self.message = ""
        self.shown_tip = None  # a tip stays for one prompt (or one look at the news)
        choices = self.query_one("#choices", ChoiceList)
        if decision is not None and decision.kind not in self.ui.board_kinds:
            view = decision.view
            labels = [self.ui.describe(a, view, decision.kind) for a in decision.legal]
            hotkeys = {}
            for i, action in enumerate(decision.legal):
                key = self.ui.shortcut(action, decision.kind)
                if key is not None:
                    hotkeys[i] = key
            choices.set_choices(labels, hotkeys)
            choices.display = True
            choices.can_focus = True
            choices.focus()
        else:
            self._hide_choices(choices)
            if decision is not None:
                self.board.begin(decision)
                self.board.can_focus = True
                self.board.focus()
        if decision is None:
            self.board.can_focus = False
        self.refresh_view()
        if decision is not None or ack is not None:
            self.arm("handoff" if self.handoff else None)
        self.refresh_bindings()

    def refresh_clock(self) -> None:
        """The clock ticked: redraw the top line only (it reads the clock from the feed)."""
        if self.is_mounted:
            # The app's clock can tick once more while a closing app takes the table apart.
            with suppress(NoMatches):
                self._topbar(self.feed.view(self.viewer))

    def ask(self, text: str, seats: list[int], ticket: int) -> None:
        """A public question: any of `seats` may claim by number, or Enter lets it go."""
        self.set_prompt(None)
        self.question = (text, seats, ticket)
        self.refresh_view()
        self.arm("handoff")  # like a pass screen: no key typed while a computer thought answers it
        self.refresh_bindings()

    def _hide_choices(self, choices: ChoiceList) -> None:
        choices.set_choices([])
        choices.display = False
        # Hidden, the list must not keep (or get back, when the table resumes) the focus:
        # it would swallow the Enter that the table's own prompt is waiting for.
        choices.can_focus = False
        if choices.has_focus:
            self.set_focus(None)

    def refresh_view(self) -> None:
        view = self.feed.view(self.viewer)
        self._bind_commands(view)
        wide = self.size.width >= 110
        self._topbar(view)
        self.board.show(view, self.viewer)
        # The side column is 32 or 46 cells: less its border, the panel padding and a scrollbar (2).
        width = (46 if wide else 32) - 4
        busy = self.ui.busy_seats(view)
        for seat in range(len(self.feed.seats)):
            active = seat == self.seat or seat in busy
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.set_class(active, "-active")
            update_text(panel, self.ui.seat_panel(view, seat, active=active, width=width, wide=wide))
        self._own_hand()
        log = self.feed.log(self.viewer)
        show_log(self, log, self.ui.headline_kinds)
        self._ask_tip(view, log)
        self._prompt_text()

    def _ask_tip(self, view: TableView, log: LogWindow) -> None:
        """A tip for what is new on the table, while it is on screen (a tip counts as seen once
        shown: never while a pass screen covers the table). The table's own view and log:
        public ones on the public table, so its tip names nothing hidden from anyone watching;
        the seat's own on its private copy."""
        host = self.app
        # Only a table that waits on screen for a key (a prompt, news to see, a question) is
        # surely read: not a computer's turn that may flash by, nor the frame before a pass screen.
        waiting = self.decision is not None or self.ack is not None or self.question is not None
        if not self.is_current or not waiting or not isinstance(host, TipsHost):
            return
        kind = self.decision.kind if self.decision is not None else None
        tip = host.tip_for(view, log.entries, log.news_from, kind, self.viewer)
        self.shown_tip = tip or self.shown_tip

    def on_screen_resume(self) -> None:
        """Uncovered (a pass screen, a private screen or help closed over it): what is new now
        may bring a tip."""
        if self.still_there("#prompt", Static) is None:
            return
        before = self.shown_tip
        self._ask_tip(self.feed.view(self.viewer), self.feed.log(self.viewer))
        if self.shown_tip is not before:
            self._prompt_text()

    # -- rendering parts -------------------------------------------------------
    def _topbar(self, view: object) -> None:
        text = Text()
        if self.viewer is not None:
            name = self.feed.seats[self.viewer].name
            text.append(f" PRIVATE: {name} ", "bold reverse #ffd75e")
        text.append(f" {self.feed.title} ", "bold reverse")
        clock = self.feed.clock_words()
        if clock:
            text.append(f" {clock} ", "bold #ffd75e")
        text.append_text(self.ui.topbar(view, self.app.size.width - text.cell_len))
        update_text(self.query_one("#topbar", Static), text)

    def _own_hand(self) -> None:
        """The `own` seat's cards under the board, from its own view (nothing without `own`)."""
        hand = self.ui.waiting_hand(self.feed.view(self.own)) if self.own is not None else None
        line = self.query_one("#own-hand", Static)
        line.display = hand is not None
        if hand is not None:
            update_text(line, hand)

    def _prompt_text(self) -> None:
        text = Text()
        prompt = self.query_one("#prompt", Static)
        decision = self.decision
        if self.question is not None:
            question, seats, _ = self.question
            text.append(question, "bold #ffd75e")
            who = " · ".join(f"{s + 1} {self.feed.seats[s].name}" for s in seats)
            text.append(f"\nTo claim, press your seat number ({who}). Enter: nobody, go on.", "dim")
        elif decision is None:
            if self.ack is not None:
                text.append("Everyone: see what just happened. ", "bold")
                if self.handoff and self.waiting_for:
                    name = self.waiting_for
                    text.append(f"Then pass the keyboard to {name}.\n")
                    text.append(f"{name}, press Enter when only you can see the screen.", "bold #ffd75e")
                else:
                    text.append("Then press Enter to go on.")
                below = self.query_one(EventLog).news_below
                if below:  # the news is longer than the table has room for (on the last line)
                    text.append(f" · PgDn: {below} more", "bold")
            elif self.waiting_line:
                text.append(self.waiting_line, "italic")
            elif self.waiting_for:
                text.append(f"{self.waiting_for} is thinking…", "italic")
                self.thinking_shown = self.feed.thinking_words()
                if self.thinking_shown:
                    text.append(f" ({self.thinking_shown})", "dim italic")
        else:
            text.append(f"{decision.name}: ", "bold #ffd75e")
            text.append(decision.prompt.text)
            if decision.kind in self.ui.board_kinds:
                hints = self.board.hints()
            else:
                shortcuts = (self.ui.shortcut(a, decision.kind) for a in decision.legal)
                keys = [f"{key}: {what}" for key, what in filter(None, shortcuts)]
                hints = Text(" · ".join(["↑↓ and Enter: choose", *keys]))
            if hints:
                hints = hints.copy()
                hints.stylize("dim")
                text.append("\n")
                text.append_text(hints)
        if self.message:
            text.append("\n" + self.message, "bold #ff8080")
        if self.shown_tip is not None:
            text.append("\n")
            text.append_text(tip_line(self.shown_tip))
        update_text(prompt, text)  # a cursor's words change at every key, the prompt's height rarely

    def _bind_commands(self, view: object) -> None:
        """The game's table commands, on the public table only (their keys are bound by `of`)."""
        commands = self.ui.table_commands(view) if self.viewer is None else []
        changed = [c.key for c in commands] != [c.key for c in self.commands]
        self.commands = commands
        if changed and self.is_attached:
            self.refresh_bindings()

    @classmethod
    def of(cls, ui: SomeUI) -> type[TableScreen]:
        """The table for a game: this screen with the game's command keys bound (shown in the
        footer only while the game offers them, see `check_action`)."""
        keys = tuple(ui.command_keys)
        if not keys:
            return cls
        return _with_commands(cls, keys)

    def action_command(self, key: str) -> None:
        command = next((c for c in self.commands if c.key == key), None)
        if command is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(Commanded(command.action))

        self.app.push_screen(ConfirmScreen(command.confirm or f"{command.description}?"), confirmed)

    def _log_room(self) -> int:
        """The rows the log may take now, for news longer than it is: its own, those the seat
        column has to spare (every seat stays in sight), and the board's beyond its first
        BOARD_KEEP rows (its heading and what lies on the table; the rest scrolls for the
        moment)."""
        log = self.query_one(EventLog)
        seats = self.query_one("#seats")
        spare = seats.size.height - sum(c.outer_size.height for c in seats.children if c.display)
        board = self.board.size.height - min(BOARD_KEEP, sum(c.outer_size.height for c in self.board.children
                                                             if c.display))
        return log.size.height + min(spare, board)

    def on_event_log_news_cut(self, message: EventLog.NewsCut) -> None:
        message.stop()
        self._prompt_text()

    def action_log(self, direction: int) -> None:
        log = self.query_one(EventLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    # -- input -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "confirm":
            return self.ack is not None or self.question is not None
        if action == "claim":
            return self.question is not None
        if action == "command":
            return any(c.key == parameters[0] for c in self.commands)
        return True

    def action_confirm(self) -> None:
        if self.question is not None:
            ticket = self.question[2]
            self.question = None
            self.post_message(Claimed(ticket, None))
        elif self.ack is not None:
            ticket, self.ack = self.ack, None
            self.post_message(Acknowledged(ticket))

    def action_claim(self, number: int) -> None:
        if self.question is None:
            return
        _, seats, ticket = self.question
        if number - 1 not in seats:
            self._say(f"Seat {number} is not asked; press one of the numbers shown, or Enter.")
            return
        self.question = None
        self.post_message(Claimed(ticket, number - 1))

    def on_board_chosen(self, message: Board.Chosen) -> None:
        message.stop()
        self.submit(message.action)

    def on_board_say(self, message: Board.Say) -> None:
        message.stop()
        if message.text or self.message:  # a board clears at every key: with nothing said, nothing to do
            self._say(message.text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.decision is not None and event.option.id is not None:
            self.submit(self.decision.legal[int(event.option.id)])

    def submit(self, action: BaseModel) -> None:
        """Check the action with the engine; send it to the flow, or say why not."""
        decision = self.decision
        if decision is None:
            return
        problem = decision.check(action)
        if problem:
            self.refused = action
            self._say(problem)
            return
        self.board.end()
        self.decision = None
        self.post_message(Decided(decision.ticket, decision.seat, action))

    def rechecked(self) -> None:
        """The reasons `check` was waiting for have come (see `CHECKING`): the board and the
        prompt bar say them in place of "checking"."""
        self.board.rechecked()
        if self.decision is not None and self.refused is not None and self.message == CHECKING:
            problem = self.decision.check(self.refused)
            if problem != CHECKING:
                self._say(problem or "")

    def _say(self, message: str) -> None:
        self.message = message
        self._prompt_text()


@cache
def _with_commands(base: type[TableScreen], keys: tuple[tuple[str, str], ...]) -> type[TableScreen]:
    bindings = [Binding(key, f"command({key!r})", words) for key, words in keys]
    return type(base.__name__, (base,), {"BINDINGS": bindings})
