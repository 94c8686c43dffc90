"""End-of-game scoring (BF-SCORE-*, BF-Q-19, BF-Q-20, BF-Q-21)."""

from __future__ import annotations

from fishtable.engine.fast import trusted
from fishtable.engine.protocol import Result
from fishtable.engine.scores import score_lines
from fishtable.games.big_fish.common import ice_points, join_words, plural, spot_points
from fishtable.games.big_fish.state import BFState


def score_parts(state: BFState, seat: int) -> list[tuple[str, int]]:
    """Ice Box points plus Fishing Spot points; wild cards and hands score nothing (BF-Q-21)."""
    return [("Ice Box", ice_points(state, seat)), ("Fishing Spot", spot_points(state, seat))]


def result(state: BFState) -> Result | None:
    if state.phase != "over":
        return None
    lines, winners, best = score_lines(state.names, [score_parts(state, s) for s in range(state.n)])
    notes: tuple[str, ...] = ()
    if len(winners) > 1:
        # No tie-break: the tied players share the victory (BF-Q-19).
        names = join_words([state.names[s] for s in winners])
        notes = (f"{names} tie with {plural(best, 'point')} and share the victory.",)
    return trusted(Result, scores=lines, winners=winners, notes=notes)


def evaluate(state: BFState, seat: int) -> float:
    """A cheap value in [0, 1] for the search bots when a playout stops early.

    The score the seat would have if the game ended now, against the best other
    score: 1 for a clear lead, 0.5 for a tie, and between them by the share of the
    two scores. A finished game gives 1 to a sole winner, 1/k to each of k tied ones
    and 0 to the others.
    """
    scores = [ice_points(state, s) + spot_points(state, s) for s in range(state.n)]
    mine = scores[seat]
    best = max(scores[s] for s in range(state.n) if s != seat)
    if state.phase == "over":
        if mine < best:
            return 0.0
        return 1.0 / sum(1 for v in scores if v == mine)
    if mine + best == 0:
        return 0.5
    return mine / (mine + best)
