"""The fast paths of the Big Fish engine against plain versions of what they replace.

`legal_actions` reads each card's one-card actions from a table by card index (built once per
card table); here every step of many random games is checked against the actions built from the
card ids, as the engine did before. The wild step's targets and playability, found with plain
loops, are checked against brute-force versions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.big_fish import GAME, setup
from fishtable.games.big_fish.actions import DONE, DRAW_DECK, PLACES, PLAYS, one_card, play_wild
from fishtable.games.big_fish.cards import BIG, SIZE_KEYS, Card
from fishtable.games.big_fish.common import bag_blocked, protected
from fishtable.games.big_fish.dispatch import decision, legal_actions
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from fishtable.games.big_fish.wild import any_playable, steal_targets, swap_targets


def _others(state: BFState, seat: int) -> list[int]:
    n = len(state.names)
    return [(seat + k) % n for k in range(1, n)]


def _steals(state: BFState, seat: int, card: Card) -> list[tuple[int, int]]:
    return [(o, f) for o in _others(state, seat) if not protected(state, o, "steal")
            for f in state.spots[o] if state.sizes[f] in card.sizes and not bag_blocked(state, seat, f)]


def _swaps(state: BFState, seat: int) -> list[tuple[int, int, int]]:
    return [(m, o, t) for o in _others(state, seat) if not protected(state, o, "swap")
            for t in state.spots[o] for m in state.spots[seat] if state.sizes[m] == state.sizes[t]]


def _reference(state: BFState, seat: int) -> list[object]:
    """legal_actions as built from card ids, one look-up per card."""
    kind = decision(state, seat)
    cids, cards = state.cids, state.cards
    hand = state.hands[seat]
    if kind is None:
        return []
    if kind == "draw":
        out: list[object] = [one_card("take_face_up", cids[c]) for c in state.row]
        return [*out, DRAW_DECK] if state.deck or state.discard else out
    if kind in ("spawn", "event_spawn"):
        out = [one_card("spawn", cids[c]) for c in hand if cards[c].type == "fish"]
    elif kind == "grow":
        out = [one_card("grow", cids[c]) for c in state.spots[seat]
               if state.sizes[c] < BIG and c not in state.grown]
    elif kind == "catch":
        out = [one_card("catch", cids[c]) for c in state.spots[seat] if not bag_blocked(state, seat, c)]
    elif kind == "wild":
        out = []
        for c in hand:
            card = cards[c]
            if card.type != "wild":
                continue
            if card.effect == "steal":
                out += [PLAYS[cids[c], t, cids[f], None] for t, f in _steals(state, seat, card)]
            elif card.effect == "swap":
                out += [PLAYS[cids[c], t, cids[f], cids[m]] for m, t, f in _swaps(state, seat)]
            else:
                out.append(play_wild(cids[c]))
    elif kind == "place":
        fish = [cids[c] for c in hand if cards[c].type == "fish"]
        return [PLACES[f, SIZE_KEYS[s]] for s in setup.open_sizes(state, seat) for f in fish]
    elif kind in ("hand_limit", "event_discard"):
        return [one_card("discard", cids[c]) for c in hand]
    else:
        return list(legal_actions(state, seat))  # the kinds the fast path leaves as they were
    return [*out, DONE]


def game_start(g: int, first_seed: int) -> tuple[Any, random.Random]:
    """Game `g` of a run: 2 to 5 players, hard mode every other game, and its chooser."""
    n = 2 + g % 4
    options = GAME.prepare_options(BigFishOptions(hard_mode=bool(g % 2)))
    return GAME.new_game(options, [SeatInfo(name=f"P{i}") for i in range(n)], first_seed + g), random.Random(g)


def test_legal_actions_match_the_actions_built_from_card_ids() -> None:
    checked = 0
    for g in range(60):
        state, rng = game_start(g, 500)
        while True:
            waiting = list(GAME.pending(state))
            if not waiting:
                break
            for seat in range(len(state.names)):  # the seats not asked too: both give nothing
                legal = legal_actions(state, seat)
                assert legal == _reference(state, seat)
                assert all(a is b for a, b in zip(legal, _reference(state, seat), strict=True))
            seat = waiting[rng.randrange(len(waiting))]
            if state.phase == "turn" and state.step == "wild":
                for c in state.hands[seat]:
                    card = state.cards[c]
                    if card.effect == "steal":
                        assert steal_targets(state, seat, card) == _steals(state, seat, card)
                assert swap_targets(state, seat) == _swaps(state, seat)
                assert any_playable(state, seat) == any(
                    state.cards[c].type == "wild" and (
                        (state.cards[c].effect != "steal" or _steals(state, seat, state.cards[c]))
                        and (state.cards[c].effect != "swap" or _swaps(state, seat)))
                    for c in state.hands[seat])
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
            checked += 1
    assert checked > 5000


def test_a_card_named_by_id_is_found_only_where_it_is() -> None:
    """`_find` looks a card up by its id: one elsewhere, or an id no card has, is refused as before."""
    options = GAME.prepare_options(BigFishOptions())
    state = GAME.new_game(options, [SeatInfo(name=f"P{i}") for i in range(3)], 11)
    rng = random.Random(3)
    seen = 0
    while GAME.pending(state) and seen < 40:
        seat = next(iter(GAME.pending(state)))
        if state.phase == "turn" and state.step == "draw" and state.row:
            elsewhere = state.hands[seat][0]
            for cid in (state.cids[elsewhere], "F99", "X", ""):
                with pytest.raises(IllegalAction, match=f"There is no card {cid} among the Face-Up Cards"):
                    GAME.apply(state, seat, one_card("take_face_up", cid))
            first = state.row[0]
            new, _ = GAME.apply(state, seat, one_card("take_face_up", state.cids[first]))
            assert first in new.hands[seat] and first not in new.row
            seen += 1
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    assert seen


def test_a_step_without_a_log_ends_where_the_logged_step_does() -> None:
    """A playout's step writes no log and takes shortcuts (a turn with no Big Fish and no wild card
    goes straight to the catch); the same step with its log, as ReplayEvents plays it, must leave
    the very same state."""
    from fishtable.games.big_fish.dispatch import _BY_DECISION

    shortcuts = 0
    for g in range(40):
        state, rng = game_start(g, 900)
        while GAME.pending(state):
            waiting = list(GAME.pending(state))
            seat = waiting[rng.randrange(len(waiting))]
            legal = GAME.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            kind = decision(state, seat)
            assert kind is not None
            new, events = GAME.apply(state, seat, action)
            logged = state.fork()
            lines: list[Event] = []
            _BY_DECISION[kind][action.kind](logged, seat, action, lines)
            assert logged.canonical() == new.canonical()
            assert (logged.origin, logged.pools) == (new.origin, new.pools)
            assert list(events) == lines
            shortcuts += any("has no Big Fish: no cards to draw" in e.text for e in events)
            state = new
    assert shortcuts > 50
