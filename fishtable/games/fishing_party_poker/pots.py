"""The pot and its side pots, and paying them out (FP-POKER-13, FP-Q-29, FP-Q-31).

Side pots are derived from what each seat has put in this hand: the pot is
cut at every level at which a player still in the hand is all in. The chips
of a layer go to the best hand among the players still in who can win it:
those who put in at least that much, or who still have chips to match it.
"""

from __future__ import annotations

from collections.abc import Sequence

_TOP = 1 << 60  # above any stake


def layers(
    committed: Sequence[int], contenders: Sequence[int], all_in: Sequence[bool]
) -> list[tuple[int, tuple[int, ...]]]:
    """(amount, eligible seats) for the main pot, then each side pot; empty layers are dropped."""
    cuts = sorted({committed[s] for s in contenders if all_in[s]})
    out: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in [*cuts, _TOP]:
        amount = 0
        for c in committed:
            if c > prev:
                amount += (c if c < level else level) - prev
        if amount:
            eligible = tuple(s for s in contenders if committed[s] >= level or not all_in[s])
            if eligible:
                out.append((amount, eligible))
            elif out:  # chips nobody still in can claim go with the layer below (cannot arise in play)
                below, who = out[-1]
                out[-1] = (below + amount, who)
        prev = level
    return out


def pot_names(count: int) -> list[str]:
    if count <= 1:
        return ["the pot"][:count]
    return ["the main pot", *(f"side pot {i}" for i in range(1, count))]


def share(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Split `amount` evenly; odd chips go one each to the first winners in `order` (FP-Q-31)."""
    if len(winners) == 1 and winners[0] in order:  # the usual case: one winner takes it all
        return {winners[0]: amount}
    ranked = [s for s in order if s in winners]
    base, odd = divmod(amount, len(ranked))
    return {s: base + (1 if i < odd else 0) for i, s in enumerate(ranked)}
