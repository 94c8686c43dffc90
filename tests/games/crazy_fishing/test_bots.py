"""Computer players for Crazy Fishing: always legal, views only, and the greedy one plays sensibly."""

from __future__ import annotations

import ast
import inspect

import pytest

from fishtable.arena.simulate import run_simulation
from fishtable.bots import RandomBot, bot_names, bot_rng, get_bot
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing import bots as cf_bots
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Shuffle
from fishtable.games.crazy_fishing.bots import BOTS, GreedyBot
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, cast_all

BASE = CrazyFishingOptions()
ADVANCED = CrazyFishingOptions(oos_rods=True, random_oos_fish=3)
FILL = ("R1", "B1")


def _play_whole_game(names: list[str], options: CrazyFishingOptions, seed: int) -> int:
    """Play to the end, checking every choice is one of the legal actions; return the steps."""
    seats = [SeatInfo(name=f"P{i + 1}", bot=n) for i, n in enumerate(names)]
    bots = [get_bot("crazy-fishing", n) for n in names]
    state = GAME.new_game(options, seats, seed)
    steps = 0
    while pending := GAME.pending(state):
        seat = next(iter(pending))
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} is pending with no legal action"
        bot = bots[seat]
        view = GAME.view(state, seat) if bot.needs_view else None
        action = bot.choose(view, legal, bot_rng(seed, seat, steps))
        assert any(action is a for a in legal) or action in legal
        state, _ = GAME.apply(state, seat, action)
        steps += 1
        assert steps < 20_000
    assert GAME.result(state) is not None
    return steps


def test_registry_knows_the_bots():
    assert list(BOTS) == ["greedy"] and BOTS["greedy"] is GreedyBot
    assert [n for n in bot_names("crazy-fishing") if n != "hard"] == ["random", "greedy", "easy", "normal"]
    assert isinstance(get_bot("crazy-fishing", "greedy"), GreedyBot)
    assert isinstance(get_bot("crazy-fishing", "random"), RandomBot)
    assert GreedyBot.needs_view is True and GreedyBot.name == "greedy"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [BASE, ADVANCED], ids=["base", "advanced"])
def test_bots_always_choose_a_legal_action(players, options):
    for seed in (players * 11, players * 11 + 1):
        _play_whole_game(["greedy"] * players, options, seed)
        _play_whole_game(["random"] * players, options, seed)
        mixed = ["greedy" if i % 2 == 0 else "random" for i in range(players)]
        _play_whole_game(mixed, options, seed + 100)


@pytest.mark.parametrize("advanced", ["rods", "fish"])
def test_bots_legal_with_one_kind_of_out_of_series_card(advanced):
    report = run_simulation("crazy-fishing", 3, 4, 5, "greedy,random,greedy", advanced=advanced)
    assert report.games == 4 and sum(report.wins) >= 4


def test_greedy_beats_random_clearly():
    """Against three random seats, a fair share is 25%; greedy should win far more (seat rotated)."""
    games = wins = 0
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = run_simulation("crazy-fishing", 4, 15, 1000 + 100 * seat, names)
        games += report.games
        wins += report.wins[seat]
    assert games == 60
    assert wins / games >= 0.6, f"greedy won only {wins} of {games}"


# -- views only -----------------------------------------------------------------

def test_greedy_works_from_a_view_and_refuses_a_state():
    state = GAME.new_game(BASE, [SeatInfo(name="A", bot="greedy"), SeatInfo(name="B")], 3)
    legal = GAME.legal_actions(state, 0)
    bot = GreedyBot()
    action = bot.choose(GAME.view(state, 0), legal, bot_rng(3, 0, 0))
    assert action in legal
    with pytest.raises(TypeError):
        bot.choose(state, legal, bot_rng(3, 0, 0))
    with pytest.raises(TypeError):
        bot.choose(None, legal, bot_rng(3, 0, 0))
    with pytest.raises(ValueError):
        bot.choose(GAME.view(state, None), legal, bot_rng(3, 0, 0))


def test_bot_module_never_imports_the_state():
    tree = ast.parse(inspect.getsource(cf_bots))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    game_modules = {m for m in imported if m.startswith("fishtable")}
    # The views, and the protocol for the `HARD` record it declares (a record, never a state).
    assert game_modules == {"fishtable.games.crazy_fishing.views", "fishtable.engine.protocol"}


# -- sensible play, on exact positions ----------------------------------------------------

def _cast_all(state, casts):
    for seat, (rods, baits) in enumerate(casts):
        cards = [state.cards[c] for c in state.hands[seat]]
        hand_rods = {c.label: c.cid for c in cards if c.type == "rod"}
        hand_baits = {c.label: c.cid for c in cards if c.type == "bait"}
        state, _ = GAME.apply(state, seat, Cast(rods=tuple(hand_rods[r] for r in rods),
                                                baits=tuple(hand_baits[b] for b in baits)))
    return state


