"""The course of a hand: dealer, ante, deal, reveal, swaps, betting rounds and the showdown.

FP-POKER-1..3, -5, -6, -9..13, FP-Q-30..32.
"""

from __future__ import annotations

import itertools
import re

import pytest

from fishtable.engine.registry import get_entry
from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.actions import DEAL, KEEP, Swap
from fishtable.games.fishing_party_poker.options import PokerOptions
from tests.games.fishing_party_poker.builder import (
    act,
    build,
    card_id,
    rejected,
    seats,
    specs_of,
    swap,
    texts,
    view_json,
)

JUNK = ("2S", "7H", "9D", "JC", "4S")
OPTIONS = PokerOptions()


def check_down(state):
    """Check and keep until the hand is over; return (state, events)."""
    events = []
    while state.phase in ("betting", "swap"):
        state, more = act(state, "check" if state.phase == "betting" else "keep")
        events += more
    return state, events


# -- the first dealer and the deal passing on (FP-POKER-1, FP-Q-32) --------------------------------

ROLL = re.compile(r"(\w+) (\d)")


def _rolls(events):
    out = []
    for e in events:
        if e.kind == "die" and ":" in e.text:
            out.append({name: int(r) for name, r in ROLL.findall(e.text.split(":", 1)[1])})
    return out


@pytest.mark.rule("FP-POKER-1", "FP-Q-32")
def test_the_highest_roll_deals_first_and_ties_roll_again():
    ties = 0
    for seed in range(40):
        state = GAME.new_game(OPTIONS, seats(5), seed)
        events = GAME.opening_events(state)
        rounds = _rolls(events)
        for before, after in itertools.pairwise(rounds):
            best = max(before.values())
            assert set(after) == {n for n, r in before.items() if r == best}, "only the tied players roll again"
        last = rounds[-1]
        best = max(last.values())
        assert list(last.values()).count(best) == 1
        dealer = state.names[state.dealer]
        assert last[dealer] == best
        assert f"{dealer} rolled highest and deals first." in [e.text for e in events]
        ties += len(rounds) > 1
    assert ties >= 3, "no seed produced a tie: the re-roll path is untested"


@pytest.mark.rule("FP-POKER-1")
def test_the_deal_passes_clockwise_to_the_next_player_with_chips():
    state = build([JUNK] * 4, dealer=1)
    state, _ = act(state, "bet", "fold", "fold", "fold")  # Cy wins at once
    assert state.phase == "hand_over" and state.next_dealer == 2
    prompt = GAME.pending(state)[2]
    assert prompt.kind == "deal" and not prompt.private
    assert GAME.legal_actions(state, 2) == [DEAL] and GAME.legal_actions(state, 1) == []
    rejected(state, 1, DEAL, "not Bob's turn")
    state, events = GAME.apply(state, 2, DEAL)
    assert state.dealer == 2 and state.hand_no == 2 and "Hand 2: Cy deals." in texts(events)
    assert state.actor == 3  # the player to the new dealer's left opens
    # A seat with no chips is passed over.
    state = build([JUNK, JUNK, (), JUNK], chips=[50, 50, 0, 50], dealer=1)
    state, _ = act(state, "bet", "fold", "fold")
    assert state.next_dealer == 3


# -- ante and deal (FP-POKER-2, -3, -5, -6) -----------------------------------------------------


@pytest.mark.rule("FP-POKER-2")
def test_every_player_antes_before_each_hand():
    state = GAME.new_game(PokerOptions(ante=3), seats(4), 11)
    assert state.committed == [3, 3, 3, 3] and state.chips == [97] * 4
    assert "Everyone antes 3." in [e.text for e in GAME.opening_events(state)]
    state = build([JUNK] * 3, dealer=2)
    state, _ = act(state, "bet", "fold", "fold")
    state, events = GAME.apply(state, state.next_dealer, DEAL)
    assert state.committed == [1, 1, 1] and state.chips == [101, 98, 98]
    assert "Everyone antes 1." in texts(events)


@pytest.mark.rule("FP-POKER-2", "FP-Q-29.1", "FP-Q-29.5")
def test_a_player_with_less_than_the_ante_puts_in_all_and_is_all_in():
    state = build([JUNK] * 3, chips=[100, 8, 100], ante=5, dealer=2)
    state, _ = act(state, "bet", "fold", "fold")
    assert state.chips[1] == 3
    state, events = GAME.apply(state, state.next_dealer, DEAL)
    assert state.committed == [5, 3, 5] and state.chips[1] == 0
    assert "Ann and Cy ante 5." in texts(events)
    assert "Bob antes 3, every chip left, and is all in." in texts(events)
    assert GAME.view(state, None).seats[1].status == "all in"


