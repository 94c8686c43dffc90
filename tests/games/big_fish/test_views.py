"""What the UI gets: views, prompts, action descriptions (and the protocol's plumbing)."""

from __future__ import annotations

import random
import re

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.engine.registry import get_entry
from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, DrawDeck, Grow, PlayWild
from fishtable.games.big_fish.describe import describe
from fishtable.games.big_fish.options import BigFishOptions
from tests.games.big_fish.builder import act, build, kind, seats


def test_the_registry_plays_big_fish() -> None:
    entry = get_entry("big-fish")
    assert entry.module is not None and entry.load() is GAME
    assert (GAME.name, GAME.title) == ("big-fish", "Big Fish")


def test_the_step_in_progress_counts_growth_steps_in_words() -> None:
    state = build([[], []], spots=[[("Tuna:0/2/4/8", "big"), ("Lar", "larval")], []], row=[], deck=[])
    assert kind(state) == "grow"
    assert GAME.view(state, None).step.text == "1 Big Fish: up to 1 growth step — 0 used so far"


def test_a_view_draws_the_table_at_a_glance() -> None:
    state = build([["Cod", "W:extra_grow"], ["Hake"]],
                  spots=[[("Tuna:0/2/4/8", "big"), ("Lar", "larval")], [("Other", "medium")]],
                  wilds=[["W:extra_catch"], []], fresh=[["W:extra_spawn"], []],
                  ice=[[("Caught:0/1/3/5", "medium")], []], row=["R1", "R2", "R3", "R4"], discard=["Gone"],
                  deck=[f"D{i}" for i in range(5)], start=False)
    from fishtable.games.big_fish import turn

    state.fresh[0] = ()  # seat 0's turn: its cards all work
    turn.begin_step(state, "draw")
    mine = GAME.view(state, 0)
    public = GAME.view(state, None)
    panel = public.seats[0]
    assert [(f.label, f.size_word, f.points) for f in panel.spot] == [
        ("Tuna — Big (8)", "Big", 8), ("Lar — Larval (0)", "Larval", 0)]
    assert [(w.card.name, w.colour, w.step, w.active) for w in panel.wilds] == [
        ("Rod", "yellow", "catch", True), ("Seaweed", "purple", "spawn", True)]
    assert [(f.label, f.points) for f in panel.ice] == [("Caught — Medium (3)", 3)]
    assert (panel.hand_size, panel.big_fish, panel.ice_points, panel.spot_points) == (2, 1, 3, 3)
    assert panel.first_player and panel.active and panel.status == "playing"
    assert [c.name for c in public.face_up] == ["R1", "R2", "R3", "R4"]
    assert (public.deck_size, public.discard_size, public.event_deck_size) == (5, 1, 5)
    assert public.discard[0].name == "Gone"
    assert (public.round, public.first_player, public.active_seat) == (1, 0, 0)
    assert public.step is not None and (public.step.step, public.step.allowed, public.step.taken) == ("draw", 1, 0)
    assert public.hand is None and public.prompt is None
    assert [c.name for c in mine.hand] == ["Cod", "Plankton"]
    assert mine.hand[0].points == (0, 1, 2, 4) and mine.hand[1].colour == "green"
    assert mine.hand[1].text == "Grow step: one extra growth step."
    assert mine.prompt is not None and mine.prompt.private and not mine.prompt.simultaneous


def test_every_legal_action_has_a_plain_description() -> None:
    opts = GAME.prepare_options(BigFishOptions())
    rnd = random.Random(5)
    seen: set[str] = set()
    for seed in range(6):
        state = GAME.new_game(opts, seats(3), seed)
        while GAME.pending(state):
            seat = rnd.choice(sorted(GAME.pending(state)))
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                text = describe(action, view)
                # "a card" / "a fish" are the words for an id the view does not show.
                assert text and not re.search(r"\ba (card|fish|wild card)\b", text), (action, text)
                assert not any(f" {c.cid}" in text for c in state.cards)
            seen.update(a.kind for a in legal)
            state, _ = GAME.apply(state, seat, rnd.choice(legal))
    assert {"place", "take_face_up", "draw_deck", "spawn", "grow", "catch", "done"} <= seen


