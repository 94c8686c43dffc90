"""Nothing a user types crashes the app or loses a game.

A seeded monkey presses keys from a realistic alphabet (the app's bindings, arrows,
text for the setup fields) and resizes the terminal now and then, from the menu on,
mixing in the moves of a player who knows the game so that it gets deep into games.
After every press the app is still running, and the autosave, if any, loads and
replays to exactly the game on the table. If the monkey confirms a quit, a fresh app
starts on the same data directory and must offer the same game to continue. At the
end the game must still be playable: a few sensible moves make progress.

Then targeted bad input on the setup screen: a garbage seed, card files that are
missing, a directory, not JSON or not a regular file, and names that are too long,
blank, the same twice, or look like markup.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import unicodedata
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.keys import KEY_NAME_REPLACEMENTS, key_to_character

from fishtable.engine.resume import replay
from fishtable.engine.saves import load_save_file
from fishtable.tui.app import FishtableApp

from .helpers import fast_forward, make_match, settle
from .screen_text import screen_text

NAVIGATION = ["up", "down", "left", "right", "enter", "escape", "space", "tab", "shift+tab", "backspace"]
DIGITS = [str(d) for d in range(10)]
# The app's own bindings (and a few more letters and keys), then what people type into fields.
LETTERS = [*"rlscnpmeqy", *"jkab", "f1", "ctrl+s", "pagedown", "pageup", "home", "end", "delete"]
TEXT = [*"Zé -./~'[]", "ctrl+a", "ctrl+k", "ctrl+x", "ctrl+v"]
BURSTS = ["x" * 30, " " * 6, "Player 1", "12345678901234567890", "-", "../", "[/]", "[b]Ana"]
SIZES = [(60, 20), (80, 24), (120, 40), (100, 40), (100, 30)]
# Key presses per seed; FISHTABLE_MONKEY_PRESSES=3000 for a longer hunt.
PRESSES = int(os.environ.get("FISHTABLE_MONKEY_PRESSES", "200"))
HUMANS_AND_COMPUTER = (("Elena", None), ("Tomás", None), ("Ernesto", "greedy"))


# -- driving --------------------------------------------------------------------------------------

def key_and_character(key: str) -> tuple[str, str | None]:
    """The key name and the character a terminal driver posts for `key` (a name or a character)."""
    if len(key) == 1:
        if key.isalnum():
            return key, key
        name = unicodedata.name(key, key).lower().replace("-", "_").replace(" ", "_")
        return KEY_NAME_REPLACEMENTS.get(name, name), key
    return key, key_to_character(key)


async def handled(app: App[Any]) -> None:
    """Until the app and every node of its current screen have handled the messages queued so
    far: each is asked to call back once it gets through its queue (what the Pilot does between
    two keys, without its idle waits). An app that stopped (it quit, or it crashed) calls back
    no more: the wait ends there, and the caller's checks say which."""
    if not app.is_running:
        return
    done = asyncio.Event()
    left = 0

    def one_more() -> None:
        nonlocal left
        left -= 1
        if left == 0:
            done.set()

    for node in [app, *app.screen.walk_children(with_self=True)]:
        left += node.call_later(one_more)
    while left > 0 and app.is_running:
        with suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 0.1)  # a bounded wait, to look at is_running again


async def press(pilot: Any, *keys: str) -> None:
    """Like `pilot.press`, without its two idle waits per key (20 ms each at least).

    The key reaches the app the way the driver posts it; then we wait until the app and
    the current screen have handled the messages queued so far. Keys can thus arrive
    while a screen is still being mounted, as they do when someone types ahead.
    """
    app = pilot.app
    for typed in keys:
        key, char = key_and_character(typed)
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)
        await handled(app)


def alphabet(allow_quit: bool) -> list[str]:
    keys = NAVIGATION * 3 + DIGITS + LETTERS * 2 + TEXT
    if allow_quit:
        return [*keys, "ctrl+q"]
    return [k for k in keys if k not in {"q", "y"}]  # the menu's "q" asks to quit as well


