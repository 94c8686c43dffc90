"""Seat the players and choose the options before a game starts."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, SelectionList, Static

from fishtable.engine.registry import get_entry
from fishtable.tui.screens.base import FishScreen

MAX_NAME = 24


def seat_kinds(game: str) -> list[tuple[str, str]]:
    try:
        from fishtable.bots import bot_names

        names = bot_names(game)
    except Exception:  # the game's bots may not be importable yet
        names = ["random"]
    # The strongest bot first: it is the default for computer seats.
    names = sorted(names, key=lambda n: n == "random")
    return [("Human", "human")] + [(f"Computer: {n}", f"bot:{n}") for n in names]


def oos_fish_names() -> list[str]:
    try:
        from fishtable.games.crazy_fishing.cards import load_card_file

        return list(dict.fromkeys(f.name for f in load_card_file().oos_fish))
    except Exception:
        return []


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
        if name.casefold() in seen:
            return f"Two seats are called {name}; give each player a different name."
        seen.add(name.casefold())
    return None


class SetupScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.entry = get_entry(game)

    def compose(self):
        entry = self.entry
        kinds = seat_kinds(entry.name)
        bot_default = kinds[1][1] if len(kinds) > 1 else "human"
        with VerticalScroll(id="setup"):
            yield Static(f"[b]{entry.title}[/b] — seat the players ({entry.players_text})",
                         id="setup-title")
            counts = [(f"{n} players", n) for n in range(entry.min_players, entry.max_players + 1)]
            with Horizontal(classes="setup-row"):
                yield Label("Seats", classes="setup-label")
                yield Select(counts, value=3, allow_blank=False, id="seat-count")
            for n in range(entry.max_players):
                default = "human" if n < 2 else bot_default
                with Horizontal(classes="setup-row seat-row", id=f"row-{n}"):
                    yield Label(f"Seat {n + 1}", classes="setup-label")
                    yield Input(f"Player {n + 1}", max_length=40, id=f"name-{n}",
                                classes="seat-name")
                    yield Select(kinds, value=default, allow_blank=False, id=f"kind-{n}",
                                 classes="seat-kind")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="random (type a number to replay a deal)", id="seed",
                            restrict=r"-?[0-9]*")
            yield Static("[b]Advanced: out-of-series cards[/b] (off for first games)",
                         id="advanced-title")
            yield Checkbox("Add the out-of-series rods", id="oos-rods")
            yield Static("Out-of-series fish: 2 or 3 recommended.", classes="hint")
            yield Checkbox("Random 3 out-of-series fish", id="oos-random")
            yield SelectionList[str](*((n, n) for n in oos_fish_names()), id="oos-fish")
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="success", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows(3)
        self.query_one("#name-0", Input).focus()

    def _show_rows(self, count: int) -> None:
        for n in range(self.entry.max_players):
            self.query_one(f"#row-{n}").display = n < count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "seat-count":
            self._show_rows(int(event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def seats(self) -> list[tuple[str, str | None]]:
        count = int(self.query_one("#seat-count", Select).value)
        seats = []
        for n in range(count):
            name = " ".join(self.query_one(f"#name-{n}", Input).value.split())
            kind = str(self.query_one(f"#kind-{n}", Select).value)
            seats.append((name, kind.removeprefix("bot:") if kind.startswith("bot:") else None))
        return seats

    def options(self) -> dict[str, Any]:
        fish = tuple(self.query_one("#oos-fish", SelectionList).selected)
        random3 = self.query_one("#oos-random", Checkbox).value
        return {
            "oos_rods": self.query_one("#oos-rods", Checkbox).value,
            "oos_fish": fish,
            "random_oos_fish": 3 if random3 else 0,
        }

    def action_start(self) -> None:
        seats = self.seats()
        problem = check_seats(seats)
        seed_text = self.query_one("#seed", Input).value.strip()
        if problem is None and seed_text not in ("", "-"):
            try:
                int(seed_text)
            except ValueError:
                problem = "The seed must be a whole number, or empty for a random deal."
        error = self.query_one("#setup-error", Static)
        if problem:
            error.update(f"[b red]✗ {problem}[/]")
            return
        error.update("")
        seed = int(seed_text) if seed_text not in ("", "-") else None
        self.app.start_new_game(self.entry.name, self.options(), seats, seed)
