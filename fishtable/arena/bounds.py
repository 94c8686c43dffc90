"""Sane ranges for the numbers the commands take, so that no argument can run for ever.

`simulate --games 10**30` or `tournament --seconds inf` would be accepted by
Python and then never finish; each number is held to a range instead, said in
`--help` and checked both by the command line and by `run_simulation` /
`run_tournament` (which other code may call). Light to import: no engine.
"""

from __future__ import annotations

import math

SIMULATE_GAMES = (1, 1_000_000)
TOURNAMENT_GAMES = (1, 100_000)
ITERATIONS = (1, 1_000_000)  # search iterations per decision of the hard bot
HAND_LIMIT = (1, 10_000)  # the hands of a poker deal in a tournament (`--hand-limit`)
SECONDS = (0.001, 600.0)  # search time per decision of the hard bot
JOBS = (1, 256)  # processes playing a tournament's games at once
PLAYERS = (1, 64)  # a first wall only: each game then says its own range ("2-6 players")
SEED = (-(10**19 - 1), 10**19 - 1)  # a match's seed has at most 19 digits (see engine.match)


def range_words(bounds: tuple[float, float]) -> str:
    """"1 to 1,000,000"."""
    low, high = bounds
    return f"{low:,g} to {high:,g}" if isinstance(low, float) else f"{low:,} to {high:,}"


def out_of_range(option: str, value: float, bounds: tuple[float, float]) -> str | None:
    """The sentence refusing `value` for `option`, or None when it is within `bounds`.

    NaN and infinity are never within bounds.
    """
    low, high = bounds
    if isinstance(value, float) and not math.isfinite(value):
        return f"{option} must be a number from {range_words(bounds)}, not {value}."
    if low <= value <= high:
        return None
    side = f"at least {low:g}" if value < low else f"at most {high:,g}"
    return f"{option} must be {side} (from {range_words(bounds)}), not {_number_words(value)}."


def _number_words(value: float) -> str:
    if isinstance(value, int) and abs(value) >= 10**24:
        # Never str() a huge int: past 4300 digits Python itself would refuse, in its own words.
        return f"a number of about {int(abs(value).bit_length() * math.log10(2)) + 1} digits"
    return f"{value:g}" if isinstance(value, float) else str(value)


def check(option: str, value: float | None, bounds: tuple[float, float]) -> None:
    """Raise ValueError with the sentence of `out_of_range` (None is always allowed: the default)."""
    if value is None:
        return
    message = out_of_range(option, value, bounds)
    if message is not None:
        raise ValueError(message)
