"""Seat the players and choose the options before a game starts."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
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


# Out-of-series effects in a few words, for the setup list (the rules screen has the rest).
EFFECT_HINTS = {
    "golden_fish": "bait +2 while on top",
    "pair_of_fish": "try again at once",
    "prawn": "1-point fish score 2 at the end",
    "sustainable_fishing": "biggest catch of the round goes back",
    "smart_bream": "uncovered fish shown to all",
    "useless_fish": "bait -2 while on top",
    "puffer_fish": "everyone discards their fastest rod",
    "crab": "no '+' baits while on top",
    "moray_eel": "no '+' rods while on top",
}


def load_oos_fish(card_file: str | None) -> tuple[list[tuple[str, str]], str | None]:
    """The out-of-series fish of a card file as (label, value) pairs, or a reason it cannot be read.

    Every copy gets its own entry (the default file has two Pairs of Fish); a value is
    the card name, a '#' and the copy number, so that each copy can be picked.
    """
    from pathlib import Path

    path = Path(card_file).expanduser() if card_file else None
    try:
        from fishtable.games.crazy_fishing.cards import load_card_file

        data = load_card_file(path)
    except Exception as exc:  # a malformed file is reported, never raised
        return [], str(exc)
    copies: dict[str, int] = {}
    total = {name: sum(f.name == name for f in data.oos_fish) for name in {f.name for f in data.oos_fish}}
    out = []
    for fish in data.oos_fish:
        copies[fish.name] = copies.get(fish.name, 0) + 1
        label = f"{fish.name} ({fish.size})"
        if total[fish.name] > 1:
            label += f", copy {copies[fish.name]}"
        label += f": {EFFECT_HINTS.get(fish.effect, fish.effect)}"
        out.append((label, f"{fish.name}#{copies[fish.name]}"))
    return out, None


def oos_fish_names(card_file: str | None = None) -> list[str]:
    """The names of the out-of-series fish, one per card (a name repeats for copies)."""
    return [value.rsplit("#", 1)[0] for _, value in load_oos_fish(card_file)[0]]


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

    def __init__(self, game: str, card_file: str | None = None) -> None:
        super().__init__()
        self.entry = get_entry(game)
        self.card_file = card_file
        self.cards_problem: str | None = None

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
            with Horizontal(classes="setup-row"):
                yield Label("Cards", classes="setup-label")
                yield Input(self.card_file or "", placeholder="the built-in cards (or a card file path)",
                            id="card-file")
            yield Static(id="cards-status", classes="hint")
            yield Static("[b]Advanced: out-of-series cards[/b] (leave them out for first games)",
                         id="advanced-title")
            yield Checkbox("Add the 2 out-of-series rods (fish from your catch as bait)", id="oos-rods")
            yield Static("Out-of-series fish: pick them by name (Space), or add 3 at random. "
                         "2 or 3 recommended.", classes="hint")
            yield Checkbox("3 random out-of-series fish (added to any picked by name)", id="oos-random")
            yield SelectionList[str](id="oos-fish")
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="success", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows(3)
        self._load_cards()
        self.query_one("#name-0", Input).focus()

    def _card_path(self) -> str | None:
        return self.query_one("#card-file", Input).value.strip() or None

    def _load_cards(self) -> None:
        """Read the chosen card file: list its out-of-series fish, or say why it cannot be used."""
        path = self._card_path()
        fish, problem = load_oos_fish(path)
        self.cards_problem = problem
        chooser = self.query_one("#oos-fish", SelectionList)
        kept = set(chooser.selected)
        chooser.clear_options()
        chooser.add_options([(label, value, value in kept) for label, value in fish])
        if chooser.option_count:
            chooser.highlighted = 0  # so the first Space picks a fish
        status = self.query_one("#cards-status", Static)
        if problem:
            status.update(Text.assemble(("✗ This card file cannot be used: ", "bold #ff8080"), problem))
        elif path:
            status.update(Text(f"Cards from {path}."))
        else:
            status.update("The built-in cards.")

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
        if event.input.id == "card-file":
            self._load_cards()
        self.focus_next()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if event.input.id == "card-file":
            self._load_cards()

    def seats(self) -> list[tuple[str, str | None]]:
        count = int(self.query_one("#seat-count", Select).value)
        seats = []
        for n in range(count):
            name = " ".join(self.query_one(f"#name-{n}", Input).value.split())
            kind = str(self.query_one(f"#kind-{n}", Select).value)
            seats.append((name, kind.removeprefix("bot:") if kind.startswith("bot:") else None))
        return seats

    def options(self) -> dict[str, Any]:
        chooser = self.query_one("#oos-fish", SelectionList)
        picked = set(chooser.selected)
        # In list order, each copy once: "A Pair of Fish#2" picks the second copy by name.
        fish = tuple(
            str(option.value).rsplit("#", 1)[0]
            for option in (chooser.get_option_at_index(i) for i in range(chooser.option_count))
            if option.value in picked
        )
        random3 = self.query_one("#oos-random", Checkbox).value
        options: dict[str, Any] = {
            "oos_rods": self.query_one("#oos-rods", Checkbox).value,
            "oos_fish": fish,
            "random_oos_fish": 3 if random3 else 0,
        }
        path = self._card_path()
        if path is not None:
            from pathlib import Path

            options["card_file"] = str(Path(path).expanduser().resolve())
        return options

    def action_start(self) -> None:
        seats = self.seats()
        problem = check_seats(seats)
        seed_text = self.query_one("#seed", Input).value.strip()
        if problem is None and seed_text not in ("", "-"):
            try:
                int(seed_text)
            except ValueError:
                problem = "The seed must be a whole number, or empty for a random deal."
        if problem is None:
            self._load_cards()
            if self.cards_problem:
                problem = "The card file cannot be used; choose another or leave Cards empty."
        error = self.query_one("#setup-error", Static)
        if problem:
            self._error(problem)
            return
        error.update("")
        seed = int(seed_text) if seed_text not in ("", "-") else None
        message = self.app.start_new_game(self.entry.name, self.options(), seats, seed)
        if message:
            self._error(message)

    def _error(self, problem: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(Text("✗ " + problem, "bold red"))
        self.call_after_refresh(error.scroll_visible, animate=False)
