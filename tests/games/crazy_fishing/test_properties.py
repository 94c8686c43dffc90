"""Property tests: random legal Crazy Fishing games, played to the end through the engine.

Hypothesis draws the game seed, the seed of the random player, the number of
seats and the advanced options; the games are played with the engine functions
directly (no Match) except where the Match itself is under test.

At every step we check that every card is in exactly one place; at the end,
that the result adds up; along the way, that a seat's view holds no card hidden
from it and does not change when every card hidden from it is shuffled among
the cards that look the same to it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Cast, FishBait
from fishtable.games.crazy_fishing.collecting import stuck
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.scoring import boot_bonus
from fishtable.games.crazy_fishing.state import CFState, Layout
from tests.games.crazy_fishing.builder import build, cid, ids

# A random game of 2-6 players takes at most ~210 steps and ~25 rounds in thousands of
# sampled games; these bounds leave a wide margin while still catching a game that stalls.
MAX_STEPS = 2000
MAX_ROUNDS = 150
HAND_SIZE = 6

SEED = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.integers(min_value=2, max_value=6)
OPTIONS = st.one_of(
    st.just(CrazyFishingOptions()),
    st.integers(min_value=0, max_value=10).map(
        lambda k: CrazyFishingOptions(oos_rods=True, random_oos_fish=k)
    ),
)
ADVANCED = CrazyFishingOptions(oos_rods=True, random_oos_fish=10)


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"Player {i + 1}") for i in range(n)]


def moves(
    state: CFState, chooser: random.Random
) -> Iterator[tuple[CFState, int, object]]:
    """Play random legal moves to the end: yield (state before, seat, action) for each step."""
    steps = 0
    while True:
        prompts = GAME.pending(state)
        if not prompts:
            return
        steps += 1
        assert steps <= MAX_STEPS, f"no end after {MAX_STEPS} steps (round {state.round})"
        assert state.round <= MAX_ROUNDS, f"still playing in round {state.round}"
        seat = chooser.choice(sorted(prompts))
        actions = GAME.legal_actions(state, seat)
        assert actions, f"seat {seat} is asked to {prompts[seat].kind} but has no legal action"
        action = chooser.choice(actions)
        yield state, seat, action
        state, _ = GAME.apply(state, seat, action)


def play_out(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int,
    each: Callable[[CFState, int, object], None] | None = None,
) -> tuple[CFState, list[tuple[int, object]]]:
    state = GAME.new_game(options, seats(n), seed)
    chooser = random.Random(choice_seed)
    actions: list[tuple[int, object]] = []
    for before, seat, action in moves(state, chooser):
        if each is not None:
            each(before, seat, action)
        actions.append((seat, action))
        state, _ = GAME.apply(before, seat, action)
    return state, actions


# -- zones ---------------------------------------------------------------------------------


def zones(state: CFState) -> dict[str, list[int]]:
    """Every place a card can be, by name. Pointers (targets, peeks, choices) are not places."""
    out: dict[str, list[int]] = {
        "sea": list(state.sea),
        "beside": list(state.beside),
        "rod deck": list(state.rod_deck),
        "bait deck": list(state.bait_deck),
        "rod discard": list(state.rod_discard),
        "bait discard": list(state.bait_discard),
        "removed": list(state.removed),
    }
    for s in range(state.n):
        out[f"hand {s}"] = list(state.hands[s])
        out[f"pile {s}"] = list(state.piles[s])
        cast = state.casts[s]
        out[f"cast rods {s}"] = list(cast[0]) if cast else []
        out[f"cast baits {s}"] = list(cast[1]) if cast else []
        fish = state.fish_bait[s] if state.fish_bait else None
        # While fish-as-bait choices are secret the chosen fish stays in its pile;
        # once shown, it leaves the pile and lies in front of its player.
        out[f"fish bait {s}"] = [fish] if fish is not None and state.phase != "fish_bait" else []
    return out


ZONE_TYPES = {
    "sea": "fish", "beside": "fish", "rod deck": "rod", "bait deck": "bait", "rod discard": "rod",
    "bait discard": "bait", "removed": "fish", "hand": ("rod", "bait"), "pile": "fish",
    "cast rods": "rod", "cast baits": "bait", "fish bait": "fish",
}


def check_zones(state: CFState) -> None:
    places = zones(state)
    seen: Counter[int] = Counter()
    for name, cards in places.items():
        seen.update(cards)
        allowed = ZONE_TYPES[name.rstrip("0123456789 ")]
        for c in cards:
            assert state.cards[c].type in allowed, f"{state.cards[c].cid} ({state.cards[c].type}) in {name}"
    everything = Counter(range(len(state.cards)))
    assert seen == everything, (
        f"missing {sorted(state.cards[c].cid for c in everything - seen)}, "
        f"twice {sorted(state.cards[c].cid for c, k in seen.items() if k > 1)}"
    )
    if state.phase == "fish_bait":
        for s, fish in enumerate(state.fish_bait):
            assert fish is None or fish in state.piles[s], "a fish-as-bait choice not from its pile"
    if state.turn is not None:
        for c in state.turn.targets:
            assert c in state.sea or c in state.beside, "a fish turned over that is not in the sea"
        # A fish looked at may since have been caught; a look is a memory, not a place.
        assert all(state.cards[c].type == "fish" for c in state.turn.peeks)
    for c in state.sea + state.beside:
        assert c in state.layout.label and c in state.layout.pos, "a sea fish without a place"
    labels = [state.layout.label[c] for c in state.sea + state.beside]
    assert len(labels) == len(set(labels)), "two sea fish share a label"
    if state.phase == "cast":
        for s in range(state.n):
            if state.casts[s] is None:
                assert len(state.hands[s]) <= HAND_SIZE


# -- (a), (b), (c): games end, cards are conserved, results add up ----------------------------


def check_result(state: CFState) -> None:
    result = GAME.result(state)
    assert result is not None and state.phase == "over"
    assert [line.seat for line in result.scores] == list(range(state.n))
    for line in result.scores:
        assert line.total == sum(v for _, v in line.parts), line
        parts = dict(line.parts)
        pile = [state.cards[c] for c in state.piles[line.seat]]
        assert parts["fish"] == sum(c.value for c in pile)
        assert parts["boot bonus"] == boot_bonus(sum(c.fish_kind == "boot" for c in pile))
        assert line.name == state.names[line.seat]
    best = max(line.total for line in result.scores)
    assert set(result.winners) == {line.seat for line in result.scores if line.total == best}
    assert list(result.winners) == sorted(result.winners)
    # A game ends with five fish or fewer (CF-END-1), or earlier only when the table can never
    # move again: nobody put a card forward and nobody can draw one (collecting.stuck's ruling).
    assert len(state.sea) + len(state.beside) <= 5 or stuck(state), "the game ended with six or more fish left"


@pytest.mark.rule("CF-END-1", "CF-END-3", "CF-END-4", "CF-END-5", "CF-Q-19", "CF-ROUND-2")
@settings(max_examples=40)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=ADVANCED, n=2, seed=1, choice_seed=1)
@example(options=ADVANCED, n=6, seed=2, choice_seed=2)
# Both seats stuck with six fish left: a Crab over '+' baits, a Moray Eel over '+' rods, full hands.
@example(options=CrazyFishingOptions(oos_rods=True, random_oos_fish=4), n=2, seed=1_945_184_200, choice_seed=4)
def test_random_games_end_conserve_cards_and_score(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int
) -> None:
    checked = {"illegal": 0}

    def each(state: CFState, seat: int, action: object) -> None:
        check_zones(state)
        assert GAME.result(state) is None
        before = state.canonical()
        after, _ = GAME.apply(state, seat, action)
        assert state.canonical() == before, "apply changed the state it was given"
        check_zones(after)
        # A seat with nothing to decide is refused, and the state is untouched.
        idle = [s for s in range(state.n) if s not in GAME.pending(state)]
        if idle:
            assert GAME.legal_actions(state, idle[0]) == []
            with pytest.raises(IllegalAction):
                GAME.apply(state, idle[0], action)
            assert state.canonical() == before
            checked["illegal"] += 1

    final, actions = play_out(options, n, seed, choice_seed, each)
    assert actions and len(actions) <= MAX_STEPS
    check_zones(final)
    assert GAME.pending(final) == {}
    for s in range(n):
        assert GAME.legal_actions(final, s) == []
    check_result(final)


# -- (d): replay and saves -----------------------------------------------------------------


@settings(max_examples=25)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED, cut=st.floats(0, 1))
@example(options=ADVANCED, n=3, seed=3, choice_seed=3, cut=0.5)
def test_replay_and_save_reproduce_the_game(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int, cut: float
) -> None:
    hashes: list[str] = []

    def each(state: CFState, seat: int, action: object) -> None:
        hashes.append(GAME.state_hash(state))

    final, actions = play_out(options, n, seed, choice_seed, each)
    hashes.append(GAME.state_hash(final))

    # Same seed and actions: the same game, step by step.
    again: list[str] = []
    state = GAME.new_game(options, seats(n), seed)
    again.append(GAME.state_hash(state))
    for seat, action in actions:
        state, _ = GAME.apply(state, seat, action)
        again.append(GAME.state_hash(state))
    assert again == hashes

    # Through a Match, with every action round-tripped through JSON.
    match = Match.start(GAME, options, seats(n), seed)
    stop = int(cut * (len(actions) - 1))  # save before this action
    mid_save = None
    for i, (seat, action) in enumerate(actions):
        if i == stop:
            mid_save = match.to_save().model_dump_json()
        parsed = GAME.parse_action(json.loads(json.dumps(action.model_dump(mode="json"))))
        assert parsed == action
        match.apply(seat, parsed)
        assert match.state_hash() == hashes[i + 1]
    assert match.is_over and match.step_count == len(actions)

    loaded = replay(parse_save(match.to_save().model_dump_json()))
    assert loaded.state_hash() == hashes[-1]
    assert loaded.result() == match.result()
    for k in [None, *range(n)]:
        assert loaded.view(k) == match.view(k)
        assert loaded.log_for(k) == match.log_for(k)

    assert mid_save is not None
    resumed = replay(parse_save(mid_save))
    assert resumed.state_hash() == hashes[stop]
    assert resumed.pending() == GAME.pending(_state_at(options, n, seed, actions[:stop]))
    for seat, action in actions[stop:]:
        resumed.apply(seat, action)
    assert resumed.state_hash() == hashes[-1]


def _state_at(options: CrazyFishingOptions, n: int, seed: int, actions: list) -> CFState:
    state = GAME.new_game(options, seats(n), seed)
    for seat, action in actions:
        state, _ = GAME.apply(state, seat, action)
    return state


@pytest.mark.rule("CF-SETUP-9", "CF-COLLECT-5", "CF-ROD-8")
@settings(max_examples=20)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=ADVANCED, n=4, seed=4, choice_seed=4)
def test_log_for_a_seat_holds_no_private_event_of_another(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int
) -> None:
    match = Match.start(GAME, options, seats(n), seed)
    chooser = random.Random(choice_seed)
    while not match.is_over:
        assert match.step_count < MAX_STEPS
        seat = chooser.choice(sorted(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    events = match.events_since(0)
    private = [e for e in events if e.visible_to is not None]
    assert private, "a whole game without a single private draw"
    for e in private:
        assert len(e.visible_to) == 1, e
    for k in [None, *range(n)]:
        log = match.log_for(k)
        assert log == [e.text for e in events if e.visible_to is None or (k is not None and k in e.visible_to)]
        mine = Counter(e.text for e in private if k is not None and k in e.visible_to)
        public = Counter(e.text for e in events if e.visible_to is None)
        theirs = Counter(e.text for e in private if k is None or k not in e.visible_to)
        # No line of another seat's private event reaches k (unless k has an identical line itself).
        for text in theirs:
            assert Counter(log)[text] == mine[text] + public[text], text
    public_log = match.log_for(None)
    assert not any(line.startswith("You ") for line in public_log)


# -- (e): hidden information -----------------------------------------------------------------


def _others(state: CFState, k: int | None) -> list[int]:
    return [s for s in range(state.n) if s != k]


def _secret_casts(state: CFState) -> bool:
    # In Collect the only casts are those made early for the next round: face down (issue 7).
    return state.phase in ("cast", "collect") or (state.phase == "fish_bait" and not state.revealed)


def _known_sea(state: CFState, k: int | None) -> set[int]:
    """Sea fish whose front k knows now: fish turned over, k's own Fish Finder looks, and fish
    whose front the whole table saw (an escape, the Smart Bream) lying where they went back."""
    known = set(state.seen)
    turn = state.turn
    if turn is None:
        return known
    known |= set(turn.targets)
    if k is not None and turn.seat == k:
        known |= set(turn.peeks)
    return known


def hidden_from(state: CFState, k: int | None) -> set[int]:
    """Every card whose face seat k (None: the public table) may not see now."""
    hidden = set(state.rod_deck) | set(state.bait_deck)
    hidden |= (set(state.sea) | set(state.beside)) - _known_sea(state, k)
    for s in _others(state, k):
        hidden |= set(state.hands[s])
        if state.phase != "over":  # the scores are counted from the piles: shown at the end
            hidden |= set(state.piles[s][:-1])
        if _secret_casts(state) and state.casts[s] is not None:
            hidden |= set(state.casts[s][0]) | set(state.casts[s][1])
    return hidden


def _shuffle_slots(slots: list[tuple[list[int], int]], rnd: random.Random) -> None:
    cards = [zone[i] for zone, i in slots]
    rnd.shuffle(cards)
    for (zone, i), card in zip(slots, cards, strict=True):
        zone[i] = card


def reshuffle_hidden(state: CFState, k: int | None, rnd: random.Random) -> CFState:
    """A state k cannot tell from `state`: every hidden card shuffled among its look-alikes."""
    new = state.clone()
    table = new.cards
    secret = _secret_casts(new)
    # Rods among rods and baits among baits, across the decks, other hands and face-down casts.
    for kind, deck in (("rod", new.rod_deck), ("bait", new.bait_deck)):
        slots = [(deck, i) for i in range(len(deck))]
        for s in _others(new, k):
            zones_ = [new.hands[s]]
            if secret and new.casts[s] is not None:
                zones_ += [new.casts[s][0], new.casts[s][1]]
            for zone in zones_:
                slots += [(zone, i) for i, c in enumerate(zone) if table[c].type == kind]
        _shuffle_slots(slots, rnd)
    # Discard piles: only the top card is shown.
    for pile in (new.rod_discard, new.bait_discard):
        _shuffle_slots([(pile, i) for i in range(len(pile) - 1)], rnd)
    # Catch piles of others below the top, across seats (their sum shows only at the end).
    if new.phase != "over":
        _shuffle_slots(
            [(new.piles[s], i) for s in _others(new, k) for i in range(len(new.piles[s]) - 1)], rnd
        )
    # Out-of-series rod: another seat's fish-as-bait choice is secret until everyone chose.
    if new.phase == "fish_bait":
        for s in _others(new, k):
            cast = new.casts[s]
            if (s not in new.choosing and cast and cast[1] and new.piles[s]
                    and any(table[c].special == "oos_rod" for c in cast[0])):
                new.fish_bait[s] = rnd.choice([None, *new.piles[s]])
    # Sea fish among the places with the same back clue, sea and beside apart.
    known = _known_sea(new, k)
    perm: dict[int, int] = {}
    for where in (new.sea, new.beside):
        groups: dict[str, list[int]] = {}
        for c in where:
            if c not in known:
                groups.setdefault(table[c].back, []).append(c)
        for group in groups.values():
            moved = group[:]
            rnd.shuffle(moved)
            perm.update(zip(group, moved, strict=True))
    if perm:
        def p(c: int) -> int:
            return perm.get(c, c)
        # The fish that was at place `c` is now p(c): positions, labels and covers stay put.
        old = new.layout
        new.layout = Layout(
            pos={p(c): xy for c, xy in old.pos.items()},
            label={p(c): lab for c, lab in old.label.items()},
            masks={p(c): mask for c, mask in old.masks.items()},
            coverers=None if old.coverers is None else {
                p(c): tuple(p(x) for x in cov) for c, cov in old.coverers.items()
            },
        )
        new.sea = [p(c) for c in new.sea]
        new.beside = [p(c) for c in new.beside]
        if new.turn is not None:
            new.turn.peeks = [p(c) for c in new.turn.peeks]
    return new


def check_hidden(state: CFState, rnd: random.Random) -> int:
    """Check every seat's view and the public one; return how many reshuffles moved a card."""
    moved = 0
    for k in [None, *range(state.n)]:
        view = GAME.view(state, k)
        text = view.model_dump_json()
        leaked = sorted(state.cards[c].cid for c in hidden_from(state, k) if f'"{state.cards[c].cid}"' in text)
        assert not leaked, f"seat {k} sees hidden cards {leaked} in phase {state.phase}"
        for _ in range(2):
            other = reshuffle_hidden(state, k, rnd)
            moved += other.canonical() != state.canonical()
            assert GAME.view(other, k).model_dump() == view.model_dump(), (
                f"seat {k}'s view changes when cards hidden from it are shuffled (phase {state.phase})"
            )
    return moved


