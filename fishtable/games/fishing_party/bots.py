"""Fishing Party computer players that reason from a seat's view alone.

`GreedyBot` is a one-ply heuristic player: it tries catchable fish first,
keeps rods and lures that fit its fish, plays Unlucky cards on the leader and a
Broken Line on a valuable attempt. It never sees the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from fishtable.engine.protocol import HardPlayer
from fishtable.games.fishing_party.actions import (
    Action,
    BreakLine,
    Discard,
    Exchange,
    Fish,
    Give,
    GiveUnlucky,
    PlaceLure,
    PlayRod,
    Spray,
    Take,
)
from fishtable.games.fishing_party.describe import rolls_for
from fishtable.games.fishing_party.views import CardFace, FishingPartyView, SeatPanel

DIE = 6

C = TypeVar("C")  # a card as the player reading it knows it: a face in a view, an index in a state
K = TypeVar("K", bound=Action)


def _only(legal: list[Action], kind: type[K]) -> list[K]:
    """The legal actions of one kind."""
    return [a for a in legal if isinstance(a, kind)]


def _chance(rolls: tuple[int, ...], spray: bool) -> float:
    """The chance that one roll catches, counting what a Spray Bottle can mend."""
    if not rolls:
        return 0.0
    wins = set(rolls)
    good = 0
    for r in range(1, DIE + 1):
        if r in wins or (spray and r != 1 and (r - 1 in wins or r + 1 in wins)):
            good += 1
    return good / DIE


def _points(view: FishingPartyView) -> list[float]:
    """Each seat's points if the game ended now, with a little weight for progress."""
    seats = view.seats
    counts = [len(p.pond) for p in seats]
    weights = [p.pond_weight for p in seats]
    out = [0.0] * len(seats)
    for s in range(len(seats)):
        if counts[s] and counts[s] == max(counts):
            out[s] += 2
        if weights[s] and weights[s] == max(weights):
            out[s] += 2
    for kind in view.kinds:
        best = [max((f.weight or 0 for f in p.pond if f.kind == kind), default=0) for p in seats]
        top = max(best)
        for s in range(len(seats)):
            if top and best[s] == top:
                out[s] += 1
    return [out[s] + 0.1 * counts[s] for s in range(len(seats))]


class _Reader:
    """What the bot knows about its own position, read once per decision."""

    def __init__(self, view: FishingPartyView) -> None:
        self.view = view
        assert view.seat is not None  # a bot decides from a seat's own view (`choose` checked)
        self.seat: int = view.seat
        self.me: SeatPanel = view.seats[view.seat]
        self.hand: tuple[CardFace, ...] = view.hand or ()
        self.pond = {f.kind: f.weight or 0 for f in self.me.pond}
        self.spray = any(c.type == "spray_bottle" for c in self.me.permanents)
        self.points = _points(view)

    def gain(self, fish: CardFace) -> float:
        """What catching this fish is worth to the bot: a new kind most, a bigger one a little."""
        have = self.pond.get(fish.kind or "")
        weight = fish.weight or 0
        if have is None:
            return 4.0 + weight / 20
        if weight > have:
            return 0.5 + (weight - have) / 20
        return 0.0

    def chance(self, fish: CardFace, lure: CardFace | None) -> float:
        return _chance(rolls_for(lure, fish.kind), self.spray)

    def lure_worth(self, lure: CardFace | None, fish: tuple[CardFace, ...]) -> float:
        """How well a lure serves the fish in hand, and the kinds still missing."""
        if lure is None:
            return 0.0
        worth = sum(self.gain(f) * self.chance(f, lure) for f in fish)
        missing = [k for k in self.view.kinds if k not in self.pond]
        worth += 0.3 * sum(1 for c in lure.catches if c.kind in missing)
        return worth

    def card_value(self, card: CardFace) -> float:
        """How much the bot wants to keep a card in hand."""
        t = card.type
        if t == "fish":
            gain = self.gain(card)
            if not gain:
                return 0.0
            reach = self.chance(card, self.me.lure) or max(
                (self.chance(card, c) for c in self.hand if c.group == "lure"), default=0.0)
            return gain * (0.6 + reach)
        if t in ("lure", "magic_lure"):
            fish = tuple(c for c in self.hand if c.type == "fish")
            return 1.0 + self.lure_worth(card, fish) + (2.0 if t == "magic_lure" else 0.0)
        if t == "rod":
            return 6.0 if self.me.rod is None else 1.0
        if t == "first_aid_kit":
            return 6.0 if self.me.ouch is not None else 2.0
        if t == "broken_line":
            return 3.0
        if t in ("ouch", "tire", "snap"):
            return 2.0
        if t == "goggles":
            return 1.0
        return 5.0  # permanent cards are laid at once anyway

    def leader(self) -> int:
        """The opponent furthest ahead."""
        me = self.view.seat
        others = [s for s in range(len(self.view.seats)) if s != me]
        return max(others, key=lambda s: (self.points[s], len(self.view.seats[s].pond)))


