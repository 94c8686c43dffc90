"""Special baits: the Most Tempting Bait, the Bait Bucket and the Turbulent Bait (CF-BAIT-*)."""

from __future__ import annotations

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Continue, Draw, EndTurn, Look, Shuffle, Split
from tests.games.crazy_fishing.builder import build, cast_all, collector
from tests.games.crazy_fishing.builder import play as act

OPPONENT = ["R1", "B1", "R2", "B2", "B3", "R3"]  # a slow, weak second player


def collect(state):
    """Everyone refills half rods, half baits; returns the state at the next Cast."""
    while state.phase == "collect":
        seat = collector(state)
        need = 6 - len(state.hands[seat])
        state, _ = act(state, seat, Draw(rods=need // 2, baits=need - need // 2))
    return state


def named(state, name):
    return next(c for c in state.cards if c.name == name).idx


def pile_names(state, seat):
    return [state.cards[c].name for c in state.piles[seat]]


def layout_of(state):
    return {c: (state.layout.pos[c], state.layout.label[c]) for c in state.sea}


# -- The Most Tempting Bait --------------------------------------------------------------


@pytest.mark.rule("CF-BAIT-1")
def test_most_tempting_bait_catches_the_biggest_monster():
    s = build([["R5", "B:inf", "R1", "B1", "B2", "B3"], OPPONENT], sea_cards=["monster12", "F2", "F7"])
    s, _ = cast_all(s, (("5",), ("∞",)), (("1",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Monster"]
    assert any(e.kind == "catch" and "∞" in e.text for e in events)
    assert GAME.view(s, 1).seats[0].cast is None  # discarded after the turn


@pytest.mark.rule("CF-BAIT-1")
def test_most_tempting_bait_sums_to_infinity_with_other_baits():
    s = build([["R5", "B:inf", "B1+", "B2", "R2", "B3"], OPPONENT], sea_cards=["F99:?:Whale", "F2", "F7"])
    s, _ = cast_all(s, (("5",), ("1+", "∞", "2")), (("1",), ("1",)))
    assert GAME.view(s, 1).seats[0].cast.bait is None  # None means infinite
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Whale"]


# -- The Bait Bucket ---------------------------------------------------------------------

COVERED_SEA = [("F2:?:Zander", 0, 0), ("F7:?:Wrasse", 3, 1), ("F1", 20, 0)]  # #2 covers #1


@pytest.mark.rule("CF-BAIT-2")
def test_bait_bucket_reaches_a_covered_fish_and_plain_bait_does_not():
    s = build([["R5", "B:bucket", "B2", "R2", "B3", "B1"], ["R1", "B2", "R2", "B3", "B4", "R3"]],
              sea_cards=COVERED_SEA)
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("2",)))
    assert Attempt(labels=(1,)) in GAME.legal_actions(s, 0)
    assert GAME.view(s, 0).sea[0].covered and GAME.view(s, 0).sea[0].selectable
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Zander"]
    # The next player, without a bucket, cannot reach covered fish.
    s2 = build([["R5", "B:bucket", "B2", "R2", "B3", "B1"], ["R1", "B2", "R2", "B3", "B4", "R3"]],
               sea_cards=[*COVERED_SEA, ("F3", 3, 7), ("F4", 4, 8)])  # #5 covers #4
    s2, _ = cast_all(s2, (("5",), ("The Bait Bucket",)), (("1",), ("2",)))
    s2, _ = act(s2, 0, Attempt(labels=(3,)))
    assert s2.turn.seat == 1
    assert Attempt(labels=(4,)) not in GAME.legal_actions(s2, 1)
    with pytest.raises(IllegalAction):
        act(s2, 1, Attempt(labels=(4,)))


@pytest.mark.rule("CF-BAIT-3", "CF-Q-23")
def test_bait_bucket_may_target_an_uncovered_fish_which_returns_to_its_place_on_failure():
    s = build([["R5", "B:bucket", "B2", "R2", "B3", "B1"], OPPONENT], sea_cards=COVERED_SEA)
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("1",)))
    wrasse = named(s, "Wrasse")
    before = (s.layout.pos[wrasse], s.layout.label[wrasse], s.sea.index(wrasse))
    assert Attempt(labels=(2,)) in GAME.legal_actions(s, 0)
    s, events = act(s, 0, Attempt(labels=(2,)))  # bait 2 against the uncovered 7: fails
    assert any(e.kind == "escape" and "its place" in e.text for e in events)
    assert s.beside == []
    assert (s.layout.pos[wrasse], s.layout.label[wrasse], s.sea.index(wrasse)) == before
    assert GAME.view(s, 1).sea[0].covered  # the Wrasse still covers the Zander


@pytest.mark.rule("CF-BAIT-4")
def test_failed_bait_bucket_attempt_on_a_covered_fish_puts_it_beside_the_sea():
    s = build([["R5", "B:bucket", "B2", "R2", "B3", "B1"], OPPONENT],
              sea_cards=[("F6:?:Zander", 0, 0), ("F7:?:Wrasse", 3, 1), ("F1", 20, 0)])
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("1",)))
    zander = named(s, "Zander")
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert any(e.kind == "escape" and "beside the sea" in e.text for e in events)
    assert zander not in s.sea and s.beside == [zander]
    view = GAME.view(s, 1)
    beside = [f for f in view.sea if f.beside]
    assert [(f.label, f.back) for f in beside] == [(1, "?")]  # face down
    assert "Zander" not in view.model_dump_json()
    assert view.sea_count == 3


