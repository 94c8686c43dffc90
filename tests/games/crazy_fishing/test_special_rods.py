"""Special rods: the Super-Fast Reel, the Infallible Fish Finder and the Rodiest Rod (CF-ROD-*)."""

from __future__ import annotations

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, EndTurn, Look, PairAttempt, PickBait, Split
from fishtable.games.crazy_fishing.cards import load_card_file
from tests.games.crazy_fishing.builder import ROD_SPECIALS, build, cast_all, cast_bait, pick, rejected
from tests.games.crazy_fishing.builder import play as act

OPPONENT = ["R2", "B1", "R1", "B2", "B3", "R3"]  # a slow, weak second player


def pile_sizes(state, seat):
    return [state.cards[c].value for c in state.piles[seat]]


def fish_at(state, label):
    return next(c for c in state.sea + state.beside if state.layout.label[c] == label)


# -- Super-Fast Reel ---------------------------------------------------------------------


@pytest.mark.rule("CF-ROD-6", "CF-ROD-1", "CF-ROD-3", "CF-ROD-5", "CF-Q-8")
def test_ernesto_super_fast_reel_worked_example():
    s = build([["R:reel", "R3", "B3+", "B3", "B4", "R5"], OPPONENT], sea_cards=["F2", "F5", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3+", "3", "4")), (("2",), ("1",)))
    assert GAME.view(s, 1).seats[0].cast.speed == 4  # 1+ Reel and a 3
    assert s.order == [0, 1]
    s, _ = act(s, 0, Attempt(labels=(1, 2)))  # the size-2 and the size-5 fish
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "3")))
    assert sorted(pile_sizes(s, 0)) == [2, 5]  # "3" on the 2, "3+" with "4" (7) on the 5
    assert [e.kind for e in events].count("catch") == 2
    assert "bait 7" in " ".join(e.text for e in events)


@pytest.mark.rule("CF-ROD-1", "CF-Q-9")
def test_reel_gives_two_attempts_and_two_fish_must_be_chosen():
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], OPPONENT], sea_cards=["F2", "F3", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("2",), ("1",)))
    legal = GAME.legal_actions(s, 0)
    assert Attempt(labels=(1, 2)) in legal
    assert Attempt(labels=(1,)) not in legal
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1,)))  # the second attempt may not be skipped
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1, 1)))  # two different fish
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Split(first=cast_bait(s, 0, "3")))
    assert sorted(pile_sizes(s, 0)) == [2, 3]
    assert s.turn.seat == 1  # both catches in one Catch turn


@pytest.mark.rule("CF-ROD-2", "CF-Q-8", "CF-Q-9")
def test_reel_without_another_rod_is_legal_but_gives_one_attempt():
    s = build([["R:reel", "B3", "B4", "R5", "B1", "R2"], OPPONENT], sea_cards=["F2", "F3", "F7"])
    # Two ordinary baits are allowed beside a Reel even with no '+' bait.
    s, _ = cast_all(s, (("The Super-Fast Reel",), ("3", "4")), (("1",), ("1",)))
    assert s.turn.seat == 0 and not s.turn.reel
    assert all(len(a.labels) == 1 for a in GAME.legal_actions(s, 0) if isinstance(a, Attempt))
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    # One attempt with two plain baits: they do not add up, the player picks one (CF-Q-9).
    assert s.turn.seat == 0 and GAME.pending(s)[0].kind == "pick_bait"
    s, _ = act(s, 0, PickBait(bait=cast_bait(s, 0, "3")[0]))
    assert s.turn.seat == 1


@pytest.mark.rule("CF-ROD-2")
def test_reel_with_another_rod_but_one_bait_gives_one_attempt():
    s = build([["R:reel", "R3", "B4", "R5", "B1", "B2"], OPPONENT], sea_cards=["F2", "F3", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("4",)), (("2",), ("1",)))
    assert not s.turn.reel
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1, 2)))


