"""Collect, the round structure, the end of the game and scoring."""

from __future__ import annotations

import random

import pytest

from fishtable.games.crazy_fishing import GAME, sea
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, pick, play, rejected, seats


def cast(state, seat: int, rods: tuple[str, ...] = (), baits: tuple[str, ...] = ()):
    action = Cast(rods=pick(state, seat, "rod", *rods), baits=pick(state, seat, "bait", *baits))
    return play(state, seat, action)[0]


FILL = ["R1", "B1", "R1", "B1"]


def to_collect(state, casts, targets, phase="collect"):
    """Cast as given (seat order), then let each seat in catch order try for its target label.

    `phase` is where that leaves the game: "collect", or "over" when five fish or fewer
    are left and the engine plays the last Collect itself (CF-END-2).
    """
    for seat, (rods, baits) in enumerate(casts):
        state = cast(state, seat, rods, baits)
    for seat in list(state.order):
        assert set(GAME.pending(state)) == {seat}
        state, _ = play(state, seat, Attempt(labels=(targets[seat],)))
    assert state.phase == phase
    return state


def simple(sea_cards=("F1", "F1", "F1", "F1", "F1", "F1", "F1", "F1"), phase="collect", **kw):
    """Two players, seat 0 faster; each casts one rod and one bait, so each draws 2."""
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=sea_cards, **kw)
    n = len(sea_cards)
    return to_collect(state, [(("5",), ("5",)), (("2",), ("5",))], {0: n, 1: n - 1}, phase)


def score(state) -> dict[int, int]:
    state.phase = "over"
    return {line.seat: line.total for line in GAME.result(state).scores}


# -- Collect -------------------------------------------------------------------------------


@pytest.mark.rule("CF-COLLECT-1", "CF-Q-17")
def test_collect_starts_after_catch_and_follows_catch_order():
    state = build([["R2", "B5", *FILL], ["R5", "B5", *FILL]])
    state = cast(state, 0, ("2",), ("5",))
    state = cast(state, 1, ("5",), ("5",))
    state, _ = play(state, 1, Attempt(labels=(7,)))
    assert state.phase == "catch"
    rejected(state, 1, Draw(rods=1, baits=1), "nothing to decide")
    state, _ = play(state, 0, Attempt(labels=(6,)))
    assert state.phase == "collect"
    # Seat 1 fished first, so it refills first.
    assert set(GAME.pending(state)) == {1}
    rejected(state, 0, Draw(rods=1, baits=1), "nothing to decide")
    state, _ = play(state, 1, Draw(rods=1, baits=1))
    # Seat 0 refills now; seat 1 has refilled and may cast for the next round (issue 7).
    assert {s: p.kind for s, p in GAME.pending(state).items()} == {0: "collect", 1: "cast"}
    rejected(state, 1, Draw(rods=1, baits=1), "does not fit")


@pytest.mark.rule("CF-COLLECT-2")
def test_draw_exactly_back_to_six():
    state = simple()
    assert len(state.hands[0]) == 4
    rejected(state, 0, Draw(rods=1, baits=0), "exactly 2")
    rejected(state, 0, Draw(rods=2, baits=1), "exactly 2")
    rejected(state, 0, Draw(rods=0, baits=0), "exactly 2")
    state, _ = play(state, 0, Draw(rods=1, baits=1))
    assert len(state.hands[0]) == 6


@pytest.mark.rule("CF-COLLECT-3")
def test_any_split_between_the_decks_is_legal():
    state = simple()
    assert sorted((a.rods, a.baits) for a in GAME.legal_actions(state, 0)) == [(0, 2), (1, 1), (2, 0)]
    for rods in range(3):
        after, _ = play(state, 0, Draw(rods=rods, baits=2 - rods))
        kinds = [after.cards[c].type for c in after.hands[0]]
        assert kinds.count("rod") == 2 + rods and kinds.count("bait") == 2 + 2 - rods


