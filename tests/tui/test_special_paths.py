"""Every special path of Crazy Fishing, driven through the app by key presses only.

Each test wraps an exact position (built card by card) in a Match, hands it to
the app, and plays it with keys. Every screen shown on the way is captured:
privacy screens must show no card, private screens nothing of another hand,
and secrets (Fish Finder looks, fish-as-bait choices) only the seat they
belong to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.plugins.crazy_fishing.board import leads
from fishtable.tui.app import FishtableApp
from tests.games.crazy_fishing.builder import build

from .helpers import assert_privacy_screen_clean, assert_private_screen_clean, private_seat, settle
from .screen_text import screen_text

SIZE = (120, 40)
TWO = ("Elena", "Tomás")
SLOW = ["R1", "B1", "R2", "B2", "B3", "R3"]  # a slow, weak second player


# -- building positions ------------------------------------------------------------------


def match_of(
    hands: list[list[str]],
    names: tuple[str, ...] = TWO,
    bots: tuple[str | None, ...] | None = None,
    **build_kw: Any,
) -> Match:
    """A Match at the start of round 1's cast, with exactly these cards."""
    game = load_game("crazy-fishing")
    bots = bots or (None,) * len(hands)
    state = build(hands, names=names, **build_kw)
    state.bots = tuple(b is not None for b in bots)
    seats = [SeatInfo(name=n, bot=b) for n, b in zip(names, bots, strict=True)]
    options = game.options_model()(oos_rods=True)
    return Match(game, options, seats, 1, state)


def card_ids(
    match: Match, seat: int, *labels: str, zone: str = "hand", type_: str | None = None
) -> tuple[str, ...]:
    """Ids of distinct cards in a seat's hand (or pile) by face label ("5", "3+", "∞") or name."""
    view = match.view(seat)
    cards = view.hand if zone == "hand" else view.pile
    out: list[str] = []
    for label in labels:
        for card in cards:
            if type_ not in (None, card.type):
                continue
            if card.id not in out and label in (card.label, card.name):
                out.append(card.id)
                break
        else:
            raise KeyError(f"no {label!r} in seat {seat}'s {zone}")
    return tuple(out)


def rods(match: Match, seat: int, *labels: str) -> tuple[str, ...]:
    return card_ids(match, seat, *labels, type_="rod")


def baits(match: Match, seat: int, *labels: str) -> tuple[str, ...]:
    return card_ids(match, seat, *labels, type_="bait")


def fish_label(match: Match, name: str) -> int:
    """The sea label of a fish, by its (hidden) name: for setting up tests only."""
    state = match._state
    for c in state.sea + state.beside:
        if state.cards[c].name == name:
            return state.layout.label[c]
    raise KeyError(name)


def pile_names(match: Match, seat: int) -> list[str]:
    return [c.name for c in match.view(seat).pile]


# -- driving the app ---------------------------------------------------------------------


@dataclass
class Shot:
    """One screen as it was shown."""

    kind: str  # the screen class name
    seat: int | None  # the seat whose private screen it is (None: public or privacy)
    text: str
    player: str | None = None  # the privacy screen's named player