@pytest.mark.rule("CF-Q-8")
def test_reel_allows_exactly_two_plain_baits():
    s = build([["R:reel", "R3", "B3", "B4", "B2", "B1+"], OPPONENT])
    rods = pick(s, 0, "rod", "The Super-Fast Reel", "3")
    with pytest.raises(IllegalAction):
        act(s, 0, Cast(rods=rods, baits=pick(s, 0, "bait", "3", "4", "2")))
    # Two plain baits without a Reel are still illegal.
    with pytest.raises(IllegalAction):
        act(s, 0, Cast(rods=pick(s, 0, "rod", "3"), baits=pick(s, 0, "bait", "3", "4")))
    # More than two need a '+' bait.
    s2, _ = act(s, 0, Cast(rods=rods, baits=pick(s, 0, "bait", "3", "4", "2", "1+")))
    assert s2.casts[0] is not None and len(s2.casts[0][1]) == 4


@pytest.mark.rule("CF-Q-8", "CF-ROD-3")
def test_reel_split_groups_sum_only_with_a_plus_bait():
    s = build([["R:reel", "R3", "B3+", "B2", "B4", "R5"], OPPONENT], sea_cards=["F2", "F5", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3+", "2", "4")), (("2",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    # "2" and "4" together have no '+': they cannot form one group.
    with pytest.raises(IllegalAction):
        act(s, 0, Split(first=cast_bait(s, 0, "2", "4")))
    assert Split(first=cast_bait(s, 0, "2", "4")) not in GAME.legal_actions(s, 0)
    assert Split(first=cast_bait(s, 0, "3+", "2")) in GAME.legal_actions(s, 0)


@pytest.mark.rule("CF-ROD-3")
def test_reel_bait_groups_each_need_a_card_and_none_counts_twice():
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], OPPONENT], sea_cards=["F2", "F5", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("2",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    with pytest.raises(IllegalAction):
        act(s, 0, Split(first=cast_bait(s, 0, "3", "4")))  # nothing left for the second fish
    with pytest.raises(IllegalAction):
        act(s, 0, Split(first=()))
    s, _ = act(s, 0, Split(first=cast_bait(s, 0, "3")))
    # "3" catches the 2; "4" alone cannot reach the 5 (3 + 4 would have).
    assert pile_sizes(s, 0) == [2]
    assert any(s.cards[c].value == 5 for c in s.sea)


@pytest.mark.rule("CF-ROD-4")
def test_reel_attempts_resolve_separately_first_escapes_second_catches():
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], OPPONENT], sea_cards=["F5", "F2", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("2",), ("1",)))
    five = fish_at(s, 1)
    pos = s.layout.pos[five]
    s, events = act(s, 0, Attempt(labels=(1, 2)))
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "3")))
    assert [e.kind for e in events][:2] == ["escape", "catch"]
    assert pile_sizes(s, 0) == [2]
    assert five in s.sea and s.layout.label[five] == 1 and s.layout.pos[five] == pos


@pytest.mark.rule("CF-ROD-5")
def test_reel_speed_adds_to_the_other_rods():
    # Reel 1 + rod 3 = 4 beats the opponent's 3; without the Reel's 1 they would tie
    # at 3 and the opponent's bait 9 would put them first.
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], ["R3", "B9", "R1", "B1", "B2", "R2"]])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("3",), ("9",)))
    assert GAME.view(s, None).seats[0].cast.speed == 4
    assert s.order == [0, 1]


@pytest.mark.rule("CF-Q-9")
def test_reel_turns_both_fish_over_before_the_split():
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], OPPONENT],
              sea_cards=["F2:?:Zander", "F5:?:Wrasse", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("2",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1, 2)))
    assert [e.kind for e in events] == ["flip", "flip"]
    view = GAME.view(s, 1)  # both fronts are public before any bait is assigned
    assert view.turn.stage == "split"
    assert [f.name for f in view.turn.flipped] == ["Zander", "Wrasse"]
    assert s.piles[0] == []