@pytest.mark.rule("CF-COLLECT-3", "CF-COLLECT-4")
def test_all_six_cards_from_one_deck():
    state = build([["R1+", "R1", "R1", "B1+", "B1", "B1"], ["R2", "B5", *FILL]],
                  rod_deck=("R1", "R2", "R3", "R4", "R5", "R6", "R7"),
                  bait_deck=("B1", "B2", "B3", "B4", "B5", "B6", "B7"))
    state = to_collect(state, [(("1+", "1", "1"), ("1+", "1", "1")), (("2",), ("5",))], {0: 7, 1: 6})
    assert state.hands[0] == []
    assert sorted((a.rods, a.baits) for a in GAME.legal_actions(state, 0)) == [(r, 6 - r) for r in range(7)]
    state, _ = play(state, 0, Draw(rods=0, baits=6))
    assert [state.cards[c].type for c in state.hands[0]] == ["bait"] * 6
    state, _ = play(state, 1, Draw(rods=1, baits=1))
    # A hand without a rod is allowed; next round that player can only make a blank cast.
    assert state.phase == "cast"
    assert all(a.rods == () for a in GAME.legal_actions(state, 0))


@pytest.mark.rule("CF-COLLECT-5", "CF-Q-14")
def test_drawn_cards_are_seen_only_by_their_drawer():
    state = simple()
    state, events = play(state, 0, Draw(rods=2, baits=0))
    drawn = [state.cards[c].cid for c in state.hands[0][4:]]
    assert len(drawn) == 2
    public = [e for e in events if e.visible_to is None and e.kind == "draw"]
    assert len(public) == 1 and "2 rods" in public[0].text and "0 baits" in public[0].text
    private = [e for e in events if e.kind == "draw_private"]
    assert len(private) == 1 and private[0].visible_to == (0,)
    for seat in (None, 1):
        text = GAME.view(state, seat).model_dump_json()
        assert all(f'"{cid}"' not in text for cid in drawn)
        panel = GAME.view(state, seat).seats[0]
        assert (panel.hand_size, panel.hand_rods, panel.hand_baits) == (6, 4, 2)
    assert {c.id for c in GAME.view(state, 0).hand} >= set(drawn)


@pytest.mark.rule("CF-COLLECT-6")
def test_empty_deck_is_rebuilt_from_its_discard_pile():
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], rod_deck=("R7",), bait_deck=("B1", "B2", "B3", "B4"))
    played_rods = set()
    state = cast(state, 0, ("5",), ("5",))
    played_rods |= set(state.casts[0][0])
    state = cast(state, 1, ("2",), ("5",))
    played_rods |= set(state.casts[1][0])
    state, _ = play(state, 0, Attempt(labels=(7,)))
    state, _ = play(state, 1, Attempt(labels=(6,)))
    assert len(state.rod_deck) == 1 and set(state.rod_discard) == played_rods
    state, events = play(state, 0, Draw(rods=2, baits=0))
    assert any(e.kind == "reshuffle" for e in events)
    new_rods = state.hands[0][4:]
    assert state.cards[new_rods[0]].value == 7
    assert new_rods[1] in played_rods
    assert state.rod_discard == [] and len(state.rod_deck) == 1


@pytest.mark.rule("CF-Q-17")
def test_deck_and_discard_both_empty_forces_the_other_deck():
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], rod_deck=(), bait_deck=("B1",) * 6)
    state = cast(state, 0, ("5",), ("5",))
    state = cast(state, 1, ("2",), ("5",))
    state, _ = play(state, 0, Attempt(labels=(7,)))
    state, _ = play(state, 1, Attempt(labels=(6,)))
    # Two rods were discarded, so two rods can still be drawn in all; take them now.
    state, _ = play(state, 0, Draw(rods=2, baits=0))
    assert not state.rod_deck and not state.rod_discard
    assert [(a.rods, a.baits) for a in GAME.legal_actions(state, 1)] == [(0, 2)]
    rejected(state, 1, Draw(rods=1, baits=1), "rod", "bait deck")
    state, _ = play(state, 1, Draw(rods=0, baits=2))
    assert len(state.hands[1]) == 6


@pytest.mark.rule("CF-Q-17")
def test_player_stops_short_when_every_deck_and_discard_is_empty():
    # Small hands and almost empty decks: 2 rods + 2 baits come back, 1 bait is in the deck.
    state = build([["R5", "B5"], ["R2", "B5"]], rod_deck=(), bait_deck=("B1",))
    state = cast(state, 0, ("5",), ("5",))
    state = cast(state, 1, ("2",), ("5",))
    state, _ = play(state, 0, Attempt(labels=(7,)))
    state, _ = play(state, 1, Attempt(labels=(6,)))
    assert [(a.rods, a.baits) for a in GAME.legal_actions(state, 0)] == [(2, 3)]
    rejected(state, 0, Draw(rods=2, baits=4), "only 5 cards")
    state, _ = play(state, 0, Draw(rods=2, baits=3))
    assert len(state.hands[0]) == 5
    # Nothing is left for seat 1, who is passed over; the round ends.
    assert state.phase == "cast" and state.round == 2
    assert state.hands[1] == []


