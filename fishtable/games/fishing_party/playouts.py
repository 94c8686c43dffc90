"""Helpers for the search bots on full states (sampled worlds): a position's value and a
cheap playout policy.

Random Fishing Party games are long (about 8,800 steps at four players: random play
rarely fishes), so a search may cut its playouts short with `evaluate`, and play them
with `rollout_action`: the greedy bot's judgement read off the state, which ends a
four-player game in about 470 steps. Both read a whole state, which a search only
ever has for a world it imagined.
"""

from __future__ import annotations

import math
import random

from fishtable.games.fishing_party.actions import Action
from fishtable.games.fishing_party.bots import swap_exchange_or_pass
from fishtable.games.fishing_party.cards import (
    BROKEN_LINE,
    FIRST_AID,
    FISH,
    GOGGLES,
    LURES,
    MAGIC,
    OUCH,
    ROD,
    SNAP,
    SPRAY,
    TIRE,
    UNLUCKY,
)
from fishtable.games.fishing_party.common import has_perm
from fishtable.games.fishing_party.dispatch import legal_actions
from fishtable.games.fishing_party.scoring import BIGGEST_OF_KIND, HEAVIEST, MOST_FISH
from fishtable.games.fishing_party.state import NONE, FPState, Static

# -- The value of a position ---------------------------------------------------------------------

# Fitted (log-loss on who won) over 4,600 positions of 300 games of the playout policy, 2-5 players:
# the kinds in the pond tell most (the game ends when one player has them all); the points if the
# game ended now, and being ready to fish, a little. Loss 1.095 against 1.391 for "everyone equal".
TEMPERATURE = 4.0  # strength for a factor e in the odds
POINTS_WORTH = 0.25  # each point if the game ended now
KIND_WORTH = 3.0  # each kind in the pond
READY_WORTH = 0.5  # a rod and a lure in front and no Ouch: able to fish next turn


def points_now(state: FPState) -> list[int]:
    """Each seat's points if the game ended now (FP-SCORE-*, as `scoring.score_parts` counts them)."""
    st = state.static
    weight, kind_of = st.weight, st.kind_of
    ponds = state.ponds
    n = len(ponds)
    counts = [len(p) for p in ponds]
    totals = [0] * n
    best: dict[int, tuple[int, list[int]]] = {}  # kind -> (heaviest weight, seats holding it)
    for s, pond in enumerate(ponds):
        for c in pond:
            w = weight[c]
            totals[s] += w
            k = kind_of[c]
            top = best.get(k)
            if top is None or w > top[0]:
                best[k] = (w, [s])
            elif w == top[0]:
                top[1].append(s)
    most, heaviest = max(counts), max(totals)
    points = [0] * n
    for s in range(n):
        if most and counts[s] == most:
            points[s] += MOST_FISH
        if heaviest and totals[s] == heaviest:
            points[s] += HEAVIEST
    for _, holders in best.values():
        for s in holders:
            points[s] += BIGGEST_OF_KIND
    return points


def strengths(state: FPState) -> list[float]:
    """Each seat's strength: its points if the game ended now, its kinds, and being ready to fish."""
    points = points_now(state)
    out = []
    for s in range(state.n):
        ready = state.rods[s] != NONE and state.lures[s] != NONE and state.ouches[s] == NONE
        out.append(POINTS_WORTH * points[s] + KIND_WORTH * len(state.ponds[s]) + (READY_WORTH if ready else 0.0))
    return out


def evaluate(state: FPState, seat: int) -> float:
    """A heuristic chance in [0, 1] that `seat` wins from here; 1 or 0 once the game is over.

    The seats' strengths (`strengths`) through a softmax: equal strengths give every seat
    1/n, and each `TEMPERATURE` of strength ahead multiplies the odds by e.
    """
    if state.stage == "over":
        return 1.0 if seat in state.winners else 0.0
    power = strengths(state)
    top = max(power)
    weights = [math.exp((p - top) / TEMPERATURE) for p in power]
    return weights[seat] / sum(weights)