@dataclass
class Table:
    pilot: Pilot
    match: Match
    shots: list[Shot] = field(default_factory=list)

    @property
    def app(self) -> Any:
        return self.pilot.app

    @property
    def screen(self) -> Any:
        return self.app.screen

    @property
    def kind(self) -> str:
        return type(self.app.screen).__name__

    @property
    def text(self) -> str:
        return self.shots[-1].text

    @property
    def screen_kind(self) -> str | None:
        """The prompt kind a table screen is showing ("catch", "split", "ack"...), if any."""
        return getattr(self.app.screen, "kind", None) if self.kind == "TableScreen" else None

    @property
    def flat(self) -> str:
        """The current screen's text with runs of whitespace squeezed."""
        return " ".join(self.text.split())

    async def look(self) -> Shot:
        """Settle, capture the screen, and check it keeps every secret it should."""
        await settle(self.pilot)
        app, match = self.app, self.match
        screen = app.screen
        kind = type(screen).__name__
        text = screen_text(app)
        seat = private_seat(screen)
        player = None
        if kind == "PrivacyScreen":
            assert_privacy_screen_clean(app, match)
            player = screen.player
        elif seat is not None:
            assert_private_screen_clean(app, match, seat)
        else:  # a public screen: no hand at all
            for other in range(len(match.seats)):
                for card in match.view(other).hand or ():
                    assert card.id not in text, f"hand card {card.id} on a public screen"
        shot = Shot(kind, seat, text, player)
        self.shots.append(shot)
        return shot

    async def press(self, *keys: str) -> Shot:
        await self.pilot.press(*keys)
        return await self.look()

    async def unlock(self, name: str) -> Shot:
        """Expect the privacy screen for `name`, and press Enter on it.

        Public steps on the way (the anonymous cover, the table showing news
        before the keyboard is passed on) are passed with Enter too.
        """
        for _ in range(4):
            if self.kind == "PrivacyScreen" and self.screen.player is None:
                await self.press("enter")
            elif self.kind == "TableScreen" and self.screen.seat is None and self.screen.kind == "ack":
                assert f"pass the keyboard to {name}" in self.flat, self.flat
                if self.screen.handoff:  # the table showing the news is the pass screen
                    assert self.screen.waiting_for == name, self.flat
                    assert f"{name}, press Enter when only you can see the screen" in self.flat
                    return await self.press("enter")
                await self.press("enter")
            else:
                break
        assert self.kind == "PrivacyScreen", self.flat
        assert self.screen.player == name, self.flat
        assert f"Pass the keyboard to {name}" in self.flat
        return await self.press("enter")

    async def uncover(self) -> Shot:
        """After a secret decision the next screen hides it by itself: the public table (or the
        results) or the next pass screen, never an anonymous cover that asks a press for nothing."""
        assert not (self.kind == "PrivacyScreen" and self.screen.player is None), "an anonymous cover"
        assert self.kind in ("TableScreen", "PrivacyScreen", "ResultsScreen"), self.flat
        assert getattr(self.screen, "viewer", None) is None, self.flat
        return self.shots[-1]

    async def cast(self, seat: int, rods: tuple[str, ...], baits: tuple[str, ...]) -> Shot:
        """On the cast screen: pick the cards by number, check it is legal, press Enter."""
        assert self.kind == "CastScreen" and self.screen.seat == seat, self.flat
        hand = [c.id for c in self.screen.hand]
        keys: list[str] = []
        for cid in (*rods, *baits):
            keys.append(str(hand.index(cid) + 1))  # a card's number puts it in
        await self.press(*keys)
        assert "✓ A legal cast" in self.flat, self.flat
        steps = self.match.step_count
        shot = await self.press("enter")
        assert self.match.step_count == steps + 1
        return shot

    async def choose(self, wanted: Any) -> Shot:
        """In the option list on screen, move down to the legal action `wanted` and take it."""
        legal = self.screen.legal
        index = legal.index(wanted)
        return await self.press(*["down"] * index, "enter")

    async def fish(self, label: int, *keys: str) -> Shot:
        """On a sea prompt: type the fish's number, then `keys`. Where the number tries for the
        fish at once (a plain catch, or A Pair of Fish), it is the try: `keys` must then start
        with the Enter it replaces. Otherwise the cursor moves there and `keys` follow."""
        sea = self.screen.query_one("SeaView")
        assert sea.cursor is not None
        if not keys:
            return await self.point(label)
        waits = leads(str(label), sea.labels())
        if self.screen.board.digits_try() and not waits:
            assert keys[:1] == ("enter",), f"typing #{label} tries for it: {keys} would follow the try"
            steps = self.match.step_count
            shot = await self.press(*str(label))
            assert self.match.step_count > steps, f"typing #{label} did not try for it: {self.flat}"
            return await self.press(*keys[1:]) if keys[1:] else shot
        await self.press(*str(label))
        if waits:  # a first digit that may start a longer number waits, shown, for Enter
            assert f"#{label}_" in self.flat, self.flat
            if self.screen.board.digits_try():
                return await self.press(*keys)  # their Enter ends the number: the try
            await self.press("enter")
        assert self.screen.query_one("SeaView").cursor == label, self.flat
        return await self.press(*keys)

    async def point(self, label: int) -> Shot:
        """Move the cursor to fish `label` with Tab (the number would try for it), to read about it."""
        sea = self.screen.query_one("SeaView")
        for _ in range(len(sea.labels()) + 1):
            if sea.cursor == label:
                return await self.look()
            await self.pilot.press("tab")
        raise AssertionError(f"Tab never reached fish #{label}: {self.flat}")

    def since(self, index: int) -> list[Shot]:
        return self.shots[index:]