@pytest.mark.rule("CF-BAIT-5", "CF-Q-23")
def test_a_fish_beside_the_sea_may_be_caught_later_by_another_player():
    s = build([["R5", "B:bucket", "B2", "R2", "B3", "B1"], ["R1", "B6", "R2", "B3", "B4", "R3"]],
              beside=["F6:?:Zander"], sea_cards=[("F2", 0, 0), ("F7", 3, 1), ("F1", 20, 0)])
    # Seat 0 fishes #3; seat 1, with no bucket, goes for the fish beside the sea (#4).
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("6",)))
    s, _ = act(s, 0, Attempt(labels=(3,)))
    assert s.turn.seat == 1 and not s.turn.bucket
    assert Attempt(labels=(4,)) in GAME.legal_actions(s, 1)
    s, _ = act(s, 1, Attempt(labels=(4,)))
    assert pile_names(s, 1) == ["Zander"] and s.beside == []


@pytest.mark.rule("CF-Q-23", "CF-BAIT-5")
def test_the_player_who_failed_may_try_the_beside_fish_again_in_a_later_turn():
    s = build([["R5", "B:bucket", "B6", "R4", "B3", "B1"], ["R1", "B1", "R2", "B2", "B3", "R3"]],
              sea_cards=[("F6:?:Zander", 0, 0), ("F7", 3, 1), ("F1", 20, 0), ("F2", 30, 0), ("F3", 0, 6),
                         ("F4", 10, 6), ("F5", 20, 6)])
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("1",)))
    zander = named(s, "Zander")
    s, _ = act(s, 0, Attempt(labels=(1,)))  # bait 2 < 6: the Zander goes beside the sea
    assert s.beside == [zander]
    s, _ = act(s, 1, Attempt(labels=(3,)))
    s = collect(s)
    assert s.phase == "cast" and s.round == 2
    s, _ = cast_all(s, (("4",), ("6",)), (("2",), ("2",)))  # no bucket this time
    assert s.turn.seat == 0 and not s.turn.bucket
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert "Zander" in pile_names(s, 0)


# -- The Turbulent Bait ------------------------------------------------------------------

BIG_SEA = ["F1:?:Ant", "F2:?:Bee", "F3:?:Cod", "F4:?:Dab", "F5:?:Eel", "F6:?:Gar", "F7:?:Ide", "F8:?:Jack"]


