"""Scoring and hard mode (BF-SCORE-*, BF-HARD-*, BF-Q-19..22)."""

from __future__ import annotations

import pytest

from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, Catch, PlayWild, Spawn
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import act, build, cid, kind, rejected, seats


def over(**kw) -> BFState:
    state = build(start=False, **kw)
    state.phase = "over"
    return state


@pytest.mark.rule("BF-SCORE-5", "BF-SCORE-2")
def test_fishing_spot_derived_check() -> None:
    state = over(hands=[[], []], spots=[[("Lar:0/5/9/20", "larval"), ("Juv:0/5/9/20", "juvenile"),
                                         ("Med:0/5/9/20", "medium"), ("B1:0/5/9/20", "big"), ("B2", "big")], []])
    result = GAME.result(state)
    assert dict(result.scores[0].parts)["Fishing Spot"] == 7  # whatever the cards print
    assert GAME.view(state, None).seats[0].spot_points == 7


@pytest.mark.rule("BF-SCORE-1", "BF-SCORE-3", "BF-Q-20", "BF-Q-21", "BF-END-3")
def test_total_is_ice_box_plus_fishing_spot() -> None:
    state = over(hands=[["W:extra_grow", "Cod"], []],
                 spots=[[("Big", "big"), ("Lar", "larval")], []],
                 wilds=[["W:extra_catch", "W:protect"], []],
                 ice=[[("Tuna:0/2/4/8", "big"), ("Cod:0/1/2/4", "medium"), ("Tiny:1/2/3/4", "larval")],
                      [("Tuna:0/2/4/8", "juvenile")]])
    result = GAME.result(state)
    first, second = result.scores
    assert first.parts == (("Ice Box", 8 + 2 + 1), ("Fishing Spot", 2 + 1))
    assert first.total == 14  # wild cards (in the spot or in hand) and cards in hand score nothing
    assert second.parts == (("Ice Box", 2), ("Fishing Spot", 0)) and second.total == 2
    assert first.name == "Ana" and result.winners == (0,)


@pytest.mark.rule("BF-SCORE-4")
def test_the_highest_total_wins() -> None:
    state = over(hands=[[], [], []], spots=[[("A", "big")], [], [("B", "larval")]],
                 ice=[[], [("Tuna:0/2/4/8", "big")], [("Cod", "big")]])
    result = GAME.result(state)
    assert [line.total for line in result.scores] == [2, 8, 5]
    assert result.winners == (1,) and result.notes == ()


@pytest.mark.rule("BF-Q-19")
def test_a_tie_shares_the_victory() -> None:
    state = over(hands=[[], [], []], spots=[[("A", "big")], [("B", "medium"), ("C", "larval")], []],
                 ice=[[("Cod", "big")], [("Cod", "big")], [("Cod", "medium")]])
    result = GAME.result(state)
    assert [line.total for line in result.scores] == [6, 6, 2]
    assert result.winners == (0, 1)
    assert result.notes == ("Ana and Ben tie with 6 points and share the victory.",)


def test_no_result_while_playing() -> None:
    state = build([["Cod"], []], spots=[[("A", "big")], []])
    assert GAME.result(state) is None and GAME.view(state, None).result is None


# -- hard mode ---------------------------------------------------------------------------------------


@pytest.mark.rule("BF-HARD-1")
def test_hard_mode_is_an_option_off_by_default() -> None:
    field = BigFishOptions.model_fields["hard_mode"]
    assert field.default is False and field.title and field.description
    easy = GAME.new_game(GAME.prepare_options(BigFishOptions()), seats(2), 1)
    hard = GAME.new_game(GAME.prepare_options(BigFishOptions(hard_mode=True)), seats(2), 1)
    assert (easy.hard, hard.hard) == (False, True)
    assert GAME.view(hard, None).hard_mode


