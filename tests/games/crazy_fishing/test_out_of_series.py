"""Out-of-series rods and fish (CF-OOS-*) and their rulings (CF-Q-26..39)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from fishtable.engine.errors import CardFileError, IllegalAction
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import (
    Attempt,
    Cast,
    DiscardRod,
    Draw,
    FishBait,
    Look,
    PairAttempt,
    Split,
)
from fishtable.games.crazy_fishing.cards import EFFECT_TIMING, default_card_path, load_card_file
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, cast_all, cast_bait, collector, pick
from tests.games.crazy_fishing.builder import play as act

SLOW = ["R1", "B1", "R1", "B1", "B2", "R2"]  # a slow, weak player who fishes after the others


def named(state, name):
    return next(c for c in state.cards if c.name == name).idx


def cid_of(state, name):
    return state.cards[named(state, name)].cid


def pile_names(state, seat):
    return [state.cards[c].name for c in state.piles[seat]]


def answer_puffer(state):
    """Every seat the Puffer Fish asks discards its first legal choice; returns (state, events)."""
    events = []
    while state.turn is not None and state.turn.stage == "puffer":
        seat = min(GAME.pending(state))
        state, evs = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        events += evs
    return state, events


def hand_rods(state, seat):
    return sorted(state.cards[c].label for c in state.hands[seat] if state.cards[c].type == "rod")


def final(state):
    s = state.clone()
    s.phase = "over"
    return GAME.result(s)


def part(line, name):
    return dict(line.parts).get(name, 0)


def one_try(first_fish, bait, piles, rod="R5", sea_rest=("F2", "F3")):
    """Seat 0 casts `rod` and one `bait` and tries for sea fish #1; returns (state, events)."""
    s = build([[rod, bait, "R1", "B1", "B2", "R2"], SLOW], sea_cards=[first_fish, *sea_rest], piles=piles)
    rod_label = s.cards[s.hands[0][0]].label
    bait_label = s.cards[s.hands[0][1]].label
    s, _ = cast_all(s, ((rod_label,), (bait_label,)), (("1",), ("1",)))
    assert s.turn.seat == 0
    return act(s, 0, Attempt(labels=(1,)))


# -- setup with the shipped card data --------------------------------------------------------


def new(players=3, seed=1, **options):
    seats = [SeatInfo(name=f"P{i}") for i in range(players)]
    return GAME.new_game(CrazyFishingOptions(**options), seats, seed)


def of_type(state, type_):
    return [c for c in state.cards if c.type == type_]


def ordinary_sizes(state):
    return Counter(c.value for c in of_type(state, "fish") if c.fish_kind == "fish")


def special_fish(state):
    return sorted((c.fish_kind, c.value) for c in of_type(state, "fish") if c.fish_kind in ("boot", "pearl", "monster"))


