"""Fixed-limit betting: who opens, what each move costs, the raise cap, folding, all-ins (FP-POKER-7, -8, FP-Q-29)."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.actions import BET, CALL, CHECK, FOLD, RAISE
from tests.games.fishing_party_poker.builder import act, build, rejected, texts, total_chips, view_json

JUNK = ("2S", "7H", "9D", "JC", "4S")


def kinds(state, seat=None):
    return [a.kind for a in GAME.legal_actions(state, state.actor if seat is None else seat)]


@pytest.mark.rule("FP-POKER-7")
def test_the_first_round_opens_left_of_the_dealer_and_goes_clockwise():
    for dealer, order in ((3, [0, 1, 2, 3]), (1, [2, 3, 0, 1]), (0, [1, 2, 3, 0])):
        state = build([JUNK] * 4, dealer=dealer)
        seen = []
        for _ in range(4):
            seen.append(state.actor)
            assert list(GAME.pending(state)) == [state.actor]
            state, _ = act(state, "check")
        assert seen == order
        assert state.phase == "swap"  # everyone checked: the round is over


@pytest.mark.rule("FP-POKER-7", "FP-Q-29.4")
def test_each_player_calls_folds_or_raises_and_may_check_when_nobody_bet():
    state = build([JUNK] * 3)
    assert kinds(state) == ["check", "bet"]
    state, events = act(state, "bet")
    assert texts(events) == ["Ann bets 2."] and all(e.news for e in events)
    assert kinds(state) == ["call", "raise", "fold"]
    rejected(state, state.actor, CHECK, "cannot check", "call 2")
    rejected(state, state.actor, BET, "already a bet")
    state, events = act(state, "raise")
    assert texts(events) == ["Bob raises to 4."]
    state, events = act(state, "call")
    assert texts(events) == ["Cy calls 4."]
    state, events = act(state, "fold")
    assert texts(events)[0] == "Ann folds."
    assert state.phase == "swap" and state.folded == [True, False, False]


@pytest.mark.rule("FP-Q-29.4")
def test_folding_is_refused_when_checking_is_free():
    state = build([JUNK] * 2)
    rejected(state, 0, FOLD, "check")
    rejected(state, 0, CALL, "nothing to call")
    rejected(state, 0, RAISE, "bet instead")


@pytest.mark.rule("FP-Q-29.2")
def test_bets_are_two_in_the_first_round_and_four_in_the_later_rounds():
    state = build([JUNK] * 2, dealer=1)
    state, events = act(state, "bet", "raise", "call")
    assert texts(events)[:3] == ["Ann bets 2.", "Bob raises to 4.", "Ann calls 2."]
    assert state.committed == [5, 5]
    state, _ = act(state, "keep", "keep")
    assert state.phase == "betting" and state.betting_round == 2
    state, events = act(state, "bet", "raise", "call")
    assert texts(events)[:3] == ["Ann bets 4.", "Bob raises to 8.", "Ann calls 4."]
    assert state.committed == [13, 13]
    state, _ = act(state, "keep", "keep")
    assert state.betting_round == 3
    state, events = act(state, "bet")
    assert texts(events) == ["Ann bets 4."]
    assert GAME.view(state, 1).call_cost == 4 and GAME.view(state, 1).bet_size == 4


@pytest.mark.rule("FP-Q-29.3")
def test_at_most_three_raises_per_round():
    state = build([JUNK] * 3)
    state, events = act(state, "bet", "raise", "raise", "raise")
    assert texts(events)[-1] == "Ann raises to 8."
    assert kinds(state) == ["call", "fold"]  # Bob may not make a fourth raise
    rejected(state, state.actor, RAISE, "capped", "3 raises")
    assert GAME.view(state, None).raises_left == 0
    state, _ = act(state, "call", "call")
    assert state.phase == "swap" and state.committed == [9, 9, 9]


def test_the_raise_cap_and_bet_sizes_follow_the_options():
    state = build([JUNK] * 3, small_bet=5, big_bet=10, max_raises=1)
    state, events = act(state, "bet", "raise")
    assert texts(events) == ["Ann bets 5.", "Bob raises to 10."]
    assert kinds(state) == ["call", "fold"]


@pytest.mark.rule("FP-POKER-7", "FP-Q-29.4")
def test_the_betting_goes_round_again_after_a_raise_and_a_check_raise_is_allowed():
    state = build([JUNK] * 3)
    state, _ = act(state, "check", "check", "bet")  # Cy bets after two checks
    assert state.actor == 0 and kinds(state) == ["call", "raise", "fold"]
    state, events = act(state, "raise")  # Ann check-raises
    assert texts(events) == ["Ann raises to 4."]
    assert state.actor == 1
    state, _ = act(state, "call", "call")
    assert state.phase == "swap"


@pytest.mark.rule("FP-POKER-8")
def test_a_folded_player_takes_no_further_part_and_cannot_win():
    # Ann folds a Royal Flush; Bob wins with a pair. She is never asked again, and never swaps.
    state = build([("AS", "KS", "QS", "JS", "10S"), ("9H", "9D", "4C", "6S", "2H"), JUNK])
    state, _ = act(state, "bet", "raise", "raise", "fold", "call")
    assert state.folded == [True, False, False]
    assert state.phase == "swap" and state.actor == 1
    state, _ = act(state, "keep", "keep")  # Bob and Cy only: Ann is skipped
    assert state.phase == "betting" and state.actor == 1
    assert GAME.legal_actions(state, 0) == []
    rejected(state, 0, CHECK, "not Ann's turn")
    for _ in range(2):
        state, _ = act(state, "check", "check")
        if state.phase == "swap":
            state, _ = act(state, "keep", "keep")
    assert state.phase == "hand_over"
    # Ann lost her ante and bet (3); Bob's pair takes Cy's 7 and Ann's 3.
    assert state.chips == [97, 110, 93]
    assert state.shown == [2, 1]  # Cy raised last, so shows first; the folded hand is never shown
    assert "AS" not in str(GAME.view(state, 1).seats[0].shown) and GAME.view(state, 1).seats[0].shown is None
    assert GAME.view(state, None).seats[0].status == "folded"


@pytest.mark.rule("FP-Q-29.6", "FP-POKER-8")
def test_when_all_but_one_fold_the_last_wins_without_showing():
    state = build([JUNK, ("AS", "AH", "AD", "AC", "KS"), JUNK])
    state, events = act(state, "bet", "fold", "fold")
    public = texts(events)
    assert public[:3] == ["Ann bets 2.", "Bob folds.", "Cy folds."]
    assert "Ann wins the pot (5); everyone else folded." in public
    assert not any(e.kind == "show" for e in events)
    assert state.phase == "hand_over" and state.chips == [102, 99, 99] and state.hands_won == [1, 0, 0]
    assert not state.face_up  # the community was never turned up
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert all(p.shown is None for p in view.seats)
        assert all(slot.card is None for slot in view.community)
        text = view_json(state, seat)
        assert not any(f'"{state.cids[c]}"' in text for c in state.hands[0]), "the winner's hand leaked"
    assert [a.winners for a in GAME.view(state, None).awards] == [(0,)]


@pytest.mark.rule("FP-Q-29.5")
def test_a_player_short_of_the_call_goes_all_in_and_a_side_pot_forms():
    # Cy has 3 chips after the ante: he calls all in for less; Ann and Bob go on betting for a side pot.
    state = build([("9H", "9D", "4C", "6S", "2H"), ("KH", "KD", "4S", "6C", "3H"), ("AS", "AH", "AD", "AC", "KS")],
                  chips=[100, 100, 4])
    state, events = act(state, "bet", "raise")
    assert state.actor == 2 and kinds(state) == ["call", "fold"]  # too few chips to raise
    assert GAME.pending(state)[2].text.endswith("Call 3 (all in) or fold.")
    state, events = act(state, "call")
    assert texts(events) == ["Cy calls 3 and is all in."]
    view = GAME.view(state, None)
    assert view.seats[2].status == "all in" and view.seats[2].chips == 0
    # Cy can win at most 4 from each player; Bob's extra chip can only go to Ann or Bob.
    assert [(p.name, p.amount, p.eligible) for p in view.pots] == [
        ("the main pot", 11, (0, 1, 2)), ("side pot 1", 1, (0, 1))]
    state, _ = act(state, "call")
    assert [(p.amount, p.eligible) for p in GAME.view(state, None).pots] == [(12, (0, 1, 2)), (2, (0, 1))]
    assert state.phase == "swap" and [s for s in GAME.pending(state)] == [0]
    # Cy still swaps, but no longer bets: only Ann and Bob are asked in round 2.
    state, _ = act(state, "keep", "keep", "keep")
    assert state.phase == "betting" and state.actor == 0
    state, _ = act(state, "bet", "call")
    state, _ = act(state, "keep", "keep", "keep")
    state, events = act(state, "check", "check")
    assert state.phase == "hand_over"
    # Cy's Four of a Kind takes the main pot (3 x 4 = 12); Bob's kings beat Ann's nines for the side pot.
    assert texts(events)[-2:] == [
        "Cy wins the main pot (12) with Four of a Kind, aces.",
        "Bob wins side pot 1 (10) with Pair of kings.",
    ]
    assert state.chips == [91, 101, 12] and total_chips(state) == 204


@pytest.mark.rule("FP-Q-29.5")
def test_a_short_all_in_raise_does_not_reopen_the_betting():
    # Bob has 3 chips after the ante: his all-in raise to 3 is less than a full raise.
    state = build([JUNK] * 3, chips=[100, 4, 100])
    state, events = act(state, "bet", "raise")
    assert texts(events) == ["Ann bets 2.", "Bob raises to 3 and is all in."]
    assert state.wagers == 1
    # Cy has not acted yet: he may raise. Then Ann must answer a full raise and may raise again.
    assert kinds(state) == ["call", "raise", "fold"]
    state, _ = act(state, "call")
    assert state.actor == 0 and kinds(state) == ["call", "fold"]  # Ann acted before the short raise
    state, events = act(state, "call")
    assert texts(events)[0] == "Ann calls 1." and state.phase == "swap"


@pytest.mark.rule("FP-Q-29.5")
def test_nobody_raises_into_players_who_are_all_in():
    state = build([JUNK] * 2, chips=[100, 3])
    state, events = act(state, "bet")
    assert kinds(state) == ["call", "fold"]
    state, _ = act(state, "call")
    assert state.chips[1] == 0 and state.phase == "swap"
    state, _ = act(state, "keep", "keep")
    # Only Ann has chips: betting rounds 2 and 3 are skipped, straight to the next swap and the showdown.
    assert state.phase == "swap" and state.swap_round == 2
    state, events = act(state, "keep", "keep")
    assert state.phase in ("hand_over", "over")
    assert any("No betting in round 3" in t for t in texts(events))
    assert sum(state.chips) == 103


@pytest.mark.rule("FP-Q-29.5")
def test_a_bet_nobody_matches_is_returned_to_the_bettor():
    # Bob has 1 chip after the ante: he calls Ann's bet of 2 all in for 1; her other chip is unmatched.
    state = build([("2S", "3H", "8D", "9C", "JS"), ("AS", "AH", "AD", "4C", "5S")], chips=[100, 2])
    state, events = act(state, "bet", "call")
    assert texts(events)[:2] == ["Ann bets 2.", "Bob calls 1 and is all in."]
    assert state.committed == [3, 2]
    assert [(p.amount, p.eligible) for p in GAME.view(state, None).pots] == [(4, (0, 1)), (1, (0,))]
    state, events = act(state, "keep", "keep", "keep", "keep")  # no more betting: Bob has no chips
    assert state.phase == "hand_over"
    assert "Bob wins the main pot (4) with Three of a Kind, aces." in texts(events)
    assert "Ann takes back 1 chip nobody matched." in texts(events)
    assert state.chips == [98, 4] and state.hands_won == [0, 1]
    awards = GAME.view(state, None).awards
    assert [(a.pot, a.amount, a.winners, a.returned) for a in awards] == [
        ("the main pot", 4, (1,), False), ("side pot 1", 1, (0,), True)]