@pytest.mark.rule("CF-Q-9", "CF-Q-8")
def test_reel_with_only_one_eligible_fish_and_plain_baits_picks_one_bait():
    # The 6 covers the 5, so only the 6 is eligible. Plain 3 and 4 never add up (this was
    # "all the bait", 7, before the ruling of issue 7): the player picks one, and the 6 escapes.
    s = build([["R:reel", "R3", "B3", "B4", "R5", "B1"], OPPONENT], sea_cards=[("F5", 0, 0), ("F6:?:Gar", 2, 1)])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("2",), ("1",)))
    assert GAME.legal_actions(s, 0) == [Attempt(labels=(2,))]
    s, events = act(s, 0, Attempt(labels=(2,)))
    assert [e.kind for e in events] == ["flip"]  # the fish is turned over before the bait is picked
    prompt = GAME.pending(s)[0]
    assert prompt.kind == "pick_bait" and not prompt.private and set(GAME.pending(s)) == {0}
    assert GAME.view(s, 1).turn.stage == "pick_bait"
    assert [f.name for f in GAME.view(s, 1).turn.flipped] == ["Gar"]
    three, four = cast_bait(s, 0, "3", "4")
    assert GAME.legal_actions(s, 0) == [PickBait(bait=three), PickBait(bait=four)]
    rejected(s, 0, PickBait(bait="B99"), "not among the baits you cast")
    rejected(s, 0, Split(first=(three,)), "does not fit")
    s, events = act(s, 0, PickBait(bait=four))
    assert pile_sizes(s, 0) == []
    assert any(e.kind == "escape" and "bait 4" in e.text for e in events)
    assert s.turn.seat == 1
    assert sorted(s.cards[c].label for c in s.bait_discard) == ["3", "4"]  # both cast baits are discarded


@pytest.mark.rule("CF-Q-9", "CF-CAST-6")
def test_reel_with_one_attempt_uses_the_whole_group_when_it_holds_a_plus_bait():
    s = build([["R:reel", "R3", "B3+", "B4", "R5", "B1"], OPPONENT], sea_cards=[("F5", 0, 0), ("F6", 2, 1)])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3+", "4")), (("2",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(2,)))
    assert pile_sizes(s, 0) == [6]  # 3+ and 4 add up to 7: no bait to pick
    assert any(e.kind == "catch" and "bait 7" in e.text for e in events)
    assert s.turn.seat == 1


@pytest.mark.rule("CF-Q-9", "CF-OOS-20", "CF-Q-32")
def test_a_picked_bait_is_the_same_bait_for_a_pair_of_fish():
    s = build([["R:reel", "B1", "B5", "R5", "B2", "R2"], OPPONENT],
              sea_cards=["oos:pair_of_fish", "F5:?:Bass", "F6:?:Gar", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel",), ("1", "5")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    s, _ = act(s, 0, PickBait(bait=cast_bait(s, 0, "1")[0]))  # 1 catches the Pair (size 1)
    assert GAME.pending(s)[0].kind == "pair"
    s, events = act(s, 0, PairAttempt(label=2))  # the same bait, 1 alone: the Bass escapes
    assert any(e.kind == "escape" and "bait 1" in e.text for e in events)
    assert pile_sizes(s, 0) == [1]


@pytest.mark.rule("CF-Q-9")
def test_extra_reels_give_no_extra_attempts():
    s = build([["R:reel", "R:reel", "R3", "B3+", "B3", "B4"], OPPONENT], sea_cards=["F1", "F2", "F3", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "The Super-Fast Reel", "3"), ("3+", "3", "4")),
                    (("2",), ("1",)))
    assert all(len(a.labels) == 2 for a in GAME.legal_actions(s, 0) if isinstance(a, Attempt))
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1, 2, 3)))


# -- Infallible Fish Finder ---------------------------------------------------------------


def finder_state(hand=("R:finder", "B3", "R3", "B1+", "B:turbulent", "B4"), sea_cards=None, **kw):
    sea_cards = sea_cards or ["F2", "F4:?:Zander", "F7"]
    return build([list(hand), OPPONENT], sea_cards=sea_cards, **kw)


@pytest.mark.rule("CF-ROD-7")
def test_fish_finder_looks_before_choosing_not_after():
    s = finder_state()
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("1+", "The Turbulent Bait")), (("1",), ("1",)))
    assert s.turn.seat == 0
    assert Look(label=2) in GAME.legal_actions(s, 0)
    s, _ = act(s, 0, Look(label=2))
    assert Attempt(labels=(2,)) in GAME.legal_actions(s, 0)
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert s.turn.stage == "finish"  # turbulent shuffle still pending, so the turn goes on
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=2))


@pytest.mark.rule("CF-ROD-7")
def test_fish_finder_look_after_the_attempt_is_not_allowed():
    s = finder_state(hand=("R:finder", "R1+", "B3", "B1+", "B:turbulent", "B4"))
    s, _ = cast_all(s, (("Infallible Fish Finder", "1+"), ("1+", "The Turbulent Bait")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))  # no look used yet
    assert not any(isinstance(a, Look) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=2))


