"""Crazy Fishing components, objective and setup (CF-COMP, CF-SETUP, CF-Q-1..3).

Tests about the shipped card data read the shipped file or start a game with the
default options; tests about rules build their own cards with the builder.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw
from fishtable.games.crazy_fishing.cards import INFINITE, default_card_path, load_card_file
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, pick, play, seats, view_json


def expanded(items: list) -> list:
    """Card specs of the file, one entry per physical card (copies expanded)."""
    return [item for item in items for _ in range(getattr(item, "copies", 1))]


def new(players: int, seed: int = 0, **options) -> object:
    return GAME.new_game(CrazyFishingOptions(**options), seats(players), seed)


# -- Components: the shipped card file ------------------------------------------------


@pytest.mark.rule("CF-COMP-1")
def test_shipped_file_has_the_printed_card_counts():
    data = load_card_file()
    assert len(data.fish) == 27
    assert len(expanded(data.rods)) == 36
    assert len(expanded(data.baits)) == 36
    assert len(data.oos_fish) == 10
    assert len(data.oos_rods) == 2


@pytest.mark.rule("CF-COMP-1", "CF-SETUP-5")
def test_three_player_game_uses_27_fish_36_rods_36_baits():
    state = new(3)
    kinds = Counter(c.type for c in state.cards)
    assert kinds == {"fish": 27, "rod": 36, "bait": 36}
    assert len(state.sea) == 27 and state.beside == []
    assert GAME.view(state, None).sea_count == 27


@pytest.mark.rule("CF-COMP-2")
def test_fish_deck_has_three_of_each_special_fish():
    data = load_card_file()
    kinds = Counter(f.kind for f in data.fish)
    assert kinds == {"fish": 18, "boot": 3, "pearl": 3, "monster": 3}


@pytest.mark.rule("CF-COMP-3")
def test_rod_deck_has_three_of_each_special_rod():
    rods = expanded(load_card_file().rods)
    specials = Counter(r.special for r in rods)
    assert specials == {None: 27, "super_fast_reel": 3, "fish_finder": 3, "rodiest_rod": 3}


@pytest.mark.rule("CF-COMP-4")
def test_bait_deck_has_three_of_each_special_bait():
    baits = expanded(load_card_file().baits)
    specials = Counter(b.special for b in baits)
    assert specials == {None: 27, "most_tempting": 3, "bait_bucket": 3, "turbulent": 3}


@pytest.mark.rule("CF-COMP-5", "CF-COMP-6")
def test_every_shipped_fish_has_a_size_and_a_back_clue_containing_it():
    for fish in load_card_file().fish:
        assert fish.name and fish.size >= 0
        if fish.back != "?":
            low, high = (int(x) for x in fish.back.split("-"))
            assert low <= fish.size <= high, fish
    backs = {f.back for f in load_card_file().fish}
    assert "?" in backs and any(b != "?" for b in backs)


@pytest.mark.rule("CF-COMP-6", "CF-SETUP-4")
def test_sea_view_shows_each_fish_back_clue():
    state = new(3, seed=4)
    view = GAME.view(state, 0)
    by_label = {f.label: f.back for f in view.sea}
    for card in state.sea:
        assert by_label[state.layout.label[card]] == state.cards[card].back


@pytest.mark.rule("CF-COMP-5")
def test_fish_size_is_both_catch_difficulty_and_points():
    state = build([["R5", "B5", "B1", "B1", "B1", "R1"], ["R1", "B4", "B1", "B1", "B1", "R1"]],
                  sea_cards=("F5:4-6:Hake", "F5:4-6:Octopus", "F1", "F1", "F1", "F1", "F1"))
    state, _ = play(state, 0, Cast(rods=pick(state, 0, "rod", "5"), baits=pick(state, 0, "bait", "5")))
    state, _ = play(state, 1, Cast(rods=pick(state, 1, "rod", "1"), baits=pick(state, 1, "bait", "4")))
    state, _ = play(state, 0, Attempt(labels=(1,)))  # bait 5 vs size 5: caught
    assert [state.cards[c].name for c in state.piles[0]] == ["Hake"]
    state, _ = play(state, 1, Attempt(labels=(2,)))  # bait 4 vs size 5: escapes
    assert state.piles[1] == []
    # Play out: seat 0 ends with exactly the size of its one fish as score.
    state.phase = "over"
    result = GAME.result(state)
    assert result.scores[0].total == 5
    assert result.scores[1].total == 0


@pytest.mark.rule("CF-COMP-7")
def test_rods_have_speeds_and_some_are_last_generation():
    rods = expanded(load_card_file().rods)
    assert all(isinstance(r.speed, int) and r.speed >= 0 for r in rods)
    assert any(r.plus for r in rods) and any(not r.plus for r in rods)
    state = new(3)
    game_rods = [c for c in state.cards if c.type == "rod"]
    assert {c.label.endswith("+") for c in game_rods} == {True, False}
    assert all(c.label.endswith("+") == c.plus for c in game_rods)


@pytest.mark.rule("CF-COMP-8")
def test_baits_have_values_and_some_are_last_generation():
    baits = expanded(load_card_file().baits)
    assert all(b.value is None or b.value >= 0 for b in baits)
    assert any(b.plus for b in baits) and any(not b.plus for b in baits)
    state = new(3)
    game_baits = [c for c in state.cards if c.type == "bait"]
    assert all(c.label.endswith("+") == c.plus for c in game_baits)


@pytest.mark.rule("CF-COMP-7", "CF-COMP-8", "CF-CAST-5", "CF-CAST-6")
def test_last_generation_flag_is_what_permits_combining():
    hands = [["R2+", "R3", "B3+", "B3", "B1", "R1"], ["R2", "R3", "B3", "B3", "B1", "R1"]]
    state = build(hands)
    ok = Cast(rods=pick(state, 0, "rod", "2+", "3"), baits=pick(state, 0, "bait", "3+", "3"))
    after, _ = play(state, 0, ok)
    assert after.casts[0] is not None
    with pytest.raises(IllegalAction):
        play(state, 1, Cast(rods=pick(state, 1, "rod", "2", "3"), baits=pick(state, 1, "bait", "3")))
    with pytest.raises(IllegalAction):
        play(state, 1, Cast(rods=pick(state, 1, "rod", "2"), baits=pick(state, 1, "bait", "3", "3")))


# -- Printed values the rules fix (CF-Q-3) ------------------------------------------


@pytest.mark.rule("CF-Q-3")
def test_shipped_data_honours_every_value_the_rulebook_prints():
    data = load_card_file()
    rods = expanded(data.rods)
    baits = expanded(data.baits)
    rodiest = [r for r in rods if r.special == "rodiest_rod"]
    assert rodiest and all(r.speed == 20 and r.plus for r in rodiest)
    reels = [r for r in rods if r.special == "super_fast_reel"]
    assert reels and all(r.speed == 1 and r.plus for r in reels)
    tempting = [b for b in baits if b.special == "most_tempting"]
    assert tempting and all(b.value is None for b in tempting)
    assert sorted(f.size for f in data.fish if f.kind == "boot") == [0, 0, 0]
    assert sorted(f.size for f in data.fish if f.kind == "pearl") == [1, 3, 6]
    assert sorted(f.size for f in data.fish if f.kind == "monster") == [8, 10, 12]
    oos = Counter((f.effect, f.size) for f in data.oos_fish)
    assert oos == {
        ("golden_fish", 2): 1, ("pair_of_fish", 1): 2, ("prawn", 3): 1, ("sustainable_fishing", 2): 1,
        ("smart_bream", 5): 1, ("useless_fish", 6): 1, ("puffer_fish", 4): 1, ("crab", 5): 1,
        ("moray_eel", 6): 1,
    }
    # The infinite bait becomes a value no sum of sizes can reach.
    state = new(3)
    assert [c.value for c in state.cards if c.special == "most_tempting"] == [INFINITE] * 3


@pytest.mark.rule("CF-Q-3")
def test_unprinted_values_come_from_the_card_file(tmp_path):
    raw = json.loads(default_card_path().read_text(encoding="utf-8"))
    for rod in raw["rods"]:
        if rod.get("special") == "fish_finder":
            rod["speed"] = 7
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    state = GAME.new_game(CrazyFishingOptions(card_file=str(path)), seats(3), 0)
    finders = [c for c in state.cards if c.special == "fish_finder"]
    assert len(finders) == 3 and {c.value for c in finders} == {7}


# -- Objective ------------------------------------------------------------------------


@pytest.mark.rule("CF-OBJ-1")
def test_winner_has_most_points_from_sizes_and_bonuses():
    # Seat 0: sizes 5 + 2 boots (bonus 1) = 6; seat 1: sizes 6; seat 2: 1+3+6 pearls (+10) = 20.
    state = build(
        [["R1", "B1"], ["R1", "B1"], ["R1", "B1"]],
        piles=[["F5", "boot", "boot"], ["F6"], ["pearl1", "pearl3", "pearl6"]],
    )
    state.phase = "over"
    result = GAME.result(state)
    totals = {line.seat: line.total for line in result.scores}
    assert totals == {0: 6, 1: 6, 2: 20}
    assert result.winners == (2,)
    # Without the pearls, the boot bonus alone breaks nothing: 6 and 6 share the win.
    state.piles[2] = []
    assert GAME.result(state).winners == (0, 1)


# -- Setup -----------------------------------------------------------------------------


@pytest.mark.rule("CF-SETUP-1", "CF-Q-2")
def test_two_player_game_removes_every_three_plus_card():
    data = load_card_file()
    flagged_fish = sum(1 for f in data.fish if f.three_plus)
    assert flagged_fish > 0
    state = new(2, seed=3)
    assert not any(c.three_plus for c in state.cards)
    kinds = Counter(c.type for c in state.cards)
    assert kinds["fish"] == 27 - flagged_fish == 20
    assert kinds["rod"] == 36 - sum(1 for r in expanded(data.rods) if r.three_plus) == 26
    assert kinds["bait"] == 36 - sum(1 for b in expanded(data.baits) if b.three_plus) == 27
    assert len(state.sea) == 20
    assert GAME.view(state, None).sea_count == 20


@pytest.mark.rule("CF-SETUP-1", "CF-SETUP-5")
@pytest.mark.parametrize("players", [3, 4, 6])
def test_three_or_more_players_keep_the_three_plus_cards(players):
    state = new(players, seed=players)
    assert len(state.sea) == 27
    assert sum(1 for c in state.cards if c.three_plus) > 0


@pytest.mark.rule("CF-SETUP-2")
def test_out_of_series_cards_are_off_by_default():
    assert CrazyFishingOptions().advanced is False
    state = new(3)
    assert not any(c.oos for c in state.cards)
    assert not any(c.special == "oos_rod" for c in state.cards)
    with_rods = new(3, oos_rods=True)
    assert sum(1 for c in with_rods.cards if c.special == "oos_rod") == 2


@pytest.mark.rule("CF-SETUP-3", "CF-Q-4")
def test_sea_is_a_shuffled_untidy_overlapping_pile():
    orders = set()
    for seed in range(6):
        state = new(3, seed=seed)
        assert sorted(state.sea) == sorted(c.idx for c in state.cards if c.type == "fish")
        orders.add(tuple(state.sea))
        view = GAME.view(state, None)
        covered = [f for f in view.sea if f.covered]
        assert covered, "an untidy pile has overlapped cards"
        assert any(not f.covered for f in view.sea)
    assert len(orders) == 6


@pytest.mark.rule("CF-SETUP-4")
@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_no_sea_front_is_in_any_view_at_setup(seat):
    state = new(3, seed=11)
    text = view_json(state, seat)
    for card in state.sea:
        fish = state.cards[card]
        assert f'"{fish.cid}"' not in text
        assert fish.name not in text
    view = GAME.view(state, seat)
    assert len(view.sea) == 27
    assert set(view.sea[0].model_dump()) == {"label", "x", "y", "back", "covered", "beside", "selectable"}


@pytest.mark.rule("CF-SETUP-6")
def test_rods_and_baits_form_two_separately_shuffled_decks():
    state = new(3, seed=1)
    assert state.rod_deck and state.bait_deck
    assert all(state.cards[c].type == "rod" for c in state.rod_deck)
    assert all(state.cards[c].type == "bait" for c in state.bait_deck)
    assert state.rod_discard == [] and state.bait_discard == []
    rod_orders = {tuple(new(3, seed=s).rod_deck) for s in range(5)}
    bait_orders = {tuple(new(3, seed=s).bait_deck) for s in range(5)}
    assert len(rod_orders) == 5 and len(bait_orders) == 5
    # Every card is somewhere: in a hand, a deck or the sea.
    placed = state.rod_deck + state.bait_deck + state.sea + [c for h in state.hands for c in h]
    assert sorted(placed) == list(range(len(state.cards)))


@pytest.mark.rule("CF-SETUP-7")
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_deck_order_and_contents_are_hidden(seat):
    state = new(3, seed=2)
    text = view_json(state, seat)
    view = GAME.view(state, seat)
    assert view.rod_deck == len(state.rod_deck) and view.bait_deck == len(state.bait_deck)
    for card in state.rod_deck + state.bait_deck:
        assert f'"{state.cards[card].cid}"' not in text


@pytest.mark.rule("CF-SETUP-8")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_each_player_is_dealt_three_rods_and_three_baits(players):
    state = new(players, seed=7)
    for hand in state.hands:
        kinds = Counter(state.cards[c].type for c in hand)
        assert kinds == {"rod": 3, "bait": 3}
    for panel in GAME.view(state, None).seats:
        assert (panel.hand_size, panel.hand_rods, panel.hand_baits) == (6, 3, 3)


@pytest.mark.rule("CF-SETUP-9")
def test_a_hand_is_visible_only_to_its_owner():
    state = new(3, seed=5)
    for owner in range(3):
        own = GAME.view(state, owner)
        assert sorted(c.id for c in own.hand) == sorted(state.cards[c].cid for c in state.hands[owner])
        for other in [None, *[s for s in range(3) if s != owner]]:
            text = view_json(state, other)
            for card in state.hands[owner]:
                assert f'"{state.cards[card].cid}"' not in text
        assert GAME.view(state, None).hand is None


@pytest.mark.rule("CF-SETUP-9", "CF-CAST-11")
def test_hand_cards_stay_hidden_until_played_and_revealed():
    state = build([["R3", "B3", "R1", "B1", "R2", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    played = pick(state, 0, "rod", "3") + pick(state, 0, "bait", "3")
    kept = [state.cards[c].cid for c in state.hands[0] if state.cards[c].cid not in played]
    state, _ = play(state, 0, Cast(rods=played[:1], baits=played[1:]))
    assert all(f'"{cid}"' not in view_json(state, 1) for cid in played)
    state, _ = play(state, 1, Cast(rods=pick(state, 1, "rod", "4"), baits=pick(state, 1, "bait", "4")))
    text = view_json(state, 1)
    assert all(f'"{cid}"' in text for cid in played)
    assert all(f'"{cid}"' not in text for cid in kept)


# -- Player count (CF-Q-1) -----------------------------------------------------------


@pytest.mark.rule("CF-Q-1")
def test_two_to_six_players():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for n in (2, 6):
        assert len(new(n).hands) == n
    for n in (1, 7):
        with pytest.raises(ValueError, match="2 to 6"):
            GAME.new_game(CrazyFishingOptions(), [SeatInfo(name=f"P{i}") for i in range(n)], 0)


@pytest.mark.rule("CF-SETUP-8", "CF-ROUND-1")
def test_a_new_game_starts_in_the_cast_phase_of_round_one():
    state = new(4, seed=9)
    assert state.phase == "cast" and state.round == 1
    pending = GAME.pending(state)
    assert set(pending) == {0, 1, 2, 3}
    assert all(p.kind == "cast" and p.simultaneous for p in pending.values())
    # Nothing else is possible yet: no drawing, no fishing.
    assert all(not isinstance(a, (Draw, Attempt)) for a in GAME.legal_actions(state, 0))
