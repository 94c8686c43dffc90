"""The end of the game and scoring (FP-GOAL-1, FP-END-*, FP-SCORE-1..9, FP-Q-20..23)."""

from __future__ import annotations

import json

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import (
    Discard,
    Fish,
    Pass,
    StartExchange,
    TimeUp,
    parse_action,
)
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rejected, rig, seats, texts


def ended(b: Builder, ponds, *, hands=None, rolls=(), **kw):
    """The game ended by the clock on Ann's turn, with these ponds."""
    n = len(ponds)
    hands = hands or [b.filler(6, "Brook:2") for _ in range(n)]
    state = b.state(hands, ponds=ponds, time_limit=30, **kw)
    state, _ = play(state, 1, TimeUp())
    if rolls:
        rig(state, *rolls)
    state, events = play(state, 0, Pass())
    assert state.stage == "over" and not GAME.pending(state)
    return state, events, GAME.result(state)


def parts(result, seat) -> dict[str, int]:
    return dict(result.scores[seat].parts)


# -- The end (FP-END-1..3, FP-Q-20, FP-Q-21, FP-GOAL-1) --------------------------------------------------


@pytest.mark.rule("FP-END-1", "FP-Q-21", "FP-GOAL-1")
def test_the_sixth_kind_ends_the_game_at_once():
    b = Builder()
    pond = b.cards_of("Bass:5", "Pike:5", "Walleye:5", "Brook:5", "Rainbow:5")
    wob, brown = b.cards_of("Wobbler:2/3", "Brown:6")
    state = b.state([[brown, *b.filler(5, "Brook:2")], b.filler(6), b.filler(6)], lures=[wob, NONE, NONE],
                    ponds=[pond, [], []], reactions=False)
    rig(state, 2)
    state, events = play(state, 0, Fish(card=cid(state, brown)))
    assert state.stage == "over" and not GAME.pending(state)
    assert len(state.ponds[0]) == 6
    assert len(state.hands[0]) == 5  # no refill
    assert state.seat == 0  # no further turn
    assert any("every kind of fish" in e.text and e.news for e in events)
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 1, Pass())


@pytest.mark.rule("FP-END-3", "FP-Q-20", "FP-GOAL-1")
def test_the_player_who_ends_it_need_not_win():
    b = Builder()
    ann = b.cards_of("Bass:4", "Pike:5", "Walleye:4", "Brook:3", "Rainbow:4")
    bob = b.cards_of("Bass:9", "Pike:10", "Walleye:9", "Brook:8", "Rainbow:9")
    wob, brown = b.cards_of("Wobbler:2/3", "Brown:4")
    state = b.state([[brown, *b.filler(5)], b.filler(6)], lures=[wob, NONE], ponds=[ann, bob])
    rig(state, 2)
    state, _ = play(state, 0, Fish(card=cid(state, brown)))
    result = GAME.result(state)
    assert state.end_reason == "six kinds"
    assert [line.total for line in result.scores] == [3, 7]  # Ann: most fish + Brown Trout; Bob: the rest
    assert result.winners == (1,)


@pytest.mark.rule("FP-END-2", "FP-Q-21")
def test_time_up_finishes_the_turn_then_ends_the_game():
    b = Builder()
    jig, w1, w2 = b.cards_of("Jig:3/5", "Walleye:6", "Walleye:7")
    state = b.state([[w1, w2, *b.filler(4)], b.filler(6), b.filler(6)], lures=[jig, NONE, NONE], quick_play=True,
                    time_limit=45, reactions=False)
    assert TimeUp() not in GAME.legal_actions(state, 0)
    assert GAME.view(state, None).time_limit_minutes == 45
    state, events = play(state, 2, TimeUp())  # from any seat, not only the active one
    assert state.time_up and GAME.view(state, 1).time_up
    assert any("Time is up" in e.text and e.news for e in events)
    rejected(state, 1, TimeUp(), "already up")
    # Ann finishes her turn: both Quick-Play moves, then her refill.
    state, _ = play(state, 0, Fish(card=cid(state, w1)))
    assert state.stage == "move" and GAME.pending(state)
    state, events = play(state, 0, StartExchange())
    state, _ = play(state, 0, GAME.legal_actions(state, 0)[0])
    state, events = play(state, 0, GAME.legal_actions(state, 0)[-1])
    assert state.stage == "over" and state.end_reason == "time"
    assert len(state.hands[0]) == 6
    assert any("the time is up" in e.text for e in events)


@pytest.mark.rule("FP-END-2", "FP-Q-21", "FP-Q-15")
def test_time_up_waits_for_the_discard_down_that_ends_the_turn():
    b = Builder()
    state = b.state([b.filler(7, "Brook:2"), b.filler(6)], time_limit=10)
    state, _ = play(state, 0, Pass())
    assert state.stage == "discard"
    state, _ = play(state, 1, TimeUp())
    assert state.stage == "discard"
    state, _ = play(state, 0, Discard(card=cid(state, state.hands[0][0])))
    assert state.stage == "over"


@pytest.mark.rule("FP-END-2")
def test_time_up_needs_a_time_limit_and_is_saved_like_any_action():
    b = Builder()
    plain = b.state([b.filler(6), b.filler(6)])
    rejected(plain, 0, TimeUp(), "no time limit")
    options = GAME.prepare_options(FishingPartyOptions(time_limit_minutes=20))
    match = Match.start(GAME, options, seats(3), 5)
    match.apply(1, TimeUp())
    while match.pending():
        seat = next(iter(match.pending()))
        legal = match.legal_actions(seat)
        match.apply(seat, next((a for a in legal if a.kind == "pass"), legal[0]))
    assert match.is_over
    save = parse_save(match.to_save().model_dump_json())
    assert save.actions[0] == (1, {"kind": "time_up"})
    assert replay(save).state_hash() == match.state_hash()
    assert parse_action(json.loads(json.dumps(TimeUp().model_dump(mode="json")))) == TimeUp()


