"""Crazy Fishing computer players that reason from a seat's view alone.

`GreedyBot` is a one-ply heuristic player: it never looks ahead, but it reads
everything a careful person at the table would — the clues on the backs of
the fish, its own hand, its Fish Finder looks — and never sees the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Protocol, cast

from fishtable.engine.protocol import HardPlayer
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView, SeaFish, SeatPanel, card_worth, rod_quality

INF = 10**9  # an infinite bait (the Most Tempting Bait)

# Sizes behind a "?" back in the printed deck (boot, fish, pearl, monster and the
# out-of-series ones): what a person who knows the deck would expect to find.
_MYSTERY_SIZES = (0, 2, 2, 3, 3, 5, 6, 7, 12)
_MYSTERY_MEAN = sum(_MYSTERY_SIZES) / len(_MYSTERY_SIZES)

# Chance that one opponent casts a faster rod than speed s (a rough prior from the deck).
_FASTER = (0.95, 0.9, 0.8, 0.7, 0.55, 0.42, 0.3, 0.2, 0.12, 0.06)

_TARGET_RODS = 2  # the hand the bot refills towards: two rods, four baits


def _bait_value(face: CardFace) -> int:
    return INF if face.value is None else face.value


def _my_panel(view: CrazyFishingView) -> SeatPanel:
    """The deciding seat's own panel: a bot always plays from a seat's view."""
    assert view.seat is not None
    return view.seats[view.seat]


def _rod_quality(face: CardFace) -> float:
    # A rod's speed is never infinite (None is only the Most Tempting Bait).
    return rod_quality(face.value or 0, face.plus, face.special)


def _card_cost(face: CardFace) -> float:
    """How much worse off the bot is for spending this card (negative: glad to be rid of it)."""
    return card_worth(face.type, face.value, face.plus, face.special)


def _parse_back(back: str) -> tuple[int, int] | None:
    if back == "?":
        return None
    low, _, high = back.partition("-")
    return int(low), int(high)


def _add(base: int, modifier: int) -> int:
    if base >= INF:
        return INF
    return max(0, base + modifier)


# The actions as the bot reads them: by their fields, without importing the game's action
# models (it sees a seat's view and its legal actions, nothing of the engine). A prompt offers
# actions of one kind, and that kind chose the handler that reads them (`_DECIDERS`).
class _Action(Protocol):
    @property
    def kind(self) -> str: ...


class _Cast(_Action, Protocol):
    @property
    def rods(self) -> tuple[str, ...]: ...
    @property
    def baits(self) -> tuple[str, ...]: ...


class _FishBait(_Action, Protocol):
    @property
    def fish(self) -> str | None: ...


class _Look(_Action, Protocol):
    @property
    def label(self) -> int: ...


class _Attempt(_Action, Protocol):
    @property
    def labels(self) -> tuple[int, ...]: ...


class _PickBait(_Action, Protocol):
    @property
    def bait(self) -> str: ...


class _Split(_Action, Protocol):
    @property
    def first(self) -> tuple[str, ...]: ...


class _PairAttempt(_Action, Protocol):
    @property
    def label(self) -> int | None: ...


class _DiscardRod(_Action, Protocol):
    @property
    def rod(self) -> str: ...


class _Draw(_Action, Protocol):
    @property
    def rods(self) -> int: ...
    @property
    def baits(self) -> int: ...


class _Sea:
    """Expected catches for the fish of one view, cached by bait value."""

    def __init__(self, fish: Sequence[SeaFish], peeks: dict[int, int]) -> None:
        self.fish = fish
        self.peeks = peeks
        self._ranges = [None if f.label in peeks else _parse_back(f.back) for f in fish]
        self._cache: dict[tuple[int, bool], list[float]] = {}

    def expected(self, i: int, bait: int) -> float:
        """Expected points from trying for fish `i` with this bait."""
        label = self.fish[i].label
        if label in self.peeks:
            size = self.peeks[label]
            return float(size) if size <= bait else 0.0
        rng = self._ranges[i]
        if rng is None:
            if bait >= INF:
                return _MYSTERY_MEAN
            return sum(s for s in _MYSTERY_SIZES if s <= bait) / len(_MYSTERY_SIZES)
        low, high = rng
        if bait >= high:
            return (low + high) / 2
        if bait < low:
            return 0.0
        return (low + bait) * (bait - low + 1) / 2 / (high - low + 1)

    def values(self, bait: int, reach_covered: bool) -> list[float]:
        """Expected points of every fish the bot could go for (covered ones only with a Bait Bucket), best first."""
        key = (bait, reach_covered)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        out = []
        for i, f in enumerate(self.fish):
            if f.covered and not reach_covered:
                continue
            out.append(self.expected(i, bait))
        out.sort(reverse=True)
        self._cache[key] = out
        return out


def _position_value(values: list[float], position: float) -> float:
    """The catch the bot can expect when `position` players choose before it."""
    if not values:
        return 0.0
    last = len(values) - 1
    lo = min(int(position), last)
    hi = min(lo + 1, last)
    frac = position - int(position)
    return values[lo] * (1 - frac) + values[hi] * frac


def _faster_chance(speed: int) -> float:
    if speed >= 20:
        return 0.0
    if speed >= len(_FASTER):
        return 0.03
    return _FASTER[max(speed, 0)]


def _bait_splits(baits: Sequence[CardFace]) -> list[tuple[list[int], list[int]]]:
    """Legal ways to split cast baits between two fish (a group of several needs a '+')."""
    n = len(baits)
    out = []
    for size in range(1, n):
        for first in combinations(range(n), size):
            second = [i for i in range(n) if i not in first]
            ok = True
            for group in (first, second):
                if len(group) > 1 and not any(baits[i].plus for i in group):
                    ok = False
                    break
            if ok:
                out.append((list(first), second))
    return out


def _total(baits: Iterable[CardFace]) -> int:
    total = 0
    for b in baits:
        v = _bait_value(b)
        if v >= INF:
            return INF
        total += v
    return total


class GreedyBot:
    """Plays sensibly from its view alone: clue-reading, thrifty with good cards."""

    name = "greedy"
    needs_view = True

    def choose(self, view: object, legal: list[_Action], rng: random.Random) -> _Action:
        if not isinstance(view, CrazyFishingView):
            raise TypeError(f"GreedyBot decides from a CrazyFishingView only, not {type(view).__name__}.")
        if not legal:
            raise ValueError("GreedyBot was asked to choose with no legal action.")
        if len(legal) == 1:
            return legal[0]
        if view.seat is None:
            raise ValueError("GreedyBot needs a seat's own view, not the public table.")
        if view.prompt is not None:
            kind = view.prompt.kind
        elif legal[0].kind == "shuffle":
            kind = "finish" if any(a.kind in ("end_turn", "continue") for a in legal) else "catch"
        else:
            kind = _KIND_OF_ACTION.get(legal[0].kind, "")
        handler = _DECIDERS.get(kind)
        if handler is None:  # a decision this bot does not know: play any legal move
            return legal[int(rng.random() * len(legal))]
        return handler(self, view, legal, rng)

    # -- helpers ---------------------------------------------------------------
    @staticmethod
    def _modifier(view: CrazyFishingView) -> int:
        pile = view.pile or ()
        if pile:
            effect = pile[-1].effect
            if effect == "golden_fish":
                return 2
            if effect == "useless_fish":
                return -2
        return 0

    @staticmethod
    def _my_bait(view: CrazyFishingView) -> int:
        panel = _my_panel(view)
        cast = panel.cast or view.my_cast
        if cast is None:
            return 0
        base = INF if cast.bait is None else cast.bait
        return _add(base, GreedyBot._modifier(view))

    @staticmethod
    def _sea(view: CrazyFishingView) -> _Sea:
        # What the bot knows exactly: sizes the whole table saw (a fish that escaped, the
        # Smart Bream) and still lying in place, and its own Fish Finder looks.
        known = {r.label: r.size for r in view.remembered}
        known.update({p.label: p.fish.value or 0 for p in view.peeks})
        return _Sea(view.sea, known)

    # -- cast ------------------------------------------------------------------
    def _cast(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_Cast]", offered)
        hand = view.hand or ()
        faces = {c.id: c for c in hand}
        costs = {c.id: _card_cost(c) for c in hand}  # once per card, not once per cast it is in
        sea = self._sea(view)
        modifier = self._modifier(view)
        opponents = len(view.seats) - 1
        best, best_score = legal[0], -1e18
        for action in legal:
            rods = [faces[c] for c in action.rods]
            baits = [faces[c] for c in action.baits]
            score = -(sum([costs[c] for c in action.rods]) + sum([costs[c] for c in action.baits]))
            if rods and baits:
                speed = sum(r.value or 0 for r in rods)
                specials = [r.special for r in rods]
                bucket = any(b.special == "bait_bucket" for b in baits)
                position = 0.75 * opponents * _faster_chance(speed)
                reel = "super_fast_reel" in specials and len(rods) >= 2 and len(baits) >= 2
                if reel:
                    catch = 0.0
                    for first, second in _bait_splits(baits):
                        v1 = sea.values(_add(_total(baits[i] for i in first), modifier), bucket)
                        v2 = sea.values(_add(_total(baits[i] for i in second), modifier), bucket)
                        a = _position_value(v1, position) + _position_value(v2, position + 1)
                        b = _position_value(v2, position) + _position_value(v1, position + 1)
                        catch = max(catch, a, b)
                else:
                    values = sea.values(_add(_total(baits), modifier), bucket)
                    catch = _position_value(values, position)
                score += catch
                score += 0.4 * specials.count("fish_finder")
                score += 0.1 * sum(1 for b in baits if b.special == "turbulent")
                score += 0.05 * speed if speed < 20 else 0.6
            else:
                score -= 1.0  # a blank cast catches nothing; only worth it to clear a bad hand
            if score > best_score:
                best, best_score = action, score
        return best

    # -- out-of-series rod: a fish from the pile as bait ------------------------
    def _fish_bait(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_FishBait]", offered)
        pile = {c.id: c for c in view.pile or ()}
        sea = self._sea(view)
        modifier = self._modifier(view)
        panel = _my_panel(view)
        position = 0.75 * (len(view.seats) - 1) * _faster_chance(panel.cast.speed if panel.cast else 0)
        best, best_score = legal[0], -1e18
        for action in legal:
            if action.fish is None:
                bait = self._my_bait(view)
                score = _position_value(sea.values(bait, False), position)
            else:
                fish = pile[action.fish]
                size = fish.value or 0
                score = _position_value(sea.values(_add(2 * size, modifier), False), position) - size
                score += 0.3  # the bait cards go back to the hand
            if score > best_score:
                best, best_score = action, score
        return best

    # -- catch: looks, shuffles and the attempt ----------------------------------
    def _catch(self, view: CrazyFishingView, legal: list[_Action], rng: random.Random) -> _Action:
        bait = self._my_bait(view)
        sea = self._sea(view)
        index = {f.label: i for i, f in enumerate(view.sea)}
        choices = [i for i, f in enumerate(view.sea) if f.selectable]
        expected = {view.sea[i].label: sea.expected(i, bait) for i in choices}
        attempts = cast("list[_Attempt]", [a for a in legal if a.kind == "attempt"])
        two = bool(attempts) and len(attempts[0].labels) == 2
        looks = cast("list[_Look]", [a for a in legal if a.kind == "look"])
        shuffle = next((a for a in legal if a.kind == "shuffle"), None)
        best_here = max(expected.values(), default=0.0)

        if shuffle is not None and not view.peeks:
            # Stir the sea when nothing reachable is worth having but the sea holds better.
            everywhere = [sea.expected(i, bait) for i in range(len(view.sea))]
            mean_all = sum(everywhere) / len(everywhere) if everywhere else 0.0
            if best_here < 1.0 and mean_all > best_here + 0.5:
                return shuffle

        if looks:
            look = self._look(view, sea, bait, looks, expected, index)
            if look is not None:
                return look

        if not attempts:
            return shuffle or legal[0]
        if two:
            return self._reel_attempt(view, sea, attempts, choices)
        return max(attempts, key=lambda a: (expected.get(a.labels[0], 0.0), -a.labels[0]))

    @staticmethod
    def _look(
        view: CrazyFishingView, sea: _Sea, bait: int, looks: list[_Look], expected: dict[int, float],
        index: dict[int, int],
    ) -> _Look | None:
        """Look at the most promising reachable fish whose catch is not yet certain."""
        best: _Look | None = None
        best_key: tuple[float, int] | None = None
        for action in looks:
            label = action.label
            if label not in expected or label in sea.peeks:
                continue  # out of reach this turn, or already known: looking would not help
            f = view.sea[index[label]]
            rng = _parse_back(f.back)
            certain = rng is not None and bait >= rng[1]
            if certain and bait < INF:
                continue
            high = 12 if rng is None else rng[1]
            key = (expected[label] + 0.2 * min(high, bait if bait < INF else high), label)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def _reel_attempt(
        self, view: CrazyFishingView, sea: _Sea, attempts: list[_Attempt], choices: list[int]
    ) -> _Attempt:
        panel = _my_panel(view)
        baits = list(panel.cast.baits) if panel.cast else []
        modifier = self._modifier(view)
        splits = _bait_splits(baits) or [(list(range(len(baits))), [])]
        best_pair, best_value = None, -1.0
        for first, second in splits:
            v1 = _add(_total(baits[i] for i in first), modifier)
            v2 = _add(_total(baits[i] for i in second), modifier) if second else 0
            top1 = sorted(choices, key=lambda i: -sea.expected(i, v1))[:3]
            top2 = sorted(choices, key=lambda i: -sea.expected(i, v2))[:3]
            for a in top1:
                for b in top2:
                    if a == b:
                        continue
                    value = sea.expected(a, v1) + sea.expected(b, v2)
                    if value > best_value:
                        best_pair, best_value = (view.sea[a].label, view.sea[b].label), value
        if best_pair is not None:
            wanted = set(best_pair)
            for action in attempts:
                if set(action.labels) == wanted:
                    return action
        return attempts[0]

    # -- one attempt with plain baits that never add up: the best single card -------
    def _pick_bait(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_PickBait]", offered)
        panel = _my_panel(view)
        faces = {c.id: c for c in panel.cast.baits} if panel.cast else {}
        flipped = view.turn.flipped if view.turn else ()
        size = (flipped[0].value or 0) if flipped else 0
        modifier = self._modifier(view)

        def key(action: _PickBait) -> tuple[int, int]:
            face = faces.get(action.bait)
            value = _add(_bait_value(face), modifier) if face is not None else 0
            return (int(value >= size), value)  # catch it if any card can, with the biggest

        return max(legal, key=key)

    # -- Super-Fast Reel: split the bait over the two fish turned over -------------
    def _split(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_Split]", offered)
        panel = _my_panel(view)
        baits = {c.id: c for c in panel.cast.baits} if panel.cast else {}
        flipped = view.turn.flipped if view.turn else ()
        if len(flipped) < 2:
            return legal[0]
        modifier = self._modifier(view)
        size1, size2 = flipped[0].value or 0, flipped[1].value or 0
        best, best_key = legal[0], None
        for action in legal:
            first = [baits[c] for c in action.first]
            second = [b for cid, b in baits.items() if cid not in action.first]
            v1 = _add(_total(first), modifier)
            v2 = _add(_total(second), modifier)
            got = (size1 if v1 >= size1 else 0) + (size2 if v2 >= size2 else 0)
            count = (v1 >= size1) + (v2 >= size2)
            key = (got, count)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    # -- A Pair of Fish: one more try with the same bait --------------------------
    def _pair(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_PairAttempt]", offered)
        sea = self._sea(view)
        bait = self._my_bait(view)
        turn = view.turn
        if turn is not None and turn.reel:
            bait = bait if bait >= INF else max(1, bait // 2)  # the group used is only part of it
        index = {f.label: i for i, f in enumerate(view.sea)}
        best: _PairAttempt | None = None
        best_value = 0.0
        for action in legal:
            if action.label is None or action.label not in index:
                continue
            value = sea.expected(index[action.label], bait)
            if best is None or value > best_value:
                best, best_value = action, value
        if best is None:
            return next((a for a in legal if a.label is None), legal[0])
        return best

    # -- Turbulent Bait after an attempt: stirring now only helps the others ------
    def _finish(self, view: CrazyFishingView, legal: list[_Action], rng: random.Random) -> _Action:
        return next((a for a in legal if a.kind != "shuffle"), legal[0])

    # -- Puffer Fish: keep the more useful of equally fast rods --------------------
    def _puffer(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_DiscardRod]", offered)
        faces = {c.id: c for c in view.hand or ()}
        return min(legal, key=lambda a: _rod_quality(faces[a.rod]) if a.rod in faces else 0.0)

    # -- Collect: refill towards two rods and four baits, never without either ---
    def _draw(self, view: CrazyFishingView, offered: list[_Action], rng: random.Random) -> _Action:
        legal = cast("list[_Draw]", offered)
        hand = view.hand or ()
        rods = sum(1 for c in hand if c.type == "rod")
        baits = len(hand) - rods

        def key(action: _Draw) -> tuple[int, int, int]:
            final_rods = rods + action.rods
            final_baits = baits + action.baits
            both = int(final_rods >= 1 and final_baits >= 1)
            return (both, -abs(final_rods - _TARGET_RODS), final_baits)

        return max(legal, key=key)


_DECIDERS: dict[str, Callable[[GreedyBot, CrazyFishingView, list[_Action], random.Random], _Action]] = {
    "cast": GreedyBot._cast,
    "fish_bait": GreedyBot._fish_bait,
    "catch": GreedyBot._catch,
    "pick_bait": GreedyBot._pick_bait,
    "split": GreedyBot._split,
    "pair": GreedyBot._pair,
    "finish": GreedyBot._finish,
    "between": GreedyBot._finish,
    "puffer": GreedyBot._puffer,
    "collect": GreedyBot._draw,
}
# The decision kind for a view without a prompt, from the kind of its first legal action.
_KIND_OF_ACTION = {
    "cast": "cast",
    "fish_bait": "fish_bait",
    "look": "catch",
    "attempt": "catch",
    "split": "split",
    "pick_bait": "pick_bait",
    "pair_attempt": "pair",
    "end_turn": "finish",
    "continue": "between",
    "discard_rod": "puffer",
    "draw": "collect",
}


BOTS = {"greedy": GreedyBot}


def budget_phase(view: object) -> str:
    """The phase a hard decision's budget share is read for (`HARD.phase_shares`)."""
    if not isinstance(view, CrazyFishingView):
        raise TypeError(f"Crazy Fishing's hard player was given a {type(view).__name__}.")
    return view.phase


