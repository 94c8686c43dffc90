"""The turn: free actions, the one move, exchanges, swaps, the refill and passing
(FP-MOVE-*, FP-Q-6, FP-Q-7, FP-Q-10, FP-Q-15, FP-Q-18, FP-VAR-7/8, FP-Q-25)."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import (
    DrawBack,
    Exchange,
    Fish,
    Give,
    GiveUnlucky,
    LetRoll,
    Pass,
    PlaceLure,
    PlacePermanent,
    PlayGoggles,
    PlayRod,
    StartExchange,
    StartSwap,
    SwapDone,
    Take,
)
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rejected, run, texts, view_json, where

MOVE_KINDS = {"start_exchange", "start_swap", "rod", "first_aid", "unlucky", "fish", "pass"}
FREE_KINDS = {"place_lure", "permanent", "goggles"}


def basic(players: int = 3, **kw):
    """Ann to play, with a Jig in hand, a fish, and plain cards; everyone has a rod."""
    b = Builder()
    hand = b.cards_of("Jig:3/5", "Walleye:6", "Bass:7", "Brook:4", "Rainbow:5", "Pike:6")
    others = [b.cards_of("Brown:4", "Brown:5", "Brown:6", "Brook:5", "Brook:6", "Brook:7") for _ in range(players - 1)]
    draw = b.cards_of("Pike:9", "Pike:8", "Pike:7", "Pike:5")
    state = b.state([hand, *others], draw=draw, **kw)
    return b, state, hand, draw


# -- One move (FP-MOVE-1, FP-MOVE-2, FP-VAR-7) ------------------------------------------------------


@pytest.mark.rule("FP-MOVE-1", "FP-MOVE-2")
def test_one_move_then_the_turn_passes():
    b = Builder()
    hand = b.cards_of("Jig:3/5", "Walleye:6", "ouch", "rod", "first_aid_kit", "Bass:4")
    state = b.state([hand, b.filler(6), b.filler(6)], lures=[hand[0], NONE, NONE], rods=[False, True, True],
                    ouches=[b.card("ouch"), NONE, NONE])
    kinds = {a.kind for a in GAME.legal_actions(state, 0)}
    # Every kind of move is offered: exchange, swap, a special card (rod, First Aid Kit, Ouch), pass.
    assert kinds - FREE_KINDS == {"start_exchange", "start_swap", "rod", "first_aid", "unlucky", "pass"}
    assert kinds - FREE_KINDS <= MOVE_KINDS
    after, _ = play(state, 0, StartExchange())
    after, _ = play(after, 0, Exchange(card=cid(state, hand[5])))
    after, _ = play(after, 0, DrawBack())
    assert after.seat == 1 and after.stage == "turn"  # the move ended Ann's turn
    rejected(after, 0, StartSwap(), "Bob's turn")


@pytest.mark.rule("FP-VAR-7", "FP-Q-25", "FP-MOVE-1")
def test_quick_play_gives_two_moves_of_any_kind():
    b = Builder()
    hand = b.cards_of("Walleye:6", "Walleye:7", "Brook:3", "Brook:4", "Brook:5", "Brook:6")
    jig = b.card("Jig:3/5")
    state = b.state([hand, b.filler(6)], lures=[jig, NONE], quick_play=True)
    assert state.moves_left == 2 and GAME.view(state, 0).moves_left == 2
    state, _ = play(state, 0, Fish(card=cid(state, hand[0])))  # two catch attempts in one turn
    assert state.seat == 0 and state.stage == "move" and state.moves_left == 1
    assert "Quick-Play" in GAME.pending(state)[0].text
    state, _ = play(state, 0, Fish(card=cid(state, hand[1])))
    assert state.seat == 1 and state.stage == "turn" and state.moves_left == 2


@pytest.mark.rule("FP-VAR-7")
def test_standard_game_has_one_move():
    _, state, hand, _ = basic(2)
    assert state.moves_left == 1
    state, _ = run(state, (0, StartSwap()), (0, Take(card=cid(state, state.table[0]))),
                   (0, Give(card=cid(state, hand[3]))), (0, SwapDone()))
    assert state.seat == 1


# -- Exchanges (FP-MOVE-3, FP-MOVE-4, FP-Q-6) ----------------------------------------------------------


@pytest.mark.rule("FP-MOVE-3", "FP-MOVE-4")
def test_exchange_two_cards_with_the_draw_pile():
    _, state, hand, draw = basic()
    state, events = run(state, (0, StartExchange()), (0, Exchange(card=cid(state, hand[3]))),
                        (0, Exchange(card=cid(state, hand[4]))))
    assert state.stage == "exchange" and where(state, hand[3]) == "aside"
    # Others see only how many cards are put aside.
    assert GAME.view(state, None).seats[0].aside == 2
    assert f'"{cid(state, hand[3])}"' not in view_json(state, 1)
    assert f'"{cid(state, hand[3])}"' in view_json(state, 0)
    state, more = play(state, 0, DrawBack())
    events += more
    assert len(state.hands[0]) == 6  # FP-MOVE-3: the hand size is unchanged
    assert set(draw[:2]) <= set(state.hands[0])
    assert state.discard[-2:] == [hand[3], hand[4]]
    # FP-MOVE-4: the discards go face down, never shown to the others.
    for seat in (None, 1, 2):
        joined = " ".join(texts(events, seat))
        assert "Brook Trout (4 lb)" not in joined and "Rainbow Trout (5 lb)" not in joined
        assert f'"{cid(state, hand[3])}"' not in view_json(state, seat)
    assert "exchanges 2 cards" in " ".join(texts(events, 1))
    assert "Brook Trout (4 lb)" in " ".join(texts(events, 0))


@pytest.mark.rule("FP-MOVE-3")
def test_exchange_takes_one_to_three_cards():
    _, state, hand, _ = basic()
    state, _ = play(state, 0, StartExchange())
    rejected(state, 0, DrawBack(), "at least one card")
    state, _ = run(state, *[(0, Exchange(card=cid(state, c))) for c in hand[1:3]])
    assert state.stage == "exchange"
    state, _ = play(state, 0, Exchange(card=cid(state, hand[3])))
    assert state.seat == 1  # the third card completes the exchange at once
    assert len(state.hands[0]) == 6


@pytest.mark.rule("FP-Q-6")
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile():
    b = Builder()
    hand = b.cards_of("Jig:3/5", "Walleye:6", "Bass:7", "Brook:4", "Rainbow:5", "Pike:6")
    old = b.cards_of("ouch", "tire")
    state = b.state([hand, b.filler(6, "Brook:2")], draw=[], discard=old, table=b.filler(6, "Brook:3"))
    state.draw = []  # nothing left to draw
    state, events = run(state, (0, StartExchange()), (0, Exchange(card=cid(state, hand[1]))), (0, DrawBack()))
    assert "shuffled" in " ".join(texts(events))
    assert len(state.hands[0]) == 6 and any(c in old for c in state.hands[0])
    assert state.discard == [hand[1]]  # the card put back is not drawn again at once


@pytest.mark.rule("FP-Q-6")
def test_with_both_piles_empty_draws_stop_short_and_exchanges_are_limited():
    b = Builder()
    hand = b.cards_of("Jig:3/5", "Walleye:6", "Bass:7", "Brook:4", "Rainbow:5", "Pike:6")
    last = b.card("Pike:9")
    goggles = b.card("goggles")
    state = b.state([[*hand[:5], goggles], b.filler(5, "Brook:2")], draw=[last], table=b.filler(6, "Brook:3"))
    state.draw = [last]
    state.discard = []
    # Only one card can be drawn back, so an exchange takes one card and draws it at once.
    state2, _ = run(state, (0, StartExchange()), (0, Exchange(card=cid(state, hand[1]))))
    assert state2.seat == 1 and last in state2.hands[0]
    # Goggles refill only as many table slots as there are cards (here: the one card).
    state3, _ = play(state, 0, PlayGoggles(card=cid(state, goggles)))
    assert state3.table == [last]
    # Ann's refill comes from the old table and the Goggles, reshuffled into a new draw pile.
    state4, _ = run(state3, (0, Pass()))
    assert state4.seat == 1 and len(state4.hands[0]) == 6 and len(state4.draw) == 6
    # With nothing left anywhere, hands stay short and exchanges are refused.
    empty = b.state([hand[:4], b.filler(3, "Brook:2")], draw=[], table=b.filler(6, "Brook:3"))
    empty.discard = []
    empty.draw = []
    assert not any(a.kind == "start_exchange" for a in GAME.legal_actions(empty, 0))
    rejected(empty, 0, StartExchange(), "nothing to exchange")
    after, _ = play(empty, 0, Pass())
    assert len(after.hands[0]) == 4 and after.seat == 1


# -- Swaps with the table (FP-MOVE-5, FP-MOVE-6) ----------------------------------------------------


@pytest.mark.rule("FP-MOVE-5", "FP-MOVE-6")
def test_swap_up_to_three_cards_with_the_table():
    _, state, hand, _ = basic()
    table = list(state.table)
    state, _ = run(state, (0, StartSwap()), (0, Take(card=cid(state, table[2]))))
    assert state.stage == "give"
    rejected(state, 0, Give(card=cid(state, table[2])), "not in your hand")
    state, _ = play(state, 0, Give(card=cid(state, hand[3])))
    assert state.table[2] == hand[3] and table[2] in state.hands[0]
    # The card just given cannot come back, nor the card just taken go back.
    rejected(state, 0, Take(card=cid(state, hand[3])), "cannot come back")
    state, events = run(state, (0, Take(card=cid(state, table[0]))))
    rejected(state, 0, Give(card=cid(state, table[2])), "cannot go back")
    state, more = run(state, (0, Give(card=cid(state, hand[4]))), (0, Take(card=cid(state, table[5]))),
                      (0, Give(card=cid(state, hand[5]))))
    events += more
    assert state.seat == 1  # the third pair completes the swap
    assert len(state.table) == 6 and len(state.hands[0]) == 6
    assert {table[2], table[0], table[5]} <= set(state.hands[0])
    # FP-MOVE-6: the cards given are face up for everyone.
    for seat in (None, 1, 2):
        text = view_json(state, seat)
        for c in (hand[3], hand[4], hand[5]):
            assert f'"{cid(state, c)}"' in text
    assert "Ann swaps Rainbow Trout (5 lb) from their hand for" in " ".join(texts(events, 2))


@pytest.mark.rule("FP-MOVE-5")
def test_a_swap_may_stop_after_one_pair():
    _, state, hand, _ = basic()
    state, _ = play(state, 0, StartSwap())
    rejected(state, 0, SwapDone(), "at least one card")
    state, _ = run(state, (0, Take(card=cid(state, state.table[1]))), (0, Give(card=cid(state, hand[2]))),
                   (0, SwapDone()))
    assert state.seat == 1 and len(state.hands[0]) == 6


# -- Lures, free actions and their timing (FP-MOVE-7, FP-MOVE-8, FP-Q-10, FP-Q-18) ---------------------


@pytest.mark.rule("FP-MOVE-7", "FP-Q-18", "FP-CATCH-14", "FP-SPECIAL-5", "FP-SPECIAL-15")
def test_free_actions_in_any_order_before_the_move_only():
    b = Builder()
    jig, magic, goggles, gps, glove, wal = b.cards_of("Jig:3/5", "Magic", "goggles", "gps", "glove", "Walleye:6")
    state = b.state([[jig, magic, goggles, gps, glove, wal], b.filler(6), b.filler(6)], quick_play=True)
    steps = [PlaceLure(card=cid(state, jig)), PlayGoggles(card=cid(state, goggles)),
             PlaceLure(card=cid(state, magic)), PlacePermanent(card=cid(state, gps)),
             PlaceLure(card=cid(state, jig)), PlacePermanent(card=cid(state, glove))]
    for action in steps:
        state, _ = play(state, 0, action)
        # None of them is a move: still Ann's turn, both moves left.
        assert (state.seat, state.stage, state.moves_left) == (0, "turn", 2)
    assert state.lures[0] == jig and magic in state.hands[0]
    assert set(state.perms[0]) == {gps, glove}
    state, _ = play(state, 0, StartSwap())
    for action in (PlaceLure(card=cid(state, magic)),):
        rejected(state, 0, action, "beginning of the turn")
    state, _ = run(state, (0, Take(card=cid(state, state.table[0]))),
                   (0, Give(card=cid(state, state.hands[0][0]))), (0, SwapDone()))
    assert state.stage == "move"
    # FP-Q-25: after the first move no more free actions, even in Quick-Play.
    rejected(state, 0, PlaceLure(card=cid(state, magic)), "beginning of the turn")
    assert not any(a.kind in FREE_KINDS for a in GAME.legal_actions(state, 0))


@pytest.mark.rule("FP-Q-10", "FP-MOVE-7")
def test_a_lure_needs_a_rod_and_a_swapped_lure_goes_back_to_hand():
    b = Builder()
    jig, spoon = b.cards_of("Jig:3/5", "Spinning Spoon:2/4")
    state = b.state([[jig, spoon, *b.filler(4)], b.filler(6)], rods=[False, True])
    rejected(state, 0, PlaceLure(card=cid(state, jig)), "need a Fishing Rod")
    with_rod = b.state([[jig, spoon, *b.filler(4)], b.filler(6)], lures=[NONE, NONE])
    after, _ = play(with_rod, 0, PlaceLure(card=cid(with_rod, jig)))
    after, _ = play(after, 0, PlaceLure(card=cid(with_rod, spoon)))
    assert after.lures[0] == spoon and jig in after.hands[0]
    assert len(after.hands[0]) == 5


@pytest.mark.rule("FP-MOVE-8", "FP-SPECIAL-2")
def test_a_rod_played_as_the_move_takes_its_lure_along():
    b = Builder()
    rod, jig, wal = b.cards_of("rod", "Jig:3/5", "Walleye:6")
    state = b.state([[rod, jig, wal, *b.filler(3)], b.filler(6)], rods=[False, True], draw=b.filler(6, "Brook:2"))
    kinds = [(a.kind, a.lure) for a in GAME.legal_actions(state, 0) if a.kind == "rod"]
    assert kinds == [("rod", None), ("rod", cid(state, jig))]
    after, events = play(state, 0, PlayRod(card=cid(state, rod), lure=cid(state, jig)))
    assert after.rods[0] == rod and after.lures[0] == jig
    assert after.seat == 1  # it was the move
    assert len(after.hands[0]) == 6  # refilled
    assert "with a Jig" in " ".join(texts(events, 1))


# -- The refill (FP-MOVE-9, FP-MOVE-10, FP-Q-7, FP-Q-15) -----------------------------------------------


@pytest.mark.rule("FP-MOVE-9", "FP-MOVE-10", "FP-Q-7")
def test_pass_then_refill_to_six_seen_only_by_the_drawer():
    _, state, hand, draw = basic()
    state, _ = play(state, 0, PlaceLure(card=cid(state, hand[0])))
    assert len(state.hands[0]) == 5
    after, events = play(state, 0, Pass())
    assert after.seat == 1
    assert len(after.hands[0]) == 6 and draw[0] in after.hands[0]
    drawn = "Northern Pike (9 lb)"
    assert drawn in " ".join(texts(events, 0))
    for seat in (None, 1, 2):
        assert drawn not in " ".join(texts(events, seat))
        assert f'"{cid(state, draw[0])}"' not in view_json(after, seat)
    assert "Ann draws 1 card" in " ".join(texts(events, 1))


@pytest.mark.rule("FP-Q-15", "FP-SPECIAL-11")
def test_more_cards_than_the_hand_size_draw_nothing_and_discard_down():
    b = Builder()
    hand = b.cards_of("Jig:3/5", "Walleye:6", "Bass:7", "Brook:4", "Rainbow:5", "Pike:6", "Pike:7")
    state = b.state([hand, b.filler(6)])
    draw_before = len(state.draw)
    state, _ = play(state, 0, Pass())
    assert state.stage == "discard" and state.seat == 0 and len(state.draw) == draw_before
    prompt = GAME.pending(state)[0]
    assert prompt.kind == "discard" and "1 card" in prompt.text and prompt.private
    assert {a.kind for a in GAME.legal_actions(state, 0)} == {"discard"}
    state, events = play(state, 0, GAME.legal_actions(state, 0)[1])
    assert len(state.hands[0]) == 6 and state.discard[-1] == hand[1] and state.seat == 1
    assert "Walleye" not in " ".join(texts(events, 1))  # face down


@pytest.mark.rule("FP-MOVE-9", "FP-SPECIAL-16")
def test_the_gps_owner_refills_to_seven():
    b = Builder()
    gps = b.card("gps")
    state = b.state([b.filler(5, "Brook:2"), b.filler(6)], perms=[[gps], []])
    after, _ = play(state, 0, Pass())
    assert len(after.hands[0]) == 7


# -- Quick-Play: one Unlucky card of one's own per turn (FP-VAR-8, FP-Q-25) ----------------------------


@pytest.mark.rule("FP-VAR-8", "FP-Q-25")
def test_quick_play_allows_one_unlucky_card_per_turn():
    b = Builder()
    ouch, tire, snap = b.cards_of("ouch", "tire", "snap")
    state = b.state([[ouch, tire, snap, *b.filler(3)], b.filler(6), b.filler(6), b.filler(6)], quick_play=True,
                    lures=[NONE, b.card("Jig:3/5"), NONE, NONE])
    state, _ = play(state, 0, GiveUnlucky(card=cid(state, ouch), target=1))
    assert state.stage == "move"
    assert not any(a.kind == "unlucky" for a in GAME.legal_actions(state, 0))
    rejected(state, 0, GiveUnlucky(card=cid(state, tire), target=1), "Only one Unlucky card")
    rejected(state, 0, GiveUnlucky(card=cid(state, snap), target=2), "Only one Unlucky card")
    state, _ = play(state, 0, Pass())
    # A new turn, a new allowance: Bob may play one on Ann's turn? No: on his own turn.
    assert state.seat == 1 and not state.unlucky


@pytest.mark.rule("FP-Q-25")
def test_quick_play_broken_lines_are_one_per_attempt_for_the_opponents():
    b = Builder()
    w1, w2 = b.cards_of("Walleye:6", "Walleye:7")
    jig, jig2 = b.cards_of("Jig:3/5", "Jig:3/5")
    line1, line2 = b.cards_of("broken_line", "broken_line")
    state = b.state([[w1, w2, jig2, *b.filler(3)], [line1, line2, *b.filler(4)], b.filler(6)],
                    lures=[jig, NONE, NONE], quick_play=True)
    state, _ = play(state, 0, Fish(card=cid(state, w1)))
    state, _ = play(state, 1, GAME.legal_actions(state, 1)[1])  # Bob's first Broken Line
    assert state.stage == "move" and not state.asking  # the other prompts vanish: one per attempt
    # Ann's second move: no free actions, so she cannot put her second Jig on; she passes.
    assert not any(a.kind == "place_lure" for a in GAME.legal_actions(state, 0))
    state, _ = play(state, 0, Pass())
    assert state.seat == 1
    # Bob keeps his second Broken Line for another attempt: playing one does not end his chances.
    assert line2 in state.hands[1]
    assert LetRoll() not in GAME.legal_actions(state, 1)
