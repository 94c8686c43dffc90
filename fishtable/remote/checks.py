"""Why a seat's message is refused, in the words a player at the keyboard would get: pure checks of
the match as it stands (nothing here changes it). None: the message may go on."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ValidationError

from fishtable.bots.search import can_search
from fishtable.engine.files import validation_message
from fishtable.engine.match import SomeMatch
from fishtable.remote.protocol import Act, AskCheck, AskHint, CheckedLine, Command
from fishtable.remote.record import TableRecord

WRONG_KEY = "That link is not a seat of this table (its key is wrong)."
PUBLIC_CANNOT_PLAY = "The public table cannot play; open a seat's own link to play."


def names(match: SomeMatch, seats: Sequence[int]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    said = [match.seats[s].name for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def act_refusal(match: SomeMatch, seat: int | None, act: Act, ticket: int) -> tuple[str | None, BaseModel | None]:
    """(why this act from `seat`'s connection is refused, or None; the parsed action). `ticket`:
    the ticket of the seat's question now."""
    if seat is None:
        return PUBLIC_CANNOT_PLAY, None
    if act.seat != seat:
        return (f"This link plays seat {seat + 1} ({match.seats[seat].name}); "
                f"it cannot act for seat {act.seat + 1}."), None
    if match.is_over:
        return "The game is over.", None
    pending = match.pending()
    if seat not in pending:
        return f"It is not your turn: the table waits for {names(match, sorted(pending))}.", None
    if act.ticket != ticket:
        return "The table has moved on since that question; here it is again as it stands now.", None
    try:
        action = match.game.parse_action(act.action)
    except ValidationError as exc:
        return validation_message(exc, f"That is not a move of {match.game.title}"), None
    except (ValueError, TypeError):
        return f"That is not a move of {match.game.title}.", None
    return match.check(seat, action), action


def check_answers(
    match: SomeMatch, seat: int | None, ask: AskCheck, ticket: int,
) -> list[CheckedLine] | None:
    """The engine's words for each move `ask` asks about, for `seat`'s connection: what an `act` of
    that move would be refused with (the words the hot seat's screen says, written for the player
    acting). None: nothing to answer (the public table, another seat, a question no longer asked:
    the seat has a new one and asks again)."""
    if seat is None or ask.seat != seat or match.is_over or seat not in match.pending() or ask.ticket != ticket:
        return None
    lines = []
    for raw in ask.actions:
        try:
            reason = match.check(seat, match.game.parse_action(raw))
        except (ValidationError, ValueError, TypeError):
            reason = f"That is not a move of {match.game.title}."
        lines.append(CheckedLine(action=raw, reason=reason))
    return lines


def command_refusal(
    match: SomeMatch, seat: int | None, command: Command, offered: Sequence[BaseModel],
) -> tuple[str | None, BaseModel | None]:
    """(why this table command is refused, or None; the parsed action). `offered`: the table
    commands the table offers now (`GameUI.table_commands` of the public view)."""
    if seat is None:
        return PUBLIC_CANNOT_PLAY, None
    if command.seat != seat:
        return f"This link plays seat {seat + 1}; it cannot act for seat {command.seat + 1}.", None
    if match.is_over:
        return "The game is over.", None
    try:
        action = match.game.parse_action(command.action)
    except (ValidationError, ValueError, TypeError):
        return f"That is not a move of {match.game.title}.", None
    if action not in offered:
        return "The table cannot ask for that now.", action
    return match.check(seat, action), action


def link_refusal(record: TableRecord, token: str | None) -> str | None:
    """Why a link's browser page opens nothing (None: the public table, or a remote seat's right
    key; a finished game's links open on its result while the host is up). Constant-time compare."""
    if token is not None:
        seat = record.seat_for(token)
        if seat is None or record.kinds[seat] != "remote":
            return WRONG_KEY
    return None


def next_refusal(match: SomeMatch, record: TableRecord, seat: int | None) -> str | None:
    """Why this connection may not deal the next game now: after a single game a seat may ask for
    another (the same seats and links), after a game of a series the series' next, never after the
    series' end."""
    if seat is None:
        return "The public table cannot deal; a seat's own link can."
    if not match.is_over:
        return "The game is still being played."
    if record.series is not None and not record.series_goes_on:
        return "The series is over: there is no next game."
    return None


def hint_refusal(
    match: SomeMatch, seat: int | None, ask: AskHint, ticket: int, hinting: bool,
) -> str | None:
    """Why `seat` may not have a hint now (`hinting`: its last hint is still being searched)."""
    if seat is None or ask.seat != seat:
        return "A hint is for your own decision, on your private screen."
    prompt = match.pending().get(seat)
    if prompt is None or ask.ticket != ticket:
        return "A hint is for the question you are asked now."
    if not (prompt.private or prompt.reaction):
        return "A hint is for your own decision, on your private screen."
    if not can_search(match.game):
        return "This game has no hints."
    if hinting:
        return "Still thinking about the last hint…"
    return None