async def start(pilot: Pilot, match: Match) -> Table:
    table = Table(pilot, match)
    await table.look()
    return table


def app_for(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


# -- the Super-Fast Reel -----------------------------------------------------------------


async def test_super_fast_reel_two_fish_then_bait_split(tmp_path: Path) -> None:
    match = match_of(
        [["R:reel", "R3", "B3+", "B3", "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"]
    )
    reel_rods = rods(match, 0, "The Super-Fast Reel", "3")
    reel_baits = baits(match, 0, "3+", "3", "4")
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, reel_rods, reel_baits)
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        # The public table: Elena may take two fish.
        assert t.kind == "TableScreen" and t.screen.viewer is None
        assert "two fish (Super-Fast Reel)" in t.flat
        assert "Space: mark two fish (Reel)" in t.flat
        steps = match.step_count
        await t.fish(1, "space")
        await t.fish(2, "space")
        assert "marked: #1, #2" in t.flat
        await t.press("enter")
        assert match.step_count == steps + 1
        # The split prompt: both fish are turned over, the bait is split in words.
        assert match.pending()[0].kind == "split"
        assert t.kind == "TableScreen" and t.screen.kind == "split"
        assert "split your bait between the two fish" in t.flat
        assert "Turned over: #1 Fish2 (2), #2 Fish5 (5)" in t.flat
        assert "1st fish #1 Fish2 (2): bait 3 (= 3) 2nd fish #2 Fish5 (5): bait 3+ + bait 4 (= 7)" in t.flat
        await t.choose(next(a for a in match.legal_actions(0) if a.first == _cast_bait(match, 0, "3")))
        assert sorted(pile_names(match, 0)) == ["Fish2", "Fish5"]
        assert "catches the Fish5 (5)" in " ".join(match.log_for(None))
        assert forced_attempt_happened(match, 1)  # Tomás had one fish left to try for


def forced_attempt_happened(match: Match, seat: int) -> bool:
    """A seat with one fish to try for is not asked: the table sees the attempt happen."""
    name = match.seats[seat].name
    flips = [e.text for e in match.events_since(0) if e.kind == "flip"]
    return bool(flips) and flips[-1].startswith(name) and seat not in {
        s for s, p in match.pending().items() if p.kind == "catch"
    }


def _cast_bait(match: Match, seat: int, label: str) -> tuple[str, ...]:
    cast = match.view(None).seats[seat].cast
    return (next(c.id for c in cast.baits if c.label == label),)


# -- the Infallible Fish Finder ------------------------------------------------------------


@pytest.mark.slow
async def test_fish_finder_look_is_private_and_covered(tmp_path: Path) -> None:
    match = match_of(
        [["R:finder", "R3", "B3", "B:inf", "B1", "R5"], ["R1", "B1", "R2", "B:inf", "B3", "R3"]],
        # Eight fish, so the round's Collect is asked (with five or fewer left the engine
        # plays the last Collect itself since issue 7).
        sea_cards=["F1", "F2", "F6:5-7:Sea Bass", "F4", "F9", "F9", "F9", "F9"],
    )
    bass = fish_label(match, "Sea Bass")
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "Infallible Fish Finder"), baits(match, 0, "3"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        # Elena's turn to fish with a Finder: a private screen, behind a cover for her.
        assert match.pending()[0].private
        await t.unlock("Elena")
        assert t.kind == "TableScreen" and t.screen.viewer == 0
        assert "PRIVATE: Elena" in t.flat and "look at 1 fish" in t.flat
        assert "Sea Bass" not in t.text
        await t.fish(bass, "l")
        # Still Elena's private screen (the same seat goes on): the front is shown to her.
        assert t.kind == "TableScreen" and t.screen.viewer == 0
        assert "Sea Bass" in t.text
        assert f"You look at fish #{bass}: the Sea Bass (6)" in t.flat
        await t.fish(bass)
        assert "you looked: Sea Bass (6)" in t.flat
        public_log = " ".join(match.log_for(None))
        assert "Sea Bass" not in public_log and f"looks at fish #{bass}" in public_log
        # She fishes for another fish; then the screen is covered before Tomás's turn.
        await t.fish(fish_label(match, "Fish1"), "enter")
        assert pile_names(match, 0) == ["Fish1"]
        after = len(t.shots)
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.viewer is None and t.screen.seat == 1
        assert f"Elena looks at fish #{bass}" in t.flat
        await t.press("enter")  # Tomás tries the first fish in reading order (not the bass)
        while match.pending() and match.view(None).round == 1:
            seat = next(iter(match.pending()))
            if t.kind in {"PrivacyScreen", "CollectScreen"} or t.screen_kind == "ack":
                await t.press("enter")
            elif t.kind == "CastScreen":  # a seat that has refilled may cast at once (issue 7)
                early = next(a for a in match.legal_actions(t.screen.seat) if a.kind == "cast")
                await t.cast(t.screen.seat, early.rods, early.baits)
            else:
                raise AssertionError(f"unexpected {t.kind} for seat {seat}: {t.flat}")
        tomas = [s for s in t.since(after) if s.seat != 0]
        assert tomas and all("Sea Bass" not in s.text for s in tomas)
        assert any(s.seat == 1 and s.kind == "CollectScreen" for s in tomas)


# -- the Bait Bucket ----------------------------------------------------------------------


async def test_bait_bucket_on_covered_fish_fails_and_lies_beside_the_sea(tmp_path: Path) -> None:
    # Fish #1 (the Tuna, size 9) lies under fish #2; the others lie apart.
    match = match_of(
        [["R5", "B:bucket", "B1", "R1", "B2", "R2"], SLOW],
        sea_cards=[("F9:8-10:Tuna", 0, 0), ("F1", 3, 1), ("F3", 20, 0), ("F4", 30, 0), ("F5", 30, 5),
                   ("F6", 10, 6), ("F7", 20, 6)],
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "The Bait Bucket"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.seat == 0
        sea = {f.label: f for f in match.view(None).sea}
        assert sea[1].covered and sea[1].selectable  # the Bucket reaches under
        await t.fish(1)
        assert "Fish #1: clue 8-10, covered" in t.flat
        await t.press("enter")
        assert "Tuna (9) gets away" in t.flat and "beside the sea" in t.flat
        beside = [f for f in match.view(None).sea if f.beside]
        assert [f.label for f in beside] == [1]
        assert pile_names(match, 0) == []
        # Tomás fishes next on the public table, the Tuna lies beside the sea for all to see.
        assert t.screen.seat == 1
        assert " beside the sea " in t.text and "8-10" in t.text
        await t.fish(1)
        assert "Fish #1: clue 8-10, beside the sea" in t.flat


async def test_fish_beside_the_sea_fits_on_a_40_row_table(tmp_path: Path) -> None:
    """With a fish beside the sea, the table still shows the whole tile and the fish line."""
    match = match_of(
        [["R5", "R1", "B1", "B2", "B3", "R2"], SLOW], sea_cards=["F1", "F2", "F3", "F4", "F5", "F6", "F7"],
        beside=["F9:8-10:Tuna"],
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "1"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert t.screen.seat == 0 and " beside the sea " in t.text
        await t.fish(8)
        assert "Fish #8: clue 8-10, beside the sea" in t.flat
        assert "Catch order: Elena → Tomás" in t.flat


# -- the Turbulent Bait -----------------------------------------------------------------


async def test_turbulent_bait_shuffles_before_and_after(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "B:turbulent", "B:turbulent", "B3", "R1", "B1"], SLOW],  # two shuffles to make
    )
    turbulent = baits(match, 0, "The Turbulent Bait", "The Turbulent Bait")
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), (*turbulent, *baits(match, 0, "3")))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert t.screen.seat == 0 and "s: shuffle first" in t.flat
        layout = [(f.label, f.x, f.y) for f in match.view(None).sea]
        await t.press("s")
        assert "stirs the sea with the Turbulent Bait" in t.flat
        assert [(f.label, f.x, f.y) for f in match.view(None).sea] != layout
        assert match.pending()[0].kind == "catch"  # shuffling first does not end the choice
        assert "s: shuffle first" in t.flat  # the second Turbulent Bait is still there
        await t.fish(1, "enter")
        # After the attempt: shuffle again or end the turn, chosen from a list.
        assert match.pending()[0].kind == "finish"
        assert "Shuffle the sea with your Turbulent Bait, or end your turn" in t.flat
        assert "Shuffle the sea" in t.flat and "End my turn" in t.flat
        layout = [(f.label, f.x, f.y) for f in match.view(None).sea]
        await t.choose(next(a for a in match.legal_actions(0) if a.kind == "shuffle"))
        assert [(f.label, f.x, f.y) for f in match.view(None).sea] != layout
        assert match.pending()[1].kind == "catch" and t.screen.seat == 1
        assert " ".join(match.log_for(None)).count("stirs the sea") == 2