def _greedy(state, seat):
    legal = GAME.legal_actions(state, seat)
    return GreedyBot().choose(GAME.view(state, seat), legal, bot_rng(1, seat, 0))


SEA = ("F2:1-3:Small", "F4:3-5:Middling", "F10:8-12:Monster", "F3:?:Mystery")


@pytest.mark.parametrize(("bait", "wanted"), [("4", "Middling"), ("2", "Small"), ("∞", "Monster")])
def test_greedy_reads_the_back_clues(bait, wanted):
    bait_spec = "B:inf" if bait == "∞" else f"B{bait}"
    state = build([["R9", bait_spec], list(FILL)], sea_cards=SEA)
    state = _cast_all(state, [(["9"], [bait]), (["1"], ["1"])])
    assert GAME.pending(state)[0].kind == "catch"
    action = _greedy(state, 0)
    assert action.kind == "attempt"
    state, _ = GAME.apply(state, 0, action)
    flipped = [state.cards[c].name for c in state.piles[0]]
    assert flipped == [wanted]


def test_greedy_keeps_the_most_tempting_bait_for_big_fish():
    hand = ["R5", "R2", "B:inf", "B3", "B2", "B1"]
    small_sea = ("F1:0-2", "F2:1-3", "F1:1-3", "F2:1-3", "F3:2-4", "F2:0-2")
    state = build([hand, list(FILL)], sea_cards=small_sea)
    cast = _greedy(state, 0)
    labels = {state.cards[c].cid: state.cards[c].label for c in state.hands[0]}
    assert "∞" not in [labels[b] for b in cast.baits]

    big_sea = (*small_sea, "F10:8-12:Kraken", "F12:10-14:Leviathan")
    state = build([hand, list(FILL)], sea_cards=big_sea)
    cast = _greedy(state, 0)
    labels = {state.cards[c].cid: state.cards[c].label for c in state.hands[0]}
    assert "∞" in [labels[b] for b in cast.baits]


def test_greedy_combines_plus_baits_to_reach_a_big_fish():
    state = build([["R6", "B4+", "B4", "B1", "R2", "R3"], list(FILL)],
                  sea_cards=("F8:7-8:Marlin", "F1:0-1", "F1:1-2"))
    cast = _greedy(state, 0)
    labels = [state.cards[c].label for c in state.hands[0] if state.cards[c].cid in cast.baits]
    assert "4+" in labels and "4" in labels  # 8 in all: enough for the Marlin