@pytest.mark.rule("FP-POKER-3", "FP-POKER-5", "FP-POKER-6")
def test_five_cards_each_and_five_face_down_in_the_middle_hidden_even_from_the_dealer():
    for n in (2, 5, 8):
        state = GAME.new_game(OPTIONS, seats(n), 100 + n)
        assert [len(h) for h in state.hands] == [5] * n
        assert len(state.community) == 5 and not state.face_up
        for seat in (None, *range(n)):
            view = GAME.view(state, seat)
            assert [slot.place for slot in view.community] == [1, 2, 3, 4, 5]
            assert all(slot.card is None for slot in view.community) and not view.community_face_up
            text = view_json(state, seat)
            assert not any(f'"{state.cids[c]}"' in text for c in state.community)
        dealer_view = GAME.view(state, state.dealer)
        assert dealer_view.hand is not None and len(dealer_view.hand) == 5
        assert [p.cards for p in dealer_view.seats] == [5] * n
    public = " ".join(e.text for e in GAME.opening_events(state) if e.visible_to is None)
    assert "five community cards lie face down" in public


# -- the reveal and the swaps (FP-POKER-9, -10, -11, FP-Q-30) --------------------------------------


@pytest.mark.rule("FP-POKER-9", "FP-POKER-6")
def test_the_dealer_turns_the_community_up_when_the_first_round_is_over():
    state = build([JUNK] * 3, community=("AS", "KD", "QH", "JC", "10S"), dealer=2)
    state, events = act(state, "check", "check")
    assert not state.face_up and all(s.card is None for s in GAME.view(state, 2).community)
    state, events = act(state, "check")
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].news and reveal[0].visible_to is None
    assert reveal[0].text == "Cy turns the community cards face up: A♠ K♦ Q♥ J♣ 10♠."
    assert state.face_up and state.phase == "swap" and state.swap_round == 1
    for seat in (None, 0, 1, 2):
        assert [s.card.label for s in GAME.view(state, seat).community] == ["A♠", "K♦", "Q♥", "J♣", "10♠"]


@pytest.mark.rule("FP-POKER-10", "FP-Q-30")
def test_first_swap_from_the_dealers_left_one_card_each_or_decline():
    state = build([("2S", "3S", "4S", "5S", "9H"), JUNK, JUNK], community=("6S", "KD", "QH", "JC", "10S"), dealer=1)
    state, _ = act(state, "check", "check", "check")
    assert state.phase == "swap" and list(GAME.pending(state)) == [2]  # Cy sits left of the dealer
    legal = GAME.legal_actions(state, 2)
    assert legal[0] == KEEP and len(legal) == 1 + 5 * 5 and len(set(legal)) == 26
    assert GAME.pending(state)[2].private and GAME.pending(state)[2].kind == "swap"
    state, events = GAME.apply(state, 2, KEEP)
    assert texts(events) == ["Cy keeps their hand."]
    assert state.actor == 0
    six = card_id(state, "6S", state.community)
    state, events = GAME.apply(state, 0, swap(state, 0, "9H", "6S"))
    assert texts(events) == ["Ann takes the 6♠ (Card 6S) from community place 1 and puts the 9♥ (Card 9H) there."]
    assert events[0].news
    assert specs_of(state, state.hands[0]) == ["2S", "3S", "4S", "5S", "6S"]
    assert specs_of(state, state.community) == ["9H", "KD", "QH", "JC", "10S"]  # face up, in its place
    assert GAME.view(state, 0).best_hand == "Straight Flush, six high"
    # Ann has had her swap: Bob is next, and the card Ann took is gone from the community.
    assert state.actor == 1
    rejected(state, 0, KEEP, "not Ann's turn")
    rejected(state, 1, Swap(give=card_id(state, "2S", state.hands[1]), take=six), "not among the community")
    rejected(state, 1, Swap(give=card_id(state, "2S", state.hands[0]), take=card_id(state, "KD", state.community)),
             "not in your hand")