# -- Scoring (FP-SCORE-1..9, FP-Q-22, FP-Q-23) --------------------------------------------------------------


@pytest.mark.rule("FP-SCORE-9", "FP-SCORE-2", "FP-SCORE-3", "FP-SCORE-4", "FP-Q-22")
def test_derived_check_two_players():
    """A: Bass 8 and Pike 9; B: Bass 6. A gets 2 + 2 + 1 + 1 = 6, B 0; four kinds award nothing."""
    b = Builder()
    a_pond = b.cards_of("Bass:8", "Pike:9")
    b_pond = b.cards_of("Bass:6")
    _, _, result = ended(b, [a_pond, b_pond])
    a, bb = parts(result, 0), parts(result, 1)
    assert (a["most fish"], a["heaviest total"], a["biggest Largemouth Bass"], a["biggest Northern Pike"]) == (
        2, 2, 1, 1)
    assert result.scores[0].total == 6 and result.scores[1].total == 0
    assert sum(bb.values()) == 0
    for kind in ("Walleye", "Brook Trout", "Rainbow Trout", "Brown Trout"):
        assert a[f"biggest {kind}"] == bb[f"biggest {kind}"] == 0
    assert result.winners == (0,)


@pytest.mark.rule("FP-SCORE-1")
def test_only_pond_fish_count():
    b = Builder()
    jig = b.card("Jig:3/5")
    heavy = b.cards_of("Pike:10", "Bass:9", "Walleye:9", "Rainbow:9", "Brown:9", "Brook:8")
    a_pond = b.cards_of("Brook:3")
    _, _, result = ended(b, [a_pond, []], hands=[b.filler(6), heavy], lures=[NONE, jig])
    assert result.scores[1].total == 0
    assert result.scores[0].total == 2 + 2 + 1
    assert "Bob: 0 fish, 0 lb (family weights)." in result.notes


@pytest.mark.rule("FP-SCORE-5", "FP-SETUP-4")
def test_tournament_weights_score_the_tournament_way():
    b = Builder()
    a_pond = b.cards_of("Bass:9/9", "Pike:9/9")  # 18 lb either way
    b_pond = b.cards_of("Rainbow:8/40")  # 8 lb in Family, 40 lb in Tournament
    _, _, family = ended(b, [a_pond, b_pond])
    assert parts(family, 0)["heaviest total"] == 2
    b2 = Builder()
    a_pond = b2.cards_of("Bass:9/9", "Pike:9/9")
    b_pond = b2.cards_of("Rainbow:8/40")
    _, _, tournament = ended(b2, [a_pond, b_pond], scheme="tournament")
    assert parts(tournament, 1)["heaviest total"] == 2 and parts(tournament, 0)["heaviest total"] == 0


@pytest.mark.rule("FP-SCORE-6", "FP-SCORE-7")
def test_ten_points_on_offer_and_the_most_points_win():
    b = Builder()
    a_pond = b.cards_of("Bass:8", "Pike:9", "Walleye:4", "Brook:7")
    b_pond = b.cards_of("Rainbow:9", "Brown:9", "Bass:5")
    c_pond = b.cards_of("Walleye:6")
    _, _, result = ended(b, [a_pond, b_pond, c_pond])
    totals = [line.total for line in result.scores]
    assert sum(totals) == 10
    assert totals == [2 + 2 + 3, 2, 1]  # Ann: most fish, heaviest (28 lb), Bass, Pike, Brook
    assert result.winners == (0,)


@pytest.mark.rule("FP-Q-22")
def test_ties_give_everyone_the_full_points_so_totals_may_pass_ten():
    b = Builder()
    a_pond = b.cards_of("Bass:8", "Pike:5")
    b_pond = b.cards_of("Bass:8", "Walleye:5")
    _, _, result = ended(b, [a_pond, b_pond], rolls=(6, 1))
    a, bb = parts(result, 0), parts(result, 1)
    assert a["most fish"] == bb["most fish"] == 2
    assert a["heaviest total"] == bb["heaviest total"] == 2
    assert a["biggest Largemouth Bass"] == bb["biggest Largemouth Bass"] == 1
    assert sum(line.total for line in result.scores) == 12


@pytest.mark.rule("FP-SCORE-8", "FP-Q-23")
def test_a_tie_on_points_is_broken_by_the_die_rolled_again_while_tied():
    b = Builder()
    a_pond = b.cards_of("Bass:8")
    b_pond = b.cards_of("Pike:8")
    c_pond = b.cards_of("Brook:3")
    # Ann and Bob tie on 5; they roll 4 and 4, then 2 and 5: Bob wins. Cy does not roll.
    state, events, result = ended(b, [a_pond, b_pond, c_pond], rolls=(4, 4, 2, 5))
    assert [line.total for line in result.scores] == [5, 5, 3]  # one fish each: most fish is shared
    assert result.winners == (1,)
    assert state.tiebreak == (((0, 4), (1, 4)), ((0, 2), (1, 5)))
    note = " ".join(result.notes)
    assert "Tie on 5 points" in note and "Ann 4, Bob 4; again: Ann 2, Bob 5" in note
    assert any("Bob wins" in t for t in texts(events, 2))


@pytest.mark.rule("FP-SCORE-8")
def test_no_roll_without_a_tie():
    b = Builder()
    state, _, result = ended(b, [b.cards_of("Bass:8", "Pike:3"), b.cards_of("Brook:3")])
    assert state.tiebreak == () and result.winners == (0,)
    assert not any("Tie" in n for n in result.notes)
