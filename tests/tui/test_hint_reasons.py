"""F2's hint says why (issue 43, part 5): each move's reason names what it goes for (the fish,
the card, the pot, the player it blocks) and its chance, in words that agree with the
percentage the hint shows."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

import fishtable.bots
from fishtable.bots import hint
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry, load_game
from fishtable.tui.app import FishtableApp
from fishtable.tui.plugin import card_words, chance_words
from fishtable.tui.screens.hint import HintScreen

from .helpers import make_match, settle, until
from .screen_text import screen_text

CHANCE = re.compile(r"you win about (\d+) in 10 of the ([\d,]+|one) imagined games?")


def position(game: str, wanted: Callable[[Any], bool], seed: int = 1) -> tuple[Match, int, Any]:
    """A seeded random game played until a seat may play an action `wanted` picks."""
    engine = load_game(game)
    seats = [SeatInfo(name=n) for n in ("Ann", "Ben", "Cy")]
    rng = random.Random(seed)
    for attempt in range(20):
        match = Match.start(engine, engine.options_model()(), seats, seed + attempt)
        for _ in range(400):
            pending = match.pending()
            if not pending:
                break
            for seat in pending:
                found = next((a for a in match.legal_actions(seat) if wanted(a)), None)
                if found is not None:
                    return match, seat, found
            seat = next(iter(pending))
            legal = match.legal_actions(seat)
            match.apply(seat, legal[int(rng.random() * len(legal))])
    raise AssertionError(f"no position in {game} offers the action")


def reason_of(game: str, match: Match, seat: int, action: Any, rate: float, games: int) -> str:
    ui = get_entry(game).load_ui()
    kind = match.pending()[seat].kind
    return ui.hint_reason(action, match.view(seat), kind, rate, games)


def test_chance_words_agree_with_the_percentage() -> None:
    for rate in (0.0, 0.04, 0.05, 0.349, 0.35, 0.5, 0.649, 0.65, 0.95, 1.0):
        tenths = int(CHANCE.search(chance_words(rate, 100)).group(1))
        assert abs(tenths * 10 - round(rate * 100)) <= 5
    assert "the 1,234 imagined games" in chance_words(0.5, 1234)
    assert "the one imagined game" in chance_words(1.0, 1)


def test_crazy_fishing_names_the_fish_and_its_clue() -> None:
    match, seat, action = position("crazy-fishing", lambda a: a.kind == "attempt")
    text = reason_of("crazy-fishing", match, seat, action, 0.7, 400)
    label = action.labels[0]
    back = next(f.back for f in match.view(seat).sea if f.label == label)
    assert f"fish #{label} (clue {back})" in text and "adds its size to your score" in text
    assert "about 7 in 10 of the 400 imagined games" in text


def test_crazy_fishing_names_the_speed_and_bait_of_a_cast() -> None:
    match, seat, action = position("crazy-fishing", lambda a: a.kind == "cast")
    hand = {c.id: c for c in match.view(seat).hand}
    speed = sum(hand[c].value for c in action.rods)
    text = reason_of("crazy-fishing", match, seat, action, 0.31, 90)
    assert f"speed {speed}" in text and "bait" in text and "about 3 in 10" in text


def test_fishing_party_names_the_fish_tried_for() -> None:
    match, seat, action = position("fishing-party", lambda a: a.kind == "fish")
    text = reason_of("fishing-party", match, seat, action, 0.42, 50)
    assert f"try for the {card_words(match.view(seat), action.card)}" in text and "Fish Pond" in text
    assert "about 4 in 10 of the 50 imagined games" in text


def test_fishing_party_names_the_player_an_unlucky_card_blocks() -> None:
    match, seat, action = position("fishing-party", lambda a: a.kind == "unlucky", seed=2)
    text = reason_of("fishing-party", match, seat, action, 0.2, 10)
    assert match.seats[action.target].name in text and "hold back their fishing" in text


def test_big_fish_names_the_fish_caught() -> None:
    match, seat, action = position("big-fish", lambda a: a.kind == "catch")
    text = reason_of("big-fish", match, seat, action, 0.55, 300)
    assert f"catch the {card_words(match.view(seat), action.fish)}" in text and "Ice Box" in text
    assert "about 6 in 10 of the 300 imagined games" in text


def test_poker_names_the_cards_swapped_and_the_pot() -> None:
    match, seat, action = position("fishing-party-poker", lambda a: a.kind == "swap")
    view = match.view(seat)
    text = reason_of("fishing-party-poker", match, seat, action, 0.25, 64)
    assert f"swap your {card_words(view, action.give)} for the {card_words(view, action.take)}" in text
    match, seat, action = position("fishing-party-poker", lambda a: a.kind == "fold")
    text = reason_of("fishing-party-poker", match, seat, action, 0.1, 64)
    assert f"the pot of {match.view(seat).pot}" in text and "about 1 in 10" in text


class HintApp(App[None]):
    def __init__(self, name: str, options: list[tuple[str, float, int]], reasons: dict[str, str]) -> None:
        super().__init__()
        self.args = (name, options, reasons)

    def on_mount(self) -> None:
        self.push_screen(HintScreen(*self.args))


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"])
async def test_the_hint_screen_gives_each_searched_move_a_reason_that_agrees_with_its_figures(game: str) -> None:
    """The real search, on a real position: every line the hint lists has its reason, and the
    reason's "N in 10" is the percentage on the line above, rounded."""
    match, seat, _ = position(game, lambda a: True)
    view, legal = match.view(seat), match.legal_actions(seat)
    kind = match.pending()[seat].kind
    ui = get_entry(game).load_ui()
    found = hint(view, legal, match.game, iterations=60, rng=random.Random(0))
    assert found
    options = [(ui.describe(a, view, kind), rate, tried) for a, rate, tried in found]
    reasons = {ui.describe(a, view, kind): ui.hint_reason(a, view, kind, rate, tried) for a, rate, tried in found}
    app = HintApp("Ann", options, reasons)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    shown = re.findall(r"(\d+)% chance of winning, judged from ([\d,]+) imagined game", text)
    whys = CHANCE.findall(text)
    assert shown and len(whys) == len(shown), text
    for (percent, games), (tenths, said_games) in zip(shown, whys, strict=True):
        assert abs(int(tenths) * 10 - int(percent)) <= 5
        assert said_games in (games, "one")


async def test_f2_in_the_app_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fishtable.bots, "HINT_SECONDS", 0.2)
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(), bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("f2")
        assert await until(pilot, lambda: isinstance(app.screen, HintScreen))
        text = " ".join(screen_text(app).split())
        assert "Why: speed" in text and CHANCE.search(text), text
