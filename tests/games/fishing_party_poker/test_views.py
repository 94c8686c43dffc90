"""What the views give the table, and the action descriptions built from a seat's view."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.actions import DEAL, StopSession
from fishtable.games.fishing_party_poker.describe import describe
from fishtable.games.fishing_party_poker.views import PokerView, SeatPanel
from tests.games.fishing_party_poker.builder import act, build, swap

ANN = ("8S", "8H", "8D", "4C", "4S")
BOB = ("KS", "KH", "3D", "6C", "9S")
CY = ("2S", "7H", "9D", "JC", "4H")


def test_a_view_has_no_field_for_another_seats_cards():
    assert "hand" not in SeatPanel.model_fields and SeatPanel.model_fields["cards"].annotation is int
    assert PokerView.model_config["frozen"] and PokerView.model_config["extra"] == "forbid"


@pytest.mark.rule("FP-POKER-4")
def test_the_table_at_a_glance_during_the_betting():
    state = build([ANN, BOB, CY], chips=[100, 100, 10], dealer=2)
    state, _ = act(state, "bet", "raise")
    view = GAME.view(state, 2)
    assert view.phase == "betting" and view.stage == "Betting round 1" and view.betting_round == 1
    assert (view.actor, view.call_cost, view.current_bet, view.bet_size, view.raises_left) == (2, 4, 4, 2, 2)
    assert view.dealer == 2 and [p.dealer for p in view.seats] == [False, False, True]
    assert [(p.chips, p.round_bet, p.in_pot, p.status, p.cards, p.to_act) for p in view.seats] == [
        (97, 2, 3, "in", 5, False), (95, 4, 5, "in", 5, False), (9, 0, 1, "in", 5, True)]
    assert view.pot == 9 and [(p.name, p.amount, p.eligible) for p in view.pots] == [("the pot", 9, (0, 1, 2))]
    assert not view.community_face_up and [(s.place, s.card) for s in view.community] == [
        (i, None) for i in range(1, 6)]
    assert [c.label for c in view.hand] == ["2♠", "7♥", "9♦", "J♣", "4♥"] and view.best_hand == "High Card, jack"
    assert view.prompt is not None and view.prompt.seat == 2 and view.prompt.private
    assert view.prompt.text == "Betting round 1, the bet is 4, 4 to you: Call 4, raise to 6 or fold."
    other = GAME.view(state, 0)
    assert other.prompt is None and other.best_hand == "Full House, eights over fours"
    assert all(p.shown is None for p in other.seats)
    public = GAME.view(state, None)
    assert public.hand is None and public.best_hand is None and public.prompt is None
    assert public.call_cost == 4 and public.actor == 2


def test_side_pots_folded_and_all_in_seats_and_the_shown_hands():
    state = build([ANN, BOB, CY, CY], chips=[100, 100, 4, 100], dealer=3)
    state, _ = act(state, "bet", "raise", "call", "fold", "call")
    view = GAME.view(state, None)
    assert [p.status for p in view.seats] == ["in", "in", "all in", "folded"]
    assert [(p.name, p.amount, p.eligible) for p in view.pots] == [
        ("the main pot", 13, (0, 1, 2)), ("side pot 1", 2, (0, 1))]
    assert view.phase == "swap" and view.stage == "Swap 1" and view.swap_round == 1 and view.actor == 0
    assert view.bet_size == 4 and view.betting_round is None and view.call_cost is None
    assert view.community_face_up and all(s.card is not None for s in view.community)
    while state.phase != "hand_over":
        state, _ = act(state, "check" if state.phase == "betting" else "keep")
    view = GAME.view(state, 3)
    assert view.stage == "Hand 1 is over" and view.actor == 0 and view.pot == 0  # Ann deals next
    assert [p.to_act for p in view.seats] == [True, False, False, False] and view.bet_size == 2
    assert view.showdown_order == (1, 2, 0)  # Bob raised last
    shown = {p.seat: (p.shown_hand, p.show_position) for p in view.seats if p.shown is not None}
    assert shown == {0: ("Full House, eights over fours", 3), 1: ("Pair of kings", 1), 2: ("High Card, jack", 2)}
    assert view.seats[3].shown is None and view.seats[3].status == "folded"
    assert [(a.pot, a.amount, a.winners, a.hand) for a in view.awards] == [
        ("the main pot", 13, (0,), "Full House, eights over fours"),
        ("side pot 1", 2, (0,), "Full House, eights over fours")]
    assert view.seats[2].status == "out"  # Cy lost his last chip
    assert view.prompt is None and GAME.view(state, 0).prompt.kind == "deal"


def test_descriptions_in_player_words():
    state = build([ANN, BOB, CY], chips=[100, 100, 4], community=("8C", "KD", "QH", "JC", "10S"), dealer=2)
    view = GAME.view(state, 0)
    assert [describe(a, view) for a in GAME.legal_actions(state, 0)] == ["Check", "Bet 2"]
    state, _ = act(state, "bet")
    view = GAME.view(state, 1)
    assert [describe(a, view) for a in GAME.legal_actions(state, 1)] == ["Call 2", "Raise to 4 (4 more)", "Fold"]
    state, _ = act(state, "raise")
    view = GAME.view(state, 2)
    assert [describe(a, view) for a in GAME.legal_actions(state, 2)] == ["Call 3 (all in)", "Fold"]
    state, _ = act(state, "call", "call")
    view = GAME.view(state, 0)
    lines = [describe(a, view) for a in GAME.legal_actions(state, 0)]
    assert lines[0] == "Keep your hand" and len(lines) == 26
    assert describe(swap(state, 0, "4C", "8C"), view) == "Swap your 4♣ Card 4C for the 8♣ Card 8C (place 1)"
    assert describe(DEAL, view) == "Deal hand 2"
    assert describe(StopSession(), view) == "Stop the session after this hand"
    short = build([ANN, BOB], chips=[100, 2])
    state, _ = act(short, "check")
    view = GAME.view(state, 1)
    assert [describe(a, view) for a in GAME.legal_actions(state, 1)] == ["Check", "Bet 1 (all in)"]