@pytest.mark.rule("CF-COLLECT-7", "CF-ROUND-1")
def test_round_ends_when_everyone_has_refilled():
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=("F1",) * 8)
    assert state.phase == "cast" and state.round == 1
    state = cast(state, 0, ("5",), ("5",))
    assert state.phase == "cast"
    state = cast(state, 1, ("2",), ("5",))
    assert state.phase == "catch"
    state, _ = play(state, 0, Attempt(labels=(8,)))
    state, _ = play(state, 1, Attempt(labels=(7,)))
    assert state.phase == "collect"
    state, _ = play(state, 0, Draw(rods=1, baits=1))
    assert state.phase == "collect" and state.round == 1
    state, events = play(state, 1, Draw(rods=1, baits=1))
    assert state.phase == "cast" and state.round == 2
    assert any(e.kind == "round" and "Round 2" in e.text for e in events)
    assert set(GAME.pending(state)) == {0, 1}
    assert all(len(h) == 6 for h in state.hands)


@pytest.mark.rule("CF-Q-17", "CF-Q-7")
def test_blank_casters_refill_after_the_catch_order():
    # Seat 1 holds only rods, makes a blank cast of one rod, and so needs exactly one card.
    state = build([["R5", "B5", *FILL], ["R2", "R3", "R4", "R6", "R7", "R8"]], sea_cards=("F1",) * 8)
    state = cast(state, 0, ("5",), ("5",))
    state = cast(state, 1, ("2",), ())
    state, _ = play(state, 0, Attempt(labels=(8,)))
    assert state.phase == "collect" and state.collect_order == [0, 1]
    state, _ = play(state, 0, Draw(rods=1, baits=1))
    assert [(a.rods, a.baits) for a in GAME.legal_actions(state, 1)] == [(0, 1), (1, 0)]


# -- End of the game -----------------------------------------------------------------------


@pytest.mark.rule("CF-END-1", "CF-END-2", "CF-COLLECT-2", "CF-COLLECT-5", "CF-COLLECT-7")
def test_game_ends_after_the_round_that_leaves_five_fish():
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=("F1",) * 7)
    state = cast(state, 0, ("5",), ("5",))
    state = cast(state, 1, ("2",), ("5",))
    state, _ = play(state, 0, Attempt(labels=(7,)))
    assert state.phase == "catch" and GAME.result(state) is None
    state, events = play(state, 1, Attempt(labels=(6,)))
    # Five fish are left: the game ends after this round's Collect whatever anyone draws, so
    # the engine plays that Collect itself and nobody is asked (issue 7; it was two prompts).
    assert sea.fish_count(state) == 5
    assert state.phase == "over"
    assert all(len(h) == 6 for h in state.hands)  # the round was still played to the end of Collect
    kinds = [e.kind for e in events]
    assert kinds.index("catch") < kinds.index("collect") < kinds.index("draw") < kinds.index("end")
    public = [e.text for e in events if e.kind == "draw"]
    assert len(public) == 2 and public[0].startswith("Ernesto") and public[1].startswith("Tomás")  # catch order
    private = [e for e in events if e.kind == "draw_private"]
    assert [e.visible_to for e in private] == [(0,), (1,)]
    assert GAME.result(state) is not None
    assert GAME.pending(state) == {}


@pytest.mark.rule("CF-END-2", "CF-Q-17", "CF-COLLECT-6")
def test_the_last_collect_draws_towards_an_even_hand_and_rebuilds_an_empty_deck():
    # Seat 0 keeps 4 baits and draws 2: the engine takes 2 rods (3 and 3). The rod deck holds
    # one rod, so its discard pile (the two cast rods) is shuffled in to finish the draw.
    state = build([["R5", "B5", "B1", "B1", "B1", "B1"], ["R2", "B5", *FILL]], sea_cards=("F1",) * 7,
                  rod_deck=("R9",), bait_deck=("B1", "B2", "B3", "B4"))
    state = to_collect(state, [(("5",), ("5",)), (("2",), ("5",))], {0: 7, 1: 6}, phase="over")
    rods = [state.cards[c].type for c in state.hands[0]].count("rod")
    assert rods == 2 and len(state.hands[0]) == 6
    assert all(len(h) == 6 for h in state.hands)
    assert not state.rod_deck or state.rod_discard == []