def check_secret_choice(state: CFState, seat: int, action: object, rnd: random.Random) -> None:
    """While a simultaneous phase goes on, others cannot tell which choice `seat` made.

    Casts (in Cast, and made early during Collect), fish-as-bait choices and Puffer Fish
    answers are all secret until every seat concerned has chosen.
    """
    simultaneous = [s for s, p in GAME.pending(state).items() if p.simultaneous]
    if seat not in simultaneous:
        return
    if state.phase != "collect" and len(simultaneous) < 2:
        return  # the last choice ends the phase and everything is shown
    options = GAME.legal_actions(state, seat)
    alternatives = [action, *rnd.sample(options, min(3, len(options)))]
    for k in [None, *_others(state, seat)]:
        views = {GAME.view(GAME.apply(state, seat, a)[0], k).model_dump_json() for a in alternatives}
        assert len(views) == 1, f"seat {k} can tell which {state.phase} choice seat {seat} made"


@pytest.mark.rule(
    "CF-SETUP-4", "CF-SETUP-7", "CF-SETUP-9", "CF-CAST-2", "CF-CAST-10", "CF-CATCH-8",
    "CF-CATCH-9", "CF-COLLECT-5", "CF-ROD-8", "CF-BAIT-8", "CF-OOS-7", "CF-Q-14", "CF-Q-15",
    "CF-Q-16", "CF-Q-29",
)
@pytest.mark.slow
@settings(max_examples=30)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=ADVANCED, n=2, seed=5, choice_seed=5)
@example(options=ADVANCED, n=5, seed=6, choice_seed=6)
def test_views_hide_every_hidden_card(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int
) -> None:
    sampler = random.Random(choice_seed ^ 0x5EED)
    phases: Counter[str] = Counter()

    def each(state: CFState, seat: int, action: object) -> None:
        # Every step of a simultaneous or private phase is interesting; sample the rest.
        early_cast = state.phase == "collect" and getattr(action, "kind", "") == "cast"
        if state.phase in ("cast", "fish_bait") or early_cast or state.turn is not None or sampler.random() < 0.3:
            phases[state.phase] += 1
            phases["moved"] += check_hidden(state, sampler)
            check_secret_choice(state, seat, action, sampler)

    final, _ = play_out(options, n, seed, choice_seed, each)
    check_hidden(final, sampler)
    assert phases["cast"] > 0
    assert phases["moved"] > 0, "the reshuffles never moved a card: the check proves nothing"