def reel_and_turbulent_match() -> Match:
    return match_of(
        [["R:reel", "R3", "B:turbulent", "B4", "R1", "B1"], SLOW], sea_cards=["F1", "F4", "F6", "F7"]
    )


async def reel_with_turbulent_to_split(t, match: Match) -> None:
    """Elena casts the Reel and the Turbulent Bait, Tomás a plain cast; Elena turns over fish #1 and #2."""
    await t.unlock("Elena")
    await t.cast(0, rods(match, 0, "The Super-Fast Reel", "3"), baits(match, 0, "The Turbulent Bait", "4"))
    await t.unlock("Tomás")
    await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
    await t.uncover()
    await t.fish(1, "space")
    await t.fish(2, "space", "enter")
    assert match.pending()[0].kind == "split"


async def test_turbulent_bait_between_the_two_reel_fish(tmp_path: Path) -> None:
    match = reel_and_turbulent_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await reel_with_turbulent_to_split(t, match)
        assert "1st fish #1 Fish1 (1): bait 1+ (Turbulent Bait) (= 1) 2nd fish #2 Fish4 (4): bait 4 (= 4)" in t.flat
        first_turbulent = next(a for a in match.legal_actions(0) if len(a.first) == 1
                               and a.first[0] in card_ids_cast(match, 0, "The Turbulent Bait"))
        await t.choose(first_turbulent)
        # Fish #1 (size 1) is caught with the Turbulent Bait; before fish #2 is resolved,
        # Elena may stir the sea, or go on.
        assert pile_names(match, 0) == ["Fish1"]
        assert match.pending()[0].kind == "between"
        assert "before the second fish is resolved" in t.flat
        assert "Shuffle the sea" in t.flat and "Go on to the second fish" in t.flat, t.flat
        assert "Turned over: #2 Fish4 (4)" in t.flat  # the second fish, waiting
        layout = [(f.label, f.x, f.y) for f in match.view(None).sea]
        await t.choose(next(a for a in match.legal_actions(0) if a.kind == "shuffle"))
        assert [(f.label, f.x, f.y) for f in match.view(None).sea] != layout
        assert sorted(pile_names(match, 0)) == ["Fish1", "Fish4"]
        assert forced_attempt_happened(match, 1)  # Tomás had one fish left to try for


