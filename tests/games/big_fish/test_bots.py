"""Computer players: the greedy bot reads only its view, always moves legally, and beats random play."""

from __future__ import annotations

import random

from fishtable.arena.simulate import run_simulation
from fishtable.bots import bot_names, get_bot
from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, Catch, DrawDeck, TakeFaceUp
from fishtable.games.big_fish.bots import BOTS, GreedyBot
from tests.games.big_fish.builder import act, build, cid, kind


def test_the_bots_are_found_by_convention() -> None:
    assert [n for n in bot_names("big-fish") if n != "hard"] == ["random", "greedy", "easy", "normal"]
    assert isinstance(get_bot("big-fish", "greedy"), GreedyBot)
    assert BOTS["greedy"].needs_view and GreedyBot.name == "greedy"


def test_greedy_beats_random_players() -> None:
    wins = 0
    games = 0
    for seat in range(4):
        spec = ["random"] * 4
        spec[seat] = "greedy"
        report = run_simulation("big-fish", 4, 10, 100 + seat, ",".join(spec))
        wins += report.wins[seat]
        games += report.games
    assert wins / games > 0.6, wins


def test_greedy_plays_whole_games_legally_at_every_table_size() -> None:
    for n in (2, 3, 5):
        report = run_simulation("big-fish", n, 3, 40 + n, "greedy")
        assert report.games == 3 and sum(report.wins) >= 3


def test_greedy_grows_toward_big_and_catches_the_best_big_fish() -> None:
    bot = GreedyBot()
    rng = random.Random(0)
    # Growth: Medium to Big first.
    state = build([[], []], spots=[[("B1", "big"), ("Lar", "larval"), ("Med", "medium")], []], row=[], deck=["D1"])
    while kind(state) != "grow":
        state, _ = act(state, DONE)
    choice = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
    assert choice.fish == cid(state, "Med", zone="spot")
    # Late in the season, with Big Fish to spare, it catches the most valuable Big Fish.
    state = build([[], []], spots=[[("B1:0/1/2/3", "big"), ("Tuna:0/2/4/8", "big"), ("B3", "big")], []],
                  row=[], deck=["D1", "D2", "D3", "D4"], round=6)
    while kind(state) != "catch":
        state, _ = act(state, DONE)
    choice = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
    assert choice == Catch(fish=cid(state, "Tuna", zone="spot"))


def test_greedy_takes_a_valuable_face_up_card() -> None:
    state = build([[], []], spots=[[("B1", "big")], []], row=["Minnow:0/1/1/2", "Tuna:0/2/4/8"], deck=["D1"])
    choice = GreedyBot().choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert choice == TakeFaceUp(card=cid(state, "Tuna", zone="row"))
    state = build([[], []], spots=[[("B1", "big")], []], row=["Minnow:0/1/1/2"], deck=["D1"])
    choice = GreedyBot().choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert choice == DrawDeck()