@pytest.mark.rule("FP-Q-30", "FP-POKER-11")
def test_a_card_given_up_may_be_taken_by_a_later_player():
    state = build([("AS", "AH", "2D", "7C", "9S"), ("AD", "AC", "3S", "8H", "KD"), JUNK],
                  community=("QS", "KH", "4H", "5C", "6D"), dealer=2)
    state, _ = act(state, "check", "check", "check")
    state, _ = GAME.apply(state, 0, swap(state, 0, "9S", "KH"))
    # Bob takes the 9♠ Ann just gave up, from place 2.
    state, events = GAME.apply(state, 1, swap(state, 1, "3S", "9S"))
    assert texts(events)[0] == "Bob takes the 9♠ (Card 9S) from community place 2 and puts the 3♠ (Card 3S) there."
    state, _ = act(state, "keep")
    assert state.phase == "betting" and state.betting_round == 2  # FP-POKER-11: a second betting round
    state, _ = act(state, "check", "check", "check")
    assert state.phase == "swap" and state.swap_round == 2  # then the second swap
    state, _ = GAME.apply(state, 0, swap(state, 0, "2D", "3S"))
    state, _ = act(state, "keep", "keep")
    assert state.phase == "betting" and state.betting_round == 3  # then the final betting round
    state, events = act(state, "check", "check", "check")
    assert state.phase == "hand_over" and any(e.kind == "show" for e in events)  # then the showdown


@pytest.mark.rule("FP-Q-30", "FP-POKER-8")
def test_folded_players_do_not_swap_and_there_are_three_betting_rounds():
    state = build([JUNK] * 4, dealer=3)
    state, _ = act(state, "bet", "fold", "call", "call")
    order = []
    while state.phase == "swap":
        order.append(state.actor)
        state, _ = act(state, "keep")
    assert order == [0, 2, 3]
    rounds = [state.betting_round]
    state, _ = act(state, "check", "check", "check")
    while state.phase == "swap":
        state, _ = act(state, "keep")
    rounds.append(state.betting_round)
    state, _ = act(state, "check", "check", "check")
    assert rounds == [2, 3] and state.phase == "hand_over"


# -- the showdown (FP-POKER-12, -13, FP-Q-31) ------------------------------------------------------


@pytest.mark.rule("FP-POKER-12", "FP-Q-31")
def test_with_no_bet_the_first_from_the_dealers_left_shows_first_then_clockwise():
    state = build([JUNK] * 4, dealer=1)
    state, events = check_down(state)
    shows = [e for e in events if e.kind == "show"]
    assert [e.text.split()[0] for e in shows] == ["Cy", "Dee", "Ann", "Bob"]
    assert all(e.news and e.visible_to is None for e in shows)
    assert state.shown == [2, 3, 0, 1]
    assert [p.show_position for p in GAME.view(state, None).seats] == [3, 4, 1, 2]


@pytest.mark.rule("FP-POKER-12", "FP-Q-31")
def test_the_last_raiser_among_the_highest_bettors_shows_first():
    state = build([JUNK] * 4, dealer=3)
    state, _ = act(state, "bet", "call", "raise", "call", "call", "call")  # Cy raised last
    state, events = check_down(state)
    assert [e.text.split()[0] for e in events if e.kind == "show"] == ["Cy", "Dee", "Ann", "Bob"]
    # A raise in an earlier round still counts when nobody bet since.
    state = build([JUNK] * 3, dealer=2)
    state, _ = act(state, "check", "bet", "call", "call")  # Bob bet
    state, _ = act(state, "keep", "keep", "keep", "bet", "raise", "call", "call")  # round 2: Ann bet, Bob raised
    state, events = check_down(state)
    assert state.shown == [1, 2, 0]


@pytest.mark.rule("FP-POKER-12", "FP-Q-31")
def test_a_player_all_in_for_less_is_not_among_the_highest_bettors():
    # Ann is all in for less; Bob bet and Cy called: Bob shows first, then Cy, then Ann.
    state = build([JUNK] * 3, chips=[2, 100, 100], dealer=2)
    state, _ = act(state, "check", "bet", "call", "call")
    assert state.chips[0] == 0 and state.committed == [2, 3, 3]
    state, _ = check_down(state)
    assert state.shown == [1, 2, 0]
    # Nobody bet; Ann could only ante 1 of 2, so the highest bettors are Bob and Cy. Ann sits first
    # from the dealer's left, but Bob, the first of the highest bettors from there, shows first.
    state = build([JUNK] * 3, chips=[1, 100, 100], ante=2, dealer=2)
    assert state.committed == [1, 2, 2]
    state, _ = check_down(state)
    assert state.shown == [1, 2, 0]


