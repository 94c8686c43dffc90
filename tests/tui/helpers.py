"""Drive the app by key presses, and check what the screen shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.tui.widgets.log import EventLog

from .screen_text import screen_text

SEATS = (("Elena", None), ("Tomás", None), ("Ernesto", "random"))


def make_match(seed: int = 7, seats: tuple = SEATS, **options: Any) -> Match:
    game = load_game("crazy-fishing")
    infos = [SeatInfo(name=name, bot=bot) for name, bot in seats]
    return Match.start(game, game.options_model()(**options), infos, seed)


CHARACTERS = {"enter": "\r", "space": " ", "tab": "\t", "escape": "\x1b", "up": None, "down": None,
              "left": None, "right": None}


def character(key: str) -> str | None:
    """The character a terminal sends with `key` (None for a key that sends none)."""
    if key in CHARACTERS:
        return CHARACTERS[key]
    if key.startswith("shift+"):
        return key.removeprefix("shift+").upper()
    return key if len(key) == 1 else None


def post_key(app: App[object], key: str, typed: float) -> None:
    """`key` as the terminal sends it, stamped `typed` (the moment it was typed: a busy app
    reads it later; the Pilot stamps a press when it sends it)."""
    event = events.Key(key, character(key))
    event.set_sender(app)
    event.time = typed
    app.post_message(event)


async def until(pilot: Pilot, condition: Callable[[], bool], seconds: float = 15.0) -> bool:
    """Let the app run until `condition()` holds (what a timer of the app will bring about), or
    `seconds` have passed on a machine too loaded to get there: the condition's last answer.
    A wait for a condition, never for a time, so a busy machine makes it slower, not red."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.05)
    return condition()


async def logs_still(pilot: Pilot, tries: int = 200, also: Callable[[], object] = lambda: None) -> None:
    """Wait until the logs on screen are laid out for good: a log opens on its news and grows for
    long news over a few layouts (each after a refresh), which a busy machine spreads over more
    of a test's pauses. Still: one pause changed nothing (in the logs, and in `also()`)."""
    screen = pilot.app.screen

    def layout() -> tuple[object, ...]:
        return (also(), *((log.size, log.styles.min_height, log.news_below, round(log.scroll_y), len(log.lines))
                          for log in screen.query(EventLog)))

    last = None
    for _ in range(tries):
        await pilot.pause()
        now = layout()
        if now == last:
            return
        last = now
    raise AssertionError(f"the logs never came to rest: {last}")


async def settle(pilot: Pilot) -> None:
    """Wait until computer seats have moved and the screen is quiet."""
    app = pilot.app
    await pilot.pause()
    for _ in range(500):
        flow = getattr(app, "flow", None)
        busy = any(w.is_running for w in app.workers)
        if not busy and (flow is None or flow.thinking is None):
            break
        # A worker the app cancels (a computer's thinking made stale by a move) is done too.
        with suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


def hand_ids(match: Match, seat: int) -> set[str]:
    return {card.id for card in (match.view(seat).hand or ())}


def other_hand_ids(match: Match, seat: int | None) -> set[str]:
    ids: set[str] = set()
    for other in range(len(match.seats)):
        if other != seat:
            ids |= hand_ids(match, other)
    return ids


def private_seat(screen: Any) -> int | None:
    """The seat whose secrets this screen may show, or None for a public screen."""
    name = type(screen).__name__
    if name in {"CastScreen", "CollectScreen", "StudyScreen"}:
        return screen.seat
    if name == "ChoiceScreen" and screen.private:
        return screen.seat
    if name == "TableScreen" and screen.viewer is not None:
        return screen.viewer
    return None


def assert_private_screen_clean(app: Any, match: Match, seat: int) -> None:
    """Nothing of another seat's hand on a seat's private screen."""
    from fishtable.tui.widgets.card import CardTile

    text = screen_text(app)
    for cid in other_hand_ids(match, seat):
        assert cid not in text, f"card {cid} of another hand is on {seat}'s screen"
    mine = hand_ids(match, seat)
    for tile in app.screen.query(CardTile):
        assert tile.card.id in mine, f"tile {tile.card.id} is not in seat {seat}'s hand"


def assert_privacy_screen_clean(app: Any, match: Match) -> None:
    """A privacy screen shows no card of any hand (and no card at all)."""
    from fishtable.tui.widgets.card import CardTile

    text = screen_text(app)
    for seat in range(len(match.seats)):
        for cid in hand_ids(match, seat):
            assert cid not in text
    assert not list(app.screen.query(CardTile))
    body = " ".join(text.split())
    assert "ROD" not in body and "BAIT" not in body and "Speed" not in body
    assert "Pass the keyboard" in body or "The cards are hidden" in body


async def play_step(pilot: Pilot) -> str:
    """Make one legal move on whatever screen is showing, by keys only."""
    app = pilot.app
    screen = app.screen
    name = type(screen).__name__
    match = app.flow.match if app.flow is not None else None
    if name == "PrivacyScreen":
        assert_privacy_screen_clean(app, match)
        await pilot.press("enter")
    elif name == "CastScreen":
        assert_private_screen_clean(app, match, screen.seat)
        casts = [a for a in match.legal_actions(screen.seat) if a.kind == "cast"]
        chosen = casts[0]
        for cid in (*chosen.rods, *chosen.baits):
            index = [c.id for c in screen.hand].index(cid)
            await pilot.press(str(index + 1))  # a card's number puts it in
        await pilot.press("enter")
    elif name == "TableScreen":
        seat = private_seat(screen)
        if seat is not None:
            assert_private_screen_clean(app, match, seat)
        before = match.step_count
        if screen.kind in {"catch", "pair"}:
            await pilot.press("enter")
            await settle(pilot)
            if match.step_count == before and app.screen is screen and screen.kind == "catch":
                # The Super-Fast Reel wants two fish: mark two, then try.
                await pilot.press("space", "tab", "space", "enter")
        else:
            await pilot.press("enter")
    elif name in {"CollectScreen", "ChoiceScreen"}:
        seat = private_seat(screen)
        if seat is not None:
            assert_private_screen_clean(app, match, seat)
        await pilot.press("enter")
    await settle(pilot)
    return name


def fast_forward(match: Match, stop: Any, limit: int = 5000) -> Match:
    """Play seeded random legal actions for whoever is pending until `stop(match)` holds."""
    import random

    rng = random.Random(1234)
    for _ in range(limit):
        if stop(match) or match.is_over:
            return match
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise AssertionError("fast_forward never reached its stop condition")


def human_prompt(kind: str, private: bool | None = None) -> Any:
    """A stop condition: a human seat is asked for `kind` (and no computer is pending)."""

    def stop(match: Match) -> bool:
        pending = match.pending()
        if any(match.seats[s].bot for s in pending):
            return False
        return any(
            p.kind == kind and (private is None or p.private == private) for p in pending.values()
        )

    return stop