def hard_catch(hard: bool, ice: list, spot: list) -> BFState:
    state = build([["W:extra_grow", "Shark:0/2/3/6:bag"], []], spots=[spot, []], ice=[ice, []], hard=hard,
                  wilds=[["W:extra_catch"], []], row=[], deck=[f"D{i}" for i in range(9)])
    while kind(state) != "catch":
        state, _ = act(state, DONE)
    return state


@pytest.mark.rule("BF-HARD-2", "BF-Q-22")
def test_one_catch_per_bag_limited_species() -> None:
    state = hard_catch(True, ice=[("Tuna:0/2/4/8:bag", "big")],
                       spot=[("Tuna:0/2/4/8:bag", "big"), ("Shark:0/2/3/6:bag", "medium"), ("Cod", "big")])
    tuna = cid(state, "Tuna", zone="spot")
    assert Catch(fish=tuna) not in GAME.legal_actions(state, 0)
    rejected(state, 0, Catch(fish=tuna), "bag limit")
    # Another bag-limited species is still allowed: the limit is per species.
    shark = cid(state, "Shark", zone="spot")
    state, _ = act(state, Catch(fish=shark))
    assert kind(state) == "catch"
    rejected(state, 0, Catch(fish=tuna), "bag limit")
    # The second Tuna may still live in the Fishing Spot, and a second Shark may be spawned.
    assert tuna in [state.cids[c] for c in state.spots[0]]
    assert Catch(fish=tuna) not in GAME.legal_actions(state, 0)


@pytest.mark.rule("BF-HARD-2", "BF-Q-22")
def test_a_second_bag_limited_fish_may_be_spawned() -> None:
    state = build([["Shark:0/2/3/6:bag"], []], spots=[[("A", "big")], []], ice=[[("Shark:0/2/3/6:bag", "big")], []],
                  hard=True, row=[], deck=["D1"])
    assert kind(state) == "spawn"
    state, _ = act(state, Spawn(card=cid(state, "Shark")))
    assert [state.cards[c].name for c in state.spots[0]] == ["A", "Shark"]


@pytest.mark.rule("BF-HARD-2")
def test_the_bag_limit_also_stops_a_steal() -> None:
    state = build([["W:steal", "W:extra_grow"], []], spots=[[("A", "larval")], [("Tuna:0/2/4/8:bag", "big")]],
                  ice=[[("Tuna:0/2/4/8:bag", "medium")], []], hard=True, row=[], deck=["D1"])
    while kind(state) != "wild":
        state, _ = act(state, DONE)
    steal = cid(state, "Poaching")
    tuna = cid(state, "Tuna", seat=1, zone="spot")
    assert [a.card for a in GAME.legal_actions(state, 0) if a.kind == "play_wild"] == [cid(state, "Plankton")]
    rejected(state, 0, PlayWild(card=steal, seat=1, fish=tuna), "Hard mode")


@pytest.mark.rule("BF-HARD-3", "BF-HARD-2")
def test_fish_without_a_bag_icon_and_easy_mode_have_no_limit() -> None:
    state = hard_catch(True, ice=[("Cod", "big")], spot=[("Cod", "big")])
    assert Catch(fish=cid(state, "Cod", zone="spot")) in GAME.legal_actions(state, 0)
    easy = hard_catch(False, ice=[("Tuna:0/2/4/8:bag", "big")], spot=[("Tuna:0/2/4/8:bag", "big")])
    tuna = cid(easy, "Tuna", zone="spot")
    easy, _ = act(easy, Catch(fish=tuna))
    assert tuna in [easy.cids[c] for c in easy.ice[0]]


@pytest.mark.rule("BF-Q-19")
def test_a_tie_on_one_point_reads_one_point() -> None:
    state = over(hands=[[], [], []], spots=[[], [], []],
                 ice=[[("Cod", 1)], [("Cod", 1)], []])
    result = GAME.result(state)
    assert [line.total for line in result.scores] == [1, 1, 0]
    assert result.notes == ("Ana and Ben tie with 1 point and share the victory.",)
