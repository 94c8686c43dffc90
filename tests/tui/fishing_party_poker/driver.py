"""Drive Fishing Party Poker through the app by keys, checking every screen for secrets.

`poker_match` wraps an exact position (built card by card with the engine's
test builder) in a Match; every card gets a name of its own, so a hidden card
on screen is caught by its name as well as by its index. `Table.look`
captures the screen and checks it: a privacy screen shows no card at all; any
other screen shows no card hidden from the seat it belongs to (another hand
not shown at a showdown, a face-down community card), by tile, name or index.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import ModalScreen

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.plugins.fishing_party_poker.tiles import PokerTile
from fishtable.tui.app import FishtableApp
from fishtable.tui.widgets.card import CardTile
from tests.games.fishing_party_poker.builder import build, card_id

from ..helpers import settle
from ..screen_text import screen_text

NAMES = ("Elena", "Tomás", "Ernesto")
BOTS = (None, None, "random")
SUIT_SYMBOLS = "♠♥♦♣"
# Names that read like Fishing Party cards; a number makes each card's name its own.
FISH = ("Pike", "Perch", "Trout", "Walleye", "Bass", "Carp", "Popper", "Spoon", "Net", "Lure")
PRIVATE_SCREENS = frozenset({"BetScreen", "SwapScreen"})


def poker_match(
    hands: Sequence[Sequence[str]],
    community: Sequence[str],
    chips: Sequence[int],
    dealer: int,
    names: Sequence[str] = NAMES,
    bots: Sequence[str | None] = BOTS,
    seed: int = 1,
    **build_kw: Any,
) -> Match:
    """A Match at the start of hand 1's first betting round, with exactly these cards."""
    game = load_game("fishing-party-poker")
    state = build(hands, community=community, chips=chips, dealer=dealer, seed=seed, **build_kw)
    state.cards = tuple(replace(c, name=f"{FISH[c.idx % len(FISH)]} {c.idx + 1:03d}") for c in state.cards)
    state.names = tuple(names)
    state.bots = tuple(b is not None for b in bots)
    seats = [SeatInfo(name=n, bot=b) for n, b in zip(names, bots, strict=True)]
    return Match(game, game.options_model()(), seats, seed, state)


def cid(match: Match, spec: str, seat: int | None = None) -> str:
    """The id of a card by spec ("KS"), in a seat's hand or (seat None) in the community."""
    state = match._state
    where = state.community if seat is None else state.hands[seat]
    return card_id(state, spec, where)


def app_for(tmp_path: Path, match: Match | None = None) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


# -- what a seat may see ------------------------------------------------------------------------


def hidden_cards(match: Match, seat: int | None) -> list[Any]:
    """The cards in play now that `seat` (None: the public table) may not see."""
    state = match._state
    hidden = []
    for other in range(state.n):
        if other != seat and other not in state.shown:
            hidden += [state.cards[c] for c in state.hands[other]]
    if not state.face_up:
        hidden += [state.cards[c] for c in state.community]
    return hidden


def told(match: Match, seat: int | None) -> str:
    """Every log line the seat could read: anything named there is no secret from it."""
    return "\n".join(e.text for e in match.events_since(0) if e.visible_for(seat))


def owner(app: Any) -> int | None:
    """The seat whose secrets the screen may show (the screen under a yes/no question counts)."""
    for screen in reversed(app.screen_stack):
        name = type(screen).__name__
        if name in PRIVATE_SCREENS:
            return screen.seat
        if name != "YesNoScreen":
            return None
    return None


def check_privacy_screen(app: Any, text: str) -> None:
    assert not list(app.screen.query(CardTile)), "a card tile on a privacy screen"
    assert not any(s in text for s in SUITS_AND_WORDS), text
    flat = " ".join(text.split())
    assert "Pass the keyboard" in flat or "The cards are hidden" in flat, flat


SUITS_AND_WORDS = (*SUIT_SYMBOLS, "Your hand", "Pot ")


