"""The table: the sea, a panel per seat, decks, catch order, the log and the prompt.

With `viewer=None` it is the public table everyone may look at. With a seat
as viewer it is that seat's private catch screen (Fish Finder looks shown);
it never draws a hand either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from fishtable.tui.describe import describe, known_cards
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.card import KIND_STYLE, face_text, kind_of
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import FishOptionList
from fishtable.tui.widgets.sea import SeaView
from fishtable.tui.widgets.seat_panel import SeatPanelView

if TYPE_CHECKING:
    from fishtable.tui.flow import HotSeatFlow

PHASE_WORDS = {
    "cast": "Cast",
    "fish_bait": "Cast: fish as bait",
    "catch": "Catch",
    "collect": "Collect",
    "over": "Game over",
}
SEA_KINDS = {"catch", "pair"}  # prompts answered by pointing at a fish


def _top(card: Any) -> Text:
    value = "∞" if card.value is None else str(card.value)
    return face_text(card) if card.type == "fish" else Text(f"{value}{'+' if card.plus else ''}")


class TableScreen(FishScreen):
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-short"), (34, "-tall")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1,0)", "Move", show=False),
        Binding("right", "move(1,0)", "Move", show=False),
        Binding("up", "move(0,-1)", "Move", show=False),
        Binding("down", "move(0,1)", "Move", show=False),
        Binding("tab", "step(1)", "Next fish", show=False),
        Binding("shift+tab", "step(-1)", "Previous fish", show=False),
        Binding("enter", "confirm", "Confirm"),
        Binding("space", "mark", "Mark fish"),
        Binding("l", "look", "Look (Finder)"),
        Binding("s", "shuffle", "Shuffle sea"),
        Binding("e", "end_turn", "End turn"),
        Binding("c", "go_on", "Go on"),
        Binding("n", "decline", "Decline"),
        Binding("r", "app.rules", "Rules"),
        *[Binding(str(d), f"digit({d})", "Fish by number", show=False) for d in range(10)],
    ]

    def __init__(self, flow: HotSeatFlow, viewer: int | None = None) -> None:
        super().__init__(classes="private" if viewer is not None else "public")
        self.flow = flow
        self.viewer = viewer
        self.seat: int | None = None  # the human seat answering a prompt here
        self.kind: str | None = None
        self.legal: list[Any] = []
        self.message = ""
        self.waiting_for: str | None = None
        self._digits = ""
        self._digit_timer: Any = None

    def compose(self):
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with Vertical(id="sea-col"):
                yield SeaView(id="sea")
                yield Static(id="fish-info")
                yield Static(id="order")
            with Vertical(id="side"), VerticalScroll(id="seats"):
                for seat in range(len(self.flow.match.seats)):
                    yield SeatPanelView(id=f"seat-{seat}")
        yield NewsBar(id="news")
        yield EventLog(id="log")
        yield Static(id="prompt")
        choices = FishOptionList(id="choices")
        choices.can_focus = False  # until a prompt shows it (see set_prompt)
        yield choices
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()
        if self is self.flow.table:
            self.flow.started()

    # -- what the flow calls -------------------------------------------------
    def set_prompt(self, seat: int | None, kind: str | None, waiting_for: str | None = None) -> None:
        """Ask `seat` to answer a prompt of `kind` here, or just show the table."""
        self.seat, self.kind, self.waiting_for = seat, kind, waiting_for
        self.legal = self.flow.match.legal_actions(seat) if seat is not None else []
        self.message = ""
        sea = self.query_one(SeaView)
        sea.marked = []
        self.refresh_view()
        choices = self.query_one("#choices", OptionList)
        if seat is not None and kind not in SEA_KINDS:
            view = self.flow.match.view(self.viewer)
            cards = known_cards(view)
            baits = self._cast_baits(view, seat)
            choices.set_options(
                Option(describe(a, cards, baits, stage=kind), id=str(i)) for i, a in enumerate(self.legal)
            )
            choices.display = True
            choices.can_focus = True
            choices.highlighted = 0
            choices.focus()
        else:
            choices.clear_options()
            choices.display = False
            # Hidden, the list must not keep (or get back, when the table resumes) the focus:
            # it would swallow the Enter that the table's own prompt is waiting for.
            choices.can_focus = False
            if choices.has_focus:
                self.set_focus(None)
        self.refresh_bindings()

    def refresh_view(self) -> None:
        match = self.flow.match
        view = match.view(self.viewer)
        wide = self.size.width >= 110
        self._topbar(view)
        sea = self.query_one(SeaView)
        peeks = {p.label: p.fish for p in view.peeks}
        flipped = dict(zip(view.turn.flipped_labels, view.turn.flipped, strict=False)) if view.turn else {}
        sea.show(view, self._selectable(), peeks, flipped)
        # The side column is 32 or 46 cells: less its border, the panel padding and a scrollbar.
        width = (46 if wide else 32) - 3
        for panel in view.seats:
            active = panel.seat == self.seat or panel.status == "fishing"
            self.query_one(f"#seat-{panel.seat}", SeatPanelView).update_panel(panel, active, wide, width)
        self._order(view)
        show_log(self, match, self.viewer, self.flow.news_mark)
        self._prompt_text(view)
        self._fish_info(sea.cursor)

    # -- rendering parts -------------------------------------------------------
    def _topbar(self, view: Any) -> None:
        text = Text()
        if self.viewer is not None:
            name = self.flow.match.seats[self.viewer].name
            text.append(f" PRIVATE: {name} ", "bold reverse #ffd75e")
        text.append(" Crazy Fishing ", "bold reverse")
        text.append(f" Round {view.round} · {PHASE_WORDS.get(view.phase, view.phase)}", "bold")
        text.append(f" · {view.sea_count} fish in the sea")
        decks = Text()
        decks.append(f"Rod deck {view.rod_deck} · discard {view.rod_discard}")
        if view.rod_discard_top is not None:
            decks.append(" (top ")
            decks.append_text(_top(view.rod_discard_top))
            decks.append(")")
        decks.append(f"  │  Bait deck {view.bait_deck} · discard {view.bait_discard}")
        if view.bait_discard_top is not None:
            decks.append(" (top ")
            decks.append_text(_top(view.bait_discard_top))
            decks.append(")")
        # On one line when it fits, else the decks go on a second line rather than being cut off.
        fits = text.cell_len + 5 + decks.cell_len <= self.app.size.width
        text.append("  │  " if fits else "\n ")
        text.append_text(decks)
        self.query_one("#topbar", Static).update(text)

    def _order(self, view: Any) -> None:
        lines: list[Text] = []
        if view.turn is not None and view.turn.flipped:
            # Fish turned over and not yet resolved: public, listed as "#7 Hake (5)".
            line = Text("Turned over: ", "bold")
            for n, (label, card) in enumerate(zip(view.turn.flipped_labels, view.turn.flipped, strict=False)):
                line.append(", " if n else "")
                value = "∞" if card.value is None else card.value
                line.append(f"#{label} {card.name} ({value})", KIND_STYLE[kind_of(card)])
            lines.append(line)
        if view.catch_order:
            names = [view.seats[s].name for s in view.catch_order]
            lines.append(Text.assemble(("Catch order: ", "bold"), " → ".join(names)))
            lines.extend(Text(note, "italic") for note in view.order_notes)
        self.query_one("#order", Static).update(Text("\n").join(lines))

    def _prompt_text(self, view: Any) -> None:
        text = Text()
        prompt = self.query_one("#prompt", Static)
        if self.seat is None:
            if self.kind == "ack":
                text.append("Everyone: see what just happened. ", "bold")
                text.append(f"Then press Enter and pass the keyboard to {self.waiting_for}.")
            elif self.waiting_for:
                text.append(f"{self.waiting_for} is thinking…", "italic")
            prompt.update(text)
            return
        name = self.flow.match.seats[self.seat].name
        pending = self.flow.match.pending().get(self.seat)
        text.append(f"{name}: ", "bold #ffd75e")
        text.append(pending.text if pending else "")
        turn = view.turn
        if self.kind == "catch":
            hints = ["←↑↓→ or number: choose", "Enter: try"]
            if self._any("attempt", lambda a: len(a.labels) > 1):
                hints.insert(1, "Space: mark two fish (Reel)")
            if self._any("look"):
                hints.append(f"l: look ({turn.looks_left if turn else '?'} left)")
            if self._any("shuffle"):
                hints.append("s: shuffle first")
            if self._any("end_turn"):
                hints.append("e: end turn")
            text.append("\n" + " · ".join(hints), "dim")
        elif self.kind == "pair":
            text.append("\n←↑↓→ or number: choose · Enter: try · n: decline", "dim")
        elif self.kind == "between":
            text.append("\n↑↓ and Enter: choose · s: shuffle now · c: go on to the second fish", "dim")
        elif self.kind == "finish":
            text.append("\n↑↓ and Enter: choose · s: shuffle now · e: end turn", "dim")
        if self.message:
            text.append("\n" + self.message, "bold #ff8080")
        prompt.update(text)

    def _fish_info(self, label: int | None) -> None:
        sea = self.query_one(SeaView)
        fish = sea.fish_info(label)
        text = Text()
        if fish is not None and self.seat is not None:
            where = "beside the sea" if fish.beside else ("covered" if fish.covered else "on top")
            text.append(f"Fish #{fish.label}: clue {fish.back}, {where}", "bold")
            peek = sea.peeks.get(fish.label)
            if peek is not None:
                text.append("  you looked: ")
                text.append_text(face_text(peek))
            if sea.marked:
                text.append("  marked: " + ", ".join(f"#{m}" for m in sea.marked))
        else:
            text.append(f"{len(sea.fish)} fish in the sea", "dim")
            if sea.beside:
                text.append(f", {len(sea.beside)} beside it", "dim")
        self.query_one("#fish-info", Static).update(text)

    def on_sea_view_cursor_moved(self, event: SeaView.CursorMoved) -> None:
        self._fish_info(event.label)

    # -- legal-action helpers --------------------------------------------------
    def _any(self, kind: str, test: Any = None) -> bool:
        return any(a.kind == kind and (test is None or test(a)) for a in self.legal)

    def _selectable(self) -> set[int]:
        if self.kind == "catch":
            return {n for a in self.legal if a.kind == "attempt" for n in a.labels}
        if self.kind == "pair":
            return {a.label for a in self.legal if a.kind == "pair_attempt" and a.label is not None}
        return set()

    @staticmethod
    def _cast_baits(view: Any, seat: int) -> tuple[str, ...]:
        cast = view.seats[seat].cast
        return tuple(c.id for c in cast.baits) if cast is not None else ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        sea_prompt = self.seat is not None and self.kind in SEA_KINDS
        if action in {"move", "step", "digit"}:
            return sea_prompt
        if action == "confirm":
            return sea_prompt or (self.seat is None and self.kind == "ack")
        if action == "mark":
            return self.kind == "catch" and self._any("attempt", lambda a: len(a.labels) > 1)
        if action == "look":
            return self.kind == "catch" and self._any("look")
        if action == "shuffle":
            return self.kind in {"catch", "between", "finish"} and self._any("shuffle")
        if action == "end_turn":
            return self.kind in {"catch", "finish"} and self._any("end_turn")
        if action == "go_on":
            return self.kind == "between" and self._any("continue")
        if action == "decline":
            return self.kind == "pair" and self._any("pair_attempt", lambda a: a.label is None)
        return True

    # -- actions ------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        self.query_one(SeaView).move(dx, dy)

    def action_step(self, delta: int) -> None:
        self.query_one(SeaView).step(delta)

    def action_digit(self, digit: int) -> None:
        """Type a fish's number; two digits within a second pick fish 10 and up."""
        sea = self.query_one(SeaView)
        self._digits = (self._digits + str(digit))[-2:]
        if self._digit_timer is not None:
            self._digit_timer.stop()
        self._digit_timer = self.set_timer(1.0, self._clear_digits)
        number = int(self._digits)
        if number in sea.selectable:
            sea.cursor = number
        elif digit in sea.selectable:
            sea.cursor = digit
            self._digits = str(digit)
        if not any(label >= 10 and str(label).startswith(self._digits) for label in sea.selectable):
            self._digits = ""

    def _clear_digits(self) -> None:
        self._digits = ""

    def action_mark(self) -> None:
        sea = self.query_one(SeaView)
        sea.toggle_mark()
        self._fish_info(sea.cursor)

    def action_confirm(self) -> None:
        if self.seat is None and self.kind == "ack":
            self.kind = None
            self.flow.acknowledged()
            return
        sea = self.query_one(SeaView)
        if self.seat is None or sea.cursor is None:
            return
        if self.kind == "catch":
            from fishtable.games.crazy_fishing.actions import Attempt

            labels = tuple(sea.marked) if sea.marked else (sea.cursor,)
            self._submit(Attempt(labels=labels))
        elif self.kind == "pair":
            from fishtable.games.crazy_fishing.actions import PairAttempt

            self._submit(PairAttempt(label=sea.cursor))

    def action_look(self) -> None:
        from fishtable.games.crazy_fishing.actions import Look

        cursor = self.query_one(SeaView).cursor
        looks = [a for a in self.legal if a.kind == "look"]
        if cursor is not None and any(a.label == cursor for a in looks):
            self._submit(Look(label=cursor))
        else:
            self._say("Move to a fish you may look at first.")

    def action_shuffle(self) -> None:
        self._submit_kind("shuffle")

    def action_end_turn(self) -> None:
        self._submit_kind("end_turn")

    def action_go_on(self) -> None:
        self._submit_kind("continue")

    def action_decline(self) -> None:
        self._submit_kind("pair_attempt")

    def _submit_kind(self, kind: str) -> None:
        for action in self.legal:
            if action.kind == kind and getattr(action, "label", None) is None:
                self._submit(action)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.seat is not None and event.option.id is not None:
            self._submit(self.legal[int(event.option.id)])

    def _submit(self, action: Any) -> None:
        if self.seat is None:
            return
        problem = self.flow.match.check(self.seat, action)
        if problem:
            self._say(problem)
            return
        self.flow.submit(self.seat, action, private=self.viewer is not None)

    def _say(self, message: str) -> None:
        self.message = message
        self._prompt_text(self.flow.match.view(self.viewer))