# -- A playout policy ----------------------------------------------------------------------------
# The greedy bot's judgement (bots.py), read straight off the state with the card tables: about
# as strong as greedy, and as quick to end a game (some 450 steps at four players, not 8,800).

DIE = 6
_UNLUCKY_ORDER = {OUCH: 0, SNAP: 1, TIRE: 2}


def _chances(st: Static) -> tuple[list[list[float]], list[list[float]]]:
    """Per lure card and fish kind, the chance one roll catches: without, then with a Spray Bottle."""
    table = st.action_cache.get("playout chances")
    if table is None:
        plain: list[list[float]] = []
        spray: list[list[float]] = []
        for card in st.cards:
            p_row, s_row = [], []
            for k in range(len(st.kinds)):
                wins = set(card.wins[k]) if card.wins else set()
                p_row.append(len(wins) / DIE)
                s_row.append(sum(1 for r in range(1, DIE + 1)
                                 if r in wins or (wins and r != 1 and (r - 1 in wins or r + 1 in wins))) / DIE)
            plain.append(p_row)
            spray.append(s_row)
        table = st.action_cache["playout chances"] = (plain, spray)
    return table


class _Judge:
    """What `seat` makes of its position, read once per decision."""

    __slots__ = ("chance", "hand", "have", "missing", "seat", "st", "state")

    def __init__(self, state: FPState, seat: int) -> None:
        st = state.static
        self.state, self.st, self.seat = state, st, seat
        self.hand = state.hands[seat]
        kind_of, weight = st.kind_of, st.weight
        self.have = {kind_of[c]: weight[c] for c in state.ponds[seat]}
        self.missing = [k for k in range(len(st.kinds)) if k not in self.have]
        plain, spray = _chances(st)
        self.chance = spray if has_perm(state, seat, SPRAY) else plain

    def gain(self, fish: int) -> float:
        st = self.st
        have = self.have.get(st.kind_of[fish])
        weight = st.weight[fish]
        if have is None:
            return 4.0 + weight / 20
        if weight > have:
            return 0.5 + (weight - have) / 20
        return 0.0

    def lure_worth(self, lure: int, fish: list[int]) -> float:
        if lure == NONE:
            return 0.0
        row = self.chance[lure]
        kind_of = self.st.kind_of
        worth = sum(self.gain(f) * row[kind_of[f]] for f in fish)
        shows = self.st.cards[lure].shows
        return worth + 0.3 * sum(1 for k in shows if k in self.missing)

    def value(self, card: int) -> float:
        """How much the seat wants to keep a card in hand."""
        st = self.st
        code = st.codes[card]
        state = self.state
        seat = self.seat
        if code == FISH:
            gain = self.gain(card)
            if not gain:
                return 0.0
            kind = st.kind_of[card]
            lure = state.lures[seat]
            reach = self.chance[lure][kind] if lure != NONE else 0.0
            if not reach:
                reach = max((self.chance[c][kind] for c in self.hand if st.codes[c] in LURES), default=0.0)
            return gain * (0.6 + reach)
        if code in LURES:
            fish = [c for c in self.hand if st.codes[c] == FISH]
            return 1.0 + self.lure_worth(card, fish) + (2.0 if code == MAGIC else 0.0)
        if code == ROD:
            return 6.0 if state.rods[seat] == NONE else 1.0
        if code == FIRST_AID:
            return 6.0 if state.ouches[seat] != NONE else 2.0
        if code == BROKEN_LINE:
            return 3.0
        if code in UNLUCKY:
            return 2.0
        if code == GOGGLES:
            return 1.0
        return 5.0


def _points(state: FPState) -> list[float]:
    return [p + 0.1 * len(pond) for p, pond in zip(points_now(state), state.ponds, strict=True)]


def _card(st: Static, action: Action) -> int:
    return st.by_id[action.card]  # type: ignore[union-attr]  # only actions that name a card come here