def check_secrets(app: Any, match: Match, text: str) -> None:
    """No card hidden from the screen's owner: not as a tile, not by name, not by index."""
    seat = owner(app)
    hidden = hidden_cards(match, seat)
    hidden_ids = {c.cid for c in hidden}
    shown = app.screen_stack[-2:] if isinstance(app.screen, ModalScreen) else [app.screen]
    for screen in shown:
        for tile in screen.query(PokerTile):
            if tile.display and tile.card is not None:
                assert tile.card.id not in hidden_ids, f"hidden card {tile.card.id} on a tile for {seat}"
    state = match._state
    visible = [state.cards[c] for c in state.hands[seat]] if seat is not None else []
    if state.face_up:
        visible += [state.cards[c] for c in state.community]
    for s in state.shown:
        visible += [state.cards[c] for c in state.hands[s]]
    known = told(match, seat) + "\n" + " ".join(f"{c.index} {c.name}" for c in visible)
    for card in hidden:
        if card.name not in known:
            assert card.name not in text, f"{card.name} ({card.index}) is hidden from seat {seat}"
        if card.index not in known:
            assert card.index not in text, f"{card.index} ({card.name}) is hidden from seat {seat}"


# -- driving ------------------------------------------------------------------------------------


@dataclass
class Shot:
    kind: str  # the screen class
    seat: int | None  # whose private screen (None: public or privacy)
    text: str
    hand: int  # the hand number at the time


@dataclass
class Table:
    pilot: Pilot
    shots: list[Shot] = field(default_factory=list)

    @property
    def app(self) -> Any:
        return self.pilot.app

    @property
    def match(self) -> Match:
        return self.app.flow.match

    @property
    def kind(self) -> str:
        return type(self.app.screen).__name__

    @property
    def screen(self) -> Any:
        return self.app.screen

    @property
    def flat(self) -> str:
        return " ".join(self.shots[-1].text.split())

    async def look(self) -> Shot:
        await settle(self.pilot)
        app = self.app
        text = screen_text(app)
        if self.kind == "PrivacyScreen":
            check_privacy_screen(app, text)
        elif app.flow is not None:
            check_secrets(app, self.match, text)
        hand = self.match._state.hand_no if app.flow is not None else 0
        shot = Shot(self.kind, owner(app), text, hand)
        self.shots.append(shot)
        return shot

    async def press(self, *keys: str) -> Shot:
        await self.pilot.press(*keys)
        return await self.look()

    async def go_on(self, name: str) -> None:
        """Pass the public steps (the news on the table, the anonymous cover) up to `name`'s pass screen
        (the privacy screen, or the table with the news), then unlock it."""
        for _ in range(6):
            if self.kind == "PrivacyScreen" and self.screen.player == name:
                break
            assert self.kind in {"PrivacyScreen", "TableScreen"}, self.flat
            if self.kind == "TableScreen":
                assert self.screen.kind == "ack", self.flat
                assert f"pass the keyboard to {name}" in self.flat, self.flat
                if self.screen.handoff and self.screen.waiting_for == name:
                    break  # the table showing the news is the pass screen
            await self.press("enter")
        else:
            raise AssertionError(f"no pass screen for {name}: {self.flat}")
        handoff = self.kind == "TableScreen"
        assert handoff or (self.kind == "PrivacyScreen" and self.screen.player == name), self.flat
        await self.press("enter")
        assert self.kind in PRIVATE_SCREENS and self.match.seats[self.screen.seat].name == name, self.flat

    async def table(self) -> Shot:
        """Pass the anonymous cover, if any, to the public table."""
        if self.kind == "PrivacyScreen" and self.screen.player is None:
            await self.press("enter")
        assert self.kind == "TableScreen", self.flat
        return self.shots[-1]

    async def act(self, *keys: str) -> Shot:
        """Keys on a private decision screen that commit one action."""
        steps, screen = self.match.step_count, self.screen
        shot = await self.press(*keys)
        # One action by these keys; computer seats and one-answer steps may follow at once, now
        # that no cover waits after a commit.
        assert self.match.step_count >= steps + 1 and self.screen is not screen, self.flat
        return shot

    def public(self) -> list[Shot]:
        return [s for s in self.shots if s.seat is None]