@pytest.mark.rule("CF-END-1", "CF-ROUND-2")
def test_six_fish_left_means_another_round():
    state = simple(sea_cards=("F1",) * 8)
    state, _ = play(state, 0, Draw(rods=1, baits=1))
    state, _ = play(state, 1, Draw(rods=1, baits=1))
    assert sea.fish_count(state) == 6
    assert state.phase == "cast" and state.round == 2
    assert GAME.result(state) is None


@pytest.mark.rule("CF-END-2")
def test_sea_dropping_below_six_mid_round_does_not_stop_the_round():
    state = build([["R5", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=("F1",) * 6)
    state = cast(state, 0, ("5",), ("5",))
    state = cast(state, 1, ("2",), ("5",))
    state, _ = play(state, 0, Attempt(labels=(6,)))
    assert sea.fish_count(state) == 5
    assert state.phase == "catch" and set(GAME.pending(state)) == {1}
    state, _ = play(state, 1, Attempt(labels=(5,)))
    # The round goes on to the end of Collect (played by the engine: nobody needs asking).
    assert state.phase == "over" and all(len(h) == 6 for h in state.hands)


@pytest.mark.rule("CF-Q-18", "CF-END-1")
@pytest.mark.parametrize(("beside", "over"), [((), True), (("F3:?:Aside",), False)])
def test_fish_beside_the_sea_still_count_as_in_the_sea(beside, over):
    state = simple(sea_cards=("F1",) * 7, beside=beside, phase="over" if over else "collect")
    assert len(state.sea) == 5
    if not over:
        state, _ = play(state, 0, Draw(rods=1, baits=1))
        state, _ = play(state, 1, Draw(rods=1, baits=1))
    assert (state.phase == "over") is over
    assert GAME.view(state, None).sea_count == 5 + len(beside)


@pytest.mark.rule("CF-END-3", "CF-END-4")
def test_final_score_is_sizes_plus_boot_and_pearl_bonuses():
    state = build([["R1", "B1"], ["R1", "B1"], ["R1", "B1"]], piles=[
        ["F4", "F7", "boot"],  # 11, one boot: no bonus
        ["F2", "boot", "boot", "boot", "pearl3"],  # 5 + 3 boot bonus
        ["pearl1", "pearl6", "F5", "boot", "boot"],  # 12 + 1, two pearls only: no pearl bonus
    ])
    state.phase = "over"
    result = GAME.result(state)
    parts = {line.seat: dict(line.parts) for line in result.scores}
    assert parts[0] == {"fish": 11, "boot bonus": 0, "pearl bonus": 0}
    assert parts[1] == {"fish": 5, "boot bonus": 3, "pearl bonus": 0}
    assert parts[2] == {"fish": 12, "boot bonus": 1, "pearl bonus": 0}
    assert [line.total for line in result.scores] == [11, 8, 13]
    assert all(line.total == sum(v for _, v in line.parts) for line in result.scores)


@pytest.mark.rule("CF-END-4")
def test_prawn_end_of_game_effect_adjusts_the_final_score():
    # Size-1 cards (an ordinary fish and the size-1 pearl) score 2 each with the Prawn.
    state = build([["R1", "B1"], ["R1", "B1"]],
                  piles=[["F1", "pearl1", "oos:prawn", "F2", "boot"], ["F1", "F2", "pearl3", "pearl6"]])
    state.phase = "over"
    line = GAME.result(state).scores[0]
    assert dict(line.parts)["prawn bonus"] == 2
    assert line.total == 2 + 2 + 3 + 2 + 0
    assert score(state)[1] == 1 + 2 + 3 + 6


@pytest.mark.rule("CF-END-5", "CF-OBJ-1")
def test_highest_final_score_wins():
    state = build([["R1", "B1"], ["R1", "B1"], ["R1", "B1"]],
                  piles=[["F9"], ["F4", "F4", "boot", "boot"], ["F8"]])
    state.phase = "over"
    result = GAME.result(state)
    assert [line.total for line in result.scores] == [9, 9, 8]
    assert result.winners == (0, 1)
    third = build([["R1", "B1"], ["R1", "B1"], ["R1", "B1"]],
                  piles=[["F9"], ["F4", "F4", "boot", "boot"], ["F8", "F2"]])
    third.phase = "over"
    assert GAME.result(third).winners == (2,)


@pytest.mark.rule("CF-Q-19")
def test_a_tie_for_first_is_shared():
    state = build([["R1", "B1"], ["R1", "B1"], ["R1", "B1"]], piles=[["F5", "F2"], ["F7"], ["F6"]])
    state.phase = "over"
    result = GAME.result(state)
    assert result.winners == (0, 1)
    assert GAME.view(state, 2).result.winners == (0, 1)


@pytest.mark.rule("CF-Q-20")
def test_all_three_pearls_are_worth_twenty():
    state = build([["R1", "B1"], ["R1", "B1"]], piles=[["pearl1", "pearl3", "pearl6"], ["F1", "F6"]])
    assert score(state) == {0: 20, 1: 7}
    state.phase = "over"
    assert dict(GAME.result(state).scores[0].parts)["pearl bonus"] == 10
    two = build([["R1", "B1"], ["R1", "B1"]], piles=[["pearl1", "pearl6"], ["pearl3"]])
    assert score(two) == {0: 7, 1: 3}


@pytest.mark.rule("CF-END-6", "CF-Q-25")
def test_elena_scores_26():
    sizes = [4, 5, 2, 3, 2, 2, 1, 6]
    state = build([["R1", "B1"], ["R1", "B1"], ["R1", "B1"]], names=["Ernesto", "Tomás", "Elena"],
                  piles=[[], [], [f"F{s}" for s in sizes] + ["boot", "boot"]])
    assert len(state.piles[2]) == 10
    state.phase = "over"
    line = GAME.result(state).scores[2]
    assert line.name == "Elena"
    assert dict(line.parts)["fish"] == 25
    assert dict(line.parts)["boot bonus"] == 1
    assert line.total == 26


# -- Rounds and the whole game ---------------------------------------------------------------


@pytest.mark.rule("CF-ROUND-1")
def test_each_round_is_cast_then_catch_then_collect():
    state = simple(sea_cards=("F1",) * 11)
    phases = []
    rng = random.Random(3)
    while state.phase != "over" and state.round < 4:
        if not phases or phases[-1] != (state.round, state.phase):
            phases.append((state.round, state.phase))
        seat = min(GAME.pending(state))
        state, _ = play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    rounds = {}
    for rnd, phase in phases:
        rounds.setdefault(rnd, []).append(phase)
    assert rounds[1] == ["collect"]
    assert rounds[2] == ["cast", "catch", "collect"]


@pytest.mark.rule("CF-ROUND-2", "CF-END-1", "CF-ROUND-1")
@pytest.mark.parametrize("seed", [1, 2])
def test_rounds_follow_one_another_until_five_or_fewer_fish(seed):
    rng = random.Random(seed)
    state = GAME.new_game(CrazyFishingOptions(), seats(3), seed)
    last_phase = state.phase
    steps = 0
    while state.phase != "over":
        pending = GAME.pending(state)
        seat = rng.choice(sorted(pending))
        before_round = state.round
        before_hash = GAME.state_hash(state)
        new_state, _ = play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.state_hash(state) == before_hash  # apply never changes its input
        state = new_state
        if state.round != before_round:
            assert last_phase == "collect" and state.phase == "cast"
            assert sea.fish_count(state) >= 6
        if state.phase != last_phase:
            allowed = {("cast", "catch"), ("cast", "fish_bait"), ("catch", "collect"), ("collect", "cast"),
                       ("catch", "over"), ("fish_bait", "catch")}
            assert (last_phase, state.phase) in allowed
            if state.phase == "over":  # the last Collect is played by the engine (CF-END-2)
                assert all(len(h) == 6 for h in state.hands) or not (state.rod_deck or state.bait_deck)
        last_phase = state.phase
        steps += 1
        assert steps < 5000
    assert sea.fish_count(state) <= 5
    assert state.round > 1
    result = GAME.result(state)
    assert result is not None and result.winners


@pytest.mark.rule("CF-END-5")
def test_nothing_can_be_done_after_game_over():
    state = simple(sea_cards=("F1",) * 7, phase="over")
    assert state.phase == "over"
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == []
        rejected(state, seat, Draw(rods=1, baits=1), "game is over")
        rejected(state, seat, Cast(rods=("R01",), baits=("B01",)), "game is over")
        rejected(state, seat, Attempt(labels=(1,)), "game is over")