def custom_file(tmp_path, change):
    data = json.loads(default_card_path().read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.rule("CF-OOS-1", "CF-Q-38")
def test_out_of_series_cards_are_optional_and_off_by_default():
    assert not CrazyFishingOptions().advanced
    plain = new()
    assert not any(c.oos for c in plain.cards)
    rods_only = new(oos_rods=True)
    assert [c.type for c in rods_only.cards if c.oos] == ["rod", "rod"]
    fish_only = new(oos_fish=("Prawn", "Crab"))
    assert sorted(c.name for c in fish_only.cards if c.oos) == ["Crab", "Prawn"]
    both = new(oos_rods=True, oos_fish=("Golden Fish",))
    assert Counter(c.type for c in both.cards if c.oos) == {"rod": 2, "fish": 1}


@pytest.mark.rule("CF-OOS-2", "CF-Q-28")
@pytest.mark.parametrize("players", [2, 3])
def test_out_of_series_rods_replace_two_plain_rods_of_their_speed(players):
    plain, oos = new(players), new(players, oos_rods=True)
    assert len(of_type(oos, "rod")) == len(of_type(plain, "rod"))
    if players == 3:
        assert len(of_type(oos, "rod")) == 36
    oos_rods = [c for c in of_type(oos, "rod") if c.oos]
    speeds = {r.speed for r in load_card_file().oos_rods}  # the card data's speed (4 in decks.md)
    assert len(oos_rods) == 2 and {c.value for c in oos_rods} == speeds and len(speeds) == 1
    (speed,) = speeds

    def plain_fours(s):
        return sum(1 for c in of_type(s, "rod") if not c.oos and c.special is None and c.value == speed and not c.plus)

    assert plain_fours(oos) == plain_fours(plain) - 2
    plus = Counter((c.value, c.special) for c in of_type(plain, "rod") if c.plus)
    assert Counter((c.value, c.special) for c in of_type(oos, "rod") if c.plus) == plus
    # Every rod is dealt or in the deck.
    dealt = sum(1 for h in oos.hands for c in h if oos.cards[c].type == "rod")
    assert len(oos.rod_deck) + dealt == len(of_type(oos, "rod"))


@pytest.mark.rule("CF-Q-28")
def test_an_out_of_series_rod_with_no_plain_rod_of_its_speed_is_refused(tmp_path):
    def odd_rod(d):
        d["oos_rods"][0] = {"name": "Odd Rod", "speed": 11}

    path = custom_file(tmp_path, odd_rod)
    with pytest.raises(CardFileError, match="speed 11"):
        new(card_file=path, oos_rods=True)
    new(card_file=path)  # without the option the file is fine


@pytest.mark.rule("CF-OOS-8", "CF-OOS-11", "CF-Q-38")
@pytest.mark.parametrize(
    "options",
    [
        {"oos_fish": ("Golden Fish",)},
        {"oos_fish": ("Prawn", "Crab", "Moray Eel")},
        {"random_oos_fish": 3},
        {"random_oos_fish": 10},
        {"oos_fish": ("Smart Bream",), "random_oos_fish": 4},
    ],
)
def test_out_of_series_fish_replace_ordinary_fish_of_the_same_size(options):
    plain = new(seed=5)
    oos = new(seed=5, **options)
    fish = of_type(oos, "fish")
    assert len(fish) == 27 and len(oos.sea) == 27
    assert sorted(c.value for c in fish) == sorted(c.value for c in of_type(plain, "fish"))
    added = Counter(c.value for c in fish if c.oos)
    assert sum(added.values()) == len(options.get("oos_fish", ())) + options.get("random_oos_fish", 0)
    assert ordinary_sizes(plain) - ordinary_sizes(oos) == added


@pytest.mark.rule("CF-OOS-9")
def test_the_prawn_replaces_an_ordinary_size_three_fish():
    plain = {c.name for c in of_type(new(), "fish")}
    for seed in range(6):
        s = new(seed=seed, oos_fish=("Prawn",))
        names = {c.name for c in of_type(s, "fish")}
        prawn = next(c for c in of_type(s, "fish") if c.oos)
        assert prawn.name == "Prawn" and prawn.value == 3
        gone = plain - names
        assert len(gone) == 1
        assert next(c for c in of_type(new(), "fish") if c.name in gone).value == 3


@pytest.mark.rule("CF-OOS-10")
@pytest.mark.parametrize("seed", range(5))
def test_boots_pearls_and_monsters_are_never_replaced(seed):
    s = new(seed=seed, random_oos_fish=10)
    assert sum(1 for c in of_type(s, "fish") if c.oos) == 10
    assert special_fish(s) == special_fish(new(seed=seed))
    assert Counter(k for k, _ in special_fish(s)) == {"boot": 3, "pearl": 3, "monster": 3}


@pytest.mark.rule("CF-OOS-10", "CF-OOS-8")
def test_an_out_of_series_fish_only_a_special_fish_could_make_room_for_is_refused(tmp_path):
    def add_big(d):
        d["oos_fish"].append({"name": "Deep One", "size": 12, "effect": "prawn", "back": "?"})

    path = custom_file(tmp_path, add_big)
    with pytest.raises(CardFileError, match="never be replaced"):
        new(card_file=path, oos_fish=("Deep One",))


@pytest.mark.rule("CF-OOS-11", "CF-Q-26")
def test_impossible_or_unknown_out_of_series_fish_are_refused():
    with pytest.raises(CardFileError):
        new(oos_fish=("Blobfish",))
    # Two players keep only one ordinary size-1 fish: two Pairs of Fish cannot both fit.
    with pytest.raises(CardFileError):
        new(players=2, oos_fish=("A Pair of Fish", "A Pair of Fish"))
    with pytest.raises(ValidationError):
        CrazyFishingOptions(random_oos_fish=11)


@pytest.mark.rule("CF-Q-26")
def test_the_tenth_out_of_series_fish_is_a_second_pair_of_fish():
    data = load_card_file()
    assert len(data.oos_fish) == 10
    effects = Counter(o.effect for o in data.oos_fish)
    assert set(effects) == set(EFFECT_TIMING) and effects["pair_of_fish"] == 2
    s = new(oos_fish=("A Pair of Fish", "A Pair of Fish"))
    assert [c.special for c in s.cards if c.oos] == ["pair_of_fish", "pair_of_fish"]
    with pytest.raises(CardFileError):
        new(oos_fish=("A Pair of Fish",) * 3)


@pytest.mark.rule("CF-Q-26", "CF-OOS-13")
def test_a_fish_whose_effect_is_not_implemented_is_refused(tmp_path):
    def add_unknown(d):
        d["oos_fish"].append({"name": "Blobfish", "size": 2, "effect": "blob", "back": "?"})

    with pytest.raises(CardFileError, match="Blobfish"):
        new(card_file=custom_file(tmp_path, add_unknown))


@pytest.mark.rule("CF-Q-27")
def test_an_out_of_series_fish_shows_its_own_back(tmp_path):
    s = new(oos_fish=("Prawn",))
    prawn = named(s, "Prawn")
    assert s.cards[prawn].back == "2-4"
    label = s.layout.label[prawn]
    assert [f.back for f in GAME.view(s, 0).sea if f.label == label] == ["2-4"]

    def bad_back(d):
        d["oos_fish"][3]["back"] = "5-7"  # the Prawn is size 3

    with pytest.raises(CardFileError, match="Prawn"):
        new(card_file=custom_file(tmp_path, bad_back))


@pytest.mark.rule("CF-OOS-13")
def test_every_out_of_series_fish_has_one_effect_of_one_timing_type():
    assert set(EFFECT_TIMING.values()) == {"instant", "limited duration", "end of game"}
    assert len(EFFECT_TIMING) == 9
    for oos in load_card_file().oos_fish:
        assert EFFECT_TIMING[oos.effect] in ("instant", "limited duration", "end of game")
    s = new(random_oos_fish=10)
    assert all(c.special in EFFECT_TIMING for c in s.cards if c.oos and c.type == "fish")


# -- out-of-series rods: a caught fish as bait -----------------------------------------------


def fish_bait_state(pile=("F3",), hand=("R:oos", "B1", "R1", "B1+", "B2", "R2"), sea_cards=("F6", "F7", "F1")):
    return build([list(hand), SLOW], sea_cards=list(sea_cards), piles=[list(pile), []])


@pytest.mark.rule("CF-OOS-3", "CF-OOS-4", "CF-OOS-5", "CF-OOS-6")
def test_fish_of_size_three_as_bait_is_worth_six():
    s = fish_bait_state()
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1",)), (("1",), ("1",)))
    assert s.phase == "fish_bait" and list(GAME.pending(s)) == [0]
    fish3 = s.piles[0][0]
    assert FishBait(fish=s.cards[fish3].cid) in GAME.legal_actions(s, 0)
    bait1 = s.casts[0][1][0]
    s, _ = act(s, 0, FishBait(fish=s.cards[fish3].cid))
    assert bait1 in s.hands[0] and s.casts[0][1] == []  # the bait card goes back to hand
    assert fish3 not in s.piles[0]
    assert GAME.view(s, 1).seats[0].cast.bait == 6
    caught, _ = act(s, 0, Attempt(labels=(1,)))  # the 6
    assert pile_names(caught, 0) == ["Fish6"]
    missed, events = act(s, 0, Attempt(labels=(2,)))  # the 7
    assert missed.piles[0] == [] and any(e.kind == "escape" and "bait 6" in e.text for e in events)


@pytest.mark.rule("CF-OOS-4")
def test_the_out_of_series_rod_player_may_keep_the_bait_card():
    s = fish_bait_state()
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1",)), (("1",), ("1",)))
    s, _ = act(s, 0, FishBait(fish=None))
    assert pile_names(s, 0) == ["Fish3"] and len(s.casts[0][1]) == 1
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert any(e.kind == "escape" and "bait 1" in e.text for e in events)


@pytest.mark.rule("CF-OOS-3", "CF-Q-29")
def test_only_out_of_series_rod_players_with_a_catch_choose_a_fish_bait():
    no_rod = fish_bait_state(hand=("R4", "B1", "R1", "B1+", "B2", "R2"))
    no_rod, _ = cast_all(no_rod, (("4",), ("1",)), (("1",), ("1",)))
    assert no_rod.phase == "catch"
    empty_pile = fish_bait_state(pile=())
    empty_pile, _ = cast_all(empty_pile, (("Out-of-Series Rod",), ("1",)), (("1",), ("1",)))
    assert empty_pile.phase == "catch" and empty_pile.turn.seat == 0


@pytest.mark.rule("CF-OOS-7", "CF-Q-29")
def test_fish_bait_choices_are_secret_until_all_have_chosen_then_shown_to_all():
    hand = ["R:oos", "B1", "R1", "B2", "B3", "R2"]
    s = build([hand, list(hand)], sea_cards=["F6", "F7", "F1"],
              piles=[["F3:?:Zander", "F1:?:Topfish"], ["F2:?:Wrasse"]])
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1",)), (("Out-of-Series Rod",), ("2",)))
    assert s.phase == "fish_bait" and set(GAME.pending(s)) == {0, 1}
    assert GAME.pending(s)[0].simultaneous
    zander = cid_of(s, "Zander")
    s, events = act(s, 0, FishBait(fish=zander))  # a fish buried under the Topfish
    assert events == []
    for seat in (1, None):
        view = GAME.view(s, seat)
        assert zander not in view.model_dump_json() and "Zander" not in view.model_dump_json()
        assert view.seats[0].cast.fish_bait is None and view.seats[0].cast.bait == 1
        assert view.seats[0].pile_size == 2 and view.seats[0].hand_size == 4
        assert view.catch_order == ()
    s, events = act(s, 1, FishBait(fish=None))
    shown = [e for e in events if e.kind == "fish_bait"]
    assert len(shown) == 1 and shown[0].visible_to is None and "Zander" in shown[0].text
    view = GAME.view(s, 1)
    assert view.seats[0].cast.fish_bait.name == "Zander" and view.seats[0].cast.bait == 6
    assert view.catch_order == (0, 1)


@pytest.mark.rule("CF-Q-29")
def test_catch_order_is_computed_after_the_fish_bait_choices():
    # Both speed 4: seat 0's fish (3, worth 6) beats seat 1's bait 5; its bait card alone (1) would not.
    s = build([["R:oos", "B1", "R1", "B2", "B3", "R2"], ["R4", "B5", "R1", "B1", "B2", "R2"]],
              sea_cards=["F6", "F7", "F1"], piles=[["F3"], []])
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1",)), (("4",), ("5",)))
    assert s.order == []
    with_fish, _ = act(s, 0, FishBait(fish=s.cards[s.piles[0][0]].cid))
    assert with_fish.order == [0, 1]
    without, _ = act(s, 0, FishBait(fish=None))
    assert without.order == [1, 0]


@pytest.mark.rule("CF-Q-29")
def test_every_bait_card_returns_and_the_fish_leaves_the_game_after_the_turn():
    s = fish_bait_state(hand=("R:oos", "B1+", "R1", "B2", "B3", "R2"))
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1+", "2", "3")), (("1",), ("1",)))
    fish3 = s.piles[0][0]
    s, _ = act(s, 0, FishBait(fish=s.cards[fish3].cid))
    assert sorted(s.cards[c].label for c in s.hands[0] if s.cards[c].type == "bait") == ["1+", "2", "3"]
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert fish3 in s.removed
    assert fish3 not in s.piles[0] and fish3 not in s.sea and fish3 not in s.rod_discard + s.bait_discard
    assert pile_names(s, 0) == ["Fish6"]
    s2 = s.clone()
    s2.phase = "over"
    assert GAME.result(s2).scores[0].total == 6  # the used fish no longer scores


@pytest.mark.rule("CF-Q-29")
def test_a_fish_bait_cannot_feed_a_super_fast_reel_split():
    s = fish_bait_state(hand=("R:oos", "R:reel", "B1", "B2", "B3", "R2"))
    s, _ = cast_all(s, (("Out-of-Series Rod", "The Super-Fast Reel"), ("1", "2")), (("1",), ("1",)))
    s, _ = act(s, 0, FishBait(fish=s.cards[s.piles[0][0]].cid))
    assert not s.turn.reel
    with pytest.raises(IllegalAction):
        act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Fish6"]


@pytest.mark.rule("CF-Q-30", "CF-OOS-16")
def test_a_limited_effect_comes_back_when_the_covering_fish_is_used_as_bait():
    # Pile: Golden Fish under a 3. Using the 3 as bait uncovers the Golden Fish: 6 + 2 = 8.
    s = fish_bait_state(pile=("oos:golden_fish", "F3"), sea_cards=("F8", "F9", "F1"))
    s, _ = cast_all(s, (("Out-of-Series Rod",), ("1",)), (("1",), ("1",)))
    s, _ = act(s, 0, FishBait(fish=s.cards[s.piles[0][1]].cid))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Golden Fish", "Fish8"]
    assert any(e.kind == "catch" and "bait 8" in e.text for e in events)


@pytest.mark.rule("CF-Q-30")
def test_a_limited_effect_comes_back_when_sustainable_fishing_releases_the_covering_fish():
    # Seat 0 covers its Golden Fish with the 5 it catches; seat 1 then catches Sustainable
    # Fishing, which releases that 5: the Golden Fish is on top again and active.
    s = build([["R5", "B3", "R4", "B4", "B1", "R3"], ["R2", "B2", "R1", "B1", "B3", "R3"]],
              sea_cards=["F5", "oos:sustainable_fishing", "F1", "F2", "F3", "F4", "F6"],
              piles=[["oos:golden_fish"], []])
    s, _ = cast_all(s, (("5",), ("3",)), (("2",), ("2",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))  # 3 + 2 catches the 5
    assert pile_names(s, 0) == ["Golden Fish", "Fish5"]
    assert GAME.view(s, 1).seats[0].effects == ()
    s, _ = act(s, 1, Attempt(labels=(2,)))
    assert pile_names(s, 0) == ["Golden Fish"] and pile_names(s, 1) == ["Sustainable Fishing"]
    assert "Golden Fish: bait +2" in GAME.view(s, 1).seats[0].effects


# -- out-of-series fish: catching and effects ------------------------------------------------


@pytest.mark.rule("CF-OOS-12")
def test_an_out_of_series_fish_is_caught_and_scored_like_any_fish():
    s, _ = one_try("oos:prawn", "B3", None)
    assert pile_names(s, 0) == ["Prawn"]
    assert part(final(s).scores[0], "fish") == 3
    s, events = one_try("oos:prawn", "B2", None)
    assert s.piles[0] == [] and any(e.kind == "escape" for e in events)


@pytest.mark.rule("CF-OOS-14")
def test_an_effect_applies_only_to_the_player_who_caught_it():
    s = build([["R5", "B3", "R1", "B1", "B2", "R2"], ["R4", "B3", "R1", "B1+", "B2", "R2"]],
              sea_cards=["F5", "F5", "F1"], piles=[["oos:golden_fish"], ["oos:useless_fish"]])
    s, _ = cast_all(s, (("5",), ("3",)), (("4",), ("3",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert [s.cards[c].value for c in s.piles[0]] == [2, 5]  # 3 + 2
    s, events = act(s, 1, Attempt(labels=(2,)))
    assert any(e.kind == "escape" and "bait 1" in e.text for e in events)  # 3 - 2, no Golden help
    # A Crab on seat 0's pile does not stop seat 1 playing '+' baits.
    c = build([["R5", "B3", "R1", "B1+", "B2", "R2"], ["R4", "B3", "R1", "B1+", "B2", "R2"]],
              piles=[["oos:crab"], []])
    c, _ = act(c, 1, Cast(rods=pick(c, 1, "rod", "4"), baits=pick(c, 1, "bait", "1+", "3")))
    with pytest.raises(IllegalAction, match="Crab"):
        act(c, 0, Cast(rods=pick(c, 0, "rod", "5"), baits=pick(c, 0, "bait", "1+", "3")))


@pytest.mark.rule("CF-OOS-15")
def test_an_instant_effect_happens_once_when_caught_and_not_later():
    # A Puffer Fish and a Pair of Fish already in the pile do nothing when another fish is caught.
    for pile in (["oos:puffer_fish"], ["oos:pair_of_fish"]):
        s, events = one_try("F2", "B3", [pile, []])
        assert s.turn.seat == 1 and not any(e.kind in ("effect", "discard") and "Puffer" in e.text for e in events)
        assert hand_rods(s, 0) == ["1", "2"] and hand_rods(s, 1) == ["1", "2"]
    # Caught now, the Puffer Fish acts at once: the discards come before the next turn begins.
    s, events = one_try("oos:puffer_fish", "B4", None)
    kinds = [e.kind for e in events]
    assert kinds.index("catch") < kinds.index("effect") and "turn" not in kinds
    assert s.turn.seat == 0 and s.turn.stage == "puffer"
    s, more = answer_puffer(s)
    kinds = [e.kind for e in more]
    assert kinds.index("discard") < kinds.index("turn")


@pytest.mark.rule("CF-OOS-16", "CF-OOS-18")
def test_golden_fish_adds_two_only_while_on_top():
    on_top, _ = one_try("F5", "B3", [["oos:golden_fish"], []])
    assert pile_names(on_top, 0) == ["Golden Fish", "Fish5"]
    covered, events = one_try("F5", "B3", [["oos:golden_fish", "F1"], []])
    assert pile_names(covered, 0) == ["Golden Fish", "Fish1"]
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)
    assert GAME.view(on_top, 1).seats[0].effects == ()  # covered by the 5 now
    alone = build([["R1", "B1"], ["R1", "B1"]], piles=[["oos:golden_fish"], []])
    assert "Golden Fish: bait +2" in GAME.view(alone, None).seats[0].effects


@pytest.mark.rule("CF-OOS-16", "CF-Q-31")
def test_a_limited_effect_ends_the_moment_a_fish_covers_it():
    # Reel: the 1 is caught first and covers the Golden Fish, so the 3 alone misses the 5.
    s = build([["R:reel", "R3", "B1", "B3", "R2", "B2"], SLOW], sea_cards=["F1", "F5", "F7"],
              piles=[["oos:golden_fish"], []])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("1", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "1")))
    assert pile_names(s, 0) == ["Golden Fish", "Fish1"]
    assert any(e.kind == "catch" and "bait 3" in e.text for e in events)  # 1 + 2
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)  # 3, no bonus


@pytest.mark.rule("CF-Q-31", "CF-OOS-16")
def test_a_golden_fish_caught_by_the_first_reel_attempt_helps_the_second():
    s = build([["R:reel", "R3", "B2", "B3", "R2", "B1"], SLOW], sea_cards=["oos:golden_fish", "F5", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("2", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "2")))
    assert pile_names(s, 0) == ["Golden Fish", "Fish5"]
    assert any(e.kind == "catch" and "bait 5" in e.text for e in events)


@pytest.mark.rule("CF-Q-31")
def test_modifiers_apply_to_each_reel_group_separately():
    # Useless Fish: 3 - 2 = 1 misses the 2, then 4 - 2 = 2 misses the 3 (taken once, 4 would catch it).
    s = build([["R:reel", "R3", "B3", "B4", "R2", "B1"], SLOW], sea_cards=["F2", "F3", "F7"],
              piles=[["oos:useless_fish"], []])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("3", "4")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "3")))
    assert pile_names(s, 0) == ["Useless Fish"]
    assert [e.text.split("bait ")[1].split()[0] for e in events if e.kind == "escape"] == ["1", "2"]


