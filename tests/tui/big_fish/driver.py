"""Drive Big Fish through the app by key presses, checking every screen for secrets.

A hand card is a secret: on a seat's private screen no card of another hand
(nor another seat's secret choices) may appear, and on a public or privacy
screen no hand card at all. Card names repeat (two of each species, and some
wild cards share an event's name), so a name is only looked for when the
viewer could not have seen a card of that name anywhere it may look: its own
view and the log lines it may read. Tiles are checked by card id.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from tests.tui.helpers import settle
from tests.tui.screen_text import screen_text

NAMES = ("Elena", "Tomás", "Ernesto", "Mai", "Kofi")


def make_match(seed: int = 7, humans: int = 2, players: int = 3, bot: str = "greedy", **options: Any) -> Match:
    game = load_game("big-fish")
    seats = [SeatInfo(name=NAMES[i], bot=None if i < humans else bot) for i in range(players)]
    return Match.start(game, game.prepare_options(game.options_model()(**options)), seats, seed)


def built_match(state: Any, bots: tuple[str | None, ...]) -> Match:
    """A Match around a state from tests.games.big_fish.builder; `bots` per seat (None: a person)."""
    game = load_game("big-fish")
    state.bots = tuple(b is not None for b in bots)
    seats = [SeatInfo(name=name, bot=b) for name, b in zip(state.names, bots, strict=True)]
    return Match(game, game.options_model()(), seats, 1, state)


def fast_forward(match: Match, stop: Any, seed: int = 1234, limit: int = 5000) -> Match:
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(match) or match.is_over:
            return match
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise AssertionError("fast_forward never reached its stop condition")


# -- what a seat may know -------------------------------------------------------------------------


def secret_cards(match: Match, seat: int) -> list[tuple[str, str]]:
    """(id, name) of every card in `seat`'s hand, and of those it chose in secret."""
    view = match.view(seat)
    return [(c.id, c.name) for c in (*(view.hand or ()), *view.set_aside)]


def seen_names(match: Match, viewer: int | None) -> str:
    """Everything `viewer` may know about, as one text: its view and the log it may read."""
    lines = [e.text for e in match.events_since(0) if e.visible_for(viewer)]
    return match.view(viewer).model_dump_json() + "\n".join(lines)


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def assert_keeps_secrets(app: Any, match: Match, viewer: int | None) -> str:
    """Nothing of a hand other than `viewer`'s on the screen (viewer None: no hand at all)."""
    from fishtable.tui.widgets.card import CardTile

    text = screen_text(app)
    flat = " ".join(text.split())
    known = seen_names(match, viewer)
    for other in range(len(match.seats)):
        if other == viewer:
            continue
        for cid, name in secret_cards(match, other):
            assert cid not in text, f"card id {cid} of seat {other} on {viewer}'s screen"
            if not _mentions(known, name):
                assert not _mentions(flat, name), f"{name} (seat {other}'s secret) on {viewer}'s screen"
    mine = {cid for cid, _ in secret_cards(match, viewer)} if viewer is not None else set()
    for tile in app.screen.query(CardTile):
        assert tile.card.id in mine, f"tile {tile.card.id} is not in seat {viewer}'s hand"
    return text


# -- the driver -----------------------------------------------------------------------------------


@dataclass
class Shot:
    kind: str  # the screen class name
    seat: int | None  # whose private screen it is
    text: str
    player: str | None = None  # the name a privacy screen shows
    decision: str | None = None  # the prompt kind a decision screen answers


@dataclass
class Driver:
    pilot: Pilot
    shots: list[Shot] = field(default_factory=list)

    @property
    def app(self) -> Any:
        return self.pilot.app

    @property
    def match(self) -> Match:
        return self.app.flow.match

    @property
    def screen(self) -> Any:
        return self.app.screen

    @property
    def kind(self) -> str:
        return type(self.app.screen).__name__

    @property
    def flat(self) -> str:
        return " ".join(self.shots[-1].text.split()) if self.shots else ""

    async def look(self) -> Shot:
        """Settle, capture the screen, and check that it keeps every secret it should."""
        await settle(self.pilot)
        screen = self.screen
        kind = type(screen).__name__
        if self.app.flow is None:  # the menus, before a game
            shot = Shot(kind, None, screen_text(self.app))
            self.shots.append(shot)
            return shot
        match = self.match
        seat = None
        player = decision = None
        if kind == "PrivacyScreen":
            text = assert_keeps_secrets(self.app, match, None)
            player = screen.player
            flat = " ".join(text.split())
            assert "Pass the keyboard" in flat or "The cards are hidden" in flat, flat
        elif kind == "BigFishDecisionScreen":
            seat = screen.seat
            text = assert_keeps_secrets(self.app, match, seat)
            decision = screen.decision.kind
        elif kind == "TableScreen":
            assert screen.viewer is None
            text = assert_keeps_secrets(self.app, match, None)
        else:
            text = screen_text(self.app)
        shot = Shot(kind, seat, text, player, decision)
        self.shots.append(shot)
        return shot

    async def press(self, *keys: str) -> Shot:
        await self.pilot.press(*keys)
        return await self.look()

    async def step(self) -> Shot:
        """One key on whatever shows: Enter passes covers and news, and takes the first choice."""
        if not self.shots:
            await self.look()
        return await self.press("enter")

    async def to(self, kind: str, seat: int | None = None, limit: int = 40) -> Shot:
        """Press Enter until a decision screen of `kind` (for `seat`) shows; never past the results."""
        shot = self.shots[-1] if self.shots else await self.look()
        for _ in range(limit):
            if self.kind == "BigFishDecisionScreen" and self.screen.decision.kind == kind \
                    and (seat is None or self.screen.seat == seat):
                return shot
            assert self.kind != "ResultsScreen", f"the game ended before a {kind} decision"
            shot = await self.press("enter")
        raise AssertionError(f"no {kind} decision within {limit} key presses; last screen: {self.flat}")

    async def choose(self, label: str) -> Shot:
        """On a decision screen, pick the choice whose words contain `label`, by arrows and Enter."""
        assert self.kind == "BigFishDecisionScreen", self.flat
        labels = [self.screen.ui.describe(a, self.screen.view, self.screen.decision.kind)
                  for a in self.screen.legal]
        matches = [n for n, text in enumerate(labels) if label in text]
        assert matches, f"no choice says {label!r}: {labels}"
        await self.pilot.press("home", *["down"] * matches[0])
        return await self.press("enter")