def random_keys(rng: random.Random, keys: list[str]) -> list[str]:
    if rng.random() < 0.03:  # a burst of typing: a long name, only spaces, a pasted number...
        return list(rng.choice(BURSTS))
    return [rng.choice(keys)]


def guided(app: FishtableApp, rng: random.Random, allow_quit: bool) -> list[str]:
    """Keys a player who knows the game would press here."""
    screen = app.screen
    name = type(screen).__name__
    if not screen.is_mounted:
        return []
    if name == "SetupScreen":
        return ["ctrl+s"]
    if name == "MenuScreen":
        return [rng.choice(["enter", "down", "enter"])]
    if name == "QuitScreen":
        return ["y" if allow_quit and rng.random() < 0.5 else "n"]
    if name in {"RulesScreen", "HelpScreen"}:
        return ["escape"]
    if name == "ResultsScreen":
        return [rng.choice(["p", "m"])]
    flow = app.flow
    if flow is None:
        return ["enter"]
    if name == "CastScreen" and 0 < len(screen.hand) <= 9:
        casts = [a for a in flow.match.legal_actions(screen.seat) if a.kind == "cast"]
        if casts:
            cast = rng.choice(casts)
            target = {*cast.rods, *cast.baits}
            keys = []
            for n, card in enumerate(screen.hand):
                if (card.id in screen.chosen) != (card.id in target):
                    keys.append(str(n + 1))  # a card's number puts it in or out
            return [*keys, "enter"]
    if name == "CollectScreen":
        return [rng.choice(["left", "right", "enter"]), "enter"]
    if name == "TableScreen" and screen.kind in {"catch", "pair"} and screen.seat is not None:
        tries = [a.labels if a.kind == "attempt" else (a.label,) for a in screen.legal
                 if a.kind == "attempt" or (a.kind == "pair_attempt" and a.label is not None)]
        if tries and rng.random() < 0.8:
            labels = rng.choice(tries)
            if len(labels) == 1:
                return [*str(labels[0]), "enter"]
            return [*str(labels[0]), "space", "tab", "space", "enter"]  # the Reel: two fish
        return [rng.choice(["s", "e", "n", "l", "enter"])]
    # Any list of choices (the table's, the shell's, Big Fish's and poker's decision screens).
    if screen.query("#choices") and screen.query("#choices").first().display:
        if app.focused is not screen.query_one("#choices"):
            return ["tab"]  # the monkey moved the focus away from the list of choices
        if rng.random() < 0.3:
            return ["down", "enter"]
    return ["enter"]


# -- checks ---------------------------------------------------------------------------------------

class SaveWatch:
    """The autosave after every press: it replays (only re-read when its bytes change),
    and it is exactly the game on the table, so quitting at any moment loses nothing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last: bytes | None = None
        self.match: Any = None

    def check(self, app: FishtableApp | None = None) -> None:
        if not self.path.exists():
            self.last, self.match = None, None
        else:
            data = self.path.read_bytes()
            if data != self.last:
                self.match = replay(load_save_file(self.path))  # raises if damaged
                self.last = data
        flow = app.flow if app is not None else None
        if flow is not None and flow.active and not flow.match.is_over:
            assert self.match is not None, "a game is being played without an autosave"
            assert self.match.step_count == flow.match.step_count
            assert self.match.state_hash() == flow.match.state_hash()


def check_privacy(app: FishtableApp) -> None:
    """A cheap privacy check: card tiles only on their owner's screens."""
    screen = app.screen
    name = type(screen).__name__
    if name == "PrivacyScreen":
        assert not screen.query("CardTile")
    elif name in {"CastScreen", "CollectScreen"}:
        # The seat's own cards: its hand, and what it has just cast (still on its screen for a
        # moment after the cast is applied), which its view holds too; never another seat's.
        known = face_ids(app.flow.match.view(screen.seat).model_dump())
        assert {t.card.id for t in screen.query("CardTile")} <= known


