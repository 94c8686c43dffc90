"""Paired statistics for tournaments: score margins per deal, their interval, a sign test.

Win rates are blunt when two bots split most deals one win each (one per seating); the
score margin of a deal (a bot's score minus its opponents', averaged over every seating
of that deal) still shows which one played the cards better. Deals are the pairs: the
same cards in every seating, so the luck of the deal cancels out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
_Z95 = 1.959964


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom.")
    if df <= len(_T95):
        return _T95[df - 1]
    z = _Z95  # Cornish-Fisher expansion: within 1e-4 of the exact quantile above 30 df
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this lopsided if either
    side were equally likely to come out ahead (ties are left out before calling)."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)  # 2**n, typed as an int
    return min(1.0, 2 * tail)


@dataclass(frozen=True)
class Margin:
    """A bot's mean score margin per deal over `deals` deals."""

    deals: int
    mean: float
    low: float  # the 95% interval of the mean (Student's t)
    high: float
    ahead: int  # deals where the margin was above 0
    behind: int  # ... below 0 (the rest were level)
    sign_p: float  # the two-sided sign test of ahead against behind

    def to_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "mean": round(self.mean, 4),
            "ci95": [round(self.low, 4), round(self.high, 4)] if self.deals > 1 else None,
            "ahead": self.ahead,
            "behind": self.behind,
            "level": self.deals - self.ahead - self.behind,
            "sign_test_p": round(self.sign_p, 6),
        }


def summarize(margins: Sequence[float]) -> Margin | None:
    """The mean of per-deal margins with its 95% interval and sign test (None: no deal)."""
    n = len(margins)
    if n == 0:
        return None
    mean = sum(margins) / n
    if n > 1:
        sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1))
        half = t95(n - 1) * sd / math.sqrt(n)
    else:
        half = math.inf
    ahead = sum(1 for m in margins if m > 0)
    behind = sum(1 for m in margins if m < 0)
    return Margin(n, mean, mean - half, mean + half, ahead, behind, sign_test(ahead, behind))


def deal_margins(games: Sequence[tuple[int, Sequence[str], Sequence[float]]], name: str) -> list[float]:
    """Per deal, the mean over its games of `name`'s margin: the mean score of its seats minus
    the mean score of the other seats. Each game is (deal, bot name per seat, score per seat);
    a game where `name` sits in no seat, or in every seat, has no margin for it."""
    per_deal: dict[int, list[float]] = {}
    for deal, names, scores in games:
        mine = [s for n, s in zip(names, scores, strict=True) if n == name]
        theirs = [s for n, s in zip(names, scores, strict=True) if n != name]
        if not mine or not theirs:
            continue
        per_deal.setdefault(deal, []).append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
    return [sum(ms) / len(ms) for ms in per_deal.values()]
