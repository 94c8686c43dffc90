"""The one way a game makes an `Event`: a log line the engine wrote itself.

Playouts make an event or two per move, hundreds of thousands a second, so
`event` does not validate (the engine's own values are right by construction;
anything from outside is validated where it enters). It uses pydantic's public
`model_construct` with the fields-set given, never the model's internals. That
is slower than filling the instance by hand, so the events are shared: an
`Event` is frozen and compared by value, the same lines ("Ann draws a card.")
come back again and again, and a bounded cache hands the same object out
(measured: nine in ten events of a Fishing Party or Big Fish simulation are a
line made before).
"""

from __future__ import annotations

from functools import lru_cache

from fishtable.engine.protocol import Event

_FIELDS = frozenset(Event.model_fields)
_construct = Event.model_construct


@lru_cache(maxsize=1 << 16)
def event(kind: str, text: str, to: tuple[int, ...] | None = None, news: bool = False) -> Event:
    """The event `kind` saying `text`, for the seats `to` (None: everyone); `news` for a public moment."""
    return _construct(_FIELDS, kind=kind, text=text, visible_to=to, news=news)
