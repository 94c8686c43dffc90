"""`snapshot_for`, the one function that decides what a connection sees, on its own: through
random games of every game, no snapshot holds another seat's hidden card, by id or by the words
of a private log line, and only the asked seat gets its question and answers."""

from __future__ import annotations

import json
import random

import pytest

from fishtable.remote.protocol import SeatLine
from fishtable.remote.snapshots import snapshot_for

from .helpers import PUBLIC_HISTORY, hidden_ids, make_match

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


def seat_lines(n: int) -> list[SeatLine]:
    return [SeatLine(seat=i, name=f"P{i}", kind="remote", away=False) for i in range(n)]


@pytest.mark.parametrize("game", GAMES)
def test_no_snapshot_holds_another_seats_hidden_card_or_private_line(game: str) -> None:
    match = make_match(game, ("remote", "remote", "remote"), seed=5)
    rng = random.Random(5)
    viewers = (None, 0, 1, 2)
    private_seen = 0
    for _ in range(120):  # Big Fish and poker reach their end, and their few private lines
        if match.is_over:
            break
        events = match.events_since(0)
        for viewer in viewers:
            snapshot = snapshot_for(match, viewer, 0, 7, seat_lines(3))
            data = snapshot.model_dump(mode="json")
            for name in PUBLIC_HISTORY.get(game, ()):
                for part in ("view", "table"):
                    (data.get(part) or {}).pop(name, None)
            text = json.dumps(data, ensure_ascii=False)
            for cid in hidden_ids(match, viewer):
                assert f'"{cid}"' not in text, (game, viewer, cid)
            readable = {e.text for e in events if e.visible_for(viewer)}
            for event in events:
                if not event.visible_for(viewer) and event.text not in readable:
                    private_seen += 1
                    assert json.dumps(event.text, ensure_ascii=False) not in text, (game, viewer, event.text)
            pending = match.pending()
            if viewer is not None and viewer in pending:
                assert snapshot.prompt is not None and snapshot.ticket == 7
                assert snapshot.legal == [a.model_dump(mode="json") for a in match.legal_actions(viewer)]
            else:
                assert snapshot.prompt is None and snapshot.legal == [] and snapshot.ticket == 0
            assert (snapshot.table is None) == (viewer is None)
        seat = rng.choice(sorted(match.pending()))
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert private_seen > 0, "no private line to test"


def test_the_log_starts_where_it_was_sent_up_to() -> None:
    match = make_match("crazy-fishing", ("remote", "remote"), seed=3)
    for _ in range(4):
        seat = min(match.pending())
        match.apply(seat, match.legal_actions(seat)[0])
    whole = snapshot_for(match, 0, 0, 1, seat_lines(2)).log
    later = snapshot_for(match, 0, 3, 1, seat_lines(2)).log
    assert [line.index for line in later] == [line.index for line in whole if line.index >= 3]
    assert [line.text for line in later] == [line.text for line in whole if line.index >= 3]
