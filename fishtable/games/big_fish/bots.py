"""Big Fish computer players that reason from a seat's view alone.

`GreedyBot` is a one-ply heuristic player. It grows fish toward Big before
catching them, keeps a few Big Fish in its Fishing Spot as long as the season
is sure to go on (they are what draws, spawns and grows), catches its most
valuable Big Fish, and plays its wild cards as early as it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from fishtable.engine.protocol import HardPlayer
from fishtable.games.big_fish import actions
from fishtable.games.big_fish.actions import Action
from fishtable.games.big_fish.cards import TOP_EVENTS
from fishtable.games.big_fish.views import BigFishView, CardFace, SeatPanel, SpotFish

_WILD_VALUE = {
    "extra_grow": 7.0, "extra_spawn": 6.0, "extra_draw": 5.5, "extra_catch": 6.5,
    "steal": 6.0, "protect": 3.0, "shrink_others": 3.5, "swap": 3.0,
}
_DECK_GUESS = 4.0  # what an unknown card from the deck is worth, roughly

_A = TypeVar("_A", bound=Action)


def _only(legal: list[Action], kind: type[_A]) -> list[_A]:
    """The legal actions of one class (a decision offers one kind, and maybe Done or the deck)."""
    return [a for a in legal if isinstance(a, kind)]


def _end_chance(view: BigFishView) -> float:
    """The chance that this round's end closes the season (Fishing Season Closed lies below the top four)."""
    if view.events_revealed < TOP_EVENTS or view.event_deck_size == 0:
        return 0.0
    return 1.0 / view.event_deck_size


def card_value(card: CardFace, view: BigFishView) -> float:
    """How much the bot wants a card in hand."""
    if card.type == "fish":
        assert card.points is not None
        return float(card.points[3])
    value = _WILD_VALUE.get(card.effect or "", 3.0)
    if card.colour != "black":
        value -= 0.4 * max(0, view.round - 3)  # a lasting card is worth less as the season ages
    return value


def _mine(view: BigFishView) -> SeatPanel:
    assert view.seat is not None
    return view.seats[view.seat]


def _spot(panel: SeatPanel) -> dict[str, SpotFish]:
    return {f.card.id: f for f in panel.spot}


def _big_points(fish: SpotFish) -> int:
    """What a fish in a spot is worth as a Big Fish."""
    points = fish.card.points
    return points[3] if points else 0


def _grow_score(fish: SpotFish) -> float:
    # Medium to Big first (one more Big Fish at once), then the fish worth most when Big.
    return fish.size * 10 + _big_points(fish)


