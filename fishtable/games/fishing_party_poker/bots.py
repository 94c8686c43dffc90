"""Fishing Party Poker computer players that reason from a seat's view alone.

`GreedyBot` (registered as "greedy") bets on hand strength: it estimates the
hand it will hold after the swaps still to come, from its own cards and the
face-up community (or, before the reveal, from a small sample of the cards
it cannot see), and compares it with what an opponent typically ends with.
It bets and raises strong hands, calls when the pot pays for its chances,
and folds the rest. It swaps for the best hand it can make, looking one swap
ahead at the first swap.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Protocol, cast

from fishtable.engine.protocol import HardPlayer
from fishtable.games.fishing_party_poker.hands import PLAIN, SUITED, rank_bit
from fishtable.games.fishing_party_poker.views import CardFace, PokerView

Card = tuple[int, int]  # (rank bit, suit) — all the evaluator needs
_SUITS = ("spades", "hearts", "diamonds", "clubs")
_SAMPLES = 12  # communities imagined before the reveal
_REFERENCE_DEALS = 3000

# Thresholds on the estimated chance of winning the showdown against everyone still in.
BET_CHANCE = 0.55
_RAISE = 0.7
_CALL_MARGIN = 0.02


def _value(cards: Sequence[Card]) -> int:
    a, b, c, d, e = cards
    key = a[0] + b[0] + c[0] + d[0] + e[0]
    if a[1] == b[1] == c[1] == d[1] == e[1]:
        return SUITED[key]
    return PLAIN[key]


def _card(face: CardFace) -> Card:
    return (rank_bit(face.value), _SUITS.index(face.suit))


def _standard_deck() -> list[Card]:
    """What a player knows of the deck: two 52-card sets (FP-Q-28)."""
    return [(rank_bit(r), s) for r, s in product(range(2, 15), range(4))] * 2


def best_swap(hand: list[Card], community: list[Card]) -> tuple[int, int, int]:
    """(value, hand index, community index) of the best single swap; (-1, -1) keeps the hand."""
    best = (_value(hand), -1, -1)
    trial = hand[:]
    for i in range(5):
        kept = trial[i]
        for j, card in enumerate(community):
            trial[i] = card
            v = _value(trial)
            if v > best[0]:
                best = (v, i, j)
        trial[i] = kept
    return best


def after_swaps(hand: list[Card], community: list[Card], swaps: int) -> int:
    """The value reached by `swaps` greedy swaps (nobody else touching the community)."""
    hand, community = hand[:], community[:]
    value = _value(hand)
    for _ in range(swaps):
        value, i, j = best_swap(hand, community)
        if i < 0:
            break
        hand[i], community[j] = community[j], hand[i]
    return value


@lru_cache(maxsize=1)
def reference_finals() -> list[int]:
    """Sorted values of the hands a player typically ends with after two good swaps."""
    rng = random.Random(20240601)
    deck = _standard_deck()
    out = []
    for _ in range(_REFERENCE_DEALS):
        cards = rng.sample(deck, 10)
        out.append(after_swaps(cards[:5], cards[5:], 2))
    out.sort()
    return out


def beat_chance(value: int) -> float:
    """How often `value` beats one opponent's typical final hand (ties count half)."""
    ref = reference_finals()
    below = bisect_left(ref, value)
    ties = bisect_right(ref, value) - below
    return (below + ties / 2) / len(ref)



# The actions as the bot reads them: by their fields, without importing the game's action models.
class _Action(Protocol):
    @property
    def kind(self) -> str: ...


class _Swap(_Action, Protocol):
    @property
    def give(self) -> str: ...
    @property
    def take(self) -> str: ...