@pytest.mark.rule("CF-BAIT-6")
def test_turbulent_bait_shuffles_the_sea_with_eyes_closed():
    s = build([["R5", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("5",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
    assert Shuffle() in GAME.legal_actions(s, 0)
    before = layout_of(s)
    s, events = act(s, 0, Shuffle())
    assert sorted(s.sea) == sorted(before)
    assert layout_of(s) != before
    assert [e.kind for e in events] == ["shuffle"]
    names = [n.split(":")[-1] for n in BIG_SEA]
    assert not any(n in e.text for e in events for n in names)  # no front shown
    for seat in (0, 1, None):
        text = GAME.view(s, seat).model_dump_json()
        assert not any(n in text for n in names)


@pytest.mark.rule("CF-BAIT-7")
def test_turbulent_bait_shuffle_before_the_attempt():
    s = build([["R5", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("5",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Shuffle())
    assert s.turn.seat == 0 and s.turn.stage == "choose" and not s.caught_round
    assert all(isinstance(a, Attempt) for a in GAME.legal_actions(s, 0))  # the attempt is still to come
    assert Shuffle() not in GAME.legal_actions(s, 0)
    s, _ = act(s, 0, Attempt(labels=(GAME.legal_actions(s, 0)[0].labels)))
    assert s.turn.seat == 1  # no shuffle left: the turn is over


@pytest.mark.rule("CF-BAIT-7", "CF-Q-24")
def test_turbulent_bait_shuffle_after_the_attempt_or_not_at_all():
    s = build([["R5", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("5",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert s.piles[0] and s.turn.stage == "finish"
    assert sorted(GAME.legal_actions(s, 0), key=repr) == sorted([Shuffle(), EndTurn()], key=repr)
    before = layout_of(s)
    shuffled, _ = act(s, 0, Shuffle())
    assert shuffled.turn.seat == 1 and layout_of(shuffled) != before
    declined, _ = act(s, 0, EndTurn())  # the shuffle is optional
    assert declined.turn.seat == 1 and layout_of(declined) == before


@pytest.mark.rule("CF-Q-24")
def test_one_shuffle_per_turbulent_bait_two_with_two():
    s = build([["R5", "B:turbulent", "B:turbulent", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA)
    one, _ = cast_all(s, (("5",), ("The Turbulent Bait", "4")), (("1",), ("1",)))
    one, _ = act(one, 0, Shuffle())
    with pytest.raises(IllegalAction):
        act(one, 0, Shuffle())
    two, _ = cast_all(s, (("5",), ("The Turbulent Bait", "The Turbulent Bait")), (("1",), ("1",)))
    two, _ = act(two, 0, Shuffle())
    two, _ = act(two, 0, Attempt(labels=(1,)))
    assert two.turn.stage == "finish"
    two, events = act(two, 0, Shuffle())
    assert two.turn.seat == 1 and events[0].kind == "shuffle"


@pytest.mark.rule("CF-Q-24")
def test_turbulent_bait_with_a_reel_may_shuffle_between_the_attempts():
    hand = ["R:reel", "R3", "B:turbulent", "B4", "B1", "R2"]
    s = build([hand, OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("The Turbulent Bait", "4")), (("1",), ("1",)))
    assert Shuffle() in GAME.legal_actions(s, 0)  # before choosing
    s, _ = act(s, 0, Attempt(labels=(1, 2)))  # both fish chosen together: Ant (1) and Bee (2)
    bee = named(s, "Bee")
    s, _ = act(s, 0, Split(first=tuple(s.cards[c].cid for c in s.casts[0][1] if s.cards[c].label == "1+")))
    assert s.turn.stage == "between" and pile_names(s, 0) == ["Ant"]
    assert sorted(GAME.legal_actions(s, 0), key=repr) == sorted([Shuffle(), Continue()], key=repr)
    before = layout_of(s)
    s, events = act(s, 0, Shuffle())
    # The second fish was already chosen: it is still the one resolved after the shuffle.
    assert pile_names(s, 0) == ["Ant", "Bee"] and bee not in s.sea
    assert [e.kind for e in events][:2] == ["shuffle", "catch"]
    assert layout_of(s) != {c: v for c, v in before.items() if c != bee}
    assert s.turn.seat == 1  # the one shuffle is spent


@pytest.mark.rule("CF-Q-24")
def test_reel_may_decline_the_between_shuffle_and_shuffle_after_both():
    hand = ["R:reel", "R3", "B:turbulent", "B4", "B1", "R2"]
    s = build([hand, OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("The Turbulent Bait", "4")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Split(first=tuple(s.cards[c].cid for c in s.casts[0][1] if s.cards[c].label == "1+")))
    s, _ = act(s, 0, Continue())
    assert pile_names(s, 0) == ["Ant", "Bee"] and s.turn.stage == "finish"
    s, _ = act(s, 0, Shuffle())
    assert s.turn.seat == 1


@pytest.mark.rule("CF-BAIT-8")
def test_after_a_shuffle_earlier_looks_are_forgotten():
    s = build([["R:finder", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA)
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Look(label=4))
    assert [p.fish.name for p in GAME.view(s, 0).peeks] == ["Dab"]
    s, _ = act(s, 0, Shuffle())
    assert s.turn.peeks == [] and GAME.view(s, 0).peeks == ()
    for seat in (0, 1, None):
        assert "Dab" not in GAME.view(s, seat).model_dump_json()


@pytest.mark.rule("CF-BAIT-8")
def test_after_a_shuffle_labels_do_not_follow_the_fish():
    # Labels are renumbered from the new random layout: a fish's label after a shuffle
    # carries no information about its label before.
    new_labels = set()
    for seed in range(12):
        s = build([["R5", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA, seed=seed)
        s, _ = cast_all(s, (("5",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
        dab = named(s, "Dab")
        assert s.layout.label[dab] == 4
        s, _ = act(s, 0, Shuffle())
        assert sorted(s.layout.label[c] for c in s.sea) == list(range(1, len(BIG_SEA) + 1))
        new_labels.add(s.layout.label[dab])
    assert len(new_labels) >= 4


@pytest.mark.rule("CF-Q-23")
def test_a_shuffle_puts_fish_beside_the_sea_back_into_the_layout():
    s = build([["R5", "B:turbulent", "B3", "R2", "B4", "B1"], OPPONENT], sea_cards=BIG_SEA,
              beside=["F9:?:Zander"])
    s, _ = cast_all(s, (("5",), ("The Turbulent Bait", "3")), (("1",), ("1",)))
    zander = named(s, "Zander")
    s, _ = act(s, 0, Shuffle())
    assert s.beside == [] and zander in s.sea
    assert not any(f.beside for f in GAME.view(s, 1).sea)
    assert GAME.view(s, 1).sea_count == len(BIG_SEA) + 1