async def test_turbulent_between_continue_goes_on(tmp_path: Path) -> None:
    match = reel_and_turbulent_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await reel_with_turbulent_to_split(t, match)
        await t.choose(next(a for a in match.legal_actions(0) if len(a.first) == 1
                            and a.first[0] in card_ids_cast(match, 0, "The Turbulent Bait")))
        assert match.pending()[0].kind == "between"
        layout = [(f.label, f.x, f.y) for f in match.view(None).sea]
        await t.press("c")  # go on without shuffling
        assert sorted(pile_names(match, 0)) == ["Fish1", "Fish4"]
        # No shuffle was made, and the last shuffle chance after the attempts is gone too.
        remaining = {f.label for f in match.view(None).sea}
        assert [(f.label, f.x, f.y) for f in match.view(None).sea] == [
            x for x in layout if x[0] in remaining
        ]
        assert "stirs the sea" not in " ".join(match.log_for(None))


def card_ids_cast(match: Match, seat: int, name: str) -> set[str]:
    cast = match.view(None).seats[seat].cast
    return {c.id for c in cast.baits if c.name == name}


# -- A Pair of Fish ------------------------------------------------------------------------


async def test_pair_of_fish_offers_an_extra_attempt(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "B3", "R1", "B1", "B2", "R2"], SLOW], sea_cards=["oos:pair_of_fish", "F2", "F5", "F6"]
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "3"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        await t.fish(1, "enter")
        assert pile_names(match, 0) == ["A Pair of Fish"]
        assert match.pending()[0].kind == "pair"
        assert t.kind == "TableScreen" and t.screen.kind == "pair"
        assert "A Pair of Fish! Try for another fish with the same bait" in t.flat
        assert "n: decline" in t.flat
        await t.fish(2, "enter")
        assert pile_names(match, 0) == ["A Pair of Fish", "Fish2"]
        assert match.pending()[1].kind == "catch" and t.screen.seat == 1


