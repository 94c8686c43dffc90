"""Views, prompts, descriptions and garbage actions (FP-Q-5, FP-Q-26, hidden information)."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from fishtable.engine.errors import IllegalAction
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import Exchange, Fish, GiveUnlucky, StartExchange, Take
from fishtable.games.fishing_party.describe import describe
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import NONE
from fishtable.games.fishing_party.views import FishingPartyView
from tests.games.fishing_party.builder import Builder, cid, play, seats, view_json

OPTIONS = GAME.prepare_options(FishingPartyOptions())


@pytest.mark.rule("FP-Q-26", "FP-Q-5")
def test_ponds_hand_sizes_and_pile_sizes_are_public_the_discard_contents_not():
    b = Builder()
    pond = b.cards_of("Bass:8", "Pike:9")
    discards = b.cards_of("ouch", "Walleye:9", "tire")
    state = b.state([b.filler(6), b.filler(5), b.filler(7)], ponds=[[], pond, []], discard=discards)
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        assert [p.hand_size for p in view.seats] == [6, 5, 7]
        assert [f.id for f in view.seats[1].pond] == [cid(state, c) for c in pond]
        assert view.seats[1].pond_weight == 17
        assert view.discard_pile == 3 and view.draw_pile == len(state.draw)
        text = view_json(state, seat)
        assert all(f'"{cid(state, c)}"' not in text for c in discards)


def test_the_public_view_has_no_hand_and_a_seat_view_its_own():
    state = GAME.new_game(OPTIONS, seats(4), 2)
    public = GAME.view(state, None)
    assert public.hand is None and public.prompt is None and public.aside is None
    mine = GAME.view(state, state.seat)
    assert [c.id for c in mine.hand] == [cid(state, c) for c in state.hands[state.seat]]
    assert mine.prompt is not None and mine.prompt.kind == "turn"
    assert mine.free_actions and mine.moves_left == 1 and mine.turn == state.seat
    assert public.kinds == ("Largemouth Bass", "Northern Pike", "Walleye", "Brook Trout", "Rainbow Trout",
                            "Brown Trout")
    assert sum(c.count for c in public.deck) == 110
    assert len(public.first_player_rolls[0]) == 4
    FishingPartyView.model_validate(public.model_dump())  # the view is a plain, frozen model


def test_card_faces_show_their_printed_values():
    b = Builder()
    jig, wal, magic = b.cards_of("Jig:3/5", "Walleye:8/19", "Magic")
    state = b.state([[jig, wal, magic, *b.filler(3)], b.filler(6)], scheme="tournament")
    hand = {c.id: c for c in GAME.view(state, 0).hand}
    fish = hand[cid(state, wal)]
    assert (fish.kind, fish.weight, fish.family, fish.tournament, fish.label) == ("Walleye", 19, 8, 19,
                                                                                "Walleye 19 lb")
    lure = hand[cid(state, jig)]
    assert lure.label == "Jig (Walleye 3, Largemouth Bass 5)" and lure.group == "lure"
    assert hand[cid(state, magic)].label == "Magic Lure (3-6)"
    assert hand[cid(state, state.hands[0][3])].group == "lucky"


def test_every_legal_action_has_a_plain_description():
    rng = random.Random(3)
    for n in (2, 3, 5):
        state = GAME.new_game(OPTIONS.model_copy(update={"quick_play": n == 3}), seats(n), n)
        for _ in range(400):
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = rng.choice(sorted(prompts))
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            lines = [describe(a, view) for a in legal]
            assert all(line and "a card" not in line and "None" not in line for line in lines), lines
            state, _ = GAME.apply(state, seat, rng.choice(legal))


def test_describe_examples():
    b = Builder()
    jig, spoon, wal, tire = b.cards_of("Jig:3/5", "Spinning Spoon:2/4", "Walleye:8", "tire")
    popper = b.card("Popper:1/2")
    state = b.state([[spoon, wal, tire, *b.filler(3)], b.filler(6)], lures=[jig, popper])
    view = GAME.view(state, 0)
    words = {a: describe(a, view) for a in GAME.legal_actions(state, 0)}
    assert "Swap your Jig (Walleye 3, Largemouth Bass 5) for the Spinning Spoon (Brook Trout 2, Rainbow Trout 4)" in \
        words.values()
    assert words[Fish(card=cid(state, wal))] == "Fish for the Walleye 8 lb (you need a 3)"
    assert words[GiveUnlucky(card=cid(state, tire), target=1)] == (
        "Play a Tire on Bob: their Popper (Northern Pike 1, Largemouth Bass 2) is discarded")
    state, _ = play(state, 0, StartExchange())
    view = GAME.view(state, 0)
    assert describe(Exchange(card=cid(state, tire)), view) == "Put aside your Tire to exchange"


def test_illegal_garbage_changes_nothing():
    """Actions legal elsewhere (other states, other seats) are refused in words when they do not fit."""
    rng = random.Random(8)
    pool = []
    states = []
    for seed in range(4):
        state = GAME.new_game(OPTIONS, seats(4), seed)
        for _ in range(150):
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = rng.choice(sorted(prompts))
            legal = GAME.legal_actions(state, seat)
            pool.extend(legal)
            states.append(state)
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    for state in rng.sample(states, 60):
        before = GAME.state_hash(state)
        for _ in range(15):
            seat = rng.randrange(4)
            action = rng.choice(pool)
            if action in GAME.legal_actions(state, seat):
                continue
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, seat, action)
            assert str(info.value)[-1] in ".?!" and "Traceback" not in str(info.value)
            assert GAME.state_hash(state) == before
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.apply(states[0], 9, pool[0])
    with pytest.raises(ValidationError):
        GAME.parse_action({"kind": "take"})
    with pytest.raises(ValidationError):
        GAME.parse_action({"kind": "spray", "change": 2})
    unknown = Take(card="Z99")
    state = next(s for s in states if s.stage == "swap")
    with pytest.raises(IllegalAction, match="Z99 is not on the table"):
        GAME.apply(state, state.seat, unknown)


def test_an_unlucky_card_on_a_missing_seat_is_refused():
    b = Builder()
    ouch = b.card("ouch")
    state = b.state([[ouch, *b.filler(5)], b.filler(6)])
    with pytest.raises(IllegalAction, match="no seat 8"):
        GAME.apply(state, 0, GiveUnlucky(card=cid(state, ouch), target=7))
    assert state.ouches == [NONE, NONE]
