"""Property tests: random legal Big Fish games, played to the end through the engine.

Hypothesis draws the game seed, the random player's seed, the number of seats
and the options. At every step every card must be in exactly one place; no
turn step may make a fish smaller; at the end the result adds up; a replay of
the same seed and actions gives the same hashes; and no seat's view or log
holds a card hidden from it, nor changes when those cards are shuffled.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.cards import BIG
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import seats

MAX_STEPS = 3000  # random games take ~130 steps at four players; a stalled game is caught long before
BASE = GAME.prepare_options(BigFishOptions())
SEED = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.integers(min_value=2, max_value=5)
HARD = st.booleans()
FIRST = st.one_of(st.none(), st.integers(min_value=1, max_value=5))
SIMULTANEOUS = ("place", "shrink", "event", "discard")


def options_for(n: int, hard: bool, first: int | None) -> BigFishOptions:
    return BASE.model_copy(update={"hard_mode": hard, "first_player": None if first is None else min(first, n)})


def play_out(options: BigFishOptions, n: int, seed: int, choice_seed: int,
             each: Callable[[BFState, int, object, BFState, list], None] | None = None,
             ) -> tuple[BFState, list[tuple[int, object]]]:
    state = GAME.new_game(options, seats(n), seed)
    chooser = random.Random(choice_seed)
    actions: list[tuple[int, object]] = []
    while True:
        prompts = GAME.pending(state)
        if not prompts:
            return state, actions
        assert len(actions) < MAX_STEPS, f"no end after {MAX_STEPS} steps (round {state.round})"
        seat = chooser.choice(sorted(prompts))
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} is asked to {prompts[seat].kind} but has no legal action"
        action = chooser.choice(legal)
        after, events = GAME.apply(state, seat, action)
        if each is not None:
            each(state, seat, action, after, events)
        actions.append((seat, action))
        state = after


# -- cards in exactly one place ---------------------------------------------------------------------


def check_zones(state: BFState) -> None:
    zones: dict[str, list[int]] = {"deck": state.deck, "row": state.row, "discard": state.discard}
    for s in range(state.n):
        zones[f"hand {s}"] = state.hands[s]
        zones[f"spot {s}"] = state.spots[s]
        zones[f"wilds {s}"] = state.wilds[s]
        zones[f"ice {s}"] = state.ice[s]
        zones[f"aside {s}"] = state.aside[s]
    seen: Counter[int] = Counter()
    for name, cards in zones.items():
        seen.update(cards)
        for c in cards:
            kind = state.cards[c].type
            if name.startswith(("spot", "ice")) or (state.phase == "place" and name.startswith("aside")):
                assert kind == "fish", f"{state.cids[c]} in {name}"
                assert 0 <= state.sizes[c] <= BIG
            else:
                assert state.sizes[c] == -1, f"{state.cids[c]} in {name} keeps a size"
            if name.startswith("wilds"):
                assert kind == "wild"
    assert seen == Counter(range(len(state.cards))), "a card is missing or in two places"
    assert len(state.cards) == 63
    assert sorted(state.event_deck + state.event_seen) == list(range(len(state.events))) == list(range(13))
    for s in range(state.n):
        assert set(state.fresh[s]) <= set(state.wilds[s])
        assert set(state.targets[s]) <= set(state.spots[s])
    if state.phase == "turn":
        assert state.taken <= state.allowed
        assert set(state.grown) <= set(state.spots[state.seat]) | set(state.ice[state.seat]) | set(state.discard) | \
            {c for s in state.spots for c in s}


def check_no_shrink(before: BFState, action: object, after: BFState, events: list) -> None:
    """No turn step makes a fish smaller; only a black shrink card or a round-end event may."""
    if before.phase not in ("turn", "place"):
        return
    if any(e.kind in ("event", "shrink") for e in events):
        return  # a round-end event or a black card's shrink, each announced
    for card, old in enumerate(before.sizes):
        new = after.sizes[card]
        if old >= 0 and new >= 0:
            assert new >= old, f"{before.cards[card].name} shrank after {action}"


def check_result(state: BFState) -> None:
    result = GAME.result(state)
    assert result is not None and state.phase == "over"
    assert state.round >= 5 and state.events[state.event_seen[-1]].effect == "end_game"
    for line in result.scores:
        parts = dict(line.parts)
        assert line.total == sum(parts.values())
        ice = sum(state.cards[c].points[state.sizes[c]] for c in state.ice[line.seat])
        spot = sum(2 if state.sizes[c] == BIG else 1 for c in state.spots[line.seat])
        assert parts == {"Ice Box": ice, "Fishing Spot": spot}
    best = max(line.total for line in result.scores)
    assert set(result.winners) == {line.seat for line in result.scores if line.total == best}


@pytest.mark.rule("BF-SIZE-3", "BF-END-1", "BF-END-2", "BF-END-3", "BF-SCORE-3", "BF-SETUP-1", "BF-SETUP-2",
                  "BF-Q-10", "BF-Q-22")
@settings(max_examples=100)
@given(n=PLAYERS, hard=HARD, first=FIRST, seed=SEED, choice_seed=SEED)
@example(n=5, hard=True, first=None, seed=1, choice_seed=1)
@example(n=2, hard=False, first=2, seed=2, choice_seed=2)
def test_random_games_conserve_cards_grow_only_and_end(n: int, hard: bool, first: int | None, seed: int,
                                                        choice_seed: int) -> None:
    pool: list[object] = []
    rnd = random.Random(seed ^ 0xBADC0DE)

    def each(before: BFState, seat: int, action: object, after: BFState, events: list) -> None:
        snapshot = before.canonical()
        check_zones(after)
        check_no_shrink(before, action, after, events)
        if after.hard:
            for s in range(after.n):
                bagged = [after.cards[c].name for c in after.ice[s] if after.cards[c].bag]
                assert len(bagged) == len(set(bagged)), "a bag limit was broken"
        pool.append(action)
        # Garbage: actions from other moments are refused unless legal now, and change nothing.
        prompts = GAME.pending(before)
        for other in rnd.sample(pool, min(3, len(pool))):
            for s in (seat, rnd.randrange(before.n)):
                if other in GAME.legal_actions(before, s):
                    continue
                with pytest.raises(IllegalAction):
                    GAME.apply(before, s, other)
        idle = [s for s in range(before.n) if s not in prompts]
        for s in idle[:1]:
            assert GAME.legal_actions(before, s) == []
            with pytest.raises(IllegalAction):
                GAME.apply(before, s, action)
        assert before.canonical() == snapshot, "apply changed the state it was given"

    start = GAME.new_game(options_for(n, hard, first), seats(n), seed)
    check_zones(start)
    final, actions = play_out(options_for(n, hard, first), n, seed, choice_seed, each)
    assert actions
    check_zones(final)
    check_result(final)
    assert all(GAME.legal_actions(final, s) == [] for s in range(n))


# -- replay and saves --------------------------------------------------------------------------------


@settings(max_examples=40)
@given(n=PLAYERS, hard=HARD, seed=SEED, choice_seed=SEED, cut=st.floats(0, 1))
def test_replay_and_save_reproduce_the_game(n: int, hard: bool, seed: int, choice_seed: int, cut: float) -> None:
    options = options_for(n, hard, None)
    hashes = [GAME.state_hash(GAME.new_game(options, seats(n), seed))]

    def each(before: BFState, seat: int, action: object, after: BFState, events: list) -> None:
        hashes.append(GAME.state_hash(after))

    final, actions = play_out(options, n, seed, choice_seed, each)
    again = GAME.new_game(options, seats(n), seed)
    for i, (seat, action) in enumerate(actions):
        parsed = GAME.parse_action(json.loads(json.dumps(action.model_dump(mode="json"))))
        assert parsed == action
        again, _ = GAME.apply(again, seat, parsed)
        assert GAME.state_hash(again) == hashes[i + 1]
    assert again.canonical() == final.canonical()

    match = Match.start(GAME, options, seats(n), seed)
    stop = int(cut * (len(actions) - 1))
    mid = None
    for i, (seat, action) in enumerate(actions):
        if i == stop:
            mid = match.to_save().model_dump_json()
        match.apply(seat, action)
    assert match.is_over and match.state_hash() == hashes[-1]
    loaded = replay(parse_save(match.to_save().model_dump_json()))
    assert loaded.result() == match.result()
    for k in [None, *range(n)]:
        assert loaded.view(k) == match.view(k) and loaded.log_for(k) == match.log_for(k)
    resumed = replay(parse_save(mid))
    assert resumed.state_hash() == hashes[stop]


# -- hidden information -----------------------------------------------------------------------------------


def hidden_from(state: BFState, k: int | None) -> set[int]:
    """Draw cards seat k (None: the public table) may not see now.

    A card everyone saw another seat take from the Face-Up row is not hidden: the
    table knows it is in that hand (BF-DRAW-2).
    """
    hidden = set(state.deck)
    for s in range(state.n):
        if s != k:
            hidden |= {c for c in (*state.hands[s], *state.aside[s]) if state.origin[c] >= 0}
    return hidden


def reshuffle_hidden(state: BFState, k: int | None, rnd: random.Random) -> BFState:
    """A state k cannot tell from `state`: hidden cards shuffled among hidden places, events reordered.

    Cards are exchanged only with cards from the same Draw Deck (the opening one, or the
    one made at a reshuffle, whose cards everyone saw face up in the discard pile): a
    new deck holds only those cards, so the table can tell them from the others.
    """
    new = state.clone()
    aside = [list(a) for a in new.aside]
    slots = [(new.deck, i) for i in range(len(new.deck))]
    for s in range(new.n):
        if s != k:
            slots += [(new.hands[s], i) for i in range(len(new.hands[s]))]
            slots += [(aside[s], i) for i in range(len(aside[s]))]
    slots = [(zone, i) for zone, i in slots if new.origin[zone[i]] >= 0]
    by_deck: dict[int, list[tuple[list[int], int]]] = {}
    for zone, i in slots:
        by_deck.setdefault(new.origin[zone[i]], []).append((zone, i))
    for group in by_deck.values():
        cards = [zone[i] for zone, i in group]
        rnd.shuffle(cards)
        for (zone, i), card in zip(group, cards, strict=True):
            zone[i] = card
    new.aside = [tuple(a) for a in aside]
    rnd.shuffle(new.event_deck)
    if new.phase in ("shrink", "event"):
        for s in range(new.n):
            if s != k and s in new.waiting:
                new.targets[s] = ()  # an unfinished secret choice of fish
    return new


def check_hidden(state: BFState, rnd: random.Random) -> int:
    moved = 0
    for k in [None, *range(state.n)]:
        view = GAME.view(state, k)
        # The reshuffles name the face-up discard pile each new deck was made of: public history.
        text = view.model_dump_json(exclude={"reshuffles"})
        assert [set(p) for p in view.reshuffles] == [{state.cids[c] for c in p} for p in state.pools]
        leaked = sorted(state.cids[c] for c in hidden_from(state, k) if f'"{state.cids[c]}"' in text)
        assert not leaked, f"seat {k} sees hidden cards {leaked} in phase {state.phase}"
        assert not any(f'"{e.cid}"' in text for i, e in enumerate(state.events) if i not in state.event_seen)
        other = reshuffle_hidden(state, k, rnd)
        moved += other.canonical() != state.canonical()
        assert GAME.view(other, k) == view, f"seat {k}'s view depends on hidden cards (phase {state.phase})"
    return moved


def check_secret_choice(state: BFState, seat: int, action: object, rnd: random.Random) -> int:
    """While a simultaneous phase goes on, no one else can tell which choice `seat` made."""
    if state.phase not in SIMULTANEOUS:
        return 0
    options = [action, *rnd.sample(GAME.legal_actions(state, seat), min(3, len(GAME.legal_actions(state, seat))))]
    afters = [GAME.apply(state, seat, a) for a in options]
    # Choices that leave the phase open (same phase, round and card, someone still choosing).
    open_ = [(s, ev) for s, ev in afters
             if (s.phase, s.round, s.resolving) == (state.phase, state.round, state.resolving) and s.waiting]
    for _after, ev in open_:
        assert ev == [], "a secret choice was announced before everyone had chosen"
    for k in [None, *(x for x in range(state.n) if x != seat)]:
        assert len({GAME.view(s, k).model_dump_json() for s, _ in open_}) <= 1, \
            f"seat {k} can tell which {state.phase} choice seat {seat} made"
    return len(open_)


@pytest.mark.slow
@pytest.mark.rule("BF-SETUP-4", "BF-SETUP-6", "BF-SETUP-12", "BF-DRAW-3", "BF-SPAWN-3", "BF-WILD-7", "BF-Q-23")
@settings(max_examples=50)
@given(n=PLAYERS, hard=HARD, seed=SEED, choice_seed=SEED)
@example(n=4, hard=False, seed=4, choice_seed=4)
def test_views_hide_every_hidden_card(n: int, hard: bool, seed: int, choice_seed: int) -> None:
    sampler = random.Random(choice_seed ^ 0x5EED)
    counts: Counter[str] = Counter()

    def each(before: BFState, seat: int, action: object, after: BFState, events: list) -> None:
        if before.phase in SIMULTANEOUS or sampler.random() < 0.25:
            counts["moved"] += check_hidden(before, sampler)
            counts["secret"] += check_secret_choice(before, seat, action, sampler)

    final, _ = play_out(options_for(n, hard, None), n, seed, choice_seed, each)
    check_hidden(final, sampler)
    assert counts["moved"] > 0, "the reshuffles never moved a card: the check proves nothing"
    assert counts["secret"] > 0, "no secret choice was ever compared"


@pytest.mark.rule("BF-SETUP-4", "BF-DRAW-3")
@settings(max_examples=40)
@given(n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(n=3, seed=3, choice_seed=3)
def test_the_log_never_shows_a_seat_another_seats_secret(n: int, seed: int, choice_seed: int) -> None:
    match = Match.start(GAME, BASE, seats(n), seed)
    chooser = random.Random(choice_seed)
    while not match.is_over:
        seat = chooser.choice(sorted(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    events = match.events_since(0)
    private = [e for e in events if e.visible_to is not None]
    assert all(len(e.visible_to) == 1 for e in private)  # (a game may, rarely, draw only face up)
    ids = {c.cid for c in match._state.cards} | {e.cid for e in match._state.events}
    for k in [None, *range(n)]:
        log = match.log_for(k)
        assert not any(cid in line.split() for line in log for cid in ids)  # lines name cards, never ids
        mine = Counter(e.text for e in private if k is not None and k in e.visible_to)
        public = Counter(e.text for e in events if e.visible_to is None)
        theirs = {e.text for e in private if k is None or k not in e.visible_to}
        for text in theirs:
            assert Counter(log)[text] == mine[text] + public[text], text
    assert not any(line.startswith("You ") for line in match.log_for(None))