async def test_pair_of_fish_extra_attempt_can_be_declined(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "B3", "R1", "B1", "B2", "R2"], SLOW], sea_cards=["oos:pair_of_fish", "F2", "F5", "F6"]
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "3"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        await t.fish(1, "enter")
        assert match.pending()[0].kind == "pair"
        await t.press("n")
        assert "lets the extra fish go" in t.flat
        assert pile_names(match, 0) == ["A Pair of Fish"]
        assert match.pending()[1].kind == "catch"


# -- the Puffer Fish -----------------------------------------------------------------------


async def test_puffer_fish_private_rod_choices(tmp_path: Path) -> None:
    # After casting, both humans hold two different equally fastest rods (4 and 4+, 5 and 5+).
    match = match_of(
        [["R6", "B5", "R4", "R4+", "B1", "B:inf"], ["R1", "B1", "R5", "R5+", "B2", "B3"]],
        sea_cards=["oos:puffer_fish", "F2", "F5", "F6"],
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "6"), baits(match, 0, "5"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        await t.fish(1, "enter")
        assert pile_names(match, 0) == ["Puffer Fish"]
        assert set(match.pending()) == {0, 1}
        assert {p.kind for p in match.pending().values()} == {"puffer"}
        # Elena chooses first, in private.
        await t.unlock("Elena")
        assert t.kind == "ChoiceScreen" and t.screen.seat == 0 and "PRIVATE" in t.flat
        assert "Puffer Fish: discard your fastest rod" in t.flat
        assert "Discard rod 4" in t.flat and "Discard rod 4+" in t.flat
        assert "★∞" in t.text  # her own hand is shown (with the Most Tempting Bait)
        plus4 = rods(match, 0, "4+")[0]
        await t.choose(next(a for a in match.legal_actions(0) if a.rod == plus4))
        # Covered again before Tomás's private choice; he never sees which rod she kept.
        after = len(t.shots)
        await t.unlock("Tomás")
        assert t.kind == "ChoiceScreen" and t.screen.seat == 1
        assert "Discard rod 5" in t.flat and "Discard rod 5+" in t.flat
        assert "rod 4" not in t.flat and "★∞" not in t.flat
        plain5 = rods(match, 1, "5")[0]
        await t.choose(next(a for a in match.legal_actions(1) if a.rod == plain5))
        await t.uncover()
        assert all("★∞" not in s.text for s in t.since(after))
        assert [c.label for c in match.view(0).hand if c.type == "rod"] == ["4"]
        assert [c.label for c in match.view(1).hand if c.type == "rod"] == ["5+"]
        assert t.kind == "TableScreen" and t.screen.seat == 1


# -- fish as bait with the out-of-series rod ------------------------------------------------


async def test_fish_as_bait_is_a_private_simultaneous_choice(tmp_path: Path) -> None:
    # Elena's pile: the Sea Bass lies under the Hake (only the Hake is public).
    match = match_of(
        [["R:oos", "B2", "R1", "B1", "B3", "R2"], ["R:oos", "B1", "R1", "B2", "B3", "R2"]],
        sea_cards=["F1", "F2", "F5", "F6", "F7", "F3", "F4"],
        piles=[["F3:2-4:Sea Bass", "F2:1-3:Hake"], ["F4:3-5:Perch"]],
    )
    bass = card_ids(match, 0, "Sea Bass", zone="pile")[0]
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "Out-of-Series Rod"), baits(match, 0, "2"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "Out-of-Series Rod"), baits(match, 1, "1"))
        assert match.view(None).phase == "fish_bait" and set(match.pending()) == {0, 1}
        # Elena decides first, behind the privacy screen.
        await t.unlock("Elena")
        assert t.kind == "ChoiceScreen" and t.screen.seat == 0 and "PRIVATE" in t.flat
        assert "Use my Sea Bass (3) as bait (twice its size)" in t.flat
        assert "Use my Hake (2) as bait" in t.flat and "Keep my bait cards" in t.flat
        await t.choose(next(a for a in match.legal_actions(0) if a.fish == bass))
        after = len(t.shots)
        await t.unlock("Tomás")
        assert t.kind == "ChoiceScreen" and t.screen.seat == 1
        assert "Use my Perch (4) as bait" in t.flat
        # Nothing of Elena's choice reaches Tomás's screens before both have chosen.
        for shot in t.since(after):
            assert "Sea Bass" not in shot.text and bass not in shot.text
            assert "worth 6" not in shot.text and "takes back their bait" not in shot.text
        await t.choose(next(a for a in match.legal_actions(1) if a.fish is None))
        # Both chose: the choices are revealed together, on the table after the cover.
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.viewer is None
        assert "Elena takes back their bait and uses the Sea Bass (3)" in t.flat
        assert "worth 6" in t.flat
        assert match.view(None).seats[0].cast.fish_bait.name == "Sea Bass"


