"""Seat the players and choose the options before a game starts.

Seats, the seed and the card file are common to every game; the game's own
options are a form generated from its options model (see `OptionsForm`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Protocol, cast, runtime_checkable
from weakref import WeakKeyDictionary

from pydantic import ValidationError
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from fishtable.bots import levels
from fishtable.engine.errors import FishtableError
from fishtable.engine.files import plain_words
from fishtable.engine.registry import get_entry
from fishtable.engine.series import SeriesRules
from fishtable.engine.text import char_words, refused_char
from fishtable.tui.remembered import (
    REMEMBERED_NAME,
    remember_options,
    remember_seats,
    remembered_options,
    remembered_seats,
)
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.options_form import OptionsForm, TickBox, describe_error


class SetupHost(Protocol):
    """What the setup asks of the app that shows it: the hot-seat app, or the host's setup form
    (`fishtable.remote.setup_app`), which deals the table for remote seats instead."""

    autosave: bool  # False: remember nothing (tests start from the defaults)
    data_dir: Path

    def start_new_game(self, game: str, options: Any, seats: list[tuple[str, str | None]], seed: int | None,
                       series: SeriesRules | None = None) -> str | None:
        """Start the game; a message if it cannot start."""

@runtime_checkable
class TipsChooser(Protocol):
    """An app that gives tips for new players (the hot-seat app): the setup offers to turn them off."""

    def tips_on(self, game: str) -> bool:
        """Tips for this game as last chosen (on by default)."""
        ...

    def choose_tips(self, game: str, on: bool) -> None:
        """The setup's choice, for this game and the next setups of it."""
        ...


MAX_NAME = 24
SERIES_CHOICES = [
    ("A single game", "single"),
    ("A series, to a target total", "target"),
    ("A series, for a time (minutes)", "time"),
]

# What the number beside the series choice is, said in the field while it is empty.
SERIES_NUMBER = {"target": "points to win", "time": "minutes"}

LEVEL_WORDS = {
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard (thinks ~1 s)",
}


def seat_kinds(game: str) -> list[tuple[str, str]]:
    """Human, then the difficulty levels (normal first: the default for computer seats)."""
    names = sorted(levels(game), key=lambda n: n != "normal")  # the setup is only for a playable game
    return [("Human", "human")] + [(LEVEL_WORDS[n], f"bot:{n}") for n in names]


def check_seats(seats: list[tuple[str, str | None]]) -> str | None:
    """Why these seats cannot play, in words, or None."""
    if not seats:
        return "Add at least one seat."
    seen: set[str] = set()
    for n, (name, _) in enumerate(seats, start=1):
        if not name:
            return f"Seat {n} needs a name."
        if len(name) > MAX_NAME:
            return f"Seat {n}'s name is too long ({MAX_NAME} letters at most)."
        hidden = refused_char(name)  # a pasted escape sequence would act on every screen naming the seat
        if hidden is not None:
            return f"Seat {n}'s name holds a control or invisible character ({char_words(hidden)}); type it again."
        if name.casefold() in seen:
            return f"Two seats are called {name}; give each player a different name."
        seen.add(name.casefold())
    return None


# The seats last typed at this table, whatever the game: a setup opened for another game starts
# from them (switching game keeps the names). In memory for the app's life, and in setup.json
# under this key when the app remembers (`autosave`).
LAST_TYPED = "*seats last typed*"
_typed: WeakKeyDictionary[App[Any], list[tuple[str, str | None]]] = WeakKeyDictionary()


class SetupScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: str, card_file: str | None = None,
                 last: tuple[list[tuple[str, str | None]], Any] | None = None,
                 kinds: list[tuple[str, str]] | None = None, default_kinds: tuple[str, ...] = ()) -> None:
        """`kinds` and `default_kinds` are for another front end's seats (`fishtable host`: here,
        remote or computer): the choices of each seat's kind, and the first seats' kinds."""
        super().__init__()
        self.kind_choices = kinds
        self.default_kinds = default_kinds
        self.entry = get_entry(game)
        self.engine = self.entry.load()
        self.ui = self.entry.load_ui()
        self.model = self.engine.options_model()
        self.card_file = card_file
        self.has_cards = "card_file" in self.model.model_fields
        self.last_seats = last[0] if last else None  # names and kinds of the last game's seats
        self.cards_problem: str | None = None

    def compose(self) -> ComposeResult:
        entry = self.entry
        kinds = self.kind_choices or seat_kinds(entry.name)
        bot_default = next((value for _, value in kinds if value.startswith("bot:")), kinds[-1][1])
        last = self._typed_seats() or self.last_seats or []
        count = len(last) if entry.min_players <= len(last) <= entry.max_players else min(
            max(3, entry.min_players), entry.max_players)
        with VerticalScroll(id="setup"):
            yield Static(Text.assemble((entry.title, "bold"), f" — seat the players ({entry.players_text})"),
                         id="setup-title")
            counts = [(f"{n} players", n) for n in range(entry.min_players, entry.max_players + 1)]
            with Horizontal(classes="setup-row"):
                yield Label("Seats", classes="setup-label")
                yield Select(counts, value=count, allow_blank=False, id="seat-count")
            for n in range(entry.max_players):
                name, kind = f"Player {n + 1}", "human" if n < 2 else bot_default
                if n < len(self.default_kinds):
                    kind = self.default_kinds[n]
                if n < len(last):
                    name = last[n][0]
                    kind = "human" if last[n][1] is None else f"bot:{last[n][1]}"
                    if kind not in {value for _, value in kinds}:
                        kind = bot_default
                with Horizontal(classes="setup-row seat-row", id=f"row-{n}"):
                    yield Label(f"Seat {n + 1}", classes="setup-label")
                    yield Input(name, max_length=MAX_NAME, id=f"name-{n}", classes="seat-name")
                    yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{n}", classes="seat-kind")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="random (type a number to replay a deal)", id="seed",
                            restrict=r"-?[0-9]*", max_length=18)
            if self.has_cards:
                with Horizontal(classes="setup-row"):
                    yield Label("Cards", classes="setup-label")
                    yield Input(self.card_file or "", placeholder="the built-in cards (or a card file path)",
                                id="card-file")
                yield Static(id="cards-status", classes="hint")
            yield OptionsForm(self.model, self.ui.option_choices, self.card_file, id="options")
            with Horizontal(classes="setup-row", id="series-row"):
                yield Label("Series", classes="setup-label")
                yield Select(SERIES_CHOICES, value="single", allow_blank=False, id="series-end")
                yield Input(placeholder=SERIES_NUMBER["target"], id="series-number", restrict=r"[0-9]*",
                            max_length=6)
            if isinstance(self.app, TipsChooser):
                yield TickBox(Text("Tips for new players"), self.app.tips_on(entry.name), id="tips")
                yield Static(Text("A line the first time a special card, event or rule comes up "
                                  "(? for its rule); once per player name."), classes="option-hint")
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="success", id="start")
                yield Button("Back", id="back")
        yield KeysFooter()

    def _typed_seats(self) -> list[tuple[str, str | None]] | None:
        """The seats typed last at this table (for any game), if any: in memory, else remembered."""
        if self.kind_choices is not None:
            return None  # another front end's seats (remote, computer): its own defaults
        typed = _typed.get(self.app)
        if typed is None and cast("SetupHost", self.app).autosave:
            typed = remembered_seats(self._remembered_path(), LAST_TYPED)
        return typed

    def _remembered_path(self) -> Path:
        return cast("SetupHost", self.app).data_dir / REMEMBERED_NAME

    def _keep_typed(self) -> None:
        """Keep the seats as typed now (names a player could not use are left out) for the next
        setup, of this game or another."""
        seats = [(name, bot) for name, bot in self.seats() if name and refused_char(name) is None]
        if not seats or self.kind_choices is not None:
            return
        _typed[self.app] = seats
        if cast("SetupHost", self.app).autosave:
            remember_seats(self._remembered_path(), LAST_TYPED, seats)

    def action_back(self) -> None:
        self._keep_typed()
        self.app.pop_screen()

    def on_mount(self) -> None:
        app = cast("SetupHost", self.app)
        if app.autosave:  # what was chosen last time for this game (tests start from the defaults)
            self.query_one(OptionsForm).restore(remembered_options(app.data_dir / REMEMBERED_NAME, self.entry.name))
        self._show_rows(self._seat_count())
        self.query_one("#series-number", Input).display = False
        self.call_after_refresh(self._load_cards)
        self.query_one("#name-0", Input).focus()

    def _card_path(self) -> str | None:
        if not self.has_cards:
            return None
        return self.query_one("#card-file", Input).value.strip() or None

    def _load_cards(self) -> None:
        """Read the chosen card file: fill the lists that depend on it, or say why it cannot be used."""
        path = self._card_path()
        problem = self.query_one(OptionsForm).load_choices(path)
        if problem is None and path is not None:
            problem = self._check_card_file(path)
        self.cards_problem = problem
        if not self.has_cards:
            return
        status = self.query_one("#cards-status", Static)
        if problem:
            status.update(Text.assemble(("✗ This card file cannot be used: ", "bold #ff8080"), problem))
        elif path:
            status.update(Text(f"Cards from {path}."))
        else:
            status.update("The built-in cards.")

    def _check_card_file(self, path: str) -> str | None:
        """Load the card file through the game, so a malformed one is named before the deal."""
        try:
            self.engine.prepare_options(self.model(card_file=str(Path(path).expanduser())))
        except FishtableError as exc:
            return str(exc)
        except Exception as exc:  # a card file must never crash the setup
            return f"{type(exc).__name__}: {exc}"
        return None

    def _show_rows(self, count: int) -> None:
        for n in range(self.entry.max_players):
            self.query_one(f"#row-{n}").display = n < count
        self._offer_seats()

    def _offer_seats(self) -> None:
        """Options that name a seat offer the seats in play, by name."""
        count = self._seat_count()
        names = [self.query_one(f"#name-{n}", Input).value.strip() or f"Player {n + 1}" for n in range(count)]
        self.query_one(OptionsForm).set_seats(names)

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("name-"):
            self._offer_seats()

    def _seat_count(self) -> int:
        # The seats Select is built with int values and allow_blank=False, so its value is an int.
        value = self.query_one("#seat-count", Select).value
        assert isinstance(value, int)
        return value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "seat-count":
            self._show_rows(self._seat_count())
        elif event.select.id == "series-end":
            number = self.query_one("#series-number", Input)
            number.display = event.value != "single"
            number.placeholder = SERIES_NUMBER.get(str(event.value), "")

    def series_rules(self) -> tuple[SeriesRules | None, str | None]:
        """The series chosen (SeriesRules), or why it cannot be used."""
        end = str(self.query_one("#series-end", Select).value)
        text = self.query_one("#series-number", Input).value.strip()
        number = int(text) if text.isdigit() and len(text) <= 6 else None
        values: dict[str, object] = {"end": end}
        if end == "target":
            values["target"] = number
        elif end == "time":
            values["minutes"] = number
        try:
            return SeriesRules.model_validate(values), None
        except ValidationError as exc:
            item = exc.errors()[0]
            field = {"target": "The target total", "minutes": "The minutes"}.get(str((item.get("loc") or ("",))[0]))
            words = plain_words(item)
            return None, f"{field} {words}." if field else f"The series: {words}."

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "card-file":
            self._load_cards()
        self.focus_next()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if event.input.id == "card-file":
            self._load_cards()

    def seats(self) -> list[tuple[str, str | None]]:
        count = self._seat_count()
        seats = []
        for n in range(count):
            name = " ".join(self.query_one(f"#name-{n}", Input).value.split())
            kind = str(self.query_one(f"#kind-{n}", Select).value)
            seats.append((name, kind.removeprefix("bot:") if kind.startswith("bot:") else None))
        return seats

    def seat_kind_values(self) -> list[str]:
        """Each seat's kind as chosen ("human", "bot:normal", or one of the `kinds` given)."""
        return [str(self.query_one(f"#kind-{n}", Select).value) for n in range(self._seat_count())]

    def options(self) -> dict[str, object]:
        values = self.query_one(OptionsForm).values()
        path = self._card_path()
        if path is not None:
                values["card_file"] = str(Path(path).expanduser().resolve())
        return values

    def action_start(self) -> None:
        seats = self.seats()
        problem = check_seats(seats)
        seed_text = self.query_one("#seed", Input).value.strip()
        if problem is None and seed_text not in ("", "-"):
            try:
                int(seed_text)
            except ValueError:
                problem = "The seed must be a whole number, or empty for a random deal."
        if problem is None and self.has_cards:
            self._load_cards()
            if self.cards_problem:
                problem = "The card file cannot be used; choose another or leave Cards empty."
        form = self.query_one(OptionsForm)
        options = None
        if problem is None:
            try:
                options = self.model.model_validate(self.options())
            except ValidationError as exc:
                form.show_errors(exc)
                problem = "Some options cannot be used: " + describe_error(self.model, exc)
            else:
                form.show_errors(None)
        series = None
        if problem is None:
            series, problem = self.series_rules()
        if problem:
            self._error(problem)
            return
        self.query_one("#setup-error", Static).update("")
        seed = int(seed_text) if seed_text not in ("", "-") else None
        app = cast("SetupHost", self.app)
        self._keep_typed()
        if isinstance(self.app, TipsChooser):
            self.app.choose_tips(self.entry.name, self.query_one("#tips", TickBox).value)
        message = app.start_new_game(self.entry.name, options, seats, seed, series)
        if message:
            self._error(message)
        elif app.autosave and options is not None:
            remember_options(app.data_dir / REMEMBERED_NAME, self.entry.name, form.plain_values(options))

    def _error(self, problem: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(Text("✗ " + problem, "bold red"))
        self.call_after_refresh(error.scroll_visible, animate=False)
