"""The Broken Line question through the app (FP-Q-16): asked in public before every roll when
another seat is human, whoever holds a Broken Line; claimed by a seat's number, confirmed or
backed out of behind the privacy screen; computer seats decide silently.

Positions are built card by card: Ann (seat 1) tries for a Walleye with a Jig, Bob (seat 2)
is a computer, Cy (seat 3) a person. Every screen on the way is checked for secrets.
"""

from __future__ import annotations

from pathlib import Path

from fishtable.games.fishing_party.actions import BreakLine, Fish
from fishtable.games.fishing_party.state import NONE
from fishtable.tui.app import FishtableApp
from tests.games.fishing_party.builder import Builder, cid, rig

from .helpers import Driver, match_of

SIZE = (120, 40)
QUESTION = "Broken Line, anyone? Ann is about to roll for the Walleye (6 lb)."


def attempt_position(holders: tuple[int, ...] = (2,), bots: tuple = (None, "greedy", None), roll: int = 3):
    """Ann to play, a Walleye in hand and a Jig (Walleye on a 3) in front of her; `holders` hold
    a Broken Line; everyone else holds plain fish. The next roll is `roll`."""
    b = Builder()
    jig, wal = b.cards_of("Jig:3/5", "Walleye:6")
    hands = [[wal, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")]]
    lines: dict[int, int] = {}
    for seat in (1, 2):
        filler = b.cards_of(*(f"Pike:{w}" for w in range(5 * seat, 5 * seat + 5)))
        if seat in holders:
            lines[seat] = b.card("broken_line")
            hands.append([lines[seat], *filler])
        else:
            hands.append([b.card("Bass:9"), *filler] if seat == 1 else [b.card("Bass:8"), *filler])
    state = b.state(hands, lures=[jig, NONE, NONE])
    rig(state, roll)
    match = match_of(state, bots=bots)
    return match, cid(state, wal), {s: cid(state, c) for s, c in lines.items()}


def app_for(tmp_path: Path, match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def ann_fishes(t: Driver, walleye: str) -> None:
    await t.unlock("Ann")
    assert t.kind == "TurnScreen" and t.screen.seat == 0
    await t.choose(Fish(card=walleye))


async def test_a_broken_line_claimed_by_number_and_confirmed_in_private(tmp_path: Path) -> None:
    match, walleye, lines = attempt_position(holders=(2,))
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await ann_fishes(t, walleye)
        # The public question, with the fish about to be tried on the board.
        assert t.question is not None, t.flat
        assert QUESTION in t.flat
        assert "To claim, press your seat number (3 Cy). Enter: nobody, go on." in t.flat
        assert "Ann is fishing for the Walleye 6 lb" in t.flat
        assert "needs a 3 (1 in 6) with the Jig: Walleye 3, L. Bass 5" in t.flat
        assert "Broken Line, anyone? Not rolled yet." in t.flat
        await t.press("2")  # Bob is a computer seat: not asked, the number is refused in words
        assert "Seat 2 is not asked" in t.flat and t.question is not None
        await t.press("3")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Cy"
        await t.press("enter")
        assert t.kind == "TurnScreen" and t.screen.seat == 2 and t.screen.decision.kind == "broken_line"
        assert "Broken Line? (you claimed it)" in t.flat and "PRIVATE" in t.flat
        assert QUESTION in t.flat  # the engine's question, on the private screen too
        # The safe answer comes first: an Enter typed too fast backs out rather than plays.
        assert t.screen.current().action.kind == "let_roll"
        await t.choose(BreakLine(card=lines[2]))
        assert match.view(None).seats[0].lure is None  # the fish and the lure are discarded
        await t.uncover()  # Cy's hand was on the screen: covered before anything else
        assert t.kind == "TableScreen" and t.screen.viewer is None
        assert "BROKEN LINE by Cy" in t.flat
        assert "Cy plays a Broken Line on Ann" in t.flat


async def test_a_claim_backed_out_of_lets_the_die_roll(tmp_path: Path) -> None:
    match, walleye, _ = attempt_position(holders=(2,), roll=3)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await ann_fishes(t, walleye)
        await t.press("3")
        await t.press("enter")
        assert t.kind == "TurnScreen" and t.screen.decision.kind == "broken_line"
        steps = match.step_count
        await t.press("b")  # back out
        assert match.step_count > steps
        assert [f.name for f in match.view(None).seats[0].pond] == ["Walleye"]  # rolled a 3: caught
        if t.kind == "PrivacyScreen":
            await t.uncover()
        assert t.kind == "TableScreen"
        assert "Rolled 3 — CAUGHT!" in t.flat
        assert "No Broken Line: the die is rolled." in " ".join(match.log_for(None))


async def test_a_claim_without_a_broken_line_can_only_be_backed_out_of(tmp_path: Path) -> None:
    match, walleye, _ = attempt_position(holders=(), roll=2)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await ann_fishes(t, walleye)
        await t.press("3")
        await t.press("enter")
        assert t.kind == "TurnScreen" and t.screen.decision.kind == "broken_line"
        assert "You hold no Broken Line" in t.flat
        assert [e.action.kind for e in t.screen.entries if e.legal] == ["let_roll"]
        # One key to back out: the list shows the footer's b (it showed "a Back out").
        assert "b Back out: no Broken Line, let the die roll" in t.flat and "b Back out" in t.flat
        assert "a Back out" not in t.flat
        # The refused line says why on the line itself, before the cursor is on it.
        listing = t.screen.query_one("#entries")
        lines = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert "✗ Play a Broken Line — You hold no Broken Line: back out (b), and the die is rolled." in lines
        await t.press("down", "enter")  # the note says why; nothing happens
        assert "You hold no Broken Line: back out (b), and the die is rolled." in t.flat
        assert t.kind == "TurnScreen"
        await t.press("b")
        assert "gets away" in " ".join(match.log_for(None))  # rolled a 2: missed


async def test_the_public_question_is_the_same_whoever_holds_a_broken_line(tmp_path: Path) -> None:
    shown: dict[str, str] = {}
    for who, holders in {"nobody": (), "the person": (2,), "the computer": (1,)}.items():
        match, walleye, _ = attempt_position(holders=holders)
        async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
            t = Driver(pilot)
            await t.look()
            await ann_fishes(t, walleye)
            assert t.question is not None, who
            shown[who] = t.shots[-1].text
            assert QUESTION in t.flat and "(3 Cy)" in t.flat
            await t.press("enter")  # nobody claims: computer seats decide silently, then the roll
            assert t.question is None
            log = " ".join(match.log_for(None))
            if who == "the computer":
                assert "Bob plays a Broken Line on Ann" in log  # decided at the same moment, silently
            else:
                assert "No Broken Line: the die is rolled." in log
    # Not a character differs: the table never learns who holds one.
    assert shown["nobody"] == shown["the person"] == shown["the computer"]


async def test_no_question_when_no_other_seat_is_a_person(tmp_path: Path) -> None:
    match, walleye, _ = attempt_position(holders=(2,), bots=(None, "greedy", "greedy"))
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        assert t.kind == "TurnScreen"  # one person: no privacy screen at all
        await t.choose(Fish(card=walleye))
        assert all(QUESTION not in shot.text for shot in t.shots)
        assert any(e.kind in ("broken_line", "catch", "miss") for e in match.events_since(0))


async def test_a_broken_line_by_the_next_player_is_on_the_table_before_that_players_turn(tmp_path: Path) -> None:
    """Bob plays next and claims: after his Broken Line the table sees it (the keyboard comes back
    through the public table), Ann (whose turn it ended) sees the cards she drew, and Bob's Enter
    takes the keyboard, never his first free action."""
    match, walleye, lines = attempt_position(holders=(1,), bots=(None, None, None))
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await ann_fishes(t, walleye)
        assert t.question is not None, t.flat
        await t.press("2")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Bob"
        await t.press("enter")
        await t.choose(BreakLine(card=lines[1]))
        assert match.pending()[1].kind == "turn"  # Bob's own turn is next
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.viewer is None, t.flat
        assert "Bob plays a Broken Line on Ann" in t.flat
        # Ann's turn ended with a draw she has not seen: she takes the keyboard to look at it first.
        assert any(e.kind == "draw" and e.visible_to == (0,) for e in match.events_since(0))
        assert t.screen.kind == "ack" and t.screen.waiting_for == "Ann"
        await t.press("enter")
        assert t.kind == "StudyScreen" and t.screen.seat == 0 and "You draw" in t.flat, t.flat
        await t.press("enter")
        assert t.kind == "PrivacyScreen" and t.screen.player == "Bob", t.flat
        steps = match.step_count
        await t.press("enter")
        assert t.kind == "TurnScreen" and t.screen.seat == 1
        assert match.step_count == steps  # the Enter took the keyboard, it played nothing
