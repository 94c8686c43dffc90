"""Catching fish: rods, lures, the roll, the Fish Pond, the Magic Lure and the Spray Bottle
(FP-CATCH-*, FP-SPECIAL-1, FP-SPECIAL-20..22, FP-Q-8, FP-Q-9, FP-Q-11, FP-Q-19)."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import Fish, LetRoll, PlaceLure, Spray
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rejected, rig, texts, view_json, where


def fisher(lure_spec: str = "Jig:3/5", fish: tuple[str, ...] = ("Walleye:6",), players: int = 2,
           b: Builder | None = None, **kw):
    """Ann with a lure in front of her and these fish in hand; two players: no Broken Line question.
    Cards for other places (`ponds=`, `ouches=`, ...) are made beforehand with the same builder `b`."""
    b = b or Builder()
    lure = b.card(lure_spec)
    fish_cards = b.cards_of(*fish)
    hand = [*fish_cards, *b.filler(6 - len(fish_cards), "goggles")]
    lures = [lure] + [NONE] * (players - 1)
    state = b.state([hand] + [b.filler(6, "Brook:2") for _ in range(players - 1)], lures=kw.pop("lures", lures),
                    **kw)
    return b, state, lure, fish_cards


def attempt(state, card, *rolls):
    rig(state, *rolls)
    return play(state, 0, Fish(card=cid(state, card)))


# -- What an attempt needs (FP-CATCH-1, FP-CATCH-2, FP-SPECIAL-1, FP-Q-11) ------------------------------


@pytest.mark.rule("FP-CATCH-1", "FP-SPECIAL-1")
def test_fishing_needs_a_rod_and_a_lure():
    _, no_rod, _, (wal,) = fisher(rods=[False, True])
    rejected(no_rod, 0, Fish(card=cid(no_rod, wal)), "need a Fishing Rod")
    _, no_lure, _, (wal,) = fisher(lures=[NONE, NONE])
    rejected(no_lure, 0, Fish(card=cid(no_lure, wal)), "need a lure")
    _, ready, _, (wal,) = fisher()
    assert Fish(card=cid(ready, wal)) in GAME.legal_actions(ready, 0)


@pytest.mark.rule("FP-CATCH-2", "FP-SPECIAL-6")
def test_no_fishing_under_an_ouch():
    b = Builder()
    _, state, _, (wal,) = fisher(b=b, ouches=[b.card("ouch"), NONE])
    rejected(state, 0, Fish(card=cid(state, wal)), "Ouch on you")


@pytest.mark.rule("FP-Q-11")
def test_hopeless_attempts_are_rejected_and_the_move_is_not_used():
    b = Builder()
    pond = b.card("Walleye:8")
    _, state, _, (wal, brown, small, same) = fisher("Jig:3/5", ("Walleye:6", "Brown:9", "Walleye:5", "Walleye:8"),
                                                    b=b, ponds=[[pond], []])
    rejected(state, 0, Fish(card=cid(state, brown)), "Brown Trout: your Jig does not catch it")
    rejected(state, 0, Fish(card=cid(state, small)), "only a heavier one")
    rejected(state, 0, Fish(card=cid(state, same)), "only a heavier one")  # FP-Q-9: equal is not bigger
    assert state.stage == "turn" and state.moves_left == 1
    fish_offered = [a.card for a in GAME.legal_actions(state, 0) if a.kind == "fish"]
    assert fish_offered == []
    state.ponds[0] = ()
    assert [a.card for a in GAME.legal_actions(state, 0) if a.kind == "fish"] == [
        cid(state, wal), cid(state, small), cid(state, same)]


# -- The attempt and the roll (FP-CATCH-3..9) ----------------------------------------------------------


@pytest.mark.rule("FP-CATCH-3", "FP-CATCH-4", "FP-CATCH-9")
def test_the_fish_goes_face_up_beside_the_lure_and_one_roll_decides():
    _, state, _, (wal,) = fisher(players=3)
    state, events = play(state, 0, Fish(card=cid(state, wal)))
    # Three players: the table is asked about a Broken Line before the roll; the fish is face up.
    assert state.fishing == wal and state.stage == "reaction"
    for seat in (None, 1, 2):
        panel = GAME.view(state, seat).seats[0]
        assert panel.fishing is not None and panel.fishing.id == cid(state, wal)
        assert panel.lure is not None and panel.lure.id == cid(state, state.lures[0])
    assert "puts down the Walleye (6 lb) beside the Jig and needs a 3" in texts(events, 2)[0]
    rig(state, 3)
    state, _ = play(state, 1, LetRoll())
    state, events = play(state, 2, LetRoll())
    assert where(state, wal) == "pond 0"
    news = [e for e in events if e.news]
    assert any("rolls a 3 and catches the Walleye (6 lb)" in e.text and e.visible_to is None for e in news)
    view = GAME.view(state, 1)
    assert view.last_attempt is not None
    assert (view.last_attempt.rolled, view.last_attempt.outcome, view.last_attempt.kind) == (3, "caught", "Walleye")


@pytest.mark.rule("FP-CATCH-5", "FP-CATCH-6")
def test_worked_example_a_five_and_five_lure_catches_only_on_a_five():
    for kind in ("Walleye:6", "Bass:6"):
        for roll in range(1, 7):
            _, state, _, (fish,) = fisher("Jig:5/5", (kind,))
            state, _ = attempt(state, fish, roll)
            assert (where(state, fish) == "pond 0") == (roll == 5), (kind, roll)


@pytest.mark.rule("FP-CATCH-5", "FP-Q-8")
def test_the_lure_card_alone_decides_the_roll_for_the_fish_kind():
    # Two Jigs of different copies: the same Walleye needs a 2 with one and a 6 with the other.
    for lure, good in (("Jig:2/4", 2), ("Jig:6/1", 6)):
        for roll in (2, 6):
            _, state, _, (wal,) = fisher(lure, ("Walleye:6",))
            state, _ = attempt(state, wal, roll)
            assert (where(state, wal) == "pond 0") == (roll == good)
    # The Bass on a Jig:2/4 needs the Jig's second roll.
    _, state, _, (bass,) = fisher("Jig:2/4", ("Bass:6",))
    state, _ = attempt(state, bass, 4)
    assert where(state, bass) == "pond 0"


@pytest.mark.rule("FP-CATCH-7", "FP-CATCH-8", "FP-Q-10")
def test_a_missed_fish_goes_back_to_hand_hidden_again_and_the_lure_stays():
    _, state, lure, (wal,) = fisher()
    state, events = attempt(state, wal, 4)
    assert where(state, wal) == "hand 0"
    assert state.lures[0] == lure  # the lure stays after a miss
    assert any("rolls a 4: the Walleye gets away" in e.text and e.news for e in events)
    assert f'"{cid(state, wal)}"' not in view_json(state, 1)
    assert f'"{cid(state, wal)}"' in view_json(state, 0)
    assert GAME.view(state, 1).last_attempt.outcome == "missed"


@pytest.mark.rule("FP-CATCH-10", "FP-CATCH-11", "FP-Q-9", "FP-Q-10")
def test_a_bigger_fish_replaces_the_smaller_one_of_its_kind():
    b = Builder()
    small, bass = b.cards_of("Walleye:6", "Bass:4")
    _, state, lure, (big,) = fisher("Jig:3/5", ("Walleye:8",), b=b, ponds=[[small, bass], []])
    state, events = attempt(state, big, 3)
    pond = state.ponds[0]
    assert big in pond and small not in pond and bass in pond
    assert sum(1 for c in pond if state.static.kind_of[c] == state.static.kind_of[big]) == 1
    assert state.discard[-1] == small
    assert state.lures[0] == lure  # the lure stays after a catch too
    assert "smaller Walleye (6 lb) leaves the Fish Pond" in " ".join(texts(events, 1))


@pytest.mark.rule("FP-Q-9", "FP-SCORE-5")
def test_bigger_means_strictly_heavier_in_the_games_weight_scheme():
    # (pond fish, fish in hand, family verdict, tournament verdict); weights are "family/tournament".
    # Family 8 beats Family 6, but in Tournament weights the 8/10 Walleye is lighter than 6/14;
    # an equal weight in the game's own scheme never replaces the fish in the pond.
    cases = [
        ("Walleye:6/14", "Walleye:8/10", True, False),
        ("Walleye:7/12", "Walleye:7/15", False, True),
        ("Walleye:9/11", "Walleye:12/11", True, False),
        ("Walleye:5/9", "Walleye:5/9", False, False),
    ]
    for pond_spec, hand_spec, family, tournament in cases:
        for scheme, bigger in (("family", family), ("tournament", tournament)):
            b = Builder()
            pond = b.card(pond_spec)
            _, state, _, (fish,) = fisher("Jig:3/5", (hand_spec,), b=b, scheme=scheme, ponds=[[pond], []])
            action = Fish(card=cid(state, fish))
            if bigger:
                assert action in GAME.legal_actions(state, 0), (pond_spec, hand_spec, scheme)
                state, _ = attempt(state, fish, 3)
                assert fish in state.ponds[0] and pond not in state.ponds[0], (pond_spec, hand_spec, scheme)
            else:
                pond_weight = pond_spec.split(":")[1].split("/")[scheme == "tournament"]
                rejected(state, 0, action, f"Walleye of {pond_weight} lb")


# -- The Magic Lure (FP-CATCH-12..14) ---------------------------------------------------------------------


@pytest.mark.rule("FP-CATCH-12", "FP-CATCH-13")
def test_the_magic_lure_catches_every_kind_on_three_to_six():
    kinds = ("Bass:5", "Pike:5", "Walleye:5", "Brook:5", "Rainbow:5", "Brown:5")
    for kind in kinds:
        for roll in range(1, 7):
            _, state, _, (fish,) = fisher("Magic", (kind,))
            state, _ = attempt(state, fish, roll)
            assert (where(state, fish) == "pond 0") == (roll >= 3), (kind, roll)


@pytest.mark.rule("FP-CATCH-14", "FP-CATCH-12")
def test_the_magic_lure_is_placed_like_a_lure_without_using_the_move():
    b = Builder()
    magic, brown = b.cards_of("Magic", "Brown:6")
    state = b.state([[magic, brown, *b.filler(4)], b.filler(6)])
    state, _ = play(state, 0, PlaceLure(card=cid(state, magic)))
    assert state.lures[0] == magic and state.stage == "turn" and state.moves_left == 1
    assert Fish(card=cid(state, brown)) in GAME.legal_actions(state, 0)


# -- The Spray Bottle (FP-SPECIAL-20..22, FP-Q-19) ------------------------------------------------------


def sprayer(lure: str = "Jig:3/5", fish: str = "Walleye:6", players: int = 2):
    b = Builder()
    bottle = b.card("spray_bottle")
    _, state, _, (f,) = fisher(lure, (fish,), players=players, b=b, perms=[[bottle]] + [[]] * (players - 1))
    return state, f


@pytest.mark.rule("FP-SPECIAL-20", "FP-SPECIAL-22", "FP-Q-19")
def test_worked_example_a_rolled_four_may_count_as_three_four_or_five():
    state, wal = sprayer("Jig:3/5")
    state, events = attempt(state, wal, 4)
    # Decided after seeing the roll: a private prompt for the owner alone.
    prompts = GAME.pending(state)
    assert list(prompts) == [0] and prompts[0].kind == "spray" and "rolled a 4" in prompts[0].text
    assert {a.change for a in GAME.legal_actions(state, 0)} == {-1, 0, 1}
    assert any("rolls a 4" in e.text and e.news for e in events)
    caught, events = play(state, 0, Spray(change=-1))
    assert where(caught, wal) == "pond 0"
    assert "counts as 3" in " ".join(texts(events, 1))
    assert GAME.view(caught, 1).last_attempt.counted == 3
    kept, _ = play(state, 0, Spray(change=0))  # optional: the roll may stay as it is
    assert where(kept, wal) == "hand 0"
    up, _ = play(state, 0, Spray(change=1))
    assert where(up, wal) == "hand 0"  # 5 does not catch a Walleye on this Jig


@pytest.mark.rule("FP-SPECIAL-21", "FP-Q-19")
def test_a_rolled_one_cannot_be_changed():
    state, wal = sprayer("Jig:2/5")
    state, _ = attempt(state, wal, 1)
    assert state.stage != "spray" and where(state, wal) == "hand 0"


@pytest.mark.rule("FP-Q-19")
def test_die_limits_a_six_stays_at_most_six_and_a_two_may_become_one():
    state, wal = sprayer("Jig:5/5")
    state, _ = attempt(state, wal, 6)
    assert {a.change for a in GAME.legal_actions(state, 0)} == {-1, 0}
    rejected(state, 0, Spray(change=1), "cannot show 7")
    state, wal = sprayer("Jig:1/5")
    state, _ = attempt(state, wal, 2)
    after, _ = play(state, 0, Spray(change=-1))
    assert where(after, wal) == "pond 0"


@pytest.mark.rule("FP-Q-19", "FP-SPECIAL-20", "FP-CATCH-13")
def test_the_spray_bottle_mends_magic_lure_rolls_but_only_for_its_owner():
    state, brown = sprayer("Magic", "Brown:6")
    state, _ = attempt(state, brown, 2)
    assert state.stage == "spray"
    after, _ = play(state, 0, Spray(change=1))
    assert where(after, brown) == "pond 0"
    # Bob has no Spray Bottle of his own: Ann's does nothing for his roll.
    b = Builder()
    jig, wal = b.cards_of("Jig:3/5", "Walleye:6")
    bob = b.state([b.filler(6), [wal, *b.filler(5)]], lures=[NONE, jig], perms=[[b.card("spray_bottle")], []],
                  seat=1)
    rig(bob, 4)
    bob, _ = play(bob, 1, Fish(card=cid(bob, wal)))
    assert bob.stage == "turn" and bob.seat == 0 and where(bob, wal) == "hand 1"


@pytest.mark.rule("FP-Q-19")
def test_the_owner_is_asked_only_when_the_bottle_could_turn_a_miss_into_a_catch():
    """All of it is public (the bottle, the lure, the fish, the roll), so asking only then tells nothing."""
    state, wal = sprayer("Jig:3/5")
    caught, _ = attempt(state.clone(), wal, 3)
    assert caught.stage != "spray" and where(caught, wal) == "pond 0"
    state, wal = sprayer("Jig:3/5")
    far, _ = attempt(state, wal, 6)
    assert far.stage != "spray" and where(far, wal) == "hand 0"


# -- Layout (FP-CATCH-15, FP-SPECIAL-23) ---------------------------------------------------------------------


@pytest.mark.rule("FP-CATCH-15", "FP-SPECIAL-23")
def test_the_layout_in_front_of_each_player_is_public():
    b = Builder()
    rod, jig, wal, ouch, gps, glove, bass = b.cards_of("rod", "Jig:3/5", "Walleye:6", "ouch", "gps", "glove",
                                                       "Bass:4")
    state = b.state([b.filler(6), b.filler(6), [wal, *b.filler(5)]], rods=[rod, True, True],
                    lures=[jig, NONE, NONE], ouches=[ouch, NONE, NONE], perms=[[gps, glove], [], []],
                    ponds=[[bass], [], []])
    for seat in (None, 1, 2):
        panel = GAME.view(state, seat).seats[0]
        assert panel.rod.id == cid(state, rod) and panel.lure.id == cid(state, jig)
        assert panel.ouch.id == cid(state, ouch)
        assert [p.id for p in panel.permanents] == [cid(state, gps), cid(state, glove)]
        assert [f.id for f in panel.pond] == [cid(state, bass)]
        assert panel.pond[0].weight == 4 and panel.pond_weight == 4
        assert panel.hand_limit == 7
        assert [c.kind for c in panel.lure.catches] == ["Walleye", "Largemouth Bass"]
        assert [c.rolls for c in panel.lure.catches] == [(3,), (5,)]
