"""Computer players: legal, view-only, and the greedy bot clearly better than random."""

from __future__ import annotations

import random

from fishtable.arena.simulate import run_simulation
from fishtable.bots import bot_names, get_bot
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import BreakLine, Fish, LetRoll, Spray
from fishtable.games.fishing_party.bots import BOTS, GreedyBot
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rig


def test_the_greedy_bot_is_registered():
    assert set(BOTS) == {"greedy"} and BOTS["greedy"] is GreedyBot
    assert [n for n in bot_names("fishing-party") if n != "hard"] == ["random", "greedy", "easy", "normal"]
    bot = get_bot("fishing-party", "greedy")
    assert bot.needs_view and bot.name == "greedy"


def test_greedy_beats_three_random_players_and_always_plays_legally():
    report = run_simulation("fishing-party", 4, 24, 7, "greedy,random,random,random")
    assert report.wins[0] >= 18  # it wins nearly every game in practice
    rotated = run_simulation("fishing-party", 4, 12, 70, "random,random,greedy,random")
    assert rotated.wins[2] >= 9


def test_all_greedy_games_end():
    report = run_simulation("fishing-party", 5, 6, 3, "greedy")
    assert report.games == 6 and sum(report.wins) == 6
    assert max(report.game_steps) < 5000


def test_greedy_breaks_the_line_on_a_valuable_attempt_only():
    bot = GreedyBot()
    rng = random.Random(0)
    for pond_specs, expect_break in (((), False), (("Bass:5", "Pike:5", "Brook:4", "Rainbow:4"), True)):
        b = Builder()
        jig, wal, line = b.cards_of("Jig:3/5", "Walleye:6", "broken_line")
        pond = b.cards_of(*pond_specs)
        mine = b.cards_of("Bass:9", "Pike:9")
        state = b.state([[wal, *b.filler(5)], [line, *b.filler(5)], b.filler(6)], lures=[jig, NONE, NONE],
                        ponds=[pond, mine, []])
        state, _ = play(state, 0, Fish(card=cid(state, wal)))
        choice = bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), rng)
        assert choice == (BreakLine(card=cid(state, line)) if expect_break else LetRoll())


def test_greedy_uses_its_spray_bottle_to_catch():
    b = Builder()
    jig, wal, bottle = b.cards_of("Jig:3/5", "Walleye:6", "spray_bottle")
    state = b.state([[wal, *b.filler(5)], b.filler(6)], lures=[jig, NONE], perms=[[bottle], []])
    rig(state, 4)
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    assert state.stage == "spray"
    choice = GreedyBot().choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(1))
    assert choice == Spray(change=-1)


def test_greedy_fishes_first_and_attacks_the_leader():
    b = Builder()
    jig, wal, ouch = b.cards_of("Jig:3/5", "Walleye:6", "ouch")
    lead = b.cards_of("Bass:9", "Pike:9", "Brook:8")
    state = b.state([[wal, ouch, *b.filler(4, "Brook:2")], b.filler(6), b.filler(6)], lures=[jig, NONE, NONE],
                    ponds=[[], [], lead])
    bot = GreedyBot()
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(2)) == Fish(
        card=cid(state, wal))
    b2 = Builder()
    ouch = b2.card("ouch")
    lead = b2.cards_of("Bass:9", "Pike:9", "Brook:8")
    state = b2.state([[ouch, *b2.filler(5, "Brook:2")], b2.filler(6), b2.filler(6)], ponds=[[], [], lead])
    choice = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(2))
    assert choice.kind == "unlucky" and choice.target == 2