def face_ids(data: object) -> set[str]:
    """The ids of every card face in a dumped view (a face has an id, a type and a label)."""
    if isinstance(data, dict):
        found = {data["id"]} if {"id", "type", "label"} <= data.keys() else set()
        for value in data.values():
            found |= face_ids(value)
        return found
    if isinstance(data, list | tuple):
        return set().union(*map(face_ids, data)) if data else set()
    return set()


def check_running(app: FishtableApp) -> None:
    # An exception inside the app exits it with return code 1 (and run_test raises it on the way out).
    assert app.return_code in (None, 0), app.return_code


async def still_playable(pilot: Any, rng: random.Random) -> None:
    """A game left on the table must go on: sensible keys make progress (or it ends)."""
    app = pilot.app
    flow = app.flow
    if flow is None or not flow.active or flow.match.is_over:
        return
    steps = flow.match.step_count
    if getattr(app.screen, "too_small", False):
        await pilot.resize_terminal(100, 40)  # the screen asks for a larger terminal: give it one
    for _ in range(60):
        await settle(pilot)
        if flow.match.step_count > steps or flow.match.is_over:
            return
        await press(pilot, *guided(app, rng, allow_quit=False))
        check_running(app)
    screen = app.screen
    state = {
        "screen": type(screen).__name__, "kind": getattr(screen, "kind", None), "seat": getattr(screen, "seat", None),
        "stack": [type(s).__name__ for s in app.screen_stack], "overlay": type(flow.overlay).__name__,
        "pending": {s: (p.kind, p.private) for s, p in flow.match.pending().items()},
        "legal": {s: flow.match.legal_actions(s)[:6] for s in flow.match.pending()},
        "thinking": flow.thinking, "deferred": flow.deferred, "exposed": flow.marks.exposed,
        "holder": flow.marks.holder, "focused": repr(app.focused), "size": tuple(app.size),
        "message": getattr(screen, "message", None),
    }
    raise AssertionError(f"the game is stuck: {state}")


def near_the_end(seed: int) -> Any:
    """A game of two people and a computer, a few dozen steps before its end."""
    total = fast_forward(make_match(seed=seed, seats=HUMANS_AND_COMPUTER), lambda m: m.is_over).step_count
    return fast_forward(make_match(seed=seed, seats=HUMANS_AND_COMPUTER), lambda m: m.step_count >= total - 40)


# -- the monkey -----------------------------------------------------------------------------------

async def monkey(
    tmp_path: Path, seed: int, allow_quit: bool, skill: float = 0.35, presses: int = PRESSES
) -> dict[str, int]:
    rng = random.Random(seed)
    keys = alphabet(allow_quit)
    watch = SaveWatch(tmp_path / "autosave.json")
    watch.check()
    stats = {"restarts": 0, "games": 0, "finished": 0, "steps": 0}
    done = 0
    while done < presses:
        app = FishtableApp(data_dir=tmp_path, bot_pause=0)
        async with app.run_test(size=rng.choice(SIZES)) as pilot:
            await settle(pilot)
            if watch.match is not None and not watch.match.is_over:
                # After a quit in the middle of a game, that same game can be continued.
                assert app.save_status is not None and app.save_status.match is not None
                assert app.save_status.match.state_hash() == watch.match.state_hash()
            flow = None
            last = None  # the screen of the previous press
            while done < presses:
                done += 1
                name = type(app.screen).__name__
                steps_before = app.flow.match.step_count if app.flow is not None else 0
                roll = rng.random()
                too_small = getattr(app.screen, "too_small", False)
                if roll < 0.03 or (too_small and roll < 0.2):  # people enlarge a terminal that asks them to
                    await pilot.resize_terminal(*rng.choice(SIZES))
                elif name == "SetupScreen" and last != "SetupScreen" and roll < 0.6:
                    await press(pilot, "ctrl+s")  # most games: the default two people and a computer
                elif roll < skill:
                    await press(pilot, *guided(app, rng, allow_quit))
                else:
                    await press(pilot, *random_keys(rng, keys))
                if too_small and roll >= 0.2 and app.flow is not None:
                    # Only computer seats may have moved meanwhile: no key reached the game.
                    moved = app.flow.match._actions[steps_before:]
                    assert all(app.flow.match.seats[seat].bot for seat, _ in moved), "a key acted while too small"
                last = name
                if rng.random() < 0.03:
                    await pilot.pause()  # let a computer seat finish thinking now and then
                check_running(app)
                if app.flow is not flow and app.flow is not None:
                    if flow is not None:
                        stats["finished"] += flow.match.is_over
                    stats["games"] += 1
                    flow = app.flow
                if not app.is_running:
                    break  # the monkey quit: start again below
                watch.check(app)
                check_privacy(app)
            if app.is_running:
                await still_playable(pilot, rng)
                check_running(app)
                watch.check(app)
            if app.flow is not None:
                stats["steps"] += app.flow.match.step_count
                stats["finished"] += app.flow.match.is_over
        check_running(app)
        watch.check()
        if done < presses:
            stats["restarts"] += 1
    return stats


