"""Leaving on a signal, and above all when the terminal has gone: save first, never wait on it.

A closed window hangs up its terminal: the process gets SIGHUP, and from then on
every write to the terminal fails. Textual writes through an output thread and a
bounded queue; once that thread has died on a failed write, a clean exit that
writes the terminal's restoring sequences waits forever on the full queue
(Textual issues #6692 and #5140). A process stuck that way keeps the data
folder's table locked against the next launch. So, on a hang-up:

1. the standard streams are pointed at /dev/null at once, so that no later write
   can fail or wait (there is no terminal left to restore);
2. the app's event loop is asked to save and exit as it always does;
3. a deadline thread makes sure of both: if the loop has not saved within a
   moment (it may be stuck behind the dead terminal), the thread saves, and when
   the deadline comes it ends the process itself.

A thread dying on a failed terminal write (EIO, EPIPE, ENXIO) is a hang-up too,
even when no SIGHUP comes. SIGTERM takes the same road, with the terminal left as
it is (it is still there to be restored) and a longer deadline.

The handlers are plain `signal.signal` handlers, not the event loop's: they run
on the main thread even while the loop is blocked inside a write.
"""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from types import FrameType

# Errors of a write to a terminal (or a browser's pipe) that is no longer there.
TERMINAL_GONE = frozenset({errno.EIO, errno.ENXIO, errno.EPIPE})

# What `signal.signal` takes and gives back: a handler, SIG_DFL or SIG_IGN, or None (one set outside Python).
SignalHandler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


@dataclass(frozen=True)
class Deadline:
    """How long leaving may take: the loop's own save within `save`, the whole exit within `leave`
    (seconds from the signal)."""

    save: float
    leave: float


# A hang-up restores nothing, so a clean exit takes a moment; SIGTERM restores the terminal first.
HANG_UP = Deadline(save=1.0, leave=3.0)
TERMINATE = Deadline(save=5.0, leave=10.0)


def detach_terminal() -> None:
    """Point standard input, output and error at /dev/null: a write there never fails or waits."""
    with suppress(OSError):
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            with suppress(OSError):
                os.dup2(null, fd)
        os.close(null)


class LeavingGuard:
    """Installed once per process, on the main thread, before the app runs.

    `save()` writes down what a closed window must not lose (None: nothing here is
    kept, a remote seat's game is the host's); it is called once, on the event loop
    or, if the loop is stuck, on the deadline thread. `leave()` ends
    the app the ordinary way, on the event loop. `end(code)` ends the process when
    the deadline comes (`os._exit`: no cleanup that could wait on the terminal).
    """

    def __init__(
        self,
        leave: Callable[[], None],
        save: Callable[[], None] | None = None,
        end: Callable[[int], None] = os._exit,
        detach: Callable[[], None] = detach_terminal,
    ) -> None:
        self._save = save
        self._leave = leave
        self._end = end
        self._detach = detach
        self._save_lock = threading.Lock()
        self.saved = threading.Event()
        self.leaving: Deadline | None = None
        self._previous_hook: Callable[[threading.ExceptHookArgs], object] | None = None
        self._previous_handlers: dict[int, SignalHandler] = {}

    def install(self, terminate: bool = True) -> None:
        """Catch SIGHUP, threads that die on a terminal that is gone, and SIGTERM unless
        `terminate` is False (a server that stops on SIGTERM its own way)."""
        for name in ("SIGHUP", "SIGTERM") if terminate else ("SIGHUP",):
            signum = getattr(signal, name, None)  # no SIGHUP on Windows
            if signum is not None:
                with suppress(ValueError, OSError):  # not the main thread
                    self._previous_handlers[signum] = signal.signal(signum, self._on_signal)
        self._previous_hook = threading.excepthook
        threading.excepthook = self._thread_died

    def uninstall(self) -> None:
        """Put back what `install` replaced (for a process that goes on without this app)."""
        for signum, handler in self._previous_handlers.items():
            with suppress(ValueError, OSError, TypeError):
                signal.signal(signum, handler)
        self._previous_handlers.clear()
        if self._previous_hook is not None:
            threading.excepthook = self._previous_hook
            self._previous_hook = None

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.start_leaving(hang_up=signum != signal.SIGTERM)

    def _thread_died(self, args: threading.ExceptHookArgs) -> None:
        if self._previous_hook is not None:
            with suppress(Exception):
                self._previous_hook(args)
        if isinstance(args.exc_value, OSError) and args.exc_value.errno in TERMINAL_GONE:
            # The terminal is gone though no SIGHUP came (or not yet): the same road, taken
            # on the main thread, where the signal's handler runs.
            with suppress(OSError, AttributeError):
                os.kill(os.getpid(), signal.SIGHUP)

    def start_leaving(self, hang_up: bool) -> None:
        """Begin leaving (on the main thread: a signal's handler). A second call while leaving
        only detaches the terminal, if it is now gone."""
        if hang_up:
            self._detach()
        if self.leaving is not None:
            return
        self.leaving = deadline = HANG_UP if hang_up else TERMINATE
        threading.Thread(target=self._keep_deadline, args=(deadline,), name="fishtable-leaving",
                         daemon=True).start()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the app is not running yet, or no more: the deadline ends the process
            return
        loop.call_soon_threadsafe(self._leave_on_loop)

    def _leave_on_loop(self) -> None:
        self.save_once()
        self._leave()

    def save_once(self) -> None:
        """Save, unless it is done already; never raises (there is nobody left to tell)."""
        with self._save_lock:
            if self.saved.is_set():
                return
            if self._save is not None:
                with suppress(Exception):
                    self._save()
            self.saved.set()

    def _keep_deadline(self, deadline: Deadline) -> None:
        start = time.monotonic()
        if not self.saved.wait(deadline.save):
            self.save_once()  # the loop is stuck (behind the dead terminal): save from here
        time.sleep(max(0.0, deadline.leave - (time.monotonic() - start)))
        self._end(0)