class GreedyBot:
    name = "greedy"
    needs_view = True

    def choose(self, view: FishingPartyView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "let_roll" in kinds:
            return self._reaction(view, legal)
        reader = _Reader(view)
        if "spray" in kinds:
            return self._spray(view, legal)
        if "discard" in kinds or "give" in kinds:
            cards: list[Discard | Give] = [*_only(legal, Discard), *_only(legal, Give)]
            return min(cards, key=lambda a: reader.card_value(self._card(reader, a.card)))
        if view.stage == "swap":
            return self._take(view, reader, legal)
        if view.stage == "exchange":
            return self._exchange(reader, legal)
        return self._turn(view, reader, legal)

    @staticmethod
    def _card(reader: _Reader, cid: str) -> CardFace:
        for card in reader.hand:
            if card.id == cid:
                return card
        raise LookupError(cid)

    # -- out of turn ---------------------------------------------------------------------------

    def _reaction(self, view: FishingPartyView, legal: list[Action]) -> Action:
        breaks = _only(legal, BreakLine)
        if not breaks:
            return legal[0]
        fisher = view.seats[view.turn]
        fish = fisher.fishing
        if fish is None:
            return legal[0]
        have = {f.kind for f in fisher.pond}
        new_kind = fish.kind not in have
        points = _points(view)
        leads = points[view.turn] >= max(points)
        chance = _chance(rolls_for(fisher.lure, fish.kind),
                         any(c.type == "spray_bottle" for c in fisher.permanents))
        valuable = new_kind and (leads or len(have) >= 4 or chance >= 0.5)
        return breaks[0] if valuable else legal[0]

    def _spray(self, view: FishingPartyView, legal: list[Action]) -> Action:
        assert view.seat is not None  # a seat's own view (`choose` checked)
        me = view.seats[view.seat]
        rolls = rolls_for(me.lure, me.fishing.kind if me.fishing else None)
        for action in _only(legal, Spray):
            if action.change and view.spray_roll is not None and view.spray_roll + action.change in rolls:
                return action
        return legal[0]

    # -- building a move -------------------------------------------------------------------------

    def _take(self, view: FishingPartyView, reader: _Reader, legal: list[Action]) -> Action:
        worst = min((reader.card_value(c) for c in reader.hand if c.id not in (view.swapped_out or ())),
                    default=0.0)
        best: Take | None = None
        best_gain = 0.5
        table = {c.id: c for c in view.table}
        for action in _only(legal, Take):
            gain = reader.card_value(table[action.card]) - worst
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        done = [a for a in legal if a.kind == "swap_done"]
        return done[0] if done else legal[0]

    def _exchange(self, reader: _Reader, legal: list[Action]) -> Action:
        puts = _only(legal, Exchange)
        if puts:
            worst = min(puts, key=lambda a: reader.card_value(self._card(reader, a.card)))
            if reader.card_value(self._card(reader, worst.card)) < 1.5 or not reader.view.aside:
                return worst
        draw = [a for a in legal if a.kind == "draw_back"]
        return draw[0] if draw else legal[0]

    # -- the turn --------------------------------------------------------------------------------

    def _turn(self, view: FishingPartyView, reader: _Reader, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        me, hand = reader.me, reader.hand
        fish_in_hand = tuple(c for c in hand if c.type == "fish")
        if "permanent" in by_kind:
            return by_kind["permanent"][0]
        if "place_lure" in by_kind:
            current = reader.lure_worth(me.lure, fish_in_hand)
            best = max(_only(legal, PlaceLure),
                       key=lambda a: reader.lure_worth(self._card(reader, a.card), fish_in_hand))
            if reader.lure_worth(self._card(reader, best.card), fish_in_hand) > current + 0.05:
                return best
        if "goggles" in by_kind and not any(reader.card_value(c) > 2.5 for c in view.table):
            return by_kind["goggles"][0]
        if "rod" in by_kind:
            return max(_only(legal, PlayRod), key=lambda a: reader.lure_worth(
                self._card(reader, a.lure) if a.lure else None, fish_in_hand))
        if "first_aid" in by_kind:
            return by_kind["first_aid"][0]
        if "fish" in by_kind:
            return max(_only(legal, Fish), key=lambda a: reader.gain(self._card(reader, a.card))
                       * reader.chance(self._card(reader, a.card), me.lure))
        if "unlucky" in by_kind:
            attack = self._attack(view, reader, _only(legal, GiveUnlucky))
            if attack is not None:
                return attack
        return swap_exchange_or_pass(by_kind, legal, reader.card_value, hand, view.table, view.stage == "turn")

    def _attack(self, view: FishingPartyView, reader: _Reader, attacks: list[GiveUnlucky]) -> GiveUnlucky | None:
        """An Unlucky card on the leader, the most hurtful first: Ouch, then Snap, then Tire."""
        leader = reader.leader()
        if reader.points[leader] + 0.5 < reader.points[reader.seat]:
            return None
        order = {"ouch": 0, "snap": 1, "tire": 2}
        hand = {c.id: c for c in reader.hand}
        mine = [a for a in attacks if a.target == leader]
        if not mine:
            return None
        return min(mine, key=lambda a: order.get(hand[a.card].type, 3))


def swap_exchange_or_pass(by_kind: dict[str, list[Action]], legal: list[Action], value: Callable[[C], float],
                          hand: Sequence[C], table: Sequence[C], first_move: bool) -> Action:
    """The greedy policy's last choices, for the bot (on a view) and the playouts (on a state):
    a swap when a table card is worth clearly more than the worst in hand; else an exchange, on
    a turn's first move always (a table of players who all passed would never see a new card,
    and the game would never end), later only to shed a poor card; else passing."""
    if "start_swap" in by_kind:
        worst = min((value(c) for c in hand), default=0.0)
        if any(value(c) - worst > 0.5 for c in table):
            return by_kind["start_swap"][0]
    if "start_exchange" in by_kind and (first_move or any(value(c) < 1.5 for c in hand)):
        return by_kind["start_exchange"][0]
    return by_kind["pass"][0] if "pass" in by_kind else legal[-1]


BOTS = {"greedy": GreedyBot}

# The hard player's search iterations per decision at every table size the game allows: about
# one CPU-second each on this project's two-core reference machine, measured by
# benchmarks/calibrate_hard.py at a probe near the budget (the lower of two runs, 2026-12-07;
# benchmarks/results/calibration-2026-12-07.jsonl), never extrapolated; then lowered so that
# the longest decision of whole games stays near 1.1 s (the calibration's 1090, 480, 435 and
# 400 took up to 1.4-2.1 s: benchmarks/results/pace-2026-12-07.jsonl). An iteration costs about
# the same in every phase here, so the game needs no phase shares.
HARD = HardPlayer(iterations={2: 870, 3: 375, 4: 335, 5: 335})