@pytest.mark.parametrize(
    ("seed", "allow_quit", "saved"),
    [(1, True, False), (2, False, False), (3, True, True), (4, False, True)],
    ids=["quits", "stays", "quits-from-saved-endgame", "stays-from-saved-endgame"],
)
@pytest.mark.slow
async def test_monkey_never_crashes_or_loses_a_game(tmp_path: Path, seed: int, allow_quit: bool, saved: bool) -> None:
    if saved:  # the menu offers to continue a game that is nearly over: results, play again, menu
        near_the_end(seed).save(tmp_path / "autosave.json")
    stats = await monkey(tmp_path, seed, allow_quit, skill=0.5 if saved else 0.35)
    assert stats["games"] >= 1, stats


# -- targeted bad input on the setup screen -------------------------------------------------------

def flat(app: FishtableApp) -> str:
    return " ".join(screen_text(app).split())


async def open_setup(pilot: Any) -> Any:
    await settle(pilot)
    await pilot.press("enter")  # Crazy Fishing, the first choice without a save
    await settle(pilot)
    assert type(pilot.app.screen).__name__ == "SetupScreen"
    return pilot.app.screen


async def test_seed_field_takes_only_a_whole_number(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        seed = setup.query_one("#seed")
        for garbage in ["4 2", "1e5", "--7", "0x10", "12abc", "9" * 5000]:  # pasted past the filter
            seed.value = garbage
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.flow is None and app.screen is setup, garbage
            assert "The seed must be a whole number" in flat(app), garbage
        seed.value = ""
        seed.focus()
        await press(pilot, *"abc 1x2-3.é!")  # typed: only what keeps it a whole number gets in
        assert seed.value == "123"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None and app.flow.match.seed == 123

    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#seed").value = "-"  # a lone minus sign: a random deal
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None


def bad_card_files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "a-directory").mkdir()
    (tmp_path / "not-json.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "empty.json").write_text("", encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "list.json").write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    return {
        "missing": str(tmp_path / "no-such-file.json"),
        "directory": str(tmp_path / "a-directory"),
        "not json": str(tmp_path / "not-json.json"),
        "empty": str(tmp_path / "empty.json"),
        "not text": str(tmp_path / "binary.json"),
        "a list": str(tmp_path / "list.json"),
        "a device": "/dev/zero",  # reading it would never end
        "markup": "[/]",
    }


