"""The wire protocol between a table's host and its remote seats (CONTRIBUTING.md, "Remote seats").

Every message is one JSON object in one WebSocket text frame, with a protocol
version `v` and a `type`. Both sides validate every message they receive with
these models. A view travels as the game's own view model dumped to JSON
(`match.view(seat).model_dump(mode="json")`) and an action as the JSON of the
game's action (read back with the game's `parse_action`): the host never
serialises a game state, so nothing a seat may not see can reach its wire.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError

from fishtable.engine.errors import FishtableError
from fishtable.engine.files import JsonObject, parse_json, validation_message

PROTOCOL_VERSION: Literal[1] = 1
# A client's message is small (a hello or one action); anything longer is refused.
MAX_CLIENT_MESSAGE_BYTES = 16 * 1024
# The host's messages carry a view and a log; the client refuses anything longer.
MAX_HOST_MESSAGE_BYTES = 4 * 1024 * 1024
# The log a welcome carries (the newest lines); updates carry only what is new.
WELCOME_LOG_LINES = 400
TOKEN_MAX_CHARS = 128


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    v: Literal[1] = PROTOCOL_VERSION


# -- what a client sends ------------------------------------------------------------------------


class Hello(_Message):
    """The first message on a connection: a seat's secret token, or None for the public table."""

    type: Literal["hello"] = "hello"
    token: StrictStr | None = Field(default=None, max_length=TOKEN_MAX_CHARS)
    client: StrictStr = Field(default="fishtable", max_length=64)


class Act(_Message):
    """A seat's decision. `seat` must be the connection's own seat; `ticket` is the ticket of the
    question it answers (from the seat's last update), so a stale answer never answers a newer one."""

    type: Literal["act"] = "act"
    seat: StrictInt
    ticket: StrictInt
    action: JsonObject


class Command(_Message):
    """One of the game's table commands (`GameUI.table_commands`: poker's "stop after this hand"),
    asked by a seat outside the turn order. The host applies it only if the table offers it now."""

    type: Literal["command"] = "command"
    seat: StrictInt
    action: JsonObject


class NextGame(_Message):
    """After a game (`over` with `next`): deal another with the same seats, options and links (any
    seat may ask, as `n` or `p` at the results does in the app)."""

    type: Literal["next"] = "next"


class AskHint(_Message):
    """F2 on a seat's own private decision: what the hard computer player would do. The host searches
    from that seat's view and legal actions only (what the seat could see anyway), one hint at a time."""

    type: Literal["hint"] = "hint"
    seat: StrictInt
    ticket: StrictInt


# The moves one `check` may ask about: a screen's whole list of moves it cannot offer (Fishing
# Party's "Not possible now") fits, and the reply stays small.
MAX_CHECKED = 64


class AskCheck(_Message):
    """Why the game refuses these moves (`actions`, each an action's JSON) as answers to the seat's
    question with this `ticket`: the screen says the hot seat's reason (the engine's words, which
    need the whole state only the host holds) in place of a refusal of its own."""

    type: Literal["check"] = "check"
    seat: StrictInt
    ticket: StrictInt
    actions: list[JsonObject] = Field(max_length=MAX_CHECKED)


ClientMessage = Annotated[Hello | Act | Command | NextGame | AskHint | AskCheck, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Command | NextGame | AskHint | AskCheck] = TypeAdapter(ClientMessage)


# -- what the host sends ------------------------------------------------------------------------


class SeatLine(_Message):
    """One seat as every connection sees it: name, who plays it, and whether it is away."""

    seat: int
    name: str
    kind: Literal["remote", "computer", "local"]
    away: bool = False


class LogLine(_Message):
    """A log line the receiving seat may read, with its place in the whole log."""

    index: int
    kind: str
    text: str
    news: bool = False


class Snapshot(_Message):
    """What one connection may see now. `view` is the game's view JSON for this seat (the public
    view for the table), `table` the public view beside it for a seat's own table screen;
    `prompt` and `legal` are this seat's question and answers, if it is asked, with the
    question's `ticket`; `waiting` lists the seats the table waits for."""

    step: int
    view: JsonObject
    table: JsonObject | None = None
    prompt: JsonObject | None = None
    legal: list[JsonObject] = Field(default_factory=list)
    ticket: int = 0
    waiting: list[int] = Field(default_factory=list)
    seats: list[SeatLine]
    log: list[LogLine] = Field(default_factory=list)


class Welcome(_Message):
    """The answer to a good hello: which game, which seat (None: the public table), and everything
    this connection may see, the newest log lines included. Sent again to every connection when
    the next game of a series is dealt (a new log: its lines count from 0 again)."""

    type: Literal["welcome"] = "welcome"
    game: str
    title: str
    seat: int | None
    snapshot: Snapshot


