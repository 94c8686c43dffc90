"""The session: players going out, the end with every chip, stopping, the hand limit, the standings (FP-Q-29)."""

from __future__ import annotations

import json
import random

import pytest

from fishtable.engine.match import Match
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.actions import DEAL, StopSession
from fishtable.games.fishing_party_poker.options import PokerOptions
from tests.games.fishing_party_poker.builder import act, build, rejected, seats, texts

JUNK = ("2S", "7H", "9D", "JC", "4S")
STRONG = ("AS", "AH", "AD", "AC", "KS")


def finish_hand(state):
    events = []
    while state.phase in ("betting", "swap"):
        state, more = act(state, "check" if state.phase == "betting" else "keep")
        events += more
    return state, events


@pytest.mark.rule("FP-Q-29.7")
def test_a_player_with_no_chips_is_out_of_the_next_hands():
    state = build([JUNK, STRONG, JUNK], chips=[100, 100, 3], dealer=0)
    state, _ = act(state, "bet", "call", "fold")  # Bob bets 2, Cy calls all in, Ann folds
    state, events = finish_hand(state)
    assert "Cy has no chips left and is out." in texts(events)
    assert state.phase == "hand_over" and state.chips[2] == 0
    state, _ = GAME.apply(state, state.next_dealer, DEAL)
    assert state.in_hand == [True, True, False]
    assert state.hands[2] == [] and state.committed[2] == 0 and state.chips[2] == 0
    view = GAME.view(state, 2)
    assert view.seats[2].status == "out" and view.seats[2].cards == 0 and view.hand is None
    for _ in range(6):  # Cy is never asked, never deals
        if state.phase == "hand_over":
            assert state.next_dealer != 2
            state, _ = GAME.apply(state, state.next_dealer, DEAL)
        assert 2 not in GAME.pending(state)
        state, _ = act(state, "check" if state.phase == "betting" else "keep")


@pytest.mark.rule("FP-Q-29.7")
def test_the_session_ends_when_one_player_has_every_chip():
    state = build([STRONG, JUNK], chips=[100, 5])
    state, _ = act(state, "bet", "raise", "call")
    state, events = finish_hand(state)
    assert state.phase == "over" and GAME.pending(state) == {}
    assert texts(events)[-1] == "The session is over. Ann has every chip."
    result = GAME.result(state)
    assert result.winners == (0,)
    assert [(s.name, s.parts, s.total) for s in result.scores] == [
        ("Ann", (("chips", 105), ("hands won", 1)), 105), ("Bob", (("chips", 0), ("hands won", 0)), 0)]
    assert result.notes[0] == "Ann has every chip."
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == []
        rejected(state, seat, DEAL, "over")


def test_no_result_while_the_session_runs():
    state = GAME.new_game(PokerOptions(), seats(3), 4)
    assert GAME.result(state) is None and GAME.view(state, None).result is None


@pytest.mark.rule("FP-Q-29.1")
def test_stop_session_lets_the_hand_finish_then_the_standings_are_final():
    state = build([JUNK, STRONG, JUNK, JUNK], dealer=3)
    state, _ = act(state, "bet", "fold")  # Bob folds: he may still call time
    stop = StopSession()
    for s in range(4):
        assert stop not in GAME.legal_actions(state, s)
    assert 1 not in GAME.pending(state)
    state, events = GAME.apply(state, 1, stop)
    assert texts(events) == ["Bob calls time: hand 1 is the last one."] and events[0].news
    assert state.stopping and state.phase == "betting" and state.actor == 2  # the hand goes on
    assert GAME.view(state, 0).stopping
    rejected(state, 0, stop, "already agreed to stop")
    state, _ = act(state, "call", "call")
    state, events = finish_hand(state)
    assert state.phase == "over" and "The session is over. The table stopped after hand 1." in texts(events)
    result = GAME.result(state)
    assert result.notes[0] == "The table stopped after hand 1."
    best = max(state.chips)
    assert result.winners == tuple(s for s in range(4) if state.chips[s] == best)
    assert [line.total for line in result.scores] == state.chips
    rejected(state, 2, stop, "over")