def _reaction(state: FPState, legal: list[Action]) -> Action:
    """Break the line of a valuable attempt: a new kind for the leader, a nearly full pond, a likely catch."""
    st = state.static
    fisher = state.seat
    fish = state.fishing
    kind = st.kind_of[fish]
    have = {st.kind_of[c] for c in state.ponds[fisher]}
    if kind in have:
        return legal[0]
    points = _points(state)
    plain, spray = _chances(st)
    chance = (spray if has_perm(state, fisher, SPRAY) else plain)[state.lures[fisher]][kind]
    valuable = points[fisher] >= max(points) or len(have) >= 4 or chance >= 0.5
    return legal[1] if valuable else legal[0]


def _turn(state: FPState, seat: int, judge: _Judge, legal: list[Action]) -> Action:
    st = state.static
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    hand = judge.hand
    fish = [c for c in hand if st.codes[c] == FISH]
    if "permanent" in by_kind:
        return by_kind["permanent"][0]
    if "place_lure" in by_kind:
        current = judge.lure_worth(state.lures[seat], fish)
        best = max(by_kind["place_lure"], key=lambda a: judge.lure_worth(_card(st, a), fish))
        if judge.lure_worth(_card(st, best), fish) > current + 0.05:
            return best
    if "goggles" in by_kind and not any(judge.value(c) > 2.5 for c in state.table):
        return by_kind["goggles"][0]
    if "rod" in by_kind:
        return max(by_kind["rod"], key=lambda a: judge.lure_worth(
            NONE if a.lure is None else st.by_id[a.lure], fish))  # type: ignore[union-attr]  # by_kind["rod"]: rods
    if "first_aid" in by_kind:
        return by_kind["first_aid"][0]
    if "fish" in by_kind:
        lure = state.lures[seat]
        return max(by_kind["fish"], key=lambda a: judge.gain(_card(st, a)) * judge.chance[lure][
            st.kind_of[_card(st, a)]])
    if "unlucky" in by_kind:
        points = _points(state)
        others = [s for s in range(state.n) if s != seat]
        leader = max(others, key=lambda s: (points[s], len(state.ponds[s])))
        if points[leader] + 0.5 >= points[seat]:
            mine = [a for a in by_kind["unlucky"] if a.target == leader]  # type: ignore[union-attr]  # all Unlucky
            if mine:
                return min(mine, key=lambda a: _UNLUCKY_ORDER.get(st.codes[_card(st, a)], 3))
    return swap_exchange_or_pass(by_kind, legal, judge.value, hand, state.table, state.stage == "turn")


def rollout_action(state: FPState, seat: int, rng: random.Random, epsilon: float = 0.0) -> Action:
    """A quick, sensible legal action for `seat`: the greedy bot's choice, read off the state.

    Catches first (the likeliest gain), lures that fit the fish in hand, rods, First Aid,
    Unlucky cards on the leader, swaps for a wanted table card, exchanges of useless cards,
    a Broken Line on a valuable attempt. With chance `epsilon` a uniformly random legal
    action instead, so playouts vary. Reads the whole state: for a sampled world only.
    """
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return legal[int(rng.random() * len(legal))]
    stage = state.stage
    st = state.static
    if stage == "reaction":
        return _reaction(state, legal)
    if stage == "spray":
        wins = st.cards[state.lures[state.seat]].wins[st.kind_of[state.fishing]]
        for action in legal:
            if action.change and state.roll + action.change in wins:  # type: ignore[union-attr]  # all Sprays
                return action
        return legal[0]
    judge = _Judge(state, seat)
    if stage == "discard" or stage == "give":
        return min(legal, key=lambda a: judge.value(_card(st, a)))
    if stage == "swap":
        taken = state.taken
        worst = min((judge.value(c) for c in judge.hand if c not in taken), default=0.0)
        best, best_gain = None, 0.5
        for action in legal:
            if action.kind == "take":
                gain = judge.value(_card(st, action)) - worst
                if gain > best_gain:
                    best, best_gain = action, gain
        if best is not None:
            return best
        return legal[-1]  # swap_done (listed last)
    if stage == "exchange":
        puts = [a for a in legal if a.kind == "exchange"]
        if puts:
            cheapest = min(puts, key=lambda a: judge.value(_card(st, a)))
            if judge.value(_card(st, cheapest)) < 1.5 or not state.aside:
                return cheapest
        return legal[-1]  # draw_back (listed last)
    return _turn(state, seat, judge, legal)