class Update(_Message):
    """Sent after every action (and every change of who is away): the new snapshot, with only the
    log lines added since the last one."""

    type: Literal["update"] = "update"
    snapshot: Snapshot


class Refused(_Message):
    """A message was refused and nothing changed. `reason` is the plain sentence a player at the
    host's keyboard would get; `final` means the host closes the connection after it."""

    type: Literal["refused"] = "refused"
    reason: str
    final: bool = False


class Presence(_Message):
    """A seat has gone away or come back."""

    type: Literal["presence"] = "presence"
    seat: int
    away: bool
    waiting: list[int] = Field(default_factory=list)


class Note(_Message):
    """The host's own line for every table's log, as it happens: a seat's link opened in a second
    place, a computer player that failed and played a fallback move."""

    type: Literal["note"] = "note"
    text: str = Field(max_length=300)


class GameOver(_Message):
    """The game has ended: the result (the engine's `Result` as JSON), and the series' running
    totals (`fishtable.engine.series.Series` as JSON) if the table plays one. Sent to every
    connection at the end, and after the welcome of a seat that joins later: the host stays up
    until every seat has seen it (and left) or its operator stops it. `next`: a `next` from a
    seat deals another game on the same links (after a single game: play again; in a series
    that goes on: its next game); False after the series' last game."""

    type: Literal["over"] = "over"
    result: JsonObject
    series: JsonObject | None = None
    next: bool = False


class HintLine(_Message):
    """One move of a hint: the action's JSON, its estimated chance of winning (0 to 1), and how many
    imagined games tried it."""

    action: JsonObject
    rate: float
    tried: int


class Hint(_Message):
    """The answer to a seat's `hint`: the top few moves for the question with this `ticket`."""

    type: Literal["hint"] = "hint"
    ticket: int
    options: list[HintLine]


class CheckedLine(_Message):
    """One move asked about and the engine's reason for refusing it (None: the rules allow it)."""

    action: JsonObject
    reason: str | None


class Checked(_Message):
    """The answer to a `check`: the engine's words for each move, for the question with `ticket`."""

    type: Literal["checked"] = "checked"
    ticket: int
    answers: list[CheckedLine]


HostMessage = Annotated[Welcome | Update | Refused | Presence | Note | GameOver | Hint | Checked,
                        Field(discriminator="type")]
HOST_MESSAGE: TypeAdapter[Welcome | Update | Refused | Presence | Note | GameOver | Hint | Checked] = \
    TypeAdapter(HostMessage)


MessageT = TypeVar("MessageT")  # what a reader validates: one side's messages


class ProtocolError(FishtableError):
    """A message that is not one of this protocol's, in words."""


MAX_DEPTH = 16  # views nest a few levels; nothing either side sends nests deeper


def _size_check(text: str | bytes, cap: int) -> None:
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > cap:
        raise ProtocolError(f"The message is too long ({size} bytes; at most {cap}).")


def _version_check(raw: object, who: str) -> None:
    if isinstance(raw, dict) and "v" in raw and raw.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"{who} speaks another version of the fishtable protocol "
                            f"({raw.get('v')!r}; this one speaks {PROTOCOL_VERSION}).")


def _read(text: str | bytes, cap: int, adapter: TypeAdapter[MessageT], who: str) -> MessageT:
    """A client's message: anyone may send one, so it gets the save files' careful JSON reader
    (bounded nesting and numbers, no duplicate keys) before the models."""
    _size_check(text, cap)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("The message is not UTF-8 text.") from None
    raw = parse_json(text, error=ProtocolError, source="The message", max_depth=MAX_DEPTH)
    _version_check(raw, who)
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        raise ProtocolError(validation_message(exc, "That is not a fishtable message")) from None


def read_client_message(text: str | bytes) -> Hello | Act | Command | NextGame | AskHint | AskCheck:
    """Validate a client's message; ProtocolError in words if it is too long or malformed."""
    return _read(text, MAX_CLIENT_MESSAGE_BYTES, CLIENT_MESSAGE, "The client")


def read_host_message(text: str | bytes) -> Welcome | Update | Refused | Presence | Note | GameOver | Hint | Checked:
    """Validate the host's message; ProtocolError in words if it is too long or malformed.

    The host's messages are large (views) and come from the table one chose to join: pydantic's
    own JSON parser reads them (fast, and bounded in depth), with the size capped first."""
    _size_check(text, MAX_HOST_MESSAGE_BYTES)
    try:
        return HOST_MESSAGE.validate_json(text)
    except ValidationError as exc:
        if exc.errors() and exc.errors()[0].get("loc", ())[-1:] == ("v",):
            raise ProtocolError("The host speaks another version of the fishtable protocol.") from None
        raise ProtocolError(validation_message(exc, "That is not a fishtable message")) from None


def encode(message: _Message) -> str:
    return message.model_dump_json()