@pytest.mark.rule("FP-Q-29.1")
def test_stop_session_between_hands_ends_at_once_and_ties_share_the_win():
    state = build([("AS", "KH", "9D", "6C", "3S"), ("AH", "KD", "9C", "6S", "3H")])
    state, _ = finish_hand(state)
    assert state.phase == "hand_over" and state.chips == [100, 100]
    state, _ = GAME.apply(state, 0, StopSession())  # not the dealer to be: anyone may stop
    assert state.phase == "over" and GAME.pending(state) == {}
    result = GAME.result(state)
    assert result.winners == (0, 1) and "share the win" in " ".join(result.notes)


def test_stop_session_is_recorded_in_the_save_and_replays():
    match = Match.start(GAME, PokerOptions(starting_chips=10), seats(3), 9)
    rng = random.Random(2)
    for _ in range(40):
        seat = next(iter(match.pending()))
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    match.apply(2, StopSession())
    data = json.loads(match.to_save().model_dump_json())
    assert data["actions"][-1] == [2, {"kind": "stop_session"}]
    loaded = replay(parse_save(json.dumps(data)))
    assert loaded.state_hash() == match.state_hash() and loaded.view(None).stopping
    while not match.is_over:
        seat = next(iter(match.pending()))
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert match.result().notes[0].startswith(("The table stopped", "Ann has", "Bob has", "Cy has"))
    assert GAME.parse_action({"kind": "stop_session"}) == StopSession()


def test_the_hand_limit_ends_the_session():
    options = PokerOptions(max_hands=3)
    state = GAME.new_game(options, seats(4), 5)
    rng = random.Random(5)
    while GAME.pending(state):
        seat = next(iter(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert state.hand_no == 3 and state.phase == "over"
    assert GAME.result(state).notes[0] == "The hand limit of 3 hands is reached."
    assert GAME.view(state, None).hand_limit == 3
    assert sum(state.chips) == 400


def test_options_are_bounded_and_described():
    for name, field in PokerOptions.model_fields.items():
        assert field.title and field.description, name
    with pytest.raises(ValueError):
        PokerOptions(starting_chips=5)
    with pytest.raises(ValueError):
        PokerOptions(ante=20, starting_chips=10)
    with pytest.raises(ValueError):
        PokerOptions(bogus=1)
    schema = PokerOptions.model_json_schema()
    assert schema["properties"]["cards"].get("form") is False
    assert PokerOptions().starting_chips == 100 and PokerOptions().ante == 1
    assert (PokerOptions().small_bet, PokerOptions().big_bet, PokerOptions().max_raises) == (2, 4, 3)


def test_the_rules_text_states_the_rulings():
    from fishtable.engine.assets import asset_path

    text = asset_path("rules", "fishing-party-poker.md").read_text(encoding="utf-8")
    for ruling in ("two complete 52-card sets", "100 chips", "roll again", "one bet and at most three raises",
                   "side pot", "in the place of the card you", "folded\nplayers not", "shows first",
                   "odd chip", "same\n  rank", "Royal Flush", "A-2-3-4-5", "stop"):
        assert ruling in text, ruling


def test_a_clone_copies_every_field_and_shares_no_list():
    import dataclasses

    state = GAME.new_game(PokerOptions(), seats(4), 8)
    copy = state.clone()
    assert copy.canonical() == state.canonical()
    for field in dataclasses.fields(state):
        mine, theirs = getattr(state, field.name), getattr(copy, field.name)
        assert mine == theirs, field.name
        if isinstance(mine, list):
            assert mine is not theirs, f"{field.name} is shared between clones"
    assert all(a is not b for a, b in zip(state.hands, copy.hands, strict=True))
