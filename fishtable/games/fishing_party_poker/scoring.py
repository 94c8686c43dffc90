"""The standings: chips count, the most chips win (the session ends by FP-Q-29 or a stop)."""

from __future__ import annotations

from fishtable.engine.protocol import Result, ScoreLine
from fishtable.games.fishing_party_poker.state import PokerState


def result(state: PokerState) -> Result | None:
    if state.phase != "over":
        return None
    lines = tuple(
        ScoreLine(
            seat=s, name=state.names[s],
            parts=(("chips", state.chips[s]), ("hands won", state.hands_won[s])),
            total=state.chips[s],
        )
        for s in range(state.n)
    )
    best = max(state.chips)
    winners = tuple(s for s in range(state.n) if state.chips[s] == best)
    notes = [state.end_reason, f"{state.hand_no} hand{'s' if state.hand_no != 1 else ''} played."]
    if len(winners) > 1:
        notes.append("Players with equally many chips share the win.")
    notes.append("The total is each player's chips; hands won are shown for interest.")
    return Result(scores=lines, winners=winners, notes=tuple(notes))