@pytest.mark.rule("CF-OOS-17", "CF-OOS-19")
def test_the_prawn_does_nothing_in_play_and_doubles_one_point_fish_at_the_end():
    s, events = one_try("F4", "B3", [["oos:prawn"], []])
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)  # no bait bonus
    assert "Prawn: 1-point fish score 2" in GAME.view(s, 0).seats[0].effects
    s = build([["R1", "B1"], ["R1", "B1"]], piles=[["F1", "oos:prawn", "F1", "F4"], ["F1", "F1", "F4"]])
    result = final(s)
    assert result.scores[0].total == 1 + 3 + 1 + 4 + 2  # the Prawn is buried, yet counts
    assert part(result.scores[0], "prawn bonus") == 2
    assert result.scores[1].total == 6  # the other player's 1-point fish are unchanged


@pytest.mark.rule("CF-Q-33", "CF-OOS-19")
def test_the_prawn_doubles_every_printed_one_but_not_boots_or_bonuses():
    s = build([["R1", "B1"], ["R1", "B1"]],
              piles=[["pearl1", "pearl3", "pearl6", "oos:prawn", "oos:pair_of_fish", "boot", "boot"], []])
    line = final(s).scores[0]
    assert part(line, "prawn bonus") == 2  # the size-1 pearl and A Pair of Fish
    assert part(line, "pearl bonus") == 10
    assert part(line, "boot bonus") == 1
    # pearls 2 + 3 + 6 + 10 = 21, Prawn 3, Pair 2, boots 0 + bonus 1
    assert line.total == 21 + 3 + 2 + 1


