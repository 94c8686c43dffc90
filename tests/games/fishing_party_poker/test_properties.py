"""Property tests: random legal Fishing Party Poker sessions, played to the end through the engine.

Hypothesis draws the seed, the player's seed, the number of seats (2-8) and
the options. At every step: every card is in exactly one place and no chip
appears or vanishes; at every hand's end, the pots are paid as an independent
settlement says; along the way, no seat's view or log holds a card hidden
from it, and a view does not change when the cards hidden from it are
reshuffled.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.fishing_party_poker import GAME, betting
from fishtable.games.fishing_party_poker.actions import DEAL, KEEP, Bet, Fold, StopSession, Swap
from fishtable.games.fishing_party_poker.cards import CardSpec, PokerCardFile
from fishtable.games.fishing_party_poker.hands import evaluate
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.state import PokerState
from tests.games.fishing_party_poker.builder import seats

MAX_STEPS = 40_000  # random sessions below take a few thousand steps at most
STOP_CHANCE = 0.002  # now and then somebody calls time, from any seat

SEED = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.integers(min_value=2, max_value=8)
SHORT = PokerOptions(starting_chips=10, ante=3, small_bet=4, big_bet=8)
# Few distinct cards: equal hands, split pots and five of a rank come often.
NARROW = PokerOptions(
    starting_chips=20, ante=2, small_bet=3, big_bet=6,
    cards=PokerCardFile(
        format="fishtable-fishing-party-poker-cards", version=1,
        cards=[CardSpec(name="Tire", rank=r, suit=s) for r in ("A", "K", "7") for s in ("spades", "hearts")] * 8,
    ),
)
OPTIONS = st.one_of(
    st.builds(
        PokerOptions,
        starting_chips=st.integers(10, 30),
        ante=st.integers(1, 3),
        small_bet=st.integers(1, 4),
        big_bet=st.integers(1, 8),
        max_raises=st.integers(0, 4),
        max_hands=st.sampled_from([0, 0, 0, 4, 15]),
    ),
    st.just(PokerOptions(max_hands=4)),
    st.just(NARROW),
)


def play_out(
    options: PokerOptions, n: int, seed: int, choice_seed: int,
    each: Callable[[PokerState, int, object, PokerState, list], None] | None = None,
) -> tuple[PokerState, list[tuple[int, object]]]:
    """Random legal moves (and the odd StopSession) to the end; `each(before, seat, action, after, events)`."""
    state = GAME.new_game(options, seats(n), seed)
    chooser = random.Random(choice_seed)
    actions: list[tuple[int, object]] = []
    while True:
        prompts = GAME.pending(state)
        if not prompts:
            return state, actions
        assert len(actions) < MAX_STEPS, "the session does not end"
        assert len(prompts) == 1, "poker asks one seat at a time"
        if not state.stopping and chooser.random() < STOP_CHANCE:
            seat, action = chooser.randrange(n), StopSession()
        else:
            seat = next(iter(prompts))
            legal = GAME.legal_actions(state, seat)
            assert legal, f"seat {seat} is asked to {prompts[seat].kind} with no legal action"
            action = chooser.choice(legal)
        after, events = GAME.apply(state, seat, action)
        if each is not None:
            each(state, seat, action, after, events)
        actions.append((seat, action))
        state = after


# -- cards and chips ------------------------------------------------------------------------------


def check_zones(state: PokerState) -> None:
    places = Counter(state.deck)
    for hand in state.hands:
        places.update(hand)
    places.update(state.community)
    assert places == Counter(range(len(state.cards))), "a card is missing or in two places"
    assert len(state.community) == 5
    for s in range(state.n):
        assert len(state.hands[s]) == (5 if state.in_hand[s] else 0)


def check_chips(state: PokerState, start: int) -> None:
    assert sum(state.chips) + sum(state.committed) == start * state.n, "chips appeared or vanished"
    assert min(state.chips) >= 0 and min(state.committed) >= 0
    if state.phase in ("hand_over", "over"):
        assert sum(state.committed) == 0
    for s in range(state.n):
        assert 0 <= state.round_bet[s] <= state.committed[s] or state.phase != "betting"


def reference_payout(committed: list[int], contenders: list[int], values: dict[int, int],
                     order: list[int]) -> list[int]:
    """An independent settlement: peel off the smallest stake still in, pay it to the best eligible hand."""
    stakes = committed[:]
    paid = [0] * len(committed)
    live = [s for s in contenders]
    while any(stakes[s] > 0 for s in live):
        slice_ = min(stakes[s] for s in live if stakes[s] > 0)
        eligible = [s for s in live if stakes[s] > 0]
        pot = 0
        for s in range(len(stakes)):
            take = min(stakes[s], slice_)
            stakes[s] -= take
            pot += take
        best = max(values[s] for s in eligible)
        winners = [s for s in order if s in eligible and values[s] == best]
        for i, s in enumerate(winners):
            paid[s] += pot // len(winners) + (1 if i < pot % len(winners) else 0)
    assert sum(stakes) == 0, "chips left that nobody still in could win"
    return paid


def check_hand_end(before: PokerState, seat: int, action: object, after: PokerState, events: list) -> None:
    """The pot of the hand that just ended went where the rules say (FP-POKER-13, FP-Q-29, FP-Q-31)."""
    kind = action.kind
    assert kind not in ("bet", "raise"), "a bet or raise cannot end a hand"
    contenders = before.contenders()
    shows = [e for e in events if e.kind == "show"]
    if kind == "fold" and len(contenders) == 2:
        (winner,) = [s for s in contenders if s != seat]
        expected = before.chips[:]
        expected[winner] += sum(before.committed)
        assert after.chips == expected
        assert not shows and after.shown == [], "a hand won uncontested was shown"
        return
    if kind == "fold":  # the last action of the last round, with two or more players left
        contenders = [s for s in contenders if s != seat]
    committed = before.committed[:]
    chips = before.chips[:]
    if kind == "call":
        cost = betting.to_call(before, seat)
        committed[seat] += cost
        chips[seat] -= cost
    values = {s: evaluate(after.hands[s], after.bits, after.suits) for s in contenders}
    order = before.clockwise_from(before.dealer)
    paid = reference_payout(committed, contenders, values, order)
    assert after.chips == [c + p for c, p in zip(chips, paid, strict=True)]
    # Nobody wins more than they could: from each player, at most what they put in themselves.
    for s in contenders:
        assert paid[s] <= sum(min(c, committed[s]) for c in committed)
    # Every player still in shows, in the ruled order, and nobody else.
    assert sorted(after.shown) == sorted(contenders)
    assert [e.text.split(" shows ")[0] for e in shows] == [after.names[s] for s in after.shown]
    top = max(committed[s] for s in contenders)
    assert committed[after.shown[0]] == top, "the first to show made the highest bet"


# -- hidden information ---------------------------------------------------------------------------


def hidden_from(state: PokerState, k: int | None) -> set[int]:
    """Cards seat k may not see; a card everyone saw another seat take from the community is not hidden."""
    hidden = set(state.deck)
    if not state.face_up:
        hidden |= set(state.community)
    known = {c for cards in state.known for c in cards}
    for s in range(state.n):
        if s != k and s not in state.shown:
            hidden |= set(state.hands[s]) - known
    return hidden


def reshuffle_hidden(state: PokerState, k: int | None, rnd: random.Random) -> PokerState:
    """A state seat k cannot tell from `state`: every card hidden from it moved among the hidden places."""
    new = state.clone()
    zones = [new.deck] + [new.hands[s] for s in range(new.n) if s != k and s not in new.shown]
    if not new.face_up:
        zones.append(new.community)
    known = {c for cards in new.known for c in cards}
    slots = [(zone, i) for zone in zones for i in range(len(zone)) if zone[i] not in known]
    cards = [zone[i] for zone, i in slots]
    rnd.shuffle(cards)
    for (zone, i), card in zip(slots, cards, strict=True):
        zone[i] = card
    return new


def check_hidden(state: PokerState, rnd: random.Random) -> int:
    moved = 0
    for k in [None, *range(state.n)]:
        view = GAME.view(state, k)
        text = view.model_dump_json()
        leaked = sorted(state.cids[c] for c in hidden_from(state, k) if f'"{state.cids[c]}"' in text)
        assert not leaked, f"seat {k} sees hidden cards {leaked} ({state.phase}, hand {state.hand_no})"
        if k is not None and k not in state.shown and state.phase in ("betting", "swap"):
            for other in range(state.n):
                if other != k:
                    assert view.seats[other].shown is None  # FP-POKER-4: no other hand before the showdown
        other_state = reshuffle_hidden(state, k, rnd)
        moved += other_state.canonical() != state.canonical()
        assert GAME.view(other_state, k) == view, f"seat {k}'s view depends on cards hidden from it"
    return moved


LABEL = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]")


def check_events(before: PokerState, after: PokerState, events: list) -> None:
    for e in events:
        if e.visible_to is not None:
            assert e.kind == "deal" and len(e.visible_to) == 1, e
            continue
        if LABEL.search(e.text):
            # Only a reveal, a swap (public cards) and a showdown ever name a card in public.
            assert e.kind in ("reveal", "swap", "show"), e
    if any(e.kind == "show" for e in events):
        assert len(before.contenders()) >= 2


@pytest.mark.rule("FP-POKER-13", "FP-Q-29.5", "FP-Q-29.6", "FP-Q-31", "FP-POKER-8", "FP-POKER-12")
@settings(max_examples=80)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=SHORT, n=8, seed=1, choice_seed=1)
@example(options=SHORT, n=2, seed=2, choice_seed=2)
def test_random_sessions_end_conserve_cards_and_chips_and_pay_every_pot_right(
    options: PokerOptions, n: int, seed: int, choice_seed: int
) -> None:
    seen = Counter()

    def each(before: PokerState, seat: int, action: object, after: PokerState, events: list) -> None:
        check_zones(after)
        check_chips(after, options.starting_chips)
        assert GAME.result(before) is None
        idle = [s for s in range(before.n) if s not in GAME.pending(before)]
        if idle and action.kind != "stop_session":
            assert GAME.legal_actions(before, idle[0]) == []
            snapshot = before.canonical()
            with pytest.raises(IllegalAction):
                GAME.apply(before, idle[0], action)
            assert before.canonical() == snapshot
        if before.phase in ("betting", "swap") and after.phase in ("hand_over", "over"):
            check_hand_end(before, seat, action, after, events)
            seen["hands"] += 1
            seen["side pots"] += len(after.awards) > 1
            seen["shown"] += bool(after.shown)
        check_events(before, after, events)

    final, _ = play_out(options, n, seed, choice_seed, each)
    assert GAME.pending(final) == {} and final.phase == "over"
    for s in range(n):
        assert GAME.legal_actions(final, s) == []
    result = GAME.result(final)
    assert [line.total for line in result.scores] == final.chips
    assert set(result.winners) == {s for s in range(n) if final.chips[s] == max(final.chips)}
    assert sum(line.total for line in result.scores) == n * options.starting_chips
    if not final.stopping and not (options.max_hands and final.hand_no >= options.max_hands):
        assert sorted(final.chips)[-2] == 0, "the session ended with two players holding chips"
    assert seen["hands"] == final.hand_no


@pytest.mark.rule("FP-POKER-4", "FP-POKER-6", "FP-POKER-8", "FP-Q-29.6")
@settings(max_examples=25)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=SHORT, n=5, seed=5, choice_seed=5)
def test_views_and_logs_hide_every_hidden_card(options: PokerOptions, n: int, seed: int, choice_seed: int) -> None:
    sampler = random.Random(choice_seed ^ 0x5EED)
    counts = Counter()

    def each(before: PokerState, seat: int, action: object, after: PokerState, events: list) -> None:
        if counts["checked"] < 60 and sampler.random() < 0.25:
            counts["moved"] += check_hidden(before, sampler)
            counts["checked"] += 1
            counts[before.phase] += 1
        check_events(before, after, events)

    final, _ = play_out(options, n, seed, choice_seed, each)
    check_hidden(final, sampler)
    assert counts["moved"] > 0 or counts["checked"] == 0


# -- replay, saves and JSON ------------------------------------------------------------------------


@settings(max_examples=20)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED, cut=st.floats(0, 1))
@example(options=SHORT, n=3, seed=3, choice_seed=3, cut=0.5)
def test_replay_and_save_reproduce_the_session(
    options: PokerOptions, n: int, seed: int, choice_seed: int, cut: float
) -> None:
    hashes: list[str] = []

    def each(before, seat, action, after, events):
        hashes.append(GAME.state_hash(before))

    final, actions = play_out(options, n, seed, choice_seed, each)
    hashes.append(GAME.state_hash(final))

    state = GAME.new_game(options, seats(n), seed)
    again = [GAME.state_hash(state)]
    for seat, action in actions:
        state, _ = GAME.apply(state, seat, action)
        again.append(GAME.state_hash(state))
    assert again == hashes

    match = Match.start(GAME, options, seats(n), seed)
    stop = int(cut * (len(actions) - 1))
    mid_save = None
    for i, (seat, action) in enumerate(actions):
        if i == stop:
            mid_save = match.to_save().model_dump_json()
        parsed = GAME.parse_action(json.loads(json.dumps(action.model_dump(mode="json"))))
        assert parsed == action
        match.apply(seat, parsed)
    assert match.is_over and match.state_hash() == hashes[-1]
    loaded = replay(parse_save(match.to_save().model_dump_json()))
    assert loaded.state_hash() == hashes[-1] and loaded.result() == match.result()
    for k in [None, *range(n)]:
        assert loaded.view(k) == match.view(k)
        assert loaded.log_for(k) == match.log_for(k)
    resumed = replay(parse_save(mid_save))
    assert resumed.state_hash() == hashes[stop]


@settings(max_examples=15)
@given(n=PLAYERS, seed=SEED, choice_seed=SEED)
def test_logs_show_a_seat_only_its_own_private_lines(n: int, seed: int, choice_seed: int) -> None:
    options = PokerOptions(starting_chips=10)
    match = Match.start(GAME, options, seats(n), seed)
    chooser = random.Random(choice_seed)
    while not match.is_over:
        assert match.step_count < MAX_STEPS
        seat = next(iter(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    events = match.events_since(0)
    private = [e for e in events if e.visible_to is not None]
    assert private, "no private deal line in a whole session"
    for k in [None, *range(n)]:
        log = match.log_for(k)
        assert log == [e.text for e in events if e.visible_for(k)]
        others = [e.text for e in private if k is None or k not in e.visible_to]
        mine = Counter(e.text for e in private if k is not None and k in e.visible_to)
        public = Counter(e.text for e in events if e.visible_to is None)
        for text in others:
            assert Counter(log)[text] == mine[text] + public[text], text


# -- illegal actions --------------------------------------------------------------------------------


@settings(max_examples=20)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
def test_garbage_actions_are_refused_and_change_nothing(
    options: PokerOptions, n: int, seed: int, choice_seed: int
) -> None:
    rnd = random.Random(choice_seed)
    pool: list[object] = [DEAL, KEEP, Bet(), Fold(), Swap(give="C999", take="C001"), Swap(give="x", take="y")]
    tried = Counter()

    def each(before: PokerState, seat: int, action: object, after: PokerState, events: list) -> None:
        if action.kind != "stop_session" and action not in pool and len(pool) < 400:
            pool.append(action)
        # Every step may be probed; the first always is, so a short session still tries some junk.
        if not tried or rnd.random() < 0.3:
            for _ in range(3):
                junk = rnd.choice(pool)
                who = rnd.randrange(-1, n + 1)
                legal = GAME.legal_actions(before, who) if 0 <= who < n else []
                if junk in legal:
                    continue
                snapshot = before.canonical()
                with pytest.raises(IllegalAction) as info:
                    GAME.apply(before, who, junk)
                message = str(info.value)
                assert message[:1].isupper() and message.rstrip().endswith((".", ")")), message
                assert before.canonical() == snapshot
                tried["refused"] += 1

    play_out(options, n, seed, choice_seed, each)
    assert tried["refused"] > 0


@pytest.mark.rule("FP-Q-29.5", "FP-Q-31", "FP-POKER-13")
def test_fixed_short_stacked_sessions_reach_side_pots_splits_and_returned_bets():
    """The random checks above must meet the hard cases; these seeds make sure they do."""
    seen = Counter()
    start = {"chips": 0}

    def each(before: PokerState, seat: int, action: object, after: PokerState, events: list) -> None:
        check_zones(after)
        check_chips(after, start["chips"])
        if before.phase in ("betting", "swap") and after.phase in ("hand_over", "over"):
            check_hand_end(before, seat, action, after, events)
            seen["hands"] += 1
            seen["showdowns"] += bool(after.shown)
            seen["uncontested"] += not after.shown
            seen["side pots"] += sum(1 for a in after.awards if a.pot.startswith("side pot") and not a.returned)
            seen["returned"] += sum(1 for a in after.awards if a.returned)
            seen["splits"] += sum(1 for a in after.awards if len(a.winners) > 1)

    for i in range(24):
        options = SHORT if i % 2 else NARROW
        start["chips"] = options.starting_chips
        play_out(options, 2 + i % 7, 1000 + i, 2000 + i, each)
    assert seen["hands"] > 100
    for case in ("showdowns", "uncontested", "side pots", "returned", "splits"):
        assert seen[case] > 0, f"no {case} in {seen['hands']} hands"
