"""Turns through the app on built positions: legality in words before anything is committed,
an exchange, a Snap leaving seven cards and the discard down, the Spray Bottle, the time limit.

Every screen on the way is checked for secrets (helpers.Driver.look).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from fishtable.games.fishing_party.actions import Discard, Exchange, Fish, Give, GiveUnlucky, Spray, Take
from fishtable.games.fishing_party.state import NONE
from fishtable.plugins.fishing_party.faces import FPTile
from fishtable.plugins.fishing_party.held import TakeBack
from fishtable.tui.app import FishtableApp
from tests.games.fishing_party.builder import Builder, cid, rig

from ..screen_text import screen_text
from .helpers import Driver, match_of

SIZE = (120, 40)


def app_for(tmp_path: Path, match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


# -- legality before commit ----------------------------------------------------------------------


async def test_a_fish_the_lure_cannot_catch_is_explained_and_nothing_happens(tmp_path: Path) -> None:
    b = Builder()
    jig, wobbler, brown, wal = b.cards_of("Jig:3/5", "Wobbler:2/4", "Brown:9", "Walleye:6")
    state = b.state([[brown, wal, wobbler, *b.cards_of("Brook:2", "Brook:3", "Rainbow:4")],
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], lures=[jig, NONE])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        assert t.kind == "TurnScreen"
        # The list: free actions first, then the move, then what is not possible now.
        text = t.flat
        assert text.index("Free actions (before your move)") < text.index("Your move (one)") < text.index(
            "Not possible now")
        assert "Try the Walleye 6 lb: needs a 3 (1 in 6)" in text
        await t.point(1)  # the Brown Trout: the list moves to it and says why not
        reason = "Brown Trout: only a Wobbler catches it; your lure is a Jig."
        assert t.entry_text() == "✗ Not possible now: " + reason
        assert t.screen.query_one("#card-0", FPTile).cursor
        steps = match.step_count
        await t.press("enter")
        assert match.step_count == steps and t.kind == "TurnScreen"  # refused before any commit
        assert reason in t.entry_text()
        # Putting on the Wobbler (a free action) makes the same fish possible.
        await t.point(3)
        assert "Swap to the Wobbler: Brown T. 2, Brook T. 4" in t.flat
        await t.press("enter")
        assert t.kind == "TurnScreen" and match.view(0).seats[0].lure.name == "Wobbler"
        assert "Try the Brown Trout 9 lb: needs a 2 (1 in 6)" in t.flat


# -- exchanging with the draw pile ------------------------------------------------------------


async def test_an_exchange_card_by_card_keeps_the_cards_secret(tmp_path: Path) -> None:
    b = Builder()
    mine = b.cards_of("Walleye:4", "Walleye:5", "Brook:6", "Brook:7", "Rainbow:8", "Rainbow:9")
    drawn = b.cards_of("Bass:6", "Bass:7", "Bass:8")
    state = b.state([mine, b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], draw=drawn)
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        await t.press("x")
        assert t.screen.decision.kind == "exchange" and "exchange with the draw pile" in t.flat
        assert "Choose a card to exchange with the draw pile (up to 3)." in t.flat
        assert "✗ Draw the cards now" in t.flat  # nothing put aside yet: not possible
        await t.choose(Exchange(card=cid(state, mine[0])), applied=False)  # held until the draw
        assert t.kind == "TurnScreen" and "put aside: Walleye 4 lb" in t.flat
        await t.choose(Exchange(card=cid(state, mine[1])), applied=False)
        await t.press("d")  # draw now
        assert match.view(None).seats[0].hand_size == 6
        public = " ".join(match.log_for(None))
        assert "Ann exchanges 2 cards with the draw pile." in public
        assert "Walleye (4 lb)" not in public and "Largemouth Bass (6 lb)" not in public
        assert "You discard Walleye (4 lb), Walleye (5 lb) and draw" in " ".join(match.log_for(0))


def ann_to_exchange_or_swap() -> tuple[Any, list[int], list[int]]:
    """Ann's turn with six plain fish, three cards to draw and six on the table: (state, her
    hand, the table)."""
    b = Builder()
    mine = b.cards_of("Walleye:4", "Walleye:5", "Brook:6", "Brook:7", "Rainbow:8", "Rainbow:9")
    table = b.cards_of("Bass:6", "Bass:7", "Bass:8", "Pike:4", "Pike:3", "Brook:2")
    state = b.state([mine, b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))],
                    draw=b.cards_of("Bass:10", "Bass:11", "Bass:12"), table=table)
    return state, mine, table


async def test_a_three_card_exchange_is_on_the_table_before_the_next_pass(tmp_path: Path) -> None:
    # Once, the third card put aside went straight to the next pass screen: the others never saw it.
    state, mine, _ = ann_to_exchange_or_swap()
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        await t.press("x")
        for card in mine[:2]:
            await t.choose(Exchange(card=cid(state, card)), applied=False)
        await t.choose(Exchange(card=cid(state, mine[2])))  # after the third, the draw is made
        # Ann sees what she drew, on her own screen, before anything hides it.
        assert t.kind == "StudyScreen" and "draw Largemouth Bass (10 lb)" in t.flat, t.flat
        await t.uncover()
        assert match.view(None).seats[1].active
        assert t.kind == "TableScreen" and t.screen.kind == "ack" and t.screen.handoff, t.flat
        assert "Ann exchanges 3 cards with the draw pile." in t.flat
        assert "Then pass the keyboard to Bob." in t.flat


async def test_a_swap_only_turn_is_on_the_table_before_the_next_pass(tmp_path: Path) -> None:
    state, mine, table = ann_to_exchange_or_swap()
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        await t.press("s")
        assert t.screen.decision.kind == "swap"
        await t.choose(Take(card=cid(state, table[0])))
        await t.choose(Give(card=cid(state, mine[0])))
        await t.press("f")  # finish the swap: that was the turn's move
        assert match.view(None).seats[1].active
        assert t.kind == "TableScreen" and t.screen.kind == "ack" and t.screen.handoff, t.flat
        assert "Ann swaps Walleye" in t.flat
        assert "Then pass the keyboard to Bob." in t.flat


async def test_esc_backs_out_of_an_exchange_and_a_card_put_aside_can_be_taken_back(tmp_path: Path) -> None:
    state, mine, _ = ann_to_exchange_or_swap()
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        steps = match.step_count
        await t.press("x")
        await t.choose(Exchange(card=cid(state, mine[0])), applied=False)
        assert "put aside: Walleye 4 lb" in t.flat and "Esc" in t.flat
        await t.press("escape")  # the whole exchange is dropped: the turn as it was
        assert t.screen.decision.kind == "turn" and match.step_count == steps
        assert "put aside:" not in t.flat and "x Exchange" in t.flat
        # Again, and this time a card put aside comes back before the draw.
        await t.press("x")
        await t.choose(Exchange(card=cid(state, mine[0])), applied=False)
        await t.choose(Exchange(card=cid(state, mine[1])), applied=False)
        await t.choose(TakeBack(card=cid(state, mine[0])), applied=False)
        assert "put aside: Walleye 5 lb" in t.flat and "Walleye 4 lb," not in t.flat
        await t.press("d")
        hand = {c.id for c in match.view(0).hand or ()}
        assert cid(state, mine[0]) in hand and cid(state, mine[1]) not in hand
        assert "Ann exchanges 1 card with the draw pile." in " ".join(match.log_for(None))


async def test_esc_backs_out_of_a_swap_before_a_table_card_is_taken(tmp_path: Path) -> None:
    state, _, table = ann_to_exchange_or_swap()
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        steps = match.step_count
        await t.press("s")
        assert t.screen.decision.kind == "swap" and match.step_count == steps
        await t.press("escape")
        assert t.screen.decision.kind == "turn" and match.step_count == steps
        await t.press("s")
        await t.choose(Take(card=cid(state, table[0])))  # now the swap is under way
        assert match.step_count == steps + 2 and t.screen.decision.kind == "give"


# -- a Snap: seven cards, then the discard down ---------------------------------------------


async def test_a_snap_leaves_seven_cards_and_a_discard_down(tmp_path: Path) -> None:
    b = Builder()
    snap, jig = b.card("snap"), b.card("Jig:3/5")
    ann = [snap, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")]
    bob = b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))
    others = [b.cards_of(*(f"Bass:{w}" for w in range(4, 10))), b.cards_of(*(f"Walleye:{w}" for w in range(4, 10)))]
    state = b.state([ann, bob, *others], lures=[NONE, jig, NONE, NONE])
    match = match_of(state, bots=(None, None, "greedy", "greedy"))
    async with app_for(tmp_path, match).run_test(size=(80, 24)) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        await t.choose(GiveUnlucky(card=cid(state, snap), target=1))
        # Before Bob gets the keyboard, Ann's hand is covered and the table sees what happened.
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "Ann plays a Snap on Bob" in t.flat
        bob_panel = str(t.screen.query_one("#seat-1").render())
        assert "NO ROD" in bob_panel and "hand 7 (max 6)" in bob_panel
        await t.unlock("Bob")
        assert t.kind == "TurnScreen" and t.screen.seat == 1
        assert len(match.view(1).hand) == 7
        tiles = list(t.screen.query(FPTile))
        assert len(tiles) == 7 and all(tile.region.right <= 80 for tile in tiles)  # seven fit at 80 columns
        assert "more than 6: you discard at the end of your turn" in t.flat
        await t.point(7)  # the Jig came back to the hand: no rod to put it on
        assert "You need a Fishing Rod in front of you to put on a lure" in t.flat
        await t.press("p")  # pass: more than six cards, so a discard instead of a draw
        assert t.kind == "TurnScreen" and t.screen.decision.kind == "discard"
        assert "discard 1 card face down" in t.flat
        await t.choose(Discard(card=cid(state, jig)))
        assert match.view(None).seats[1].hand_size == 6
        assert "Bob discards a card face down." in " ".join(match.log_for(None))
        assert "Jig" not in match.log_for(None)[-1]


# -- the Spray Bottle -------------------------------------------------------------------------


async def test_the_spray_bottle_is_asked_after_the_roll_and_shown_on_the_table(tmp_path: Path) -> None:
    b = Builder()
    jig, wal, bottle = b.card("Jig:3/5"), b.card("Walleye:6"), b.card("spray_bottle")
    state = b.state([[wal, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")],
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], lures=[jig, NONE], perms=[[bottle], []])
    rig(state, 4)
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        assert "needs a 3 (3 in 6 with the Spray)" in t.flat
        await t.choose(Fish(card=cid(state, wal)))
        assert t.kind == "TurnScreen" and t.screen.decision.kind == "spray", t.flat
        assert "Spray Bottle: you rolled a 4." in t.flat
        # The catch first (the default under the cursor), then leaving it; counting it as 5 would
        # miss just like the 4, so it is not offered: every choice changes something.
        assert [e.text for e in t.screen.entries] == ["Count the 4 as 3: a catch", "Leave the 4 as it is: a miss"]
        assert t.screen.current().action == Spray(change=-1)
        await t.choose(Spray(change=-1))
        await t.uncover()
        assert "Rolled 4, counted 3 (Spray Bottle) — CAUGHT!" in t.flat
        assert "│ ⚃ 4 │" in t.shots[-1].text  # the die as rolled, for everyone


# -- the time limit ----------------------------------------------------------------------------


async def test_when_the_time_runs_out_the_turn_is_finished_then_the_results(tmp_path: Path) -> None:
    b = Builder()
    jig = b.card("Jig:3/5")
    pond = b.cards_of("Walleye:8")
    state = b.state([b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5", "Rainbow:6"),
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11))),
                     b.cards_of(*(f"Bass:{w}" for w in range(4, 10)))],
                    lures=[jig, NONE, NONE], ponds=[pond, [], []], time_limit=1)
    match = match_of(state, bots=(None, None, "greedy"))
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        assert t.kind == "TurnScreen" and "TIME IS UP" not in t.flat
        app.flow.clock_base = 61.0  # a minute has been played
        app.flow.tick()
        await t.look()
        assert match.view(None).time_up
        assert t.kind == "TurnScreen" and t.screen.seat == 0  # Ann finishes her turn
        assert "TIME IS UP: the last turn" in t.flat
        await t.press("p")
        await t.uncover()
        # The game's last news on the table first, then the results.
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "The game is over: the time is up." in t.flat
        await t.press("enter")
        assert t.kind == "ResultsScreen", t.flat
        assert "Ann wins!" in t.flat
        assert "Points by category" in t.flat and "Biggest Walleye (1)" in t.flat
        assert "The game is over: the time is up." in " ".join(match.log_for(None))
    # Nobody else had a turn after the time ran out.
    assert not any(s.kind == "PrivacyScreen" and s.player == "Bob" for s in t.shots)


async def test_the_clock_reads_on_the_table_and_says_when_time_is_up(tmp_path: Path) -> None:
    b = Builder()
    jig, wal = b.card("Jig:3/5"), b.card("Walleye:6")
    hands = [[wal, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")],
             b.cards_of(*(f"Pike:{w}" for w in range(5, 11))), b.cards_of(*(f"Bass:{w}" for w in range(4, 10)))]
    state = b.state(hands, lures=[jig, NONE, NONE], time_limit=30)
    match = match_of(state, bots=(None, None, "greedy"))
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        await t.choose(Fish(card=cid(state, wal)))
        assert t.question is not None  # the public table, asking Bob
        top = t.shots[-1].text.splitlines()[0]
        assert re.search(r"Fishing Party +⏱ (30:00|29:[0-9]{2}) left +Turn 1 · Ann's turn", top), top
        app.flow.clock_base = 30 * 60.0
        app.flow.tick()
        await t.look()
        assert "time is up: last turn" in t.shots[-1].text.splitlines()[0]
        assert "TIME IS UP: last turn" in t.flat  # the board says so too, in words
        assert t.question is not None  # the question is still open: the turn goes on


async def test_the_turn_list_is_keyboard_driven(tmp_path: Path) -> None:
    """Arrows move the list, digits point at cards, letters pick the moves that name no card."""
    b = Builder()
    jig, wal = b.card("Jig:3/5"), b.card("Walleye:6")
    state = b.state([[wal, *b.cards_of("Brook:2", "Brook:3", "Brook:4", "Rainbow:4", "Rainbow:5")],
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], lures=[jig, NONE])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        footer = t.shots[-1].text.splitlines()[-1]
        assert "x Exchange" in footer and "s Swap" in footer and "p Pass" in footer
        listing = t.screen.query_one(OptionList)
        first = listing.highlighted
        await t.press("down")
        assert listing.highlighted != first
        await t.press("s")
        assert t.screen.decision.kind == "swap" and "Take the Brook Trout 1 lb from the table" in t.flat


async def test_a_long_reason_wraps_whole_at_100_columns(tmp_path: Path) -> None:
    b = Builder()
    state = b.state([b.cards_of("Walleye:4", "Walleye:5", "Brook:6", "Brook:7", "Rainbow:8", "Rainbow:9"),
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=(100, 30)) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        reason = " ".join(["You cannot do that now, because the rules say so;"] * 7) + " THE LAST WORDS."
        t.screen._explain(reason)
        await pilot.pause()
        assert "THE LAST WORDS." in " ".join(screen_text(pilot.app).split())


def entry_lines(screen: Any) -> list[str]:
    listing = screen.query_one("#entries", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_a_refused_move_says_why_on_its_own_line(tmp_path: Path) -> None:
    """Issue 40: "✗ Try the Brown Trout 6 lb" showed its reason only under the list, with the
    cursor on it; and "✗ Play a First Aid Kit: the Ouch on you is gone" read as a statement."""
    b = Builder()
    jig, brown, kit = b.cards_of("Jig:3/5", "Brown:6", "first_aid_kit")
    state = b.state([[brown, kit, *b.cards_of("Walleye:6", "Brook:2", "Brook:3", "Rainbow:4")],
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))], lures=[jig, NONE])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        assert t.kind == "TurnScreen"
        refused = [e for e in t.screen.entries if not e.legal and e.reason]
        assert any(e.text == "Try the Brown Trout 6 lb" for e in refused)
        assert any(e.text == "Play a First Aid Kit to end the Ouch on you" for e in refused)
        lines = entry_lines(t.screen)
        for entry in refused:  # the cursor is on the first legal line, not on these
            assert f"✗ {entry.text} — {entry.reason}" in lines, (entry.text, lines)
        assert not any("the Ouch on you is gone" in line for line in lines)


async def test_the_cards_drawn_at_the_end_of_a_turn_are_marked_new_on_the_next_look(tmp_path: Path) -> None:
    """Issue 40, item 6: Ann passes with five cards and draws one as her turn ends; the screen is
    covered before she sees it. Her next private screen marks it NEW (and nothing else)."""
    from fishtable.games.fishing_party.actions import Pass

    b = Builder()
    state = b.state([b.cards_of("Brook:2", "Brook:3", "Rainbow:4", "Rainbow:5", "Walleye:6"),
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        before = {c.id for c in t.screen.hand}
        assert not any(tile.new for tile in t.screen.query(FPTile))  # the first look marks nothing
        await t.choose(Pass())
        drawn = {c.id for c in match.view(0).hand or ()} - before
        assert len(drawn) == 1
        await t.uncover()
        await t.unlock("Bob")
        await t.choose(Pass())
        await t.uncover()
        await t.unlock("Ann")
        assert t.kind == "TurnScreen" and t.screen.seat == 0
        marked = {tile.card.id for tile in t.screen.query(FPTile) if tile.new}
        assert marked == drawn
        assert "NEW" in t.flat


async def test_the_drawer_sees_the_cards_drawn_as_its_turn_ends_before_the_next_pass_screen(tmp_path: Path) -> None:
    """Issue 40, item 6: Ann passes with five cards and draws one as her turn ends. Before the screen
    is covered she sees it, by name and marked NEW, on her own screen (one Enter); then the pass
    screen names Bob. Bob passes with a full hand and draws nothing: he is asked no such press."""
    from fishtable.games.fishing_party.actions import Pass

    b = Builder()
    state = b.state([b.cards_of("Brook:2", "Brook:3", "Rainbow:4", "Rainbow:5", "Walleye:6"),
                     b.cards_of(*(f"Pike:{w}" for w in range(5, 11)))])
    match = match_of(state)
    async with app_for(tmp_path, match).run_test(size=SIZE) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        mark = match.event_count
        await t.choose(Pass())
        words = [e.text for e in match.events_since(mark) if e.kind == "draw" and e.visible_to == (0,)]
        assert len(words) == 1 and words[0].startswith("You draw "), words
        drawn = words[0].removeprefix("You draw ").rstrip(".")
        assert t.kind == "StudyScreen" and t.screen.seat == 0, t.flat
        assert drawn in t.flat, t.flat  # the card's name, to Ann alone
        assert [tile.new for tile in t.screen.query(FPTile)].count(True) == 1
        await t.uncover()  # Enter: then the table hides it, passing the keyboard to Bob
        assert t.kind == "TableScreen" and t.screen.waiting_for == "Bob" and drawn not in t.flat, t.flat
        await t.unlock("Bob")
        await t.choose(Pass())
        assert t.kind != "StudyScreen", t.flat  # Bob drew nothing: no press for him
        await t.uncover()
        await t.unlock("Ann")
        assert t.kind == "TurnScreen" and t.screen.seat == 0
        studies = [shot for shot in t.shots if shot.kind == "StudyScreen"]
        assert len(studies) == 1 and studies[0].seat == 0
        assert all(drawn not in shot.text for shot in t.shots if shot.seat != 0)  # no other seat saw it
