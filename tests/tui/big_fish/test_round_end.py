"""The round end through the app: the event announced to everyone, simultaneous secret choices,
discarding down to 7 one card at a time, and a black card that makes others choose.

Positions are built card by card (tests.games.big_fish.builder) around two people,
Ana and Ben, and a computer seat, Cleo. Every hand card has a name of its own, so a
secret showing anywhere it should not is caught by name as well as by id.
"""

from __future__ import annotations

from pathlib import Path

from fishtable.tui.app import FishtableApp
from tests.games.big_fish.builder import build

from .driver import Driver, built_match

SIZE = (100, 30)
BOTS = (None, None, "greedy")
ANA_HAND = ["Anchovy", "Barracuda", "Catfish", "Dory", "Eel", "Flathead", "Garfish", "Halibut"]
BEN_HAND = ["Ide", "Jewfish", "Kingfish", "Lingcod", "Mullet", "Nannygai", "Oarfish", "Pollock"]


def app_for(tmp_path: Path, match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def test_a_person_ends_the_round_the_event_is_shown_to_all_then_choices_are_secret(tmp_path: Path) -> None:
    # Ana's turn is the last of round 1 (Ben holds the First Player Card). The event lets everyone
    # grow a fish: Ana and Ben have one to grow, Cleo's only fish is Big already. Then both hands
    # are over 7. The season closes at the end of round 2.
    state = build(
        [ANA_HAND, BEN_HAND, ["Quillback"]],
        spots=[[("Cod", "big"), ("Hake", "larval")], [("Ling", "medium")], [("Perch", "big")]],
        events=("E:end_game", "E:grow"), seat=0, first=1,
    )
    match = built_match(state, BOTS)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        assert t.shots[-1].player == "Ana"
        await t.to("draw", seat=0)
        assert "1 Big Fish: draw 1 — 0 taken so far" in t.flat
        await t.choose("Take Row1")
        for step in ("spawn", "grow", "catch"):  # stop each step (s), as the footer offers
            await t.to(step, seat=0)
            assert "s stop this step" in t.flat.lower() or "s Stop this step" in t.flat
            await t.press("s")
        # The event opens a phase everyone decides in: the screen is covered, the table shows
        # the event to everyone, then Ana takes the keyboard again.
        assert t.kind == "PrivacyScreen" and t.screen.player is None, t.flat
        await t.press("enter")
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "Event: Grow" in t.flat and "pass the keyboard to Ana" in t.flat
        await t.press("enter")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ana"
        await t.press("enter")
        assert t.screen.decision.kind == "event_grow"
        assert "Event: Grow" in t.flat and "Catfish" in t.flat  # now her hand shows
        await t.choose("Grow Hake")
        # The table has seen the event: the keyboard goes straight to Ben, Ana's choice unseen.
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ben"
        assert match.view(None).seats[0].spot[1].size_word == "Larval"  # not grown until all chose
        await t.press("enter")
        assert t.screen.decision.kind == "event_grow" and t.screen.seat == 1
        assert "✓chosen" not in t.flat  # nothing of Ana's choice
        await t.choose("Grow Ling")
        # Both fish grow together, shown to the table before the hand limit (secret too) begins.
        assert match.view(None).seats[0].spot[1].size_word == "Juvenile"
        assert t.kind == "PrivacyScreen" and t.screen.player is None
        await t.press("enter")
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "[J1] Hake" in t.flat or "Hake (Juvenile)" in t.flat or "Hake grows" in t.flat, t.flat
        await t.press("enter")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ana"
        await t.press("enter")
        assert t.screen.decision.kind == "hand_limit" and t.screen.seat == 0
        assert "choose 2 cards to discard" in t.flat
        await t.choose("Discard Anchovy")
        # One card at a time: the same seat goes on, with its first choice shown to it alone.
        assert t.screen.decision.kind == "hand_limit" and t.screen.seat == 0
        assert "Chosen so far (secret until everyone has chosen): Anchovy" in t.flat
        assert "Anchovy" not in [tile.card.name for tile in t.screen.query("BigFishTile")]
        await t.choose("Discard Barracuda")
        # Nothing public since: the keyboard goes straight to Ben; Ana's discards stay secret.
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ben"
        assert "Anchovy" not in "\n".join(match.log_for(None))
        await t.press("enter")
        assert t.screen.decision.kind == "hand_limit" and t.screen.seat == 1
        assert "Discard down to 7 cards: choose 1 card to discard" in t.flat
        assert "Anchovy" not in t.flat and "Barracuda" not in t.flat
        await t.choose("Discard Pollock")
        log = "\n".join(match.log_for(None))
        assert "Ben discards Pollock to keep 7 cards." in log
        assert "Ana discards Anchovy and Barracuda to keep 7 cards." in log
        # Round 2, then the season closes: the results show every Ice Box and Fishing Spot.
        for _ in range(80):
            if t.kind == "ResultsScreen":
                break
            await t.step()
        assert t.kind == "ResultsScreen"
        assert "Ice Boxes and Fishing Spots" in t.flat and "Season Closed" in "\n".join(match.log_for(None))
        for name in ("Ana", "Ben", "Cleo"):
            assert name in t.flat


async def test_when_the_computer_ends_the_round_the_table_shows_the_event_first(tmp_path: Path) -> None:
    # Cleo (computer) plays the last turn of round 1; the event lets everyone spawn a fish.
    state = build(
        [ANA_HAND[:3], BEN_HAND[:3], ["Quillback"]],
        spots=[[("Cod", "big")], [("Ling", "big")], [("Perch", "big")]],
        events=("E:end_game", "E:spawn"), seat=2, first=0, row=[],
    )
    match = built_match(state, BOTS)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        # Before anyone is asked, the table shows the event, and says whose turn it is to choose.
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "Event: Spawn" in t.flat and "pass the keyboard to Ana" in t.flat
        await t.press("enter")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ana"
        await t.press("enter")
        assert t.screen.decision.kind == "event_spawn"
        assert "p pass" in t.flat
        await t.press("p")  # pass, by its key
        # Nothing new for the table to see: the keyboard goes straight to Ben.
        assert t.kind == "PrivacyScreen" and t.screen.player == "Ben", t.flat
        await t.press("enter")
        assert t.screen.decision.kind == "event_spawn" and t.screen.seat == 1
        await t.choose("Spawn Ide")
        log = "\n".join(match.log_for(None))
        assert "Spawn: Ben spawns Ide (Larval)." in log


async def test_heat_wave_asks_the_others_in_secret(tmp_path: Path) -> None:
    # Ana plays Heat Wave: Ben and Cleo each choose which of their two Big fish shrinks.
    state = build(
        [["W:shrink"], BEN_HAND[:2], ["Quillback"]],
        spots=[[], [("Ling", "big"), ("Tuna:0/2/4/8", "big")], [("Perch", "big"), ("Carp", "big")]],
        events=("E:end_game", "E:nothing"), seat=0, first=0, row=[], deck=[],
    )
    match = built_match(state, BOTS)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.to("wild", seat=0)
        assert "▶WILD" in t.flat and "Play up to 1 wild card" in t.flat
        await t.choose("Play Heat Wave")
        await t.to("shrink", seat=1)
        assert "Heat Wave: choose which of your Big Fish shrinks to Medium." in t.flat
        await t.choose("Tuna")
        log = "\n".join(match.log_for(None))
        assert "Heat Wave: Ben's Tuna shrinks to Medium." in log
        assert "Heat Wave: Cleo's" in log
        # Ben's own turn comes next and he has the keyboard already: it goes straight on.
        assert t.screen.decision.kind == "spawn" and t.screen.seat == 1
        assert "[M4] Tuna" in t.flat and "[B4] Ling" in t.flat
