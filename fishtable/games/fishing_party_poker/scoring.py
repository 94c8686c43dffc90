"""The standings: chips count, the most chips win (the session ends by FP-Q-29 or a stop)."""

from __future__ import annotations

from fishtable.engine.protocol import Result, ScoreLine
from fishtable.games.fishing_party_poker.state import PokerState


def result(state: PokerState) -> Result | None:
    if state.phase != "over":
        return None
    return standings(state)


def hands_settled(state: PokerState) -> int:
    """How many hands of the session are played out (the pots paid)."""
    return state.hand_no if state.phase in ("hand_over", "over") else state.hand_no - 1


def standings(state: PokerState) -> Result:
    """The chips as they stand, as if the session stopped now (between hands: every pot paid).
    A tournament scores a deal of a few hands of a longer session by it (`--hand-limit`)."""
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
    played = f"{state.hand_no} hand{'s' if state.hand_no != 1 else ''} played."
    notes = [state.end_reason or "The session is stopped here.", played]
    if len(winners) > 1:
        notes.append("Players with equally many chips share the win.")
    notes.append("The total is each player's chips; hands won are shown for interest.")
    return Result(scores=lines, winners=winners, notes=tuple(notes))
