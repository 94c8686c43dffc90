"""What a seat app knows of its remote table, read from its connections' latest snapshots.

`WireMatch` is the match as the table's planner (`fishtable.tui.planner`) reads it: the seats, the
questions this keyboard's seats are asked (and which seats elsewhere the table waits for), the log
lines this keyboard may read, whether the game is over. `WireFeed` is what the table screens read
(`fishtable.tui.plugin.TableFeed`). Neither holds a game state: only what the host sent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pydantic import BaseModel

from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Event, Prompt, SeatInfo, SomeGame
from fishtable.remote.client import RemoteClient
from fishtable.remote.table_seen import action_key
from fishtable.remote.views import rebuild_view
from fishtable.tui.decision import CHECKING, LogWindow
from fishtable.tui.plugin import SomeUI

GENERIC_REFUSAL = "That is not one of your choices now."


def _unordered(value: object) -> object:
    """An action's JSON with the order of its lists left out (two fish marked #22 then #15 are the
    fish #15 and #22): a hashable, comparable key."""
    if isinstance(value, dict):
        return tuple(sorted((k, _unordered(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(sorted((_unordered(v) for v in value), key=repr))
    return value


def legal_match(action: object, legal: Sequence[BaseModel]) -> BaseModel | None:
    """The legal answer `action` is (itself, or the legal one it differs from only in the order it
    was put together in: the host's engine takes either), or None. What is sent is the player's
    own `action`, in its order (the Reel's fish are taken in the order marked, as at the hot seat)."""
    if action in legal:
        return action if isinstance(action, BaseModel) else None
    if not isinstance(action, BaseModel):
        return None
    key = _unordered(action.model_dump(mode="json"))
    return next((a for a in legal if _unordered(a.model_dump(mode="json")) == key), None)


def wire_check(
    legal: Sequence[BaseModel], commands: Sequence[object], answers: Mapping[str, str | None] | None = None,
    ask: Callable[[JsonObject], None] | None = None,
) -> Callable[[object], str | None]:
    """A remote question's `Decision.check`: a legal answer (in any order) or a table command the
    table offers passes. Anything else gets the hot seat's reason, the engine's words, which only
    the host can give (they need the whole state): `answers` holds the host's answers so far (by
    `action_key`), and a move not among them is asked of the host (`ask`) and is CHECKING until
    its answer comes (the screen is then told `rechecked()`). Without them: a generic refusal."""
    def check(action: object) -> str | None:
        if legal_match(action, legal) is not None or action in commands:
            return None
        if answers is None or ask is None or not isinstance(action, BaseModel):
            return GENERIC_REFUSAL
        wire = action.model_dump(mode="json")
        key = action_key(wire)
        if key in answers:
            return answers[key]
        ask(wire)
        return CHECKING

    return check


def seat_infos(source: RemoteClient) -> tuple[SeatInfo, ...]:
    """The seats as the planner sees them: a computer seat is the host's ("computer")."""
    snap = source.seen.snapshot
    assert snap is not None
    return tuple(SeatInfo(name=s.name, bot="computer" if s.kind == "computer" else None) for s in snap.seats)


class WireMatch:
    """The remote table as `fishtable.tui.planner.FlowMatch`: `source` is the public table (a seat's
    own connection when it is the only seat here), `seats` this keyboard's seats' connections, and
    `answered` the question tickets already answered (the host may not have moved on yet)."""

    def __init__(self, source: RemoteClient, seats: Mapping[int, RemoteClient], game: SomeGame,
                 answered: set[int]) -> None:
        self.source = source
        self.seat_clients = seats
        self.game = game
        self.answered = answered
        self.seats = seat_infos(source)

    @property
    def is_over(self) -> bool:
        return self.source.seen.result is not None

    def _events(self) -> dict[int, Event]:
        """Every game line this keyboard may read, by its place in the whole log. With one seat
        here its lines are everyone's here; with several, a line the public table did not get is
        that seat's own."""
        events = {line.index: Event(kind=line.kind, text=line.text, news=line.news)
                  for line in self.source.seen.log.values()}
        for seat, client in self.seat_clients.items():
            if client is self.source:
                continue
            for line in client.seen.log.values():
                if line.index not in events:
                    events[line.index] = Event(kind=line.kind, text=line.text, news=line.news, visible_to=(seat,))
        return events

    @property
    def settled(self) -> bool:
        """Has every connection here heard of the host's latest step (the host tells each in turn)?"""
        snaps = [c.seen.snapshot for c in (self.source, *self.seat_clients.values())]
        return len({s.step for s in snaps if s is not None}) <= 1

    @property
    def event_count(self) -> int:
        indices = [*self.source.seen.log, *(i for c in self.seat_clients.values() for i in c.seen.log)]
        return max(indices, default=-1) + 1

    def events_since(self, index: int) -> Sequence[Event]:
        return [e for i, e in sorted(self._events().items()) if i >= index]

    def open_ticket(self, seat: int) -> int | None:
        """The ticket of `seat`'s open question here (asked and not yet answered), or None."""
        client = self.seat_clients.get(seat)
        snap = client.seen.snapshot if client is not None else None
        if snap is None or snap.prompt is None or snap.ticket in self.answered:
            return None
        return snap.ticket

    def pending(self) -> dict[int, Prompt]:
        """The open questions of the seats here, and a stand-in for each seat elsewhere the table
        waits for (the planner only needs to know it is asked)."""
        out: dict[int, Prompt] = {}
        for seat, client in self.seat_clients.items():
            snap = client.seen.snapshot
            if self.open_ticket(seat) is not None and snap is not None and snap.prompt is not None:
                out[seat] = Prompt.model_validate(snap.prompt)
        for seat in self.source.seen.waiting:
            if seat not in self.seat_clients:
                out[seat] = Prompt(seat=seat, kind="elsewhere", text="")
        return out

    def legal_actions(self, seat: int) -> list[BaseModel]:
        snap = self.seat_clients[seat].seen.snapshot
        assert snap is not None
        return [self.game.parse_action(a) for a in snap.legal]


class WireFeed:
    """What the table screens read (`fishtable.tui.plugin.TableFeed`), from the latest snapshots:
    the public table from `source`, a seat's own view and log from that seat's connection;
    `news_from(viewer)` says where the news of a viewer's log starts (the seat app's rhythm)."""

    def __init__(self, source: RemoteClient, seats: Mapping[int, RemoteClient], game: SomeGame, ui: SomeUI,
                 news_from: Callable[[int | None], int]) -> None:
        self.client = source
        self.seat_clients = seats
        self.game = game
        self.ui = ui
        self.title = game.title
        self.news_from = news_from
        self.seats = seat_infos(source)

    def view(self, viewer: int | None) -> BaseModel:
        if viewer is not None and viewer in self.seat_clients:
            snap = self.seat_clients[viewer].seen.snapshot
            assert snap is not None
            return rebuild_view(self.game, snap.view)
        snap = self.client.seen.snapshot
        assert snap is not None
        return rebuild_view(self.game, snap.table if snap.table is not None else snap.view)

    def log(self, viewer: int | None) -> LogWindow:
        seen = (self.seat_clients.get(viewer, self.client) if viewer is not None else self.client).seen
        # Numbered by place in the whole log; a host's note (a seat taken over) takes the number
        # of the game's line it came after.
        entries = [(line.index, Event(kind=line.kind, text=line.text, news=line.news))
                   for line in seen.readable_log()]
        return LogWindow(self.ui.log_window(entries), self.news_from(viewer))

    def clock_words(self) -> str:
        away = [s.name for s in self.client.seen.seats if s.away]
        return f"away: {', '.join(away)}" if away else ""

    def started(self) -> None:
        """The table is on screen; the wire drives it."""

    def thinking_words(self) -> str:
        return ""