@pytest.mark.rule("CF-OOS-24")
def test_useless_fish_takes_two_from_the_bait_while_on_top():
    s, events = one_try("F4", "B5", [["oos:useless_fish"], []])
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)
    s, _ = one_try("F4", "B5", [["oos:useless_fish", "F2"], []])
    assert pile_names(s, 0)[-1] == "Fish4"


@pytest.mark.rule("CF-OOS-20", "CF-Q-32")
def test_a_pair_of_fish_gives_another_attempt_with_the_same_cards():
    s = build([["R5", "B3", "R1", "B1", "B2", "R2"], SLOW], sea_cards=["oos:pair_of_fish", "F3", "F4", "F1"])
    s, _ = cast_all(s, (("5",), ("3",)), (("1",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert s.turn.seat == 0 and s.turn.stage == "pair"
    legal = GAME.legal_actions(s, 0)
    assert PairAttempt(label=None) in legal and PairAttempt(label=2) in legal
    again, _ = act(s, 0, PairAttempt(label=2))  # bait 3 again: the 3 is caught
    assert pile_names(again, 0) == ["A Pair of Fish", "Fish3"] and again.turn.seat == 1
    missed, events = act(s, 0, PairAttempt(label=3))
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)
    assert pile_names(missed, 0) == ["A Pair of Fish"]
    declined, _ = act(s, 0, PairAttempt(label=None))
    assert pile_names(declined, 0) == ["A Pair of Fish"] and declined.turn.seat == 1


@pytest.mark.rule("CF-Q-32")
def test_a_pair_of_fish_in_a_reel_split_reuses_its_own_group():
    s = build([["R:reel", "R3", "B1", "B5", "R2", "B2"], SLOW],
              sea_cards=["oos:pair_of_fish", "F5", "F1", "F2", "F7"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("1", "5")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Split(first=cast_bait(s, 0, "1")))
    assert s.turn.stage == "pair"
    two, events = act(s, 0, PairAttempt(label=4))  # bait 1 again, not 5: the 2 escapes
    assert any(e.kind == "escape" and "bait 1" in e.text for e in events)
    assert pile_names(two, 0) == ["A Pair of Fish", "Fish5"]  # then the 5 on the other group
    one, _ = act(s, 0, PairAttempt(label=3))
    assert pile_names(one, 0) == ["A Pair of Fish", "Fish1", "Fish5"]


@pytest.mark.rule("CF-Q-32")
def test_a_pair_of_fish_keeps_the_bucket_but_not_finder_looks_and_chains():
    sea = [("oos:pair_of_fish", 0, 0), ("F2:?:Zander", 20, 0), ("F7", 22, 1), ("oos:pair_of_fish", 0, 6), ("F1", 30, 6)]
    s = build([["R:finder", "B:bucket", "B3+", "R2", "B1", "R1"], SLOW], sea_cards=sea)
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("The Bait Bucket", "3+")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))  # look unused
    assert s.turn.stage == "pair"
    assert not any(isinstance(a, Look) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, 0, Look(label=2))
    assert PairAttempt(label=2) in GAME.legal_actions(s, 0)  # covered, reached with the bucket
    chained, _ = act(s, 0, PairAttempt(label=4))  # another Pair of Fish
    assert chained.turn.stage == "pair"
    chained, _ = act(chained, 0, PairAttempt(label=2))
    assert pile_names(chained, 0) == ["A Pair of Fish", "A Pair of Fish", "Zander"]
    # Without a bucket the covered fish stays out of reach on the extra attempt.
    p = build([["R5", "B3", "R2", "B1", "B2", "R1"], SLOW], sea_cards=sea)
    p, _ = cast_all(p, (("5",), ("3",)), (("1",), ("1",)))
    p, _ = act(p, 0, Attempt(labels=(1,)))
    assert PairAttempt(label=2) not in GAME.legal_actions(p, 0)
    with pytest.raises(IllegalAction):
        act(p, 0, PairAttempt(label=2))


THREE = [["R9", "B6", "R1", "B1", "B2", "R2"], ["R8", "B6", "R1", "B1", "B2", "R2"],
         ["R7", "B6", "R1", "B1", "B2", "R2"]]


@pytest.mark.rule("CF-OOS-21", "CF-Q-34")
def test_sustainable_fishing_releases_the_biggest_fish_of_the_round_and_shuffles():
    s = build(THREE, sea_cards=["F6:?:Zander", "F4", "oos:sustainable_fishing", "F1", "F2", "F3"])
    s, _ = cast_all(s, (("9",), ("6",)), (("8",), ("6",)), (("7",), ("6",)))
    zander = named(s, "Zander")
    s, _ = act(s, 0, Attempt(labels=(1,)))  # the 6
    s, _ = act(s, 1, Attempt(labels=(2,)))  # the 4
    layout = dict(s.layout.pos)
    s, events = act(s, 2, Attempt(labels=(3,)))  # Sustainable Fishing
    assert s.piles[0] == [] and pile_names(s, 1) == ["Fish4"] and pile_names(s, 2) == ["Sustainable Fishing"]
    assert zander in s.sea
    assert any(e.kind == "effect" and "Zander" in e.text for e in events)
    assert any(e.kind == "shuffle" for e in events)
    assert {c: s.layout.pos[c] for c in s.sea if c in layout} != {c: layout[c] for c in s.sea if c in layout}


@pytest.mark.rule("CF-Q-34")
def test_sustainable_fishing_with_no_other_catch_this_round_only_shuffles():
    s = build(THREE, sea_cards=["oos:sustainable_fishing", "F4", "F5", "F1", "F2", "F3"],
              piles=[["F9:?:Whale"], [], []])
    s, _ = cast_all(s, (("9",), ("6",)), (("8",), ("6",)), (("7",), ("6",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert pile_names(s, 0) == ["Whale", "Sustainable Fishing"]  # an earlier round's catch stays
    assert any(e.kind == "shuffle" for e in events)
    assert len(s.sea) == 5


@pytest.mark.rule("CF-Q-34")
def test_sustainable_fishing_tie_releases_the_most_recent_catch():
    s = build(THREE, sea_cards=["F4:?:Zander", "F4:?:Wrasse", "oos:sustainable_fishing", "F1", "F2", "F3"])
    s, _ = cast_all(s, (("9",), ("6",)), (("8",), ("6",)), (("7",), ("6",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    s, _ = act(s, 1, Attempt(labels=(2,)))
    s, _ = act(s, 2, Attempt(labels=(3,)))
    assert pile_names(s, 0) == ["Zander"] and s.piles[1] == []
    assert named(s, "Wrasse") in s.sea


@pytest.mark.rule("CF-Q-34")
def test_sustainable_fishing_may_release_the_catchers_own_fish_from_the_same_turn():
    s = build([["R:reel", "R3", "B5", "B2", "R2", "B1"], SLOW],
              sea_cards=["F5:?:Zander", "oos:sustainable_fishing", "F1", "F2", "F3", "F4"])
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("5", "2")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Split(first=cast_bait(s, 0, "5")))
    assert pile_names(s, 0) == ["Sustainable Fishing"]
    assert named(s, "Zander") in s.sea


@pytest.mark.rule("CF-OOS-22", "CF-OOS-23", "CF-Q-35")
def test_smart_bream_shows_every_eligible_fish_to_all_then_puts_them_back():
    sea = [("F2:?:Zander", 0, 0), ("F3:?:Wrasse", 3, 1), ("F4:?:Tench", 20, 0), ("oos:smart_bream", 30, 6)]
    s = build([["R5", "B5", "R1", "B1", "B2", "R2"], SLOW], sea_cards=sea, beside=["F6:?:Roach"])
    s, _ = cast_all(s, (("5",), ("5",)), (("1",), ("1",)))
    before = {c: (s.layout.pos[c], s.layout.label[c]) for c in s.sea + s.beside}
    s, events = act(s, 0, Attempt(labels=(4,)))
    assert pile_names(s, 0) == ["Smart Bream"]
    (shown,) = [e for e in events if e.kind == "effect" and "Smart Bream" in e.text]
    assert shown.visible_to is None  # everyone sees the fronts, not only the catcher
    for name in ("Wrasse", "Tench", "Roach"):  # uncovered, and the one beside the sea
        assert name in shown.text
    assert "Zander" not in shown.text  # covered by the Wrasse
    after = {c: (s.layout.pos[c], s.layout.label[c]) for c in s.sea + s.beside}
    assert after == {c: v for c, v in before.items() if c in after} and len(after) == 4
    assert s.beside == [named(s, "Roach")]
    for seat in (0, 1, None):  # face down again
        assert not any(n in GAME.view(s, seat).model_dump_json() for n in ("Wrasse", "Tench", "Roach"))


@pytest.mark.rule("CF-OOS-25", "CF-Q-36")
def test_puffer_fish_makes_every_player_discard_their_fastest_rod():
    s = build([["R5", "B4", "R9", "B1", "B2", "R2"], ["R1", "B1", "R8", "R3", "B2", "B3"],
               ["R1", "B2", "B1", "B3", "B4", "B5"]], sea_cards=["oos:puffer_fish", "F4", "F1"])
    s, _ = cast_all(s, (("5",), ("4",)), (("1",), ("1",)), (("1",), ("2",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    # Everyone holding a rod answers privately, so nobody can tell who had a tie to settle.
    assert s.turn.stage == "puffer" and sorted(GAME.pending(s)) == [0, 1]
    assert all(p.private for p in GAME.pending(s).values())
    s, more = answer_puffer(s)
    events += more
    assert hand_rods(s, 0) == ["2"] and hand_rods(s, 1) == ["3"] and hand_rods(s, 2) == []
    assert sorted(s.cards[c].label for c in s.rod_discard) == ["5", "8", "9"]  # 5: the catcher's cast
    assert any("no rod in hand" in e.text for e in events)
    # Cast cards are not in the hand: seat 1 still fishes with its cast rod.
    assert GAME.view(s, 2).seats[1].cast.speed == 1 and s.turn.seat in (1, 2)
    assert GAME.view(s, 2).rod_discard_top is not None


@pytest.mark.rule("CF-Q-36")
def test_puffer_fish_tie_lets_the_owner_choose_and_the_discard_is_public():
    s = build([["R5", "B4", "R9", "B1", "B2", "R2"], ["R1", "B1", "R6", "R6+", "R2", "B3"]],
              sea_cards=["oos:puffer_fish", "F4", "F1"])
    s, _ = cast_all(s, (("5",), ("4",)), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert s.turn.stage == "puffer" and sorted(GAME.pending(s)) == [0, 1]
    assert [a.rod for a in GAME.legal_actions(s, 0)] == list(pick(s, 0, "rod", "9"))  # forced: the 9
    discard_before = list(s.rod_discard)
    s, events = act(s, 0, GAME.legal_actions(s, 0)[0])
    # The answer stays secret until everyone has answered (issue 7: it was discarded at once).
    assert hand_rods(s, 0) == ["2", "9"] and list(GAME.pending(s)) == [1]
    assert s.rod_discard == discard_before
    assert [e.visible_to for e in events] == [(0,)]
    choices = GAME.legal_actions(s, 1)
    assert sorted(a.rod for a in choices) == sorted(pick(s, 1, "rod", "6", "6+"))
    with pytest.raises(IllegalAction):
        act(s, 1, DiscardRod(rod=pick(s, 1, "rod", "2")[0]))
    six_plus = pick(s, 1, "rod", "6+")[0]
    s, events = act(s, 1, DiscardRod(rod=six_plus))
    assert hand_rods(s, 1) == ["2", "6"] and hand_rods(s, 0) == ["2"]  # both discarded together
    assert six_plus in [s.cards[c].cid for c in s.rod_discard]  # face up on the rod discard pile
    assert any(e.kind == "discard" and "6+" in e.text and e.visible_to is None for e in events)
    assert s.turn.seat == 1 and s.turn.stage == "choose"


@pytest.mark.rule("CF-OOS-26", "CF-Q-37")
def test_crab_forbids_last_generation_baits_while_on_top():
    hand = ["R5", "B3", "B1+", "B:bucket", "B:turbulent", "R2"]
    s = build([hand, SLOW], piles=[["oos:crab"], []])
    for bait in ("1+", "The Bait Bucket", "The Turbulent Bait"):
        with pytest.raises(IllegalAction, match="Crab"):
            act(s, 0, Cast(rods=pick(s, 0, "rod", "5"), baits=pick(s, 0, "bait", bait)))
    legal = GAME.legal_actions(s, 0)
    assert legal and all(not s.cards[c].plus for a in legal for c in s.hands[0] if s.cards[c].cid in a.baits)
    act(s, 0, Cast(rods=pick(s, 0, "rod", "5"), baits=pick(s, 0, "bait", "3")))
    covered = build([hand, SLOW], piles=[["oos:crab", "F2"], []])
    act(covered, 0, Cast(rods=pick(covered, 0, "rod", "5"), baits=pick(covered, 0, "bait", "1+", "3")))


@pytest.mark.rule("CF-OOS-27", "CF-Q-37")
def test_moray_eel_forbids_last_generation_rods_while_on_top():
    hand = ["R5", "R2+", "R:rodiest", "R:reel", "B3", "B4"]
    s = build([hand, SLOW], piles=[["oos:moray_eel"], []])
    for rod in ("2+", "The Rodiest Rod", "The Super-Fast Reel"):
        with pytest.raises(IllegalAction, match="Moray"):
            act(s, 0, Cast(rods=pick(s, 0, "rod", rod), baits=pick(s, 0, "bait", "3")))
    legal = GAME.legal_actions(s, 0)
    assert {a.rods for a in legal} == {pick(s, 0, "rod", "5")}
    covered = build([hand, SLOW], piles=[["oos:moray_eel", "F2"], []])
    act(covered, 0, Cast(rods=pick(covered, 0, "rod", "The Rodiest Rod", "5"), baits=pick(covered, 0, "bait", "3")))


@pytest.mark.rule("CF-Q-37")
def test_crab_caught_mid_turn_is_not_retroactive():
    # The Crab is caught by the first Reel attempt; the second group still sums with its '+' bait.
    s = build([["R:reel", "R3", "B1+", "B4", "B2+", "B3"], SLOW],
              sea_cards=["oos:crab", "F5", "F1", "F2", "F3", "F4", "F6", "F7", "F8"],
              bait_deck=("B1", "B2", "B3", "B4+", "B5+", "B6+"))
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("1+", "4", "2+", "3")), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1, 2)))
    s, _ = act(s, 0, Split(first=cast_bait(s, 0, "1+", "4")))
    assert pile_names(s, 0) == ["Crab", "Fish5"]  # 2+ and 3 made 5 despite the Crab
    s, _ = act(s, 1, Attempt(labels=(3,)))
    while s.phase == "collect":
        seat = collector(s)
        need = 6 - len(s.hands[seat])
        s, _ = act(s, seat, Draw(rods=2 if seat == 0 else 0, baits=need - (2 if seat == 0 else 0)))
    assert s.phase == "cast" and s.round == 2
    # The Fish5 covers the Crab now, so '+' baits are fine again for seat 0.
    assert any(s.cards[c].plus for a in GAME.legal_actions(s, 0) for c in s.hands[0] if s.cards[c].cid in a.baits)


@pytest.mark.rule("CF-Q-37")
def test_crab_on_top_after_the_round_restricts_the_next_cast():
    s = build([["R5", "B6", "R3", "B4", "B1", "B2"], SLOW],
              sea_cards=["oos:crab", "F1", "F2", "F3", "F4", "F6", "F7", "F8"],
              bait_deck=("B1", "B2", "B3", "B4+", "B5+", "B6+"))
    s, _ = cast_all(s, (("5",), ("6",)), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    s, _ = act(s, 1, Attempt(labels=(2,)))
    while s.phase == "collect":
        seat = collector(s)
        need = 6 - len(s.hands[seat])
        s, _ = act(s, seat, Draw(rods=need - 2 if seat == 0 else need, baits=2 if seat == 0 else 0))
    assert s.round == 2 and any(s.cards[c].plus for c in s.hands[0])
    plus = next(s.cards[c].cid for c in s.hands[0] if s.cards[c].plus)
    with pytest.raises(IllegalAction, match="Crab"):
        act(s, 0, Cast(rods=pick(s, 0, "rod", "3"), baits=(plus,)))


@pytest.mark.rule("CF-OOS-28", "CF-Q-39")
@pytest.mark.parametrize(
    ("fish", "check"),
    [
        ("oos:puffer_fish", "puffer"),
        ("oos:pair_of_fish", "pair"),
        ("oos:sustainable_fishing", "sustainable"),
        ("oos:smart_bream", "bream"),
    ],
)
def test_an_out_of_series_fish_that_escapes_has_no_effect(fish, check):
    s = build([["R5", "B0", "R9", "B1", "B2", "R2"], ["R6", "B4", "R8", "B1", "B2", "R2"]],
              sea_cards=["F4:?:Zander", fish, "F1", "F2", "F3", "F5", "F6"])  # 6 stay: no last Collect
    s, _ = cast_all(s, (("5",), ("0",)), (("6",), ("4",)))  # seat 1 first, catching the Zander
    s, _ = act(s, 1, Attempt(labels=(1,)))
    layout = dict(s.layout.pos)
    s, events = act(s, 0, Attempt(labels=(2,)))
    assert s.piles[0] == [] and any(e.kind == "escape" for e in events)
    assert not any(e.kind == "discard" and "discards a" in e.text for e in events)
    assert not any(e.kind == "effect" for e in events)
    assert hand_rods(s, 0) == ["2", "9"] and hand_rods(s, 1) == ["2", "8"]
    assert pile_names(s, 1) == ["Zander"]  # not released
    assert {c: s.layout.pos[c] for c in s.sea} == {c: layout[c] for c in s.sea}  # no shuffle
    assert s.turn is None or s.turn.stage != "pair"


@pytest.mark.rule("CF-Q-39")
def test_looking_at_an_out_of_series_fish_does_not_trigger_it():
    s = build([["R:finder", "B3", "R9", "B1", "B2", "R2"], ["R1", "B1", "R8", "B2", "B3", "R2"]],
              sea_cards=["oos:puffer_fish", "F1", "F2"])
    s, _ = cast_all(s, (("Infallible Fish Finder",), ("3",)), (("1",), ("1",)))
    s, events = act(s, 0, Look(label=1))
    assert [e.kind for e in events] == ["look", "look_private"]
    assert hand_rods(s, 0) == ["2", "9"] and hand_rods(s, 1) == ["2", "8"]


@pytest.mark.rule("CF-Q-39")
def test_fronts_shown_by_the_smart_bream_do_not_trigger_them():
    s = build([["R5", "B5", "R9", "B1", "B2", "R2"], ["R1", "B1", "R8", "B2", "B3", "R2"]],
              sea_cards=["oos:smart_bream", "oos:puffer_fish", "oos:sustainable_fishing", "F1"])
    s, _ = cast_all(s, (("5",), ("5",)), (("1",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    shown = [e for e in events if e.kind == "effect"]
    assert len(shown) == 1 and "Puffer Fish" in shown[0].text and "Sustainable Fishing" in shown[0].text
    assert hand_rods(s, 0) == ["2", "9"] and hand_rods(s, 1) == ["2", "8"]
    assert not any(e.kind == "shuffle" for e in events)