def test_descriptions_of_black_cards_name_their_targets() -> None:
    state = build([["W:steal", "W:swap"], []],
                  spots=[[("Mine", "medium")], [("Prize:0/2/4/8", "big"), ("M2", "medium")]], row=[], deck=["D1"])
    while kind(state) != "wild":
        state, _ = act(state, DONE)
    view = GAME.view(state, 0)
    texts = {describe(a, view) for a in GAME.legal_actions(state, 0)}
    assert "Play Poaching: take Ben's Prize (Big, 8) into your Ice Box" in texts
    assert "Play Relocation: swap your Mine (Medium, 2) for Ben's M2 (Medium, 2)" in texts
    assert "Play no wild card" in texts


def test_a_turn_prompt_is_private_and_says_what_it_allows() -> None:
    state = build([[], []], spots=[[("B1", "big"), ("B2", "big"), ("L", "larval")], []], row=["R1", "R2", "R3"])
    prompt = GAME.pending(state)[0]
    assert (prompt.kind, prompt.private, prompt.simultaneous) == ("draw", True, False)
    assert prompt.text == "Draw 2 cards, one at a time, from the Face-Up Cards or the deck (0 taken so far)."
    state, _ = act(state, DrawDeck())
    assert "(1 taken so far)" in GAME.pending(state)[0].text
    state, _ = act(state, DrawDeck())
    assert kind(state) == "spawn"


def test_parse_action_round_trips_and_refuses_garbage() -> None:
    for action in (DONE, DrawDeck(), Grow(fish="F01"), PlayWild(card="W01", seat=1, fish="F02", mine="F03")):
        assert GAME.parse_action(action.model_dump(mode="json")) == action
    with pytest.raises(ValueError):
        GAME.parse_action({"kind": "teleport"})
    state = build([["Cod"], []], spots=[[("B", "big")], []], row=["R1"])
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.apply(state, 7, DONE)
    with pytest.raises(IllegalAction, match="does not fit now"):
        GAME.apply(state, 0, Grow(fish="F01"))


def test_the_state_hash_is_stable_and_sensitive() -> None:
    a = GAME.new_game(GAME.prepare_options(BigFishOptions()), seats(3), 11)
    b = GAME.new_game(GAME.prepare_options(BigFishOptions()), seats(3), 11)
    c = GAME.new_game(GAME.prepare_options(BigFishOptions()), seats(3), 12)
    assert GAME.state_hash(a) == GAME.state_hash(b) != GAME.state_hash(c)
    assert GAME.state_hash(a.clone()) == GAME.state_hash(a)
    assert len(GAME.state_hash(a)) == 64


def test_a_clone_copies_every_field_and_shares_nothing_mutable() -> None:
    import dataclasses

    state = build([["Cod", "W:extra_grow"], ["Hake"]], spots=[[("B", "big"), ("L", "larval")], [("M", "medium")]],
                  wilds=[["W:extra_catch"], []], ice=[[("I", "big")], []], row=["R1", "R2"])
    copy = state.clone()
    for field in dataclasses.fields(state):
        assert getattr(copy, field.name) == getattr(state, field.name), field.name
    before = state.canonical()
    copy.hands[0].append(99)
    copy.spots[1].clear()
    copy.sizes[0] = 3
    copy.deck.pop()
    copy.grown.append(1)
    copy.event_deck.pop()
    assert state.canonical() == before


def test_a_fork_shares_only_the_lists_the_engine_replaces() -> None:
    import dataclasses

    from fishtable.games.big_fish.state import _SHARED

    state = build([["Cod", "W:extra_grow"], ["Hake"]], spots=[[("B", "big"), ("L", "larval")], [("M", "medium")]],
                  wilds=[["W:extra_catch"], []], ice=[[("I", "big")], []], row=["R1", "R2"])
    fork = state.fork()
    for field in dataclasses.fields(state):
        mine, theirs = getattr(fork, field.name), getattr(state, field.name)
        assert mine == theirs, field.name
        if isinstance(theirs, list):
            assert (mine is theirs) == (field.name in _SHARED), field.name
            if field.name not in _SHARED and theirs and isinstance(theirs[0], list):
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), field.name
