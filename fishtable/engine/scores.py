"""Final scores from each seat's parts: the score lines and who has the best total.

Crazy Fishing and Big Fish score the same way at the end: every seat's total is
the sum of its parts (each named in words), and every seat with the best total
wins (a tie shares the victory).
"""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine.fast import trusted
from fishtable.engine.protocol import ScoreLine


def score_lines(
    names: Sequence[str], parts: Sequence[Sequence[tuple[str, int]]]
) -> tuple[tuple[ScoreLine, ...], tuple[int, ...], int]:
    """(a score line per seat, the seats with the best total, that total)."""
    # Built without validation: every value is the engine's own (a playout ends in one of these).
    lines = tuple(
        trusted(ScoreLine, seat=seat, name=names[seat], parts=tuple(mine), total=sum(v for _, v in mine))
        for seat, mine in enumerate(parts)
    )
    best = max(line.total for line in lines)
    return lines, tuple(line.seat for line in lines if line.total == best), best
