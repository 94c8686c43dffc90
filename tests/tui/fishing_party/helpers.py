"""Driving Fishing Party through the app by key presses, and checking every screen for secrets.

A card is a secret from a seat when it lies in another seat's hand and the seat has never
seen its face (not on the table, in front of a player, in its own hand, nor named in a log
line it may read). Fish and lure faces are unique in a game (a weight, a lure's rolls), so
if one of their names appears on a screen, the card is on that screen; special cards share
their names and are checked by the widgets that show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from fishtable.bots import choose_action
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.state import FPState
from fishtable.games.fishing_party.views import face
from fishtable.plugins.fishing_party.faces import FPTile, display_forms
from tests.tui.helpers import settle
from tests.tui.screen_text import screen_text

# -- positions ---------------------------------------------------------------------------------


def match_of(state: FPState, bots: tuple[str | None, ...] | None = None, seed: int = 1, **options: Any) -> Match:
    """A Match around a built state (tests.games.fishing_party.builder), seats named as built."""
    names = state.static.names
    bots = bots or (None,) * len(names)
    state.static.bots = tuple(b is not None for b in bots)
    seats = [SeatInfo(name=n, bot=b) for n, b in zip(names, bots, strict=True)]
    if state.static.time_limit is not None:
        options.setdefault("time_limit_minutes", state.static.time_limit)
    options.setdefault("quick_play", state.static.quick_play)
    return Match(GAME, GAME.options_model()(**options), seats, seed, state)


def new_match(seed: int = 7, seats: tuple[tuple[str, str | None], ...] = (("Elena", None), ("Tomás", None),
              ("Ernesto", "greedy")), **options: Any) -> Match:
    infos = [SeatInfo(name=n, bot=b) for n, b in seats]
    return Match.start(GAME, GAME.options_model()(**options), infos, seed)


# -- secrets -----------------------------------------------------------------------------------


def unique_faces(match: Match) -> dict[int, Any]:
    """Card index -> face, for the fish and lures whose face text no other card shares."""
    st = match._state.static
    faces = {c: face(st, c) for c in range(len(st.cards)) if face(st, c).group in ("fish", "lure")}
    counts: dict[str, int] = {}
    for f in faces.values():
        counts[f.label] = counts.get(f.label, 0) + 1
    return {c: f for c, f in faces.items() if counts[f.label] == 1}


def secrets_from(match: Match, seat: int | None) -> dict[str, set[str]]:
    """Card id -> the words that would show it, for every card hidden from `seat` (None: everyone)."""
    state = match._state
    st = state.static
    view = match.view(seat)
    seen = {c.id for c in (*(view.hand or ()), *(view.aside or ()), *view.table)}
    for panel in view.seats:
        seen |= {c.id for c in (panel.rod, panel.lure, panel.fishing, panel.ouch, *panel.permanents, *panel.pond)
                 if c is not None}
    log = " ".join(match.log_for(seat))
    out: dict[str, set[str]] = {}
    for c, f in unique_faces(match).items():
        in_other_hand = any(c in state.hands[s] for s in range(st.n) if s != seat)
        if not in_other_hand or f.id in seen or st.texts[c] in log:
            continue
        out[f.id] = display_forms(f) | {st.texts[c]}
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_no_secret(app: Any, match: Match, seat: int | None) -> None:
    text = screen_text(app)
    joined = flat(text)
    for cid, forms in secrets_from(match, seat).items():
        for words in forms:
            assert words not in text and words not in joined, f"{words!r} ({cid}) is shown to seat {seat}"
    hand = {c.id for c in match.view(seat).hand or ()} if seat is not None else set()
    public = {c.id for c in match.view(None).table}
    for tile in app.screen.query(FPTile):
        assert tile.card.id in hand | public, f"tile {tile.card.id} is not seat {seat}'s to see"


def assert_privacy_clean(app: Any, match: Match) -> None:
    """A privacy screen: its sentence, and no card at all."""
    text = flat(screen_text(app))
    assert "Pass the keyboard" in text or "The cards are hidden" in text
    assert not list(app.screen.query(FPTile))
    st = match._state.static
    for c in range(len(st.cards)):
        for words in display_forms(face(st, c)) | {st.texts[c]}:
            assert words not in text, f"{words!r} on a privacy screen"


# -- driving -----------------------------------------------------------------------------------


@dataclass
class Shot:
    kind: str  # the screen class
    seat: int | None  # whose private screen (None: public or privacy)
    text: str
    player: str | None = None  # the privacy screen's named player


@dataclass
class Driver:
    """Press keys, look at every screen, and keep what was shown."""

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
        return flat(screen_text(self.app))

    @property
    def question(self) -> Any:
        """The public question on the table (text, seats, ticket), or None."""
        return getattr(self.screen, "question", None) if self.kind == "TableScreen" else None

    async def look(self) -> Shot:
        await settle(self.pilot)
        app, screen, kind = self.app, self.app.screen, self.kind
        seat, player = None, None
        if kind == "PrivacyScreen":
            assert_privacy_clean(app, self.match)
            player = screen.player
        elif kind in ("TurnScreen", "StudyScreen"):
            seat = screen.seat
            assert_no_secret(app, self.match, seat)
        elif app.flow is not None and kind in ("TableScreen", "ResultsScreen"):
            assert getattr(screen, "viewer", None) is None
            assert_no_secret(app, self.match, None)
        shot = Shot(kind, seat, screen_text(app), player)
        self.shots.append(shot)
        return shot

    async def press(self, *keys: str) -> Shot:
        await self.pilot.press(*keys)
        return await self.look()

    async def unlock(self, name: str) -> Shot:
        """Pass anonymous covers and news on the table, then the pass screen naming `name`: the
        privacy screen, or the public table showing the news (then it is the pass screen)."""
        for _ in range(4):
            if self.kind == "TableScreen" and self.screen.handoff and self.screen.waiting_for == name:
                assert f"{name}, press Enter when only you can see the screen" in self.flat, self.flat
                return await self.press("enter")
            anonymous = self.kind == "PrivacyScreen" and self.screen.player is None
            if anonymous or (self.kind == "TableScreen" and self.screen.kind == "ack"):
                await self.press("enter")
            else:
                break
        assert self.kind == "PrivacyScreen" and self.screen.player == name, self.flat
        return await self.press("enter")

    async def uncover(self) -> Shot:
        """After a secret decision the next screen hides it by itself: the public table (or the
        results) or the next pass screen, never an anonymous cover that asks a press for nothing.
        A turn that ended with a secret draw shows it first to the seat that drew, on its own
        screen: Enter there, then the screen that hides it."""
        if self.kind == "StudyScreen":
            decided = next(shot.seat for shot in reversed(self.shots) if shot.kind == "TurnScreen")
            assert self.screen.seat == decided and "You " in self.flat and " draw" in self.flat, self.flat
            await self.press("enter")
        assert not (self.kind == "PrivacyScreen" and self.screen.player is None), "an anonymous cover"
        assert self.kind in ("TableScreen", "PrivacyScreen", "ResultsScreen"), self.flat
        assert getattr(self.screen, "viewer", None) is None, self.flat
        return self.shots[-1]

    async def choose(self, action: Any, applied: bool = True) -> Shot:
        """On the turn screen: move the list to `action` with the arrow keys, then Enter. Not
        `applied`: a step the screen holds (an exchange put together card by card), so the game
        must not have moved."""
        assert self.kind == "TurnScreen", self.flat
        screen = self.screen
        listing = screen.query_one(OptionList)
        target = next(i for i in range(listing.option_count)
                      if listing.get_option_at_index(i).id is not None
                      and screen.entries[int(listing.get_option_at_index(i).id)].action == action)
        card = getattr(action, "card", None)
        if card in screen.points and screen.points.index(card) < 9:
            await self.pilot.press(str(screen.points.index(card) + 1))  # point at the card first
        for _ in range(listing.option_count * 2):
            if listing.highlighted == target:
                break
            await self.pilot.press("down" if (listing.highlighted or 0) < target else "up")
        assert listing.highlighted == target
        steps = self.match.step_count
        shot = await self.press("enter")
        if applied:
            assert self.match.step_count > steps, self.flat
        else:
            assert self.match.step_count == steps, f"a held step was applied: {self.flat}"
        return shot

    async def point(self, number: int) -> Shot:
        """Point at the hand card with this number (a digit key) on the turn screen."""
        return await self.press(str(number))

    def entry_text(self) -> str:
        return flat(str(self.screen.query_one("#explain").render()))


async def play_one(driver: Driver, claim: bool = True) -> str:
    """One step of a game through the keyboard, humans choosing like the greedy computer player."""
    kind = driver.kind
    match = driver.match
    if kind == "PrivacyScreen":
        await driver.press("enter")
    elif kind == "TurnScreen" and driver.screen.holding is not None:
        # An exchange or a swap the screen holds (the engine has not seen it): its first choice,
        # then, for an exchange, the draw.
        first = next(e.action for e in driver.screen.entries if e.legal and e.action is not None)
        held = driver.screen.holding == "exchange"
        await driver.choose(first, applied=not held)
        if held and driver.kind == "TurnScreen" and driver.screen.holding == "exchange":
            await driver.press("d")
    elif kind == "TurnScreen":
        action = choose_action(match, driver.screen.seat)
        held = action.kind in ("start_exchange", "start_swap") and driver.screen.decision.kind in ("turn", "move")
        await driver.choose(action, applied=not held)
    elif kind == "TableScreen":
        question = driver.question
        if question is not None:
            _, seats, _ = question
            claimant = None
            for seat in seats:
                wanted = choose_action(match, seat)
                if claim and wanted.kind == "broken_line":
                    claimant = seat
                    break
            await driver.press(str(claimant + 1) if claimant is not None else "enter")
        else:
            await driver.press("enter")
    else:
        await driver.press("enter")
    return kind