# -- the Collect warning -----------------------------------------------------------------


@pytest.mark.slow
async def test_collect_warns_of_an_all_bait_hand_but_allows_it(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "R3+", "B2", "B1", "B1", "B1"], SLOW], sea_cards=["F1", "F2", "F5", "F6", "F7", "F3", "F4"]
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5", "3+"), baits(match, 0, "2"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        await t.fish(1, "enter")  # Elena catches Fish1
        await t.press("enter")  # Tomás tries the next fish
        assert match.pending()[0].kind == "collect"
        await t.unlock("Elena")
        assert t.kind == "CollectScreen" and t.screen.seat == 0
        assert "⚠" not in t.text
        await t.press(*["right"] * 4)  # as many baits as possible: no rod at all
        assert "Draw ◀ 0 rod cards and 3 bait cards ▶" in t.flat
        assert "⚠ Your hand would hold no rod: you could not catch next round." in t.flat
        steps = match.step_count
        await t.press("enter")  # a warning only: the draw goes through
        assert match.step_count == steps + 1
        hand = match.view(0).hand
        assert len(hand) == 6 and all(c.type == "bait" for c in hand)


async def test_collect_warns_of_an_all_rod_hand(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "R1", "R1", "R2", "B2", "B1+"], SLOW], sea_cards=["F1", "F2", "F5", "F6", "F7", "F3", "F4"]
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "2", "1+"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        await t.fish(1, "enter")
        await t.press("enter")
        await t.unlock("Elena")
        assert t.kind == "CollectScreen"
        await t.press(*["left"] * 4)
        assert "Draw ◀ 3 rod cards and 0 bait cards ▶" in t.flat
        assert "⚠ Your hand would hold no bait" in t.flat
        await t.press("enter")
        assert all(c.type == "rod" for c in match.view(0).hand)


# -- an illegal cast is explained before commit ---------------------------------------------


async def test_illegal_cast_two_rods_without_plus_is_explained(tmp_path: Path) -> None:
    match = match_of([["R5", "R3", "B2", "B1", "B1+", "R2"], SLOW])
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        hand = [c.id for c in t.screen.hand]
        r5, r3 = rods(match, 0, "5", "3")
        b2, b1, b1plus = baits(match, 0, "2", "1", "1+")
        for cid in (r5, r3, b2):
            await t.press(str(hand.index(cid) + 1))
        # Explained before Enter is pressed, in words.
        assert "✗ To play 2 rods, one of them must be a '+' rod." in t.flat
        steps = match.step_count
        await t.press("enter")
        assert match.step_count == steps and t.kind == "CastScreen" and t.screen.seat == 0
        assert "✗ To play 2 rods, one of them must be a '+' rod." in t.flat
        # Two baits without '+' (and no Reel) are explained too; a '+' bait makes it legal.
        await t.press(str(hand.index(r3) + 1), str(hand.index(b1) + 1))
        assert "✗ To play 2 baits, one must be a '+' bait or a Super-Fast Reel for exactly two." in t.flat
        await t.press(str(hand.index(b1) + 1), str(hand.index(b1plus) + 1))
        assert "✓ A legal cast" in t.flat
        await t.press("enter")
        assert match.step_count == steps + 1
        assert t.kind == "PrivacyScreen" and t.screen.player == "Tomás"
