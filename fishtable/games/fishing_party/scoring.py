"""End-of-game scoring (FP-SCORE-1..9, FP-Q-22, FP-Q-23) and the end of the game."""

from __future__ import annotations

from fishtable.engine.protocol import Event, Result, ScoreLine
from fishtable.games.fishing_party.common import event, plural, roll_off, rolls_text
from fishtable.games.fishing_party.state import FPState

MOST_FISH = 2
HEAVIEST = 2
BIGGEST_OF_KIND = 1


def score_parts(state: FPState) -> list[list[tuple[str, int]]]:
    """Each seat's points by category. Only pond fish count (FP-SCORE-1); every tied player
    gets the full points of a category, and a category nobody qualifies for gives nothing (FP-Q-22)."""
    st = state.static
    weight = st.weight
    ponds = state.ponds
    counts = [len(p) for p in ponds]
    totals = [sum(weight[c] for c in p) for p in ponds]
    most, heaviest = max(counts), max(totals)
    parts: list[list[tuple[str, int]]] = []
    for s in range(st.n):
        parts.append([
            ("most fish", MOST_FISH if most > 0 and counts[s] == most else 0),
            ("heaviest total", HEAVIEST if heaviest > 0 and totals[s] == heaviest else 0),
        ])
    for k, kind in enumerate(st.kinds):
        best = [max((weight[c] for c in p if st.kind_of[c] == k), default=0) for p in ponds]
        top = max(best)
        for s in range(st.n):
            parts[s].append((f"biggest {kind}", BIGGEST_OF_KIND if top > 0 and best[s] == top else 0))
    return parts


def totals(state: FPState) -> list[int]:
    return [sum(v for _, v in p) for p in score_parts(state)]


def finish(state: FPState, reason: str, events: list[Event] | None) -> None:
    """End the game: score it, and roll off a tie for the most points (FP-SCORE-8, FP-Q-23)."""
    state.stage = "over"
    state.end_reason = reason
    state.fishing = -1
    state.asking = ()
    points = totals(state)
    best = max(points)
    top = [s for s in range(state.n) if points[s] == best]
    names = state.static.names
    if len(top) > 1:
        winner, rounds = roll_off(state, top)
        state.tiebreak = rounds
        state.winners = (winner,)
    else:
        state.winners = (top[0],)
    if events is None:
        return
    why = f"{names[state.seat]} has every kind of fish" if reason == "six kinds" else "the time is up"
    line = ", ".join(f"{names[s]} {points[s]}" for s in range(state.n))
    events.append(event("end", f"The game is over: {why}. Points: {line}.", news=True))
    if state.tiebreak:
        events.append(event("end", f"Tie on {plural(best, 'point')}, broken by the die: "
                                   f"{rolls_text(names, state.tiebreak)}.", news=True))
    events.append(event("end", f"{names[state.winners[0]]} wins.", news=True))


def result(state: FPState) -> Result | None:
    if state.stage != "over":
        return None
    st = state.static
    weight = st.weight
    lines = []
    notes = []
    for s, parts in enumerate(score_parts(state)):
        lines.append(ScoreLine(seat=s, name=st.names[s], parts=tuple(parts), total=sum(v for _, v in parts)))
        pond = state.ponds[s]
        notes.append(f"{st.names[s]}: {len(pond)} fish, {sum(weight[c] for c in pond)} lb ({st.scheme} weights).")
    if state.tiebreak:
        best = max(line.total for line in lines)
        notes.append(f"Tie on {plural(best, 'point')}, broken by the die: {rolls_text(st.names, state.tiebreak)}; "
                     f"{st.names[state.winners[0]]} rolled highest.")
    return Result(scores=tuple(lines), winners=state.winners, notes=tuple(notes))
