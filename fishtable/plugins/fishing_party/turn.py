"""A Fishing Party turn, in private: the hand as tiles, the table, one's own gear, and a
list of what one may do — free actions first, then the move — with what is not possible
now and the engine's reason why, before anything is committed.

Every private Fishing Party decision comes here: the turn and the Quick-Play second move,
the exchange and the table swap card by card, discarding down, the Spray Bottle, and the
confirmation of a claimed Broken Line. Only the decision's view (the seat's own) is read,
so nothing of another hand can reach the screen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fishtable.games.fishing_party.actions import Action, DrawBack, Exchange, StartExchange, StartSwap
from fishtable.games.fishing_party.views import CardFace, FishingPartyView, SeatPanel
from fishtable.plugins.fishing_party import entries as ent
from fishtable.plugins.fishing_party import held
from fishtable.plugins.fishing_party.faces import FPTile, card_text, card_tile, face_text, fit_tiles
from fishtable.plugins.fishing_party.held import TakeBack
from fishtable.plugins.fishing_party.looks import looks_of
from fishtable.plugins.fishing_party.seat_panel import extra_parts, gear_parts, pond_parts, wrap_parts
from fishtable.tui.decision import CHECKING, Decision
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.widgets.card import hand_keys
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import FishOptionList, choice_keys, key_book, key_label

TITLES = {
    "turn": "your turn",
    "move": "your second move",
    "exchange": "exchange with the draw pile",
    "swap": "swap with the table",
    "give": "swap with the table",
    "discard": "discard down to your hand size",
    "spray": "Spray Bottle",
    "broken_line": "Broken Line? (you claimed it)",
}

# What a legal action leads to, in a line under the list.
AFTER = {
    "place_lure": "A free action: your move is still to come.",
    "permanent": "A free action: your move is still to come.",
    "goggles": "A free action: the six table cards go face down and six new ones are laid.",
    "start_exchange": "Then put aside 1 to 3 cards; you draw as many and the others go face down.",
    "start_swap": "Then take a table card and give one of yours for it, up to three times.",
    "rod": "Your move: the rod goes face up in front of you.",
    "first_aid": "Your move: the Ouch and the kit go to the discard pile.",
    "exchange": "Put aside up to three cards, then draw (after the third, the draw is made).",
    "draw_back": "The cards put aside go face down onto the discard pile.",
    "swap_done": "The cards you gave stay face up on the table.",
    "discard": "Face down: nobody sees it.",
    "let_roll": "Nobody learns whether you hold one.",
    "broken_line": "Played at once: no roll, the fish and the lure are discarded.",
}


class EntryList(FishOptionList):
    """The list of entries; headings are disabled options the cursor skips."""


# The screen's breakpoints (Textual reads them from the screen): named here, as Textual types
# them as a screen attribute, not a class variable.
_WIDTHS: list[tuple[int, str]] = [(0, "-narrow"), (110, "-wide")]
_HEIGHTS: list[tuple[int, str]] = [(0, "-short"), (34, "-tall")]


class TurnScreen(DecisionScreen[FishingPartyView, Action]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys("point", "Card ←→"),
        Binding("x", "pick('start_exchange')", "Exchange"),
        Binding("s", "pick('start_swap')", "Swap"),
        Binding("d", "pick('draw_back')", "Draw now"),
        Binding("f", "pick('swap_done')", "Finish swap"),
        Binding("b", "pick('let_roll')", "Back out"),
        Binding("p", "pick('pass')", "Pass"),
        Binding("escape", "back_out", "Back out"),
        Binding("r", "app.rules", "Rules"),
    ]
    HORIZONTAL_BREAKPOINTS = _WIDTHS
    VERTICAL_BREAKPOINTS = _HEIGHTS
    ARMING = "decision"
    CSS_PATH = "screens.tcss"

    def __init__(
        self, decision: Decision[FishingPartyView, Action], headline_kinds: frozenset[str] = frozenset(),
    ) -> None:
        kind = decision.kind
        super().__init__(decision, classes="private -turn" if kind in ("turn", "move") else "private")
        self.view = decision.view
        self.hand = list(self.view.hand or ())
        self.new: frozenset[str] = frozenset()  # hand cards new since the seat's last look (see compose)
        self.entries = ent.build(decision)
        self.headline_kinds = headline_kinds
        # The cards the arrows point at: the table in a swap, else the hand.
        self.points = [c.id for c in self.view.table] if decision.kind == "swap" else [c.id for c in self.hand]
        self.pointed: str | None = None
        # An exchange or a swap chosen but not yet sent: the screen holds it (Esc backs out), with
        # the cards put aside so far, until the player draws (or takes the first table card).
        self.base = decision
        self.holding: str | None = None  # "exchange" or "swap"
        self.held: list[str] = []  # card ids put aside in a held exchange
        self.letters: dict[str, int] = {}  # a letter shown before a line -> that entry's index

    # -- building ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # Cards new since this seat's last look at this table (drawn as its last turn ended): marked.
        names = tuple(seat.name for seat in self.decision.seats)
        hand = frozenset(card.id for card in self.hand)
        self.new = looks_of(self.app).look(names, self.decision.seat, self.view.turn_number, hand)
        yield Static(self._title(), id="topbar")
        yield Static(Text(self.decision.prompt.text), id="turn-prompt")
        yield Static(self._hand_title(), id="hand-title")
        yield Static(id="you-line")
        with Horizontal(id="hand"):
            for n, card in enumerate(self.hand):
                tile = card_tile(card, index=n + 1 if self.decision.kind != "swap" else None, id=f"card-{n}")
                tile.new = card.id in self.new
                yield tile
        yield Static(id="table-grid")
        with Horizontal(id="turn-body"):
            with Vertical(id="turn-left"):
                yield EntryList(*self._options(), id="entries")
                yield Static(id="explain")
            with VerticalScroll(id="turn-info"):
                yield Static(id="info")
        yield NewsBar(id="news")
        yield EventLog(id="log")
        yield KeysFooter()

    def _title(self) -> Text:
        view = self.view
        text = Text.assemble((f" {self.decision.name} ", "bold reverse"), "  ")
        text.append(TITLES.get(self.decision.kind, self.decision.kind), "bold")
        text.append(f" · turn {view.turn_number}")
        if view.quick_play and self.decision.kind in ("turn", "move"):
            text.append(f" · Quick-Play: {view.moves_left} move{'s' * (view.moves_left != 1)} left")
        if view.time_up:
            text.append("  TIME IS UP: the last turn", "bold #ff8080")
        text.append("   PRIVATE", "bold #ffd75e")
        return text

    def _hand_title(self) -> Text:
        panel = self.view.seats[self.seat]
        held = len(self.view.hand or ())  # without the cards put aside in a held exchange
        text = Text(f"Your hand: {held} card{'s' * (held != 1)}", "bold")
        if panel.hand_limit != 6:
            text.append(f" (hand size {panel.hand_limit})", "dim")
        if self.view.aside:
            text.append(" · put aside: ")
            for n, card in enumerate(self.view.aside):
                text.append(", " if n else "")
                text.append_text(face_text(card, compact=True))
        if held > panel.hand_limit:
            text.append(f" · more than {panel.hand_limit}: you discard at the end of your turn", "bold #ffb347")
        return text

    def _options(self) -> list[Option]:
        """The list's lines; each legal one shows the key that picks it (its own, or a free letter)."""
        options: list[Option] = []
        group = None
        legal = [i for i, e in enumerate(self.entries) if e.legal]
        own = [ent.key_of(self.entries[i]) for i in legal]
        # A line's letter belongs to its action (the seat's key book), not to its place in the list.
        shown = choice_keys(len(legal), {n: key[0] for n, key in enumerate(own) if key is not None},
                            [repr(self.entries[i].action) for i in legal], key_book(self.app, self.seat))
        keys = dict(zip(legal, shown, strict=True))
        # The game's own keys are the screen's bindings; the free letters are picked in on_key.
        self.letters = {key: i for i, key, o in zip(legal, shown, own, strict=True) if key is not None and o is None}
        for index, entry in enumerate(self.entries):
            if entry.group != group:
                group = entry.group
                head = ent.heading(group, self.view, self.decision.kind)
                options.append(Option(Text(f"── {head} ──", "bold"), disabled=True))
            text = Text()
            if entry.legal:
                key = keys[index]
                text.append(f"{key_label(key)} " if key else "  ", "bold #ffd75e")
                text.append(entry.text)
            else:
                # The reason on the refused line itself, not only where the cursor is.
                text.append("✗ " + entry.text, "#9a9a9a")
                if entry.reason:
                    text.append(f" — {entry.reason}", "italic #9a9a9a")
            options.append(Option(text, id=str(index)))
        return options

    def on_mount(self) -> None:
        super().on_mount()
        self._ready()

    def _ready(self) -> None:
        """What the screen does once its widgets are there (again, after a held step is shown)."""
        listing = self.still_there("EntryList", EntryList)
        if listing is None:  # replaced before it was mounted (a move from elsewhere, the app ending)
            return
        show_log(self, self.decision.log, self.headline_kinds)
        self._fit_tiles()
        listing.focus(scroll_visible=False)
        first = next((i for i, o in enumerate(_options(listing)) if not o.disabled), None)
        if first is not None:
            listing.highlighted = first
        self._info()
        self._explain()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit_tiles()

    def _fit_tiles(self) -> None:
        fit_tiles(list(self.query(FPTile)), max(1, self.app.size.width - 2))

    # -- reading the list ------------------------------------------------------------------
    def current(self) -> ent.Entry | None:
        listing = self.query_one(EntryList)
        if listing.highlighted is None:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        return self.entries[int(option.id)] if option.id is not None else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        entry = self.current()
        if entry is not None:
            refs = entry.table if self.decision.kind == "swap" else entry.hand
            self.pointed = refs[0] if refs else None
        self._mark()
        self._explain()

    def _mark(self) -> None:
        for n, tile in enumerate(self.query(FPTile)):
            tile.cursor = self.hand[n].id == self.pointed if n < len(self.hand) else False
        self._info()

    def _explain(self, problem: str | None = None) -> None:
        entry = self.current()
        text = Text()
        if problem:
            text.append("✗ " + problem, "bold #ff8080")
        elif entry is None:
            text.append("Nothing to choose here.", "italic")
        elif not entry.legal:
            text.append("✗ Not possible now: ", "bold #ff8080")
            text.append(entry.reason or "", "bold #ff8080")
        else:
            text.append("✓ Enter: ", "bold #9be27a")
            text.append(self._after(entry) or entry.text)
        update_text(self.query_one("#explain", Static), text)

    def _after(self, entry: ent.Entry) -> str:
        action = entry.action
        view = self.view
        if action is None:  # a note: nothing follows from it
            return ""
        if action.kind == "fish":
            asked = len(view.seats) > 2 and any(c.type == "broken_line" and c.count for c in view.deck)
            table = "the others are asked \"Broken Line, anyone?\", then " if asked else ""
            return f"The fish goes face up beside your lure; {table}the die is rolled for everyone to see."
        if action.kind == "unlucky":
            target = view.seats[action.target]
            return f"{target.name}: " + ", ".join(_status(target, len(view.kinds)))
        if action.kind == "pass":
            me = view.seats[self.seat]
            if me.hand_size > me.hand_limit:
                return f"You hold more than {me.hand_limit}: you discard down instead of drawing."
            return f"Then you draw up to {me.hand_limit} cards, and the next player's turn begins."
        if action.kind == "spray":
            return "The roll as counted decides the catch."
        if action.kind == "take":
            return "Then choose the card of yours to lay in its place."
        if action.kind == "give":
            return "The given card lies face up where the taken one lay."
        return AFTER.get(action.kind, "")

    def _info(self) -> None:
        """The table, one's own gear and the others, from the seat's view: in a side column on a
        wide screen; on a narrow one, a line about oneself and the table in two columns."""
        view = self.view
        me = view.seats[self.seat]
        gear = [*gear_parts(me, wide=True), *extra_parts(me), *pond_parts(me, view.kinds, 8)]
        line = wrap_parts([self._hand_title(), Text("you:", "bold"), *gear], self.app.size.width - 2, 0)
        update_text(self.query_one("#you-line", Static), line)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, overflow="ellipsis")
        grid.add_column(no_wrap=True, overflow="ellipsis")
        cells = [self._table_cell(n, card) for n, card in enumerate(view.table)]
        half = (len(cells) + 1) // 2
        for row in range(half):
            right = cells[row + half] if row + half < len(cells) else Text()
            grid.add_row(Text("Table" if row == 0 else "", "bold"), cells[row], right)
        update_text(self.query_one("#table-grid", Static), grid)
        self._side()

    def _table_cell(self, n: int, card: CardFace) -> Text:
        pointer = "▶" if card.id == self.pointed or card.id == self.view.choosing else " "
        text = Text(f"{pointer}{n + 1} ")
        text.append_text(face_text(card, compact=True))
        if card.id == self.view.choosing:
            text.append(" taken", "bold #ffd75e")
        elif card.id in self.view.swapped_in:
            text.append(" just given", "italic")
        return text

    def _side(self) -> None:
        view = self.view
        width = max(20, (self.query_one("#turn-info").size.width or 48) - 2)
        text = Text("The table", "bold")
        for n, card in enumerate(view.table):
            text.append("\n")
            text.append_text(self._table_cell(n, card))
        text.append(f"\nDraw pile {view.draw_pile} · discard {view.discard_pile}", "dim")
        me = view.seats[self.seat]
        text.append("\n\nYou", "bold")
        for parts in (gear_parts(me, wide=True), extra_parts(me), pond_parts(me, view.kinds, 8)):
            if parts:
                text.append("\n")
                text.append_text(wrap_parts(parts, width, indent=1))
        fisher = view.seats[view.turn]
        if fisher.fishing is not None and view.turn != self.seat:
            text.append(f"\n\n{fisher.name} is fishing for the ", "bold")
            text.append(card_text(fisher.fishing), "bold #8ec9ff")
        text.append("\n\nThe others", "bold")
        for panel in view.seats:
            if panel.seat != self.seat:
                text.append("\n")
                parts = [Text(panel.name + ":", "bold"), *(Text(p) for p in _status(panel, len(view.kinds)))]
                text.append_text(wrap_parts(parts, width, indent=1, sep=", "))
        update_text(self.query_one("#info", Static), text)

    # -- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return self.is_mounted and any(
                e.legal and e.action is not None and e.action.kind == parameters[0] for e in self.entries)
        if action in ("point", "jump"):
            return self.is_mounted and bool(self.points)
        if action == "back_out":
            return self.is_mounted and self.holding is not None
        return super().check_action(action, parameters)

    def action_point(self, delta: int) -> None:
        if not self.points:
            return
        index = self.points.index(self.pointed) if self.pointed in self.points else (-1 if delta > 0 else 0)
        self._point_at(self.points[(index + delta) % len(self.points)])

    def action_jump(self, number: int) -> None:
        if 1 <= number <= len(self.points):
            self._point_at(self.points[number - 1])

    def _point_at(self, cid: str) -> None:
        """Point at a card: the list moves to the first line about it, legal or not."""
        self.pointed = cid
        listing = self.query_one(EntryList)
        for index, option in enumerate(_options(listing)):
            if option.id is None:
                continue
            entry = self.entries[int(option.id)]
            if cid in (entry.table if self.decision.kind == "swap" else entry.hand):
                listing.highlighted = index
                self._mark()
                self._explain()
                return
        self._mark()
        card = next((c for c in (*self.hand, *self.view.table) if c.id == cid), None)
        words = card_text(card) if card is not None else "That card"
        self._explain(f"{words}: nothing to do with it right now.")

    def action_pick(self, kind: str) -> None:
        listing = self.query_one(EntryList)
        for index, option in enumerate(_options(listing)):
            if option.id is None:
                continue
            entry = self.entries[int(option.id)]
            if entry.legal and entry.action is not None and entry.action.kind == kind:
                listing.highlighted = index
                self.choose(entry)
                return

    def on_key(self, event: events.Key) -> None:
        # A letter shown before a line picks it at once (the list does not take letters itself).
        index = self.letters.get(event.key)
        if index is not None and self.is_mounted:
            event.stop()
            event.prevent_default()
            self.choose(self.entries[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.choose(self.entries[int(event.option.id)])

    def choose(self, entry: ent.Entry) -> None:
        """Check with the engine, then send (or hold); an illegal choice is explained and nothing
        happens."""
        if self.committed:
            return
        if entry.action is None or not entry.legal:
            self._explain(entry.reason or "That is not possible now.")
            self.app.bell()
            return
        problem = self.decision.check(entry.action)
        if problem:
            self._explain(problem)
            self.app.bell()
            return
        kind = entry.action.kind
        if self.holding is None and kind in ("start_exchange", "start_swap"):
            self._hold("exchange" if kind == "start_exchange" else "swap")
            return
        if self.holding == "exchange":
            self._exchange_step(entry.action)
            return
        if self.holding == "swap":  # the first table card taken: the swap is under way
            self.send(StartSwap(), entry.action)
            return
        self.send(entry.action)

    def refuse(self, problem: str) -> None:
        self._explain(problem)
        self.app.bell()

    def rechecked(self) -> None:
        """The host's reasons came (a remote seat): the lines of what is not possible say them in
        place of "checking" (one the rules allow after all is left out, as `entries.build` does)."""
        super().rechecked()
        if self.committed:
            return
        entries: list[ent.Entry] = []
        for entry in self.entries:
            if not entry.legal and entry.reason == CHECKING and entry.action is not None:
                reason = self.decision.check(entry.action)
                if reason is None:
                    continue
                entry = replace(entry, reason=reason)
            entries.append(entry)
        if entries == self.entries:
            return
        self.entries = entries
        listing = self.query_one(EntryList)
        at = listing.highlighted
        listing.clear_options()
        listing.add_options(self._options())
        if at is not None and at < listing.option_count:
            listing.highlighted = at
        self._explain()

    # -- an exchange or a swap held on the screen ------------------------------------------------
    def _exchange_step(self, action: Any) -> None:  # Any: an entry's action (the game's, or a TakeBack)
        if isinstance(action, TakeBack):
            self.held.remove(action.card)
        elif action.kind == "exchange":
            self.held.append(action.card)
        if action.kind == "draw_back" or len(self.held) >= held.exchange_limit(self.base.view):
            # The engine draws by itself once the limit is put aside.
            puts = [Exchange(card=card) for card in self.held]
            last = [DrawBack()] if len(self.held) < held.exchange_limit(self.base.view) else []
            self.send(StartExchange(), *puts, *last)
            return
        self._hold("exchange")

    def _hold(self, what: str) -> None:
        """Show the held step as the engine would ask it, from the turn's own view."""
        self.holding = what
        decision = held.exchange_decision(self.base, self.held) if what == "exchange" \
            else held.swap_decision(self.base)
        self._show_decision(decision, held.take_backs(self.base, self.held) if what == "exchange" else [])

    def back_out(self) -> bool:
        """Esc: the exchange or swap held here is dropped, cards put aside go back to the hand."""
        if self.holding is None or self.committed:
            return False
        self.holding, self.held = None, []
        self._show_decision(self.base, [])
        return True

    def _show_decision(self, decision: Decision[FishingPartyView, Action], extra: list[ent.Entry]) -> None:
        """Show `decision` in place of the one on screen (the hand's tiles stay: a card put aside
        keeps its number, and pointing at it offers to take it back)."""
        self.decision = decision
        self.view = decision.view
        # The held step's own lines (take a card back) go with its step, before what is not possible.
        self.entries = sorted(ent.build(decision) + extra, key=lambda e: ent.GROUP_ORDER.index(e.group))
        self.points = [c.id for c in self.view.table] if decision.kind == "swap" else [c.id for c in self.hand]
        self.pointed = None
        self.set_class(decision.kind in ("turn", "move"), "-turn")
        update_text(self.query_one("#topbar", Static), self._title())
        update_text(self.query_one("#turn-prompt", Static), Text(decision.prompt.text))
        update_text(self.query_one("#hand-title", Static), self._hand_title())
        listing = self.query_one(EntryList)
        listing.clear_options()
        listing.add_options(self._options())
        self._ready()
        self.refresh_bindings()
        self.arm()  # a new step on screen: keys typed before it never answer it


def _status(panel: SeatPanel, kinds: int) -> list[str]:
    """Another seat in a few words: hand, rod, lure, Ouch, permanents, pond."""
    parts = [f"hand {panel.hand_size}", "rod" if panel.rod is not None else "NO ROD"]
    if panel.lure is not None:
        parts.append(card_text(panel.lure, compact=True))
    if panel.ouch is not None:
        parts.append("OUCH")
    parts += [c.name for c in panel.permanents]
    parts.append(f"pond {len(panel.pond)}/{kinds}, {panel.pond_weight} lb")
    return parts


def _options(listing: OptionList) -> list[Option]:
    return [listing.get_option_at_index(i) for i in range(listing.option_count)]
