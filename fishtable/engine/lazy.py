"""Legal actions built one at a time, logs written only when read, and the engine's trust
in the actions it built: the playout fast paths that Crazy Fishing and Big Fish share.

A Crazy Fishing cast decision has a couple of dozen legal casts, and a playout
reads one of them: building a pydantic model for each would cost more than the
rest of the step. `LazyActions` is a real `list` (the protocol's return type)
that knows its length and builds an action only when it is read by position;
anything else (iteration, `==`, `in`, slicing, repr, sorting...) builds them
all once, in order, and from then on it is a plain list.

Each action read by position is remembered, with the compact move it encodes,
as the last one issued (`issued`). A game's `apply` takes that move straight to
the phase code without validating it again when it is given that very action
object for the very state and seat it was enumerated for: the engine made it
legal by construction. Any other action, equal or not, is validated as usual.

A playout never reads the log, so a step may be applied without writing one
(`events=None` to the phase code) and return `ReplayEvents`, which writes the
very same events by replaying the step on a copy of the state only if they are
read (the engines are deterministic: their randomness lives in the state).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, SupportsIndex, TypeVar, cast, overload

if TYPE_CHECKING:  # annotations only
    from fishtable.engine.protocol import Event

T = TypeVar("T")
A = TypeVar("A")  # the game's action type

_list_len = list.__len__
_list_getitem = list.__getitem__
_list_extend = list.extend

# A step's compact move, and what plays it (`apply(new_state, seat, move, events)`, events None
# for no log) and what builds its action (`make(state, move)`). Each game's own types, which
# differ from one decision to the next: the lists here only pass them on, so they name none.
Play = Callable[..., None]
Make = Callable[..., A]


def _nothing_issued(*_: object) -> None:
    """The handler of `issued` before any action was read: never called (no state matches None)."""


# (state, seat, action, handler, move): the last action read by position. One tuple,
# rebound at once, so a reader never sees parts of two different issues.
issued: tuple[object, int, object, Play, object] = (None, -1, None, _nothing_issued, None)


def issue(state: object, seat: int, at: Callable[[int], tuple[tuple[Play, Make[A]], object]], index: int) -> A:
    """The `index`-th legal action of `at` (see LazyActions), built and issued: the one action
    a game's `apply` may then take for `state` and `seat` without validating it again."""
    (apply, make), move = at(index)
    action = make(state, move)
    global issued
    issued = (state, seat, action, apply, move)
    return action


class _Lazy(list[T]):
    """A list whose items are worked out on first use (`_fill`), then a plain list."""

    __slots__ = ()

    def _fill(self) -> _Lazy[T]:
        raise NotImplementedError

    def __len__(self) -> int:
        return _list_len(self._fill())

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        return _list_getitem(self._fill(), index)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __repr__(self) -> str:
        return list.__repr__(self._fill())

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[type[list[T]], tuple[list[T]]]:
        return (list, (list(self._fill()),))


class LazyActions(_Lazy[A]):
    """`count` legal actions; `at(i)` gives the i-th as ((apply, make), move).

    `move` is its compact form (card indices); `apply(new_state, seat, move,
    events)` plays it on a fresh copy of the state the list was made for, and
    `make(state, move)` builds the action object the protocol shows.
    """

    __slots__ = ("_at", "_count", "_seat", "_state")

    def __init__(
        self, state: object, seat: int, count: int, at: Callable[[int], tuple[tuple[Play, Make[A]], object]]
    ) -> None:
        self._state = state
        self._seat = seat
        self._count = count
        self._at = at

    def __len__(self) -> int:
        if self._count < 0:
            return _list_len(self)
        return self._count

    @overload
    def __getitem__(self, index: SupportsIndex) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> list[A]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> A | list[A]:
        count = self._count
        if count < 0 or type(index) is not int:
            return _list_getitem(self._fill(), index)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("list index out of range")
        return issue(self._state, self._seat, self._at, index)

    def _fill(self) -> LazyActions[A]:
        if self._count >= 0:
            at, state = self._at, self._state
            actions = []
            for i in range(self._count):
                (_, make), move = at(i)
                actions.append(make(state, move))
            _list_extend(self, actions)
            self._count = -1
            self._at = self._state = None  # type: ignore[assignment]  # filled: never read again, let go
        return self


class _Forks(Protocol):
    def fork(self) -> object:
        """A copy of the state that the caller may change."""
        ...


class ReplayEvents(_Lazy["Event"]):
    """The events of a step applied without writing its log, written when first read.

    A playout never reads the log; anyone else gets the very same events, by
    applying the move again to a copy of the state before it: `play(copy, seat,
    move, events)`, where the copy is `state.fork()` (a copy the handler may
    change; Big Fish's `fork` is its `clone`).

    It is made empty, `ReplayEvents()`, which runs no Python code (a playout makes one
    at every step), and then handed its `step` as `issue` records one: (state, seat,
    action, play, move), the action unused. `replay_events` does both.
    """

    __slots__ = ("step",)
    step: tuple[object, int, object, Play, object] | None

    def _fill(self) -> ReplayEvents:
        step = getattr(self, "step", None)
        if step is not None:
            self.step = None
            state, seat, _, play, move = step
            events: list[Event] = []
            play(cast(_Forks, state).fork(), seat, move, events)
            _list_extend(self, events)
        return self


def replay_events(state: _Forks, seat: int, play: Play, move: object) -> ReplayEvents:
    """The events of `play(state.fork(), seat, move, events)`, written only if they are read."""
    events = ReplayEvents()
    events.step = (state, seat, None, play, move)
    return events


def _filling(name: str) -> Callable[..., object]:
    method = getattr(list, name)

    def wrapper(self: _Lazy[object], *args: object, **kwargs: object) -> object:
        for arg in args:  # list methods read another list's storage directly
            if isinstance(arg, _Lazy):
                arg._fill()
        return method(self._fill(), *args, **kwargs)

    wrapper.__name__ = name
    wrapper.__doc__ = method.__doc__
    return wrapper


def _reflected(name: str) -> Callable[[_Lazy[object], object], object]:
    # `[] == lazy`, `[x] + lazy`: Python asks the subclass first, so fill it then.
    def wrapper(self: _Lazy[object], other: object) -> object:
        self._fill()
        if name == "__radd__":
            return other + list(self) if isinstance(other, list) else NotImplemented
        return NotImplemented

    wrapper.__name__ = name
    return wrapper


for _name in (
    "__iter__", "__reversed__", "__contains__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__add__", "__iadd__", "__mul__", "__rmul__", "__imul__", "__setitem__", "__delitem__", "__str__",
    "__format__", "__sizeof__", "append", "extend", "insert", "pop", "remove", "clear", "index", "count",
    "copy", "reverse", "sort",
):
    setattr(_Lazy, _name, _filling(_name))
_Lazy.__radd__ = _reflected("__radd__")  # type: ignore[attr-defined]  # list has no __radd__ to override
_Lazy.__hash__ = None