@pytest.mark.rule("CF-ROD-8")
def test_fish_finder_front_is_seen_only_by_the_looker():
    s = finder_state()
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("3",)), (("1",), ("1",)))
    zander = fish_at(s, 2)
    zander_id = s.cards[zander].cid
    pos = s.layout.pos[zander]
    s, events = act(s, 0, Look(label=2))
    public = [e for e in events if e.visible_to is None]
    private = [e for e in events if e.visible_to is not None]
    assert public and all("Zander" not in e.text for e in public)
    assert "#2" in public[0].text  # which card was looked at is public (CF-Q-22)
    assert len(private) == 1 and private[0].visible_to == (0,) and "Zander" in private[0].text
    mine = GAME.view(s, 0)
    assert [(p.label, p.fish.name) for p in mine.peeks] == [(2, "Zander")]
    for seat in (1, None):
        text = GAME.view(s, seat).model_dump_json()
        assert zander_id not in text and "Zander" not in text
    # The card goes back face down in the same place.
    assert zander in s.sea and s.layout.label[zander] == 2 and s.layout.pos[zander] == pos
    assert [f.back for f in GAME.view(s, 1).sea if f.label == 2] == ["?"]
    # Another player's view never shows peeks, even on their own turn.
    assert GAME.view(s, 1).peeks == ()


@pytest.mark.rule("CF-ROD-9")
def test_one_finder_allows_exactly_one_look():
    s = finder_state()
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("3",)), (("1",), ("1",)))
    s, _ = act(s, 0, Look(label=2))
    assert not any(isinstance(a, Look) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=1))


@pytest.mark.rule("CF-ROD-9")
def test_two_finders_allow_two_looks_but_not_three():
    s = finder_state(hand=("R:finder", "R:finder", "R1+", "B3", "B4", "B1"),
                     sea_cards=["F2", "F4", "F5", "F7"])
    s, _ = cast_all(s, (("Infallible Fish Finder", "Infallible Fish Finder", "1+"), ("3",)),
                    (("1",), ("1",)))
    assert s.turn.looks_left == 2
    s, _ = act(s, 0, Look(label=1))
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=1))  # one look is one card: the same card again is refused
    s, _ = act(s, 0, Look(label=2))
    assert len(GAME.view(s, 0).peeks) == 2
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=3))


@pytest.mark.rule("CF-ROD-10")
def test_fish_finder_is_optional_and_the_seen_fish_need_not_be_chosen():
    s = finder_state()
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("3",)), (("1",), ("1",)))
    no_look, _ = act(s, 0, Attempt(labels=(1,)))  # no look at all
    assert pile_sizes(no_look, 0) == [2]
    looked, _ = act(s, 0, Look(label=2))
    looked, _ = act(looked, 0, Attempt(labels=(1,)))  # looked at #2, fishes #1
    assert pile_sizes(looked, 0) == [2]
    assert fish_at(looked, 2) in looked.sea


@pytest.mark.rule("CF-Q-22")
def test_fish_finder_may_look_at_covered_and_beside_fish():
    # #1 (Zander) is covered by #2; #4 lies beside the sea.
    s = build([["R:finder", "R1+", "R:finder", "B3", "B4", "B1"], OPPONENT],
              sea_cards=[("F4:?:Zander", 0, 0), ("F6", 3, 1), ("F7", 20, 0)], beside=["F5:?:Wrasse"])
    s, _ = cast_all(s, (("Infallible Fish Finder", "Infallible Fish Finder", "1+"), ("3",)),
                    (("1",), ("1",)))
    assert GAME.view(s, 0).sea[0].covered
    legal = GAME.legal_actions(s, 0)
    assert Look(label=1) in legal and Look(label=4) in legal
    assert GAME.pending(s)[0].private  # the looks sit behind a privacy gate
    s, _ = act(s, 0, Look(label=1))
    s, events = act(s, 0, Look(label=4))
    assert {p.fish.name for p in GAME.view(s, 0).peeks} == {"Zander", "Wrasse"}
    assert all("Wrasse" not in e.text for e in events if e.visible_to is None)
    assert "Wrasse" not in GAME.view(s, 1).model_dump_json()
    assert "Zander" not in GAME.view(s, None).model_dump_json()