# -- exact positions for the secret choices the random games rarely reach ---------------------


@pytest.mark.rule("CF-Q-29", "CF-OOS-7")
def test_fish_bait_choice_is_secret_until_everyone_chose() -> None:
    state = build(
        [["R:oos", "B3", "R2", "B1"], ["R:oos", "B2", "R3", "B1"], ["R5", "B4"]],
        piles=[["F2", "F6"], ["F1", "F5"], []],
    )
    oos = "Out-of-Series Rod"
    for seat, (rod, bait) in enumerate([(oos, "3"), (oos, "2"), ("5", "4")]):
        state, _ = GAME.apply(state, seat, Cast(rods=ids(state, seat, rod), baits=ids(state, seat, bait)))
    assert state.phase == "fish_bait" and sorted(GAME.pending(state)) == [0, 1]
    rnd = random.Random(0)
    for action in GAME.legal_actions(state, 0):
        check_secret_choice(state, 0, action, rnd)
        after, _ = GAME.apply(state, 0, action)
        assert after.phase == "fish_bait"
        check_hidden(after, rnd)
        for k in (None, 1, 2):
            cast = GAME.view(after, k).seats[0].cast
            assert cast is not None and cast.fish_bait is None and cast.bait == 3
    chosen, _ = GAME.apply(state, 0, FishBait(fish=cid(state, 0, "6", zone="pile")))
    done, _ = GAME.apply(chosen, 1, FishBait())
    assert done.phase == "catch"
    shown = GAME.view(done, 2).seats[0].cast
    assert shown.fish_bait is not None and shown.bait == 12  # shown to all at once (CF-OOS-7)


@pytest.mark.rule("CF-CATCH-9", "CF-CATCH-10", "CF-Q-16")
def test_a_buried_prawn_is_not_shown_to_opponents() -> None:
    state = build([["R5", "B4"], ["R3", "B2"]], piles=[["oos:prawn", "F4"], ["F1", "oos:prawn"]])
    for k in (None, 1):
        assert "Prawn" not in " ".join(GAME.view(state, k).seats[0].effects)
    assert any("Prawn" in e for e in GAME.view(state, 0).seats[0].effects)  # its owner knows
    for k in (None, 0, 1):
        assert any("Prawn" in e for e in GAME.view(state, k).seats[1].effects)  # on top: public
    check_hidden(state, random.Random(1))