# The hard player's search iterations per decision at every table size the game allows: about
# one CPU-second each on this project's two-core reference machine, measured by
# benchmarks/calibrate_hard.py at a probe near the budget (the lower of two runs, 2026-12-07;
# benchmarks/results/calibration-2026-12-07.jsonl), never extrapolated. An iteration of a
# collect costs 1.1 to 1.5 times one of a cast (longer playouts), and the longest casts ran to
# 1.3 s: the shares keep every decision near one second (benchmarks/results/pace-*.jsonl).
HARD = HardPlayer(
    iterations={2: 1340, 3: 870, 4: 615, 5: 465, 6: 360},
    phase_shares={"cast": 0.85, "collect": 0.65}, budget_phase=budget_phase,
    # The search expects every seat to play as this greedy player would and stops each playout
    # when its round is played out (the game's `rollout_done`), scoring it with `evaluate`. It
    # compares the root's moves by sequential halving on common worlds (fishtable/bots/halving.py),
    # not by the tree: with ~26 casts and hidden hands the tree gave each cast a few worlds of its
    # own, and their luck swamped the difference between casts (heads-up and one against three,
    # the tree's 60.5% and 1.23x fair share were its figures). Its prior is the greedy player's
    # move, kept through the first halving.
    model_play=True, rollout_steps=60, prior_weight=0.3, halving=True,
)