async def test_bad_card_file_paths_are_refused_in_words(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        field = setup.query_one("#card-file")
        for what, path in bad_card_files(tmp_path).items():
            field.value = path
            field.focus()
            await pilot.press("end", "enter")  # Enter (or leaving the field) reads the file
            await settle(pilot)
            assert "This card file cannot be used" in flat(app), what
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.flow is None and app.screen is setup, what
            assert "choose another or leave Cards empty" in flat(app), what
        # Emptying the field goes back to the built-in cards.
        field.value = ""
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None and app.flow.match.options.card_file is None


async def test_a_card_file_passed_to_the_app_that_went_missing(tmp_path: Path) -> None:
    gone = {"crazy-fishing": tmp_path / "gone.json"}
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False, card_files=gone)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_setup(pilot)
        assert "This card file cannot be used" in flat(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is None


BAD_NAMES = [
    (["Elena", " " * 10], "Seat 2 needs a name"),
    (["Elena", "  eLENA "], "Two seats are called"),
    (["Ana  María", "Ana María"], "Two seats are called"),
]


async def test_bad_names_are_refused_in_words(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        for names, message in BAD_NAMES:
            for n, name in enumerate(names):
                setup.query_one(f"#name-{n}").focus()
                await press(pilot, "home", "ctrl+k", *name)
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.flow is None and app.screen is setup, names
            assert message in flat(app), names


async def test_a_too_long_name_is_refused_while_typing(tmp_path: Path) -> None:
    from fishtable.tui.screens.setup import MAX_NAME, check_seats

    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        field = setup.query_one("#name-0")
        field.focus()
        await press(pilot, "home", "ctrl+k", *("x" * 60))
        assert field.value == "x" * MAX_NAME
    assert check_seats([("x" * (MAX_NAME + 1), None)]) == f"Seat 1's name is too long ({MAX_NAME} letters at most)."


async def test_names_that_look_like_markup_are_shown_as_typed(tmp_path: Path) -> None:
    """"[/]" once crashed the privacy screen and the results table (read as markup)."""
    names = ["[/]", "[b]Ana", "x[/b]"]
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        for n, name in enumerate(names[:2]):
            setup.query_one(f"#name-{n}").focus()
            await press(pilot, "home", "ctrl+k", *name)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None
        assert [s.name for s in app.flow.match.seats][:2] == names[:2]
        assert type(app.screen).__name__ == "PrivacyScreen"
        assert "Pass the keyboard to [/]." in flat(app)
        assert replay(load_save_file(app.save_path)).state_hash() == app.flow.match.state_hash()

    seats = tuple((name, bot) for name, (_, bot) in zip(names, HUMANS_AND_COMPUTER, strict=True))
    over = fast_forward(make_match(seed=5, seats=seats), lambda m: m.is_over)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False, start_match=over)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
        text = flat(app)
        assert all(name in text for name in names)


# -- crashes the monkey found, pinned down --------------------------------------------------------

async def test_keys_typed_ahead_of_a_new_screen(tmp_path: Path) -> None:
    """Enter then Ctrl+S at once on the menu: Ctrl+S reached the setup screen before its widgets existed."""
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "ctrl+s", "ctrl+s")
        await settle(pilot)
        check_running(app)
        assert type(app.screen).__name__ in {"SetupScreen", "PrivacyScreen"}


async def test_paging_a_list_hidden_behind_the_too_small_message(tmp_path: Path) -> None:
    """Page Up/Down on a list with no width raised KeyError inside Textual's OptionList."""
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert "Please enlarge the terminal" in flat(app)
        await pilot.press("pageup", "pagedown", "down", "pagedown")
        await pilot.resize_terminal(100, 40)
        await pilot.press("pageup", "pagedown")
        await settle(pilot)
        check_running(app)
        assert type(app.screen).__name__ == "MenuScreen"


async def test_the_hidden_choice_list_never_takes_enter_from_the_table(tmp_path: Path) -> None:
    """After a choice on the table, the news waits for Enter: the hidden list must not catch it."""
    from .helpers import human_prompt

    match = fast_forward(make_match(seed=12), human_prompt("between"))  # a seed that reaches it
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False, start_match=match)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        choices = table.query_one("#choices")
        assert table.kind == "between" and app.focused is choices
        await pilot.press("enter")
        await settle(pilot)
        assert table.kind == "ack" and not choices.focusable and app.focused is not choices
        for keys in (("f1", "escape"), ("tab",), ("shift+tab",)):  # the table resumes; focus moves
            await pilot.press(*keys)
            await settle(pilot)
            assert app.focused is not choices, keys
        name = table.waiting_for
        assert table.handoff and name is not None  # the table with the news is the pass screen
        await pilot.press("enter")
        await settle(pilot)
        # The Enter reached the table (not the hidden list): the named player's own screen is up.
        seat = getattr(app.screen, "seat", None)
        assert app.screen is not table and seat is not None and match.seats[seat].name == name
