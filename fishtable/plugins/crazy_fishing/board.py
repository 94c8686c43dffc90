"""The Crazy Fishing board: the sea, its legend, the fish under the cursor, the turned-over fish
and the catch order.

During a sea prompt (choose a fish to catch, A Pair of Fish's extra attempt)
the board has the keyboard: arrows or Tab move the cursor and Enter tries for
the fish under it; a fish's number tries for it at once (a single fish, no
Fish Finder looks left: otherwise the number moves the cursor, to look or to
mark first); Space marks two fish for the Super-Fast Reel; l
looks with the Fish Finder, which may look at any fish, covered or not
(CF-Q-22), so while looks are left the cursor reaches every fish; s shuffles
with the Turbulent Bait; e ends the turn; n declines the extra attempt; p
shows the player's own catch pile on a private table. Typing the number of a
fish that cannot be chosen says why, in the engine's words.

A first digit that may start a longer fish number ("1" with fish #10 to #19
in the sea) waits, shown as "#1_" under the sea and in the prompt bar, until
the second digit, Enter (fish #1 itself) or Esc (nothing): it never times out,
so a digit typed later can never name a different fish than the one shown.
While a number waits, Enter answers for the typed fish, not the cursor's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from fishtable.engine.actions import ActionModel
from fishtable.games.crazy_fishing.actions import Action, Attempt, EndTurn, Look, PairAttempt, Shuffle
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView
from fishtable.plugins.crazy_fishing.faces import KIND_STYLE, face_text, kind_of
from fishtable.plugins.crazy_fishing.pile import PILE_KEY, pile_screen
from fishtable.plugins.crazy_fishing.sea import SeaView
from fishtable.tui.decision import CHECKING, Decision
from fishtable.tui.widgets.board import Board
from fishtable.tui.widgets.fit import KeptLine, update_text

SEA_KINDS = frozenset({"catch", "pair"})  # prompts answered by pointing at a fish


_KindT = TypeVar("_KindT", bound=ActionModel)


class CrazyFishingBoard(Board[CrazyFishingView, Action]):
    DEFAULT_CSS = """
    CrazyFishingBoard { height: 1fr; overflow: hidden hidden; }
    CrazyFishingBoard #sea { height: auto; }
    CrazyFishingBoard #legend { height: 1; padding: 0 1; color: $text-muted; }
    CrazyFishingBoard #fish-info { height: 1; padding: 0 1; }
    CrazyFishingBoard #order { height: auto; padding: 0 1; }
    """

    # No border and nothing of its own to draw, only its children: Textual draws its lines blank
    # without going through its styles (it is drawn again, whole, at every cursor key).
    BLANK: ClassVar[bool] = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1,0)", "Move", show=False),
        Binding("right", "move(1,0)", "Move", show=False),
        Binding("up", "move(0,-1)", "Move", show=False),
        Binding("down", "move(0,1)", "Move", show=False),
        Binding("tab", "step(1)", "Next fish", show=False),
        Binding("shift+tab", "step(-1)", "Previous fish", show=False),
        Binding("enter", "confirm", "Try for it"),
        Binding("space", "mark", "Mark fish"),
        Binding("l", "look", "Look (Finder)"),
        Binding("s", "shuffle", "Shuffle sea"),
        Binding("e", "end_turn", "End turn"),
        Binding("n", "decline", "Decline"),
        Binding(PILE_KEY[0], "pile", PILE_KEY[1]),
        Binding("escape", "drop_digits", "Cancel the number"),
        Binding("backspace", "drop_digits", "Cancel the number", show=False),
        *[Binding(str(d), f"digit({d})", "Fish by number", show=False) for d in range(10)],
    ]

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False
        self._digits = ""  # a first digit waiting for the second one (shown as "#1_")
        self._said = True  # words of this board may be on the prompt bar (a clear is sent)
        self._info_label: int | None = None  # the fish the info line was last written for
        # Kept, not queried: a cursor key reaches both, and a query walks the board every time.
        self.sea = SeaView(id="sea")
        self.info = KeptLine(id="fish-info")  # the cursor's fish: a few lines, again and again
        self._checking: int | None = None  # the fish whose reason is on its way (a remote seat)

    def compose(self) -> ComposeResult:
        yield self.sea
        yield Static(id="legend", markup=False)
        yield self.info
        yield Static(id="order", markup=False)

    # -- drawing ------------------------------------------------------------------
    def show(self, view: CrazyFishingView, viewer: int | None) -> None:
        sea = self.sea
        peeks = {p.label: p.fish for p in view.peeks}
        flipped = dict(zip(view.turn.flipped_labels, view.turn.flipped, strict=False)) if view.turn else {}
        sea.show(view, self._selectable(), peeks, flipped, self._reachable(peeks))
        self._order(view)
        self._fish_info(sea.cursor)
        self._legend()

    def _legend(self) -> None:
        sea = self.sea
        width = max(10, (self.size.width or 48) - 2)
        update_text(self.query_one("#legend", Static), sea.legend(width))

    def on_resize(self) -> None:
        self._legend()

    def _order(self, view: CrazyFishingView) -> None:
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
        update_text(self.query_one("#order", Static), Text("\n").join(lines))

    def _fish_info(self, label: int | None) -> None:
        sea = self.sea
        fish = sea.fish_info(label)
        text = Text()
        if self._digits:  # the number being typed, where the player is looking: not the cursor's fish
            text.append(f" #{self._digits}_ ", "bold reverse #ffd75e")
            text.append(" " + self._waiting_words(), "bold")
        elif fish is not None and self.decision is not None:
            where = "beside the sea" if fish.beside else ("covered" if fish.covered else "on top")
            text.append(f"Fish #{fish.label}: clue {fish.back}, {where}", "bold")
            peek = sea.peeks.get(fish.label)
            if fish.label not in sea.selectable and peek is None:
                text.append(" · l: look" if self._can_look(fish.label) else " · can't be chosen")
            if peek is not None:
                text.append("  you looked: ")
                text.append_text(face_text(peek))
            if sea.marked:
                text.append("  marked: " + ", ".join(f"#{m}" for m in sea.marked))
        else:
            text.append(f"{len(sea.fish)} fish in the sea", "dim")
            if sea.beside:
                text.append(f", {len(sea.beside)} beside it", "dim")
        self._info_label = label
        self.info.show(text)

    def on_sea_view_cursor_moved(self, event: SeaView.CursorMoved) -> None:
        event.stop()  # the board's own news: nothing above it listens
        if event.label != self._info_label:  # a key of the board's own has shown it already
            self._fish_info(event.label)

    # -- the prompt -----------------------------------------------------------------
    def begin(self, decision: Decision[CrazyFishingView, Action]) -> None:
        super().begin(decision)
        self._digits = ""
        self._said = True  # a new prompt: the first clear is sent whatever the bar shows
        self.sea.marked = []

    def end(self) -> None:
        super().end()
        self._digits = ""
        self._said = True
        self.sea.marked = []

    @property
    def kind(self) -> str | None:
        return self.decision.kind if self.decision is not None else None

    def _legal(self) -> list[Action]:
        return self.decision.legal if self.decision is not None else []

    def _any(self, kind: type[_KindT], test: Callable[[_KindT], bool] | None = None) -> bool:
        """Is there a legal action of this type (that passes `test`)?"""
        return any(isinstance(a, kind) and (test is None or test(a)) for a in self._legal())

    def _two_fish(self) -> bool:
        """The Super-Fast Reel: this attempt takes two fish."""
        return self._any(Attempt, lambda a: len(a.labels) > 1)

    def _can_look(self, label: int) -> bool:
        return self._any(Look, lambda a: a.label == label)

    def _reachable(self, peeks: dict[int, CardFace]) -> set[int]:
        """Where the cursor may go: fish that can be chosen, and with the Finder any fish
        it may look at or has looked at (CF-Q-22: covered or not, beside the sea too)."""
        if self.kind != "catch":
            return set()
        looks = {a.label for a in self._legal() if a.kind == "look"}
        return looks | (set(peeks) if looks or peeks else set())

    def _selectable(self) -> set[int]:
        if self.kind == "catch":
            return {n for a in self._legal() if a.kind == "attempt" for n in a.labels}
        if self.kind == "pair":
            return {a.label for a in self._legal() if a.kind == "pair_attempt" and a.label is not None}
        return set()

    def hints(self) -> Text:
        view = self.decision.view if self.decision is not None else None
        turn = view.turn if view is not None else None
        if self.kind == "catch":
            finder = self._any(Look)
            if self.digits_try():
                hints = ["number: try that fish", "←↑↓→ then Enter: try"]
            else:
                hints = ["←↑↓→, Tab or number: any fish" if finder else "←↑↓→ or number: choose", "Enter: try"]
            if self._two_fish():
                hints.insert(1, "Space: mark two fish (Reel)")
            if self._any(Look):
                hints.append(f"l: look ({turn.looks_left if turn else '?'} left)")
            if self._any(Shuffle):
                hints.append("s: shuffle first")
            if self._any(EndTurn):
                hints.append("e: end turn")
            if self._private():
                hints.append("p: my catch")
            return Text(" · ".join(hints))
        if self.kind == "pair":
            return Text("number: try that fish · ←↑↓→ then Enter: try · n: decline")
        return Text()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.kind not in SEA_KINDS:
            return False
        if action == "mark":
            return self.kind == "catch" and self._two_fish()
        if action == "look":
            return self.kind == "catch" and self._any(Look)
        if action == "shuffle":
            return self.kind == "catch" and self._any(Shuffle)
        if action == "end_turn":
            return self.kind == "catch" and self._any(EndTurn)
        if action == "decline":
            return self.kind == "pair" and self._any(PairAttempt, lambda a: a.label is None)
        if action == "pile":
            return self._private()
        if action == "drop_digits":
            return bool(self._digits)  # Esc otherwise keeps its meaning on the screen
        return True

    def digits_try(self) -> bool:
        """Does a fish's number try for it at once? Yes, unless the turn still has a choice to make
        before trying: a Fish Finder look, or the second fish of the Super-Fast Reel."""
        if self.kind == "pair":
            return True
        return self.kind == "catch" and not self._any(Look) and not self._two_fish()

    def _private(self) -> bool:
        """A private table (a Finder turn): the seat's own view is on show, pile included."""
        return self.decision is not None and pile_screen(self.decision) is not None

    # -- keys -------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        self._forget_digits()
        sea = self.sea
        sea.move(dx, dy, tell=False)
        self._fish_info(sea.cursor)  # now, in the same frame as the sea (no message needed)
        self._say("")

    def action_step(self, delta: int) -> None:
        self._forget_digits()
        sea = self.sea
        sea.step(delta, tell=False)
        self._fish_info(sea.cursor)
        self._say("")

    def action_digit(self, digit: int) -> None:
        """Type a fish's number. A first digit that may start a longer number waits for the second,
        for Enter or for Esc, and says so where the player looks; a whole number names one fish:
        it is tried (or the cursor goes there, to look or mark first), or the words say why not."""
        sea = self.sea
        typed = self._digits + str(digit)
        if not self._digits and leads(typed, sea.labels()):
            self._digits = typed
            self._fish_info(sea.cursor)
            self._say(f"#{typed}_ {self._waiting_words()}")
            return
        self._digits = ""
        self._number(int(typed))

    def _waiting_words(self) -> str:
        """What the keys do while a first digit waits (fish #1 itself only if there is one)."""
        typed = self._digits
        labels = self.sea.labels()
        enter = f"Enter: fish #{typed}" if int(typed) in labels else f"Enter: no fish #{typed} alone"
        return f"type the second digit · {enter} · Esc: cancel"

    def _number(self, number: int) -> None:
        """A whole number typed: that fish, or the words why it cannot be tried."""
        sea = self.sea
        labels = sea.labels()
        if number in sea.reachable:
            sea.cursor = number
            self._fish_info(number)
            self._say("")
            if self.digits_try():
                self._confirm_cursor()  # the whole number typed: try for that fish
        elif number in labels:
            self._fish_info(sea.cursor)
            reason = self._why_not(number)
            self._say(reason)
            self._checking = number if reason == CHECKING else None
        else:
            self._fish_info(sea.cursor)
            self._say(_no_fish(number, labels))

    def action_drop_digits(self) -> None:
        """Esc (or Backspace) while a first digit waits: the number is dropped, nothing is tried."""
        if self._digits:
            typed = self._digits
            self._forget_digits()
            self._say(f"#{typed}_ cancelled: no fish was tried.")

    def _forget_digits(self) -> None:
        """Another key than a digit, Enter or Esc: the number being typed is abandoned."""
        if self._digits:
            self._digits = ""
            self._fish_info(self.sea.cursor)

    def _why_not(self, label: int) -> str:
        """Why this fish cannot be chosen now: the engine's words for an attempt on it."""
        if self.decision is None:
            return ""
        if self.kind == "pair":
            problem = self.decision.check(PairAttempt(label=label))
        else:
            sizes = {len(a.labels) for a in self._legal() if a.kind == "attempt"}
            others = [n for n in self.sea.selectable if n != label]
            labels = (label, others[0]) if 2 in sizes and others else (label,)
            problem = self.decision.check(Attempt(labels=labels))
        return problem or f"Fish #{label} cannot be chosen now."

    def _say(self, text: str) -> None:
        """A line for the prompt bar; an empty one clears what was said before (a refusal). With
        nothing said since the last clear, a clear is not sent: a cursor key says nothing."""
        self._checking = None
        if not text and not self._said:
            return
        self._said = bool(text)
        self.post_message(self.Say(text))

    def rechecked(self) -> None:
        """The reason for the fish last typed has come: said in place of "checking"."""
        if self._checking is not None and self.decision is not None:
            reason = self._why_not(self._checking)
            if reason != CHECKING:
                self._say(reason)

    def action_mark(self) -> None:
        self._forget_digits()
        sea = self.sea
        sea.toggle_mark()
        self._fish_info(sea.cursor)

    def action_confirm(self) -> None:
        if self._digits:  # Enter ends the number being typed: the typed fish, never the cursor's
            typed, self._digits = self._digits, ""
            self._number(int(typed))
            return
        self._confirm_cursor()

    def _confirm_cursor(self) -> None:
        sea = self.sea
        if sea.cursor is None:
            return
        if self.kind == "catch":
            labels = tuple(sea.marked) if sea.marked else (sea.cursor,)
            if len(labels) == 1 and labels[0] != sea.cursor and self._two_fish():
                labels = (labels[0], sea.cursor)  # one fish marked, the cursor on another: both
            self.post_message(self.Chosen(Attempt(labels=labels)))
        elif self.kind == "pair":
            self.post_message(self.Chosen(PairAttempt(label=sea.cursor)))

    def action_look(self) -> None:
        self._forget_digits()
        cursor = self.sea.cursor
        if cursor is not None and self._can_look(cursor):
            self.post_message(self.Chosen(Look(label=cursor)))
        elif cursor is not None and cursor in self.sea.peeks:
            self._say(f"You have already looked at fish #{cursor}.")
        else:
            self._say("Move to a fish you may look at first.")

    def action_pile(self) -> None:
        screen = pile_screen(self.decision) if self.decision is not None else None
        if screen is not None:
            self.app.push_screen(screen)

    def action_shuffle(self) -> None:
        self._choose_kind("shuffle")

    def action_end_turn(self) -> None:
        self._choose_kind("end_turn")

    def action_decline(self) -> None:
        self._choose_kind("pair_attempt")

    def _choose_kind(self, kind: str) -> None:
        self._forget_digits()
        for action in self._legal():
            # the plain action of its kind: a pair attempt that names no fish, not a look
            if action.kind == kind and not (isinstance(action, (Look, PairAttempt)) and action.label is not None):
                self.post_message(self.Chosen(action))
                return


def leads(typed: str, labels: set[int]) -> bool:
    """Is `typed` the start of a longer fish number in the sea?"""
    return any(label >= 10 and str(label) != typed and str(label).startswith(typed) for label in labels)


def _no_fish(number: int, labels: set[int]) -> str:
    if labels and number <= max(labels):
        return f"There is no fish #{number} in the sea any more: it has been caught or taken out."
    return f"There is no fish #{number} in the sea."
