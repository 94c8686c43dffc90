"""What one connection may see: one pure function of the match, the seat and what it was sent.

Everything a seat's client receives about the game is built here, so this is
where the promise of hidden information holds on the wire: the seat's own view
(the game's `view(seat)`, which holds no other seat's hidden card), the public
view beside it, the seat's own question and answers, and only the log lines the
seat may read (`Event.visible_for`: "You are dealt 6♣ Q♣…" goes to that seat
alone). `tests/remote/test_snapshots.py` holds it to that, by card names too.
"""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine.match import SomeMatch
from fishtable.remote.protocol import LogLine, SeatLine, Snapshot


def snapshot_for(
    match: SomeMatch, seat: int | None, since: int, ticket: int, seats: Sequence[SeatLine],
) -> Snapshot:
    """What `seat` (None: the public table) may see now, with the log lines from `since` on that
    it may read; `ticket` numbers its question (0 without one), `seats` are the table's lines."""
    pending = match.pending()
    prompt = pending.get(seat) if seat is not None else None
    asked = prompt is not None and seat is not None
    legal = [a.model_dump(mode="json") for a in match.legal_actions(seat)] if asked and seat is not None else []
    lines = [
        LogLine(index=since + i, kind=e.kind, text=e.text, news=e.news)
        for i, e in enumerate(match.events_since(since)) if e.visible_for(seat)
    ]
    return Snapshot(
        step=match.step_count,
        view=match.view(seat).model_dump(mode="json"),
        table=match.view(None).model_dump(mode="json") if seat is not None else None,
        prompt=prompt.model_dump(mode="json") if prompt is not None else None,
        legal=legal,
        ticket=ticket if asked else 0,
        waiting=sorted(pending),
        seats=list(seats),
        log=lines,
    )