class GreedyBot:
    """Bets on its hand's strength and its chances of improving by a swap."""

    name = "greedy"
    needs_view = True

    def choose(self, view: object, legal: list[_Action], rng: random.Random) -> _Action:
        if not isinstance(view, PokerView):
            raise TypeError(f"GreedyBot decides from a PokerView only, not {type(view).__name__}.")
        if not legal:
            raise ValueError("GreedyBot was asked to choose with no legal action.")
        if len(legal) == 1:
            return legal[0]
        if view.seat is None or view.hand is None:
            raise ValueError("GreedyBot needs a seat's own view, with its hand.")
        kinds = {a.kind for a in legal}
        if "swap" in kinds or "keep" in kinds:
            return self._swap(view, legal)
        return self._bet(view, legal, rng)

    # -- swapping -------------------------------------------------------------------------------
    def _swap(self, view: PokerView, legal: list[_Action]) -> _Action:
        assert view.hand is not None  # a seat that swaps holds a hand
        hand = [_card(f) for f in view.hand]
        slots = [s.card for s in view.community if s.card is not None]
        community = [_card(f) for f in slots]
        hand_ids = [f.id for f in view.hand]
        community_ids = [f.id for f in slots]
        later = 1 if view.swap_round == 1 else 0
        # The value reachable with the swap still to come, then the value in hand now: a card taken
        # now cannot be taken by someone else first.
        best_score = (after_swaps(hand, community, later), _value(hand))
        best: _Action = next(a for a in legal if a.kind == "keep")
        for action in cast("list[_Swap]", [a for a in legal if a.kind == "swap"]):
            i, j = hand_ids.index(action.give), community_ids.index(action.take)
            new_hand, new_community = hand[:], community[:]
            new_hand[i], new_community[j] = community[j], hand[i]
            score = (after_swaps(new_hand, new_community, later), _value(new_hand))
            if score > best_score:
                best, best_score = action, score
        return best

    # -- betting --------------------------------------------------------------------------------
    def win_chance(self, view: PokerView, rng: random.Random) -> float:
        me = view.seat
        opponents = sum(1 for p in view.seats if p.seat != me and p.status in ("in", "all in"))
        if opponents == 0:
            return 1.0
        hand = [_card(f) for f in view.hand or ()]
        if view.community_face_up:
            community = [_card(s.card) for s in view.community if s.card is not None]
            swaps_left = 1 if view.betting_round == 2 else 0
            return beat_chance(after_swaps(hand, community, swaps_left)) ** opponents
        # Before the reveal: imagine a few communities among the cards this seat cannot see.
        unseen = _standard_deck()
        for card in hand:
            unseen.remove(card)
        total = 0.0
        for _ in range(_SAMPLES):
            community = rng.sample(unseen, 5)
            total += beat_chance(after_swaps(hand, community, 2)) ** opponents
        return total / _SAMPLES

    def _bet(self, view: PokerView, legal: list[_Action], rng: random.Random) -> _Action:
        by_kind = {a.kind: a for a in legal}
        chance = self.win_chance(view, rng)
        wager = by_kind.get("raise") or by_kind.get("bet")
        if "check" in by_kind:
            if wager is not None and chance >= BET_CHANCE:
                return wager
            return by_kind["check"]
        cost = view.call_cost or 0
        if wager is not None and chance >= _RAISE:
            return wager
        if chance + _CALL_MARGIN >= cost / (view.pot + cost):
            return by_kind["call"]
        return by_kind.get("fold", by_kind["call"])


BOTS = {"greedy": GreedyBot}


def budget_phase(view: object) -> str:
    """The phase a hard decision's budget share is read for (`HARD.phase_shares`): a hand's first
    betting round (its playouts run through both swaps and two more rounds), the other betting
    rounds, or the swaps."""
    if not isinstance(view, PokerView):
        raise TypeError(f"Poker's hard player was given a {type(view).__name__}.")
    if view.phase == "betting":
        return "first bets" if view.betting_round == 1 else "bets"
    return view.phase


# The hard player's search iterations per decision at every table size the game allows: about
# one CPU-second each on this project's two-core reference machine, measured by
# benchmarks/calibrate_hard.py at a probe near the budget (the lower of two runs, 2026-12-07;
# benchmarks/results/calibration-2026-12-07.jsonl), never extrapolated. An iteration of a first
# betting round costs 2 to 2.5 times one of a swap, and the longest swaps ran to 1.5 s: the
# shares keep every decision near one second; three and five seats were lowered from 1460 and
# 795 for the longest to stay under 1.2 s, and six to eight seats, whose longest took 0.84 s at
# most, raised from 455, 425 and 300 (benchmarks/results/pace-2026-12-07-shares.jsonl).
HARD = HardPlayer(
    iterations={2: 1870, 3: 1400, 4: 795, 5: 770, 6: 595, 7: 530, 8: 465},
    phase_shares={"first bets": 0.4, "swap": 0.72}, budget_phase=budget_phase,
    # The search expects every seat to play as this greedy player would, and compares the root's
    # moves by sequential halving on common worlds (fishtable/bots/halving.py): fold, call and
    # raise are played out on the same hidden cards. The sampler (sampler.py) deals a seat that
    # bet a hand the greedy player would bet with. The tree search, with uniform worlds, drew
    # level with the normal player (49.8%, margin +0.02 over 246 one-hand deals); the model with
    # uniform worlds called every bet as if it were a bluff (margin -0.90 over 40 deals), the
    # model with bettors taken at their word gained +4.25 on the tree (40 deals, SE 2.10, at 850
    # iterations).
    model_play=True, halving=True,
)