@pytest.mark.rule("FP-POKER-13", "FP-POKER-12", "FP-POKER-17")
def test_the_best_hand_wins_the_whole_pot():
    state = build([("KS", "KH", "3D", "4C", "9S"), ("8S", "8H", "8D", "4H", "4S"), ("AS", "AH", "2D", "5C", "7S")],
                  community=("2C", "3C", "6H", "10D", "JH"), dealer=2)
    state, _ = act(state, "bet", "raise", "call", "call")
    state, events = check_down(state)
    public = texts(events)
    assert "Bob shows 8♠ 8♥ 8♦ 4♥ 4♠: Full House, eights over fours." in public
    assert "Bob wins the pot (15) with Full House, eights over fours." in public
    assert state.chips == [95, 110, 95] and state.hands_won == [0, 1, 0]
    view = GAME.view(state, 2)
    assert view.seats[1].shown_hand == "Full House, eights over fours"
    assert [c.label for c in view.seats[1].shown] == ["8♠", "8♥", "8♦", "4♥", "4♠"]


@pytest.mark.rule("FP-Q-31")
def test_equal_hands_split_the_pot_and_the_odd_chip_goes_left_of_the_dealer():
    ann = ("AS", "KH", "9D", "6C", "3S")
    bob = ("AH", "KD", "9C", "6S", "3H")
    cy = ("QS", "JH", "8D", "5C", "2S")
    for dealer, odd in ((2, "Ann"), (0, "Bob")):
        state = build([ann, bob, cy], community=("2C", "2D", "4H", "7D", "10C"), dealer=dealer)
        state, _ = act(state, "bet", "call", "call")  # pot: 3 antes + 3 x 2 = 9
        state, events = check_down(state)
        text = [t for t in texts(events) if "split" in t]
        pair = "Ann and Bob" if odd == "Ann" else "Bob and Ann"  # named from the dealer's left
        assert text == [f"{pair} split the pot (9) with High Card, ace; the odd chip goes to {odd}."]
        assert (state.chips[0], state.chips[1]) == ((102, 101) if odd == "Ann" else (101, 102))
        assert state.chips[2] == 97 and state.hands_won == [1, 1, 0]
    # Two identical hands from the two sets are equal too.
    state = build([ann, ann], community=("2C", "2D", "4H", "7D", "10C"))
    state, events = check_down(state)
    assert state.chips == [100, 100] and "Ann and Bob split the pot (2) with High Card, ace." in texts(events)


@pytest.mark.rule("FP-Q-32")
def test_two_to_eight_players():
    entry = get_entry("fishing-party-poker")
    assert (entry.min_players, entry.max_players, GAME.min_players, GAME.max_players) == (2, 8, 2, 8)
    for n in (2, 8):
        state = GAME.new_game(OPTIONS, seats(n), 1)
        assert len(state.hands) == n and GAME.pending(state)
    for n in (1, 9):
        with pytest.raises(ValueError, match="2 to 8 players"):
            GAME.new_game(OPTIONS, [*seats(8), *seats(1)][:n], 1)


@pytest.mark.rule("FP-POKER-18", "FP-POKER-14")
def test_worked_examples_at_a_showdown_four_sevens_beat_three_sixes():
    state = build([("6S", "6H", "6D", "KC", "2S"), ("7S", "7H", "7D", "7C", "3S"), ("AS", "AH", "KD", "KC", "QS")],
                  community=("2C", "3C", "5H", "9D", "JH"), dealer=2)
    state, events = check_down(state)
    public = texts(events)
    assert "Ann shows 6♠ 6♥ 6♦ K♣ 2♠: Three of a Kind, sixes." in public
    assert "Bob shows 7♠ 7♥ 7♦ 7♣ 3♠: Four of a Kind, sevens." in public
    assert "Bob wins the pot (3) with Four of a Kind, sevens." in public
    # Three sixes still beat Cy's two pair.
    state = build([("6S", "6H", "6D", "KC", "2S"), ("AS", "AH", "KD", "KH", "QS")],
                  community=("2C", "3C", "5H", "9D", "JH"))
    state, events = check_down(state)
    assert "Ann wins the pot (2) with Three of a Kind, sixes." in texts(events)