class GreedyBot:
    name = "greedy"
    needs_view = True

    def choose(self, view: BigFishView, legal: list[Action], rng: random.Random) -> Action:
        kind = view.prompt.kind if view.prompt is not None else ""
        chooser: Callable[[BigFishView, list[Action]], Action | None] | None = getattr(self, f"_{kind}", None)
        if chooser is None:
            return legal[0]
        choice = chooser(view, legal)
        return legal[0] if choice is None else choice

    # -- the opening placement ---------------------------------------------------------------

    def _place(self, view: BigFishView, legal: list[Action]) -> Action:
        # The most valuable fish as Big, the next as Medium, then Juvenile.
        hand = {c.id: c for c in view.hand or ()}
        rank = {"big": 3, "medium": 2, "juvenile": 1}
        return max(_only(legal, actions.Place), key=lambda a: (rank[a.size], (hand[a.card].points or (0, 0, 0, 0))[3]))

    # -- the turn ---------------------------------------------------------------------------------

    def _draw(self, view: BigFishView, legal: list[Action]) -> Action:
        faces = {c.id: c for c in view.face_up}
        best: Action | None = None
        best_value = _DECK_GUESS
        for a in _only(legal, actions.TakeFaceUp):
            value = card_value(faces[a.card], view)
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        return next(iter(_only(legal, actions.DrawDeck)), legal[0])

    def _spawn(self, view: BigFishView, legal: list[Action]) -> Action:
        hand = {c.id: c for c in view.hand or ()}
        spawns = _only(legal, actions.Spawn)
        if not spawns:
            return legal[-1]
        return max(spawns, key=lambda a: card_value(hand[a.card], view))

    _event_spawn = _spawn

    def _grow(self, view: BigFishView, legal: list[Action]) -> Action:
        spot = _spot(_mine(view))
        grows = _only(legal, actions.Grow)
        if not grows:
            return legal[-1]
        return max(grows, key=lambda a: _grow_score(spot[a.fish]))

    _event_grow = _grow

    def _catch(self, view: BigFishView, legal: list[Action]) -> Action:
        me = _mine(view)
        spot = _spot(me)
        end = _end_chance(view)
        keep = 2 if end == 0 else (1 if end < 0.3 else 0)
        best: actions.Catch | None = None
        best_gain = 0.0
        for a in _only(legal, actions.Catch):
            fish = spot[a.fish]
            gain: float
            if fish.size == 3:
                if me.big_fish - 1 < keep:
                    continue
                gain = fish.points - 2
            elif fish.size == 2 and end >= 0.25:
                gain = fish.points - 1.5
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best if best is not None else legal[-1]

    def _wild(self, view: BigFishView, legal: list[Action]) -> Action:
        hand = {c.id: c for c in view.hand or ()}
        me = _mine(view)
        spots = {f.card.id: f for panel in view.seats for f in panel.spot}
        best: actions.PlayWild | None = None
        best_score = 0.5
        for a in _only(legal, actions.PlayWild):
            card = hand[a.card]
            effect = card.effect or ""
            if effect.startswith("extra_"):
                score = _WILD_VALUE[effect]
            elif effect == "steal":
                score = float(spots[a.fish or ""].points) + 1.0  # a steal names their fish
            elif effect == "swap":
                theirs, mine = spots[a.fish or ""], spots[a.mine or ""]  # and a swap, one of yours too
                score = float((theirs.card.points or (0,) * 4)[3] - (mine.card.points or (0,) * 4)[3])
            elif effect == "shrink_others":
                exposed = [p for p in view.seats if p.seat != me.seat
                           and not any("shrink_others" in w.card.blocks for w in p.wilds)]
                score = sum(min(2, p.big_fish) for p in exposed) * 1.5
            else:
                score = 2.0
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else legal[-1]

    # -- answers out of turn ------------------------------------------------------------------------

    def _shrink(self, view: BigFishView, legal: list[Action]) -> Action:
        """The fish worth least when Big."""
        spot = _spot(_mine(view))
        fish = [a for a in legal if isinstance(a, (actions.Shrink, actions.Remove))]
        return min(fish, key=lambda a: _big_points(spot[a.fish]))

    _event_remove = _shrink

    def _hand_limit(self, view: BigFishView, legal: list[Action]) -> Action:
        hand = {c.id: c for c in view.hand or ()}
        return min(_only(legal, actions.Discard), key=lambda a: card_value(hand[a.card], view))

    _event_discard = _hand_limit


BOTS = {"greedy": GreedyBot}

# The hard player's search iterations per decision at every table size the game allows: about
# one CPU-second each on this project's two-core reference machine, measured by
# benchmarks/calibrate_hard.py at a probe near the budget (the lower of two runs, 2026-12-07;
# benchmarks/results/calibration-2026-12-07.jsonl), never extrapolated; then lowered so that
# the longest decision of whole games stays near 1.1 s (the calibration's 1700, 1320, 1150 and
# 980 took up to 1.2-1.5 s: benchmarks/results/pace-2026-12-07.jsonl). An iteration costs about
# the same in every phase here, so the game needs no phase shares.
HARD = HardPlayer(iterations={2: 1375, 3: 1180, 4: 990, 5: 870})
