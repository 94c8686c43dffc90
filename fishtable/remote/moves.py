"""A seat's move or table command from the wire: checked (`checks`), applied by the table, or
refused in the words a player at the keyboard would get, with nothing changed."""

from __future__ import annotations

import asyncio
from typing import Protocol

from pydantic import BaseModel

from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import SomeMatch
from fishtable.remote.checks import act_refusal, check_answers, command_refusal
from fishtable.remote.connection import Connection
from fishtable.remote.protocol import Act, AskCheck, Checked, Command, Refused, Update, encode
from fishtable.remote.seating import Seating
from fishtable.tui.plugin import SomeUI


class PlayTable(Protocol):
    """What a move needs of the table."""

    match: SomeMatch
    lock: asyncio.Lock
    ui: SomeUI  # the game's plug-in: its `table_commands`
    seating: Seating

    def ticket(self, seat: int) -> int: ...

    def apply(self, seat: int, action: BaseModel) -> None:
        """Apply a checked action, save, and tell everyone (the lock held)."""


def _applied(table: PlayTable, seat: int, action: BaseModel | None) -> str | None:
    """Apply `action` for `seat`; the engine's words if it refuses it after all."""
    assert action is not None  # the checks give no reason to refuse only with the action parsed
    try:
        table.apply(seat, action)
    except IllegalAction as exc:
        return str(exc)
    return None


async def play(table: PlayTable, conn: Connection, act: Act) -> None:
    """A seat answers its question."""
    async with table.lock:
        ticket = table.ticket(conn.seat) if conn.seat is not None else -1
        reason, action = act_refusal(table.match, conn.seat, act, ticket)
        if reason is None:
            reason = _applied(table, act.seat, action)
        if reason is not None:
            conn.send(encode(Refused(reason=reason)))
            # The seat sees the question again as it stands (a fresh ticket if it changed).
            conn.send(encode(Update(snapshot=table.seating.snapshot(conn, conn.log_sent))))


async def check(table: PlayTable, conn: Connection, ask: AskCheck) -> None:
    """Why the game would refuse these moves of a seat's question: the engine's own words."""
    async with table.lock:
        ticket = table.ticket(conn.seat) if conn.seat is not None else -1
        answers = check_answers(table.match, conn.seat, ask, ticket)
    if answers is not None:
        conn.send(encode(Checked(ticket=ask.ticket, answers=answers)))


async def command(table: PlayTable, conn: Connection, asked: Command) -> None:
    """One of the game's table commands, from a seat: applied for it if the table offers it now."""
    async with table.lock:
        offered = [c.action for c in table.ui.table_commands(table.match.view(None))]
        reason, action = command_refusal(table.match, conn.seat, asked, offered)
        if reason is None and conn.seat is not None:
            reason = _applied(table, conn.seat, action)
        if reason is not None:
            conn.send(encode(Refused(reason=reason)))
