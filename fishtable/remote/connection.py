"""One WebSocket connection of a table's host: its seat, its rate bucket and its outbox.

Every message to a connection goes through its outbox and one sender task, so
messages from different tasks never interleave and a slow client never holds
up the table (past `OUTBOX_LIMIT` it is dropped; it may rejoin).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from aiohttp import web

OUTBOX_LIMIT = 256  # a connection that falls this far behind is dropped (it may rejoin)


@dataclass
class RateLimit:
    """A token bucket: `burst` messages at once, then `per_second`. Past `drop_after`
    refused messages in a row the connection is closed."""

    per_second: float = 10.0
    burst: float = 30.0
    drop_after: int = 200


@dataclass
class Bucket:
    limit: RateLimit
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0

    def __post_init__(self) -> None:
        self.tokens = self.limit.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.limit.burst, self.tokens + (now - self.stamp) * self.limit.per_second)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    seat: int | None
    bucket: Bucket
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    log_sent: int = 0  # the log index up to which this connection has its lines
    sender: asyncio.Task[None] | None = None

    def send(self, text: str | None) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            text = None  # too far behind: close; the client rejoins and gets a fresh welcome
        self.outbox.put_nowait(text)