def test_greedy_refills_with_both_rods_and_baits():
    # Seat 0 casts its only rod: it must draw at least one rod back.
    state = build([["R5", "B3", "B4", "B2", "B1", "B2"], list(FILL)])
    state = _cast_all(state, [(["5"], ["3"]), (["1"], ["1"])])
    while GAME.pending(state).get(0) is None or GAME.pending(state)[0].kind != "collect":
        seat = next(iter(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, _greedy(state, seat))
    action = _greedy(state, 0)
    assert action.kind == "draw" and action.rods >= 1


def test_greedy_refills_baits_when_holding_only_rods():
    state = build([["R5", "B3", "R4", "R2", "R1", "R3"], list(FILL)])
    state = _cast_all(state, [(["5"], ["3"]), (["1"], ["1"])])
    while GAME.pending(state).get(0) is None or GAME.pending(state)[0].kind != "collect":
        seat = next(iter(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, _greedy(state, seat))
    action = _greedy(state, 0)
    assert action.kind == "draw" and action.baits >= 1


def test_greedy_looks_with_the_fish_finder_then_splits_a_reel_sensibly():
    # Fish Finder: look at an uncertain, promising fish before choosing.
    state = build([["R:finder", "B5"], list(FILL)], sea_cards=("F1:0-2", "F6:3-7:Grouper"))
    state = _cast_all(state, [(["2"], ["5"]), (["1"], ["1"])])
    action = _greedy(state, 0)
    assert action.kind == "look" and action.label == 2

    # Super-Fast Reel: the big bait goes on the big fish.
    state = build([["R:reel", "R3", "B2", "B5"], list(FILL)], sea_cards=("F5:5-5:Big", "F2:2-2:Small"))
    state = _cast_all(state, [(["1+", "3"], ["2", "5"]), (["1"], ["1"])])
    action = _greedy(state, 0)
    assert action.kind == "attempt" and sorted(action.labels) == [1, 2]
    state, _ = GAME.apply(state, 0, action)
    action = _greedy(state, 0)
    assert action.kind == "split"
    state, _ = GAME.apply(state, 0, action)
    assert sorted(state.cards[c].name for c in state.piles[0]) == ["Big", "Small"]


def test_greedy_declines_a_pointless_shuffle_after_fishing():
    state = build([["R5", "B:turbulent", "B3+"], list(FILL)], sea_cards=("F3:2-4", "F2:1-3", "F1:0-2"))
    state = _cast_all(state, [(["5"], ["1+", "3+"]), (["1"], ["1"])])
    action = _greedy(state, 0)
    assert action.kind == "attempt"  # good fish within reach: no need to stir first
    state, _ = GAME.apply(state, 0, action)
    assert GAME.pending(state)[0].kind == "finish"
    assert _greedy(state, 0).kind == "end_turn"


@pytest.mark.rule("CF-CATCH-7", "CF-Q-5", "CF-Q-16")
def test_greedy_remembers_a_fish_the_whole_table_saw_escape():
    # The playtest: a size-7 fish escaped in public, and the greedy bot tried it again with bait 3.
    sea = ("F7:?:Seven", "F2:?:Two", "F1:?:One")
    state = build([["R9", "B3"], ["R5", "B3"], ["R1", "B1"]], sea_cards=sea)
    state = _cast_all(state, [(["9"], ["3"]), (["5"], ["3"]), (["1"], ["1"])])
    state, _ = GAME.apply(state, 0, Attempt(labels=(1,)))  # the 7 escapes, back in its place
    seven = next(c for c in state.sea if state.cards[c].name == "Seven")
    view = GAME.view(state, 1)
    assert [(r.label, r.size) for r in view.remembered] == [(1, 7)]
    assert "Seven" not in view.model_dump_json() and f'"{state.cards[seven].cid}"' not in view.model_dump_json()
    action = _greedy(state, 1)
    assert action.kind == "attempt" and action.labels != (1,)
    # Without the memory (a shuffle since), the same bot prefers the lower label, #1.
    forgetful = state.clone()
    forgetful.seen = []
    assert _greedy(forgetful, 1).labels == (1,)


@pytest.mark.rule("CF-BAIT-8")
def test_the_public_memory_is_forgotten_at_a_shuffle():
    state = build([["R9", "B:turbulent", "B3+"], ["R5", "B3"]], sea_cards=("F7:?:Seven", "F2", "F1", "F4"))
    state, _ = cast_all(state, (("9",), ("The Turbulent Bait", "3+")), (("5",), ("3",)))
    state, _ = GAME.apply(state, 0, Attempt(labels=(1,)))  # the Turbulent Bait and 3+ fall short of 7
    assert [r.size for r in GAME.view(state, None).remembered] == [7]
    state, _ = GAME.apply(state, 0, Shuffle())
    assert GAME.view(state, None).remembered == () and state.seen == []


def test_greedy_picks_a_bait_that_catches_when_plain_baits_cannot_add_up():
    state = build([["R:reel", "B2", "B6"], list(FILL)], sea_cards=("F5:?:Five", "F9"))
    state, _ = cast_all(state, (("The Super-Fast Reel",), ("2", "6")), (("1",), ("1",)))
    state, _ = GAME.apply(state, 0, Attempt(labels=(1,)))
    assert GAME.pending(state)[0].kind == "pick_bait"
    action = _greedy(state, 0)
    assert action.kind == "pick_bait" and state.cards[next(c for c in state.casts[0][1]
                                                          if state.cards[c].cid == action.bait)].value == 6
    state, _ = GAME.apply(state, 0, action)
    assert [state.cards[c].name for c in state.piles[0]] == ["Five"]


def _play_early_casters_first(names: list[str], seed: int) -> tuple[int, int]:
    """Play to the end always answering the last pending seat (so early casts come first)."""
    seats = [SeatInfo(name=f"P{i + 1}", bot=n) for i, n in enumerate(names)]
    bots = [get_bot("crazy-fishing", n) for n in names]
    state = GAME.new_game(ADVANCED, seats, seed)
    steps = early = 0
    while pending := GAME.pending(state):
        seat = list(pending)[-1]
        early += state.phase == "collect" and pending[seat].kind == "cast"
        legal = GAME.legal_actions(state, seat)
        bot = bots[seat]
        action = bot.choose(GAME.view(state, seat) if bot.needs_view else None, legal, bot_rng(seed, seat, steps))
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
        steps += 1
        assert steps < 20_000
    assert GAME.result(state) is not None
    return steps, early


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_handle_early_casts_during_collect(players):
    total_early = 0
    for seed in (1, 2):
        _, early = _play_early_casters_first(["greedy"] * players, seed)
        total_early += early
        _play_early_casters_first(["random", "greedy"] * (players // 2), seed)
    assert total_early > 0