@pytest.mark.rule("CF-Q-22")
def test_reel_player_looks_before_choosing_both_fish():
    s = build([["R:reel", "R:finder", "B3", "B4", "R5", "B1"], OPPONENT], sea_cards=["F2", "F3", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "Infallible Fish Finder"), ("3", "4")), (("2",), ("1",)))
    assert s.turn.reel and s.turn.looks_left == 1
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    assert s.turn.stage == "split"
    assert not any(isinstance(a, Look) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=3))


# -- The Rodiest Rod ----------------------------------------------------------------------


@pytest.mark.rule("CF-ROD-11", "CF-ROD-12")
def test_the_shipped_rodiest_rod_has_speed_twenty_and_is_last_generation():
    rodiest = [r for r in load_card_file().rods if r.special == "rodiest_rod"]
    assert rodiest and all(r.speed == 20 and r.plus for r in rodiest)
    assert ROD_SPECIALS["rodiest_rod"][1:3] == (20, True)  # what the builder deals below


@pytest.mark.rule("CF-ROD-11")
def test_rodiest_rod_has_speed_twenty():
    fast = ["R9", "R9", "R1+", "B1", "B2", "B3"]
    s = build([["R:rodiest", "B1", "R2", "B2", "B3", "R3"], fast])
    slower, _ = cast_all(s, (("The Rodiest Rod",), ("1",)), (("9", "9", "1+"), ("3",)))  # 20 vs 19
    assert slower.order == [0, 1]
    assert GAME.view(slower, 1).seats[0].cast.speed == 20
    s = build([["R:rodiest", "B1", "R2", "B2", "B3", "R3"], ["R9", "R9", "R3+", "B1", "B2", "B3"]])
    faster, _ = cast_all(s, (("The Rodiest Rod",), ("3",)), (("9", "9", "3+"), ("1",)))  # 20 vs 21
    assert faster.order == [1, 0]


@pytest.mark.rule("CF-ROD-12")
def test_rodiest_rod_is_last_generation_and_sums_with_other_rods():
    s = build([["R:rodiest", "R5", "R2", "B1", "B2", "B3"], ["R9", "R9", "R7+", "B1", "B2", "B9"]])
    with pytest.raises(IllegalAction):  # without the Rodiest Rod, 5 and 2 cannot be combined
        act(s, 0, Cast(rods=pick(s, 0, "rod", "5", "2"), baits=pick(s, 0, "bait", "1")))
    s, _ = cast_all(s, (("The Rodiest Rod", "5", "2"), ("1",)), (("9", "9", "7+"), ("9",)))
    assert GAME.view(s, 1).seats[0].cast.speed == 27
    assert s.order == [0, 1]  # 27 beats 25 despite the weaker bait


# -- ties with an infinite bait (CF-Q-11) -------------------------------------------------


@pytest.mark.rule("CF-Q-11")
def test_infinite_bait_beats_any_finite_bait_in_the_speed_tie():
    s = build([["R5", "B9", "R1", "B1", "B2", "B3"], ["R5", "B:inf", "R1", "B1", "B2", "B3"]])
    s, _ = cast_all(s, (("5",), ("9",)), (("5",), ("∞",)))
    assert s.order == [1, 0]
    assert s.rod_discard == []  # no rod-deck reveal was needed


@pytest.mark.rule("CF-Q-11")
@pytest.mark.parametrize(("deck", "order"), [(("R9", "R1"), [1, 0]), (("R1", "R9"), [0, 1])])
def test_two_infinite_baits_tie_and_go_to_the_rod_deck_reveal(deck, order):
    s = build([["R5", "B:inf", "R1", "B1", "B2", "B3"], ["R5", "B:inf", "R1", "B1", "B2", "B3"]],
              rod_deck=deck)
    s, events = cast_all(s, (("5",), ("∞",)), (("5",), ("∞",)))
    assert [e.kind for e in events].count("tie_reveal") == 2
    assert s.order == order
    assert len(s.rod_discard) == 2


@pytest.mark.rule("CF-ROD-10")
def test_end_turn_is_not_offered_while_choosing():
    # The Finder does not let a player skip the attempt: EndTurn only fits a Turbulent finish.
    s = finder_state()
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("3",)), (("1",), ("1",)))
    s, _ = act(s, 0, Look(label=2))
    with pytest.raises(IllegalAction):
        act(s, 0, EndTurn())
