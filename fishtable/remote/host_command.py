"""`fishtable host`: the table (`table_setup`) served until every seat has seen the result and
left, or Ctrl+C. The links are printed to fit 80 columns; with no app on this terminal, the host's
own lines (joins, leaves, rejoins, a failed computer player or save) are printed as they happen.
Seats played at the host's own keyboard (`local`) are played by the join app here, over loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import textwrap
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

from fishtable.engine.errors import FishtableError
from fishtable.history.recorder import Recorder, history_path
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.links import Link, exposure_warning
from fishtable.remote.seat_app import SeatApp
from fishtable.remote.table_setup import COMMAND, build_table
from fishtable.remote.transport import Pages
from fishtable.tui.data_folder import default_data_dir
from fishtable.tui.leaving import LeavingGuard

PageMaker = Callable[..., Pages]
seat_pages: PageMaker | None
try:  # the links' browser pages need the optional web extra (textual-serve)
    from fishtable.remote.browser_pages import SeatPages as seat_pages
except ImportError:  # without it a link's page says to use `fishtable join`
    seat_pages = None

WIDTH = 80  # the host's printout fits a terminal this wide


class CannotListen(Exception):
    """The table could not open its port (taken, or an address not this machine's)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def host_command(
    args: argparse.Namespace, data_dir: Path | None, pages: PageMaker | None = seat_pages,
) -> int:
    """`pages`: the links' browser pages (None without the web extra: a link's page then says to
    use `fishtable join`)."""
    save_dir = args.save_dir or (data_dir or default_data_dir()) / "table"
    try:
        table = build_table(args, save_dir, data_dir)
    except (FishtableError, LookupError, ValueError) as exc:  # SetupError is a ValueError
        print(f"{COMMAND}: error: {exc}", file=sys.stderr)
        return 2
    if table is None:
        print("Nothing was dealt.")
        return 0
    if pages is not None:
        table.pages = browser_pages(table, pages)
    record_history(table, data_dir or default_data_dir())
    try:
        return asyncio.run(serve(table))
    except CannotListen as failed:  # only the listening: an OSError later is no port's fault
        error = failed.error
        why = os.strerror(error.errno) if error.errno else str(error)  # "Address already in use"
        where = f"{table.bind}:{table.port}"
        if args.resume and args.port is None:
            say(f"{COMMAND}: error: the saved table's links use {where}, and the table cannot listen there "
                f"({why}). Is another program (or another host) using that port? Stop it and resume again, "
                "or give --port to resume on another port (the links then change).", file=sys.stderr)
        else:
            say(f"{COMMAND}: error: the table cannot listen on {where} ({why}).", file=sys.stderr)
        return 1


def record_history(table: TableHost, data_dir: Path) -> Recorder:
    """Every finished game of the table goes to the data folder's History (issue 42), written off
    the event loop; a failure is said on the host's terminal and play goes on."""
    recorder = Recorder(
        history_path(data_dir), "host", ["remote" if kind == "remote" else "local" for kind in table.record.kinds],
        lambda: table.record.series, lambda text: print(text, file=sys.stderr))
    table.on_applied.append(recorder)
    return recorder


def browser_pages(table: TableHost, pages: PageMaker) -> Pages:
    """The links' browser pages for `table` (`fishtable.remote.browser_pages.SeatPages`, or a stand-in)."""
    return pages(bind=table.bind, port=lambda: table.port, opens=table.link_refusal,
                 local_link=lambda token: str(table.local_link(token)))


async def play_here(links: dict[int, Link], table: Link) -> None:
    """The seats played at the host's keyboard: the join app, over loopback, in this process,
    once Enter is pressed (so the links above can be sent first). Several seats pass the keyboard
    between them, and their shared table is the public table's (`table`)."""
    print("Press Enter to take your seat here (the links above stay valid)…", flush=True)
    loop = asyncio.get_running_loop()
    pressed = asyncio.Event()
    # No thread blocked on input(): a game that ends first must not keep the process alive.
    def read_line() -> None:
        sys.stdin.readline()
        pressed.set()

    loop.add_reader(sys.stdin.fileno(), read_line)
    try:
        await pressed.wait()
    finally:
        loop.remove_reader(sys.stdin.fileno())
    first, *others = (RemoteClient(link) for link in links.values())
    app = SeatApp(first, more=tuple(others), table=RemoteClient(table))
    # A closed window ends the seats here and so the host (the table is saved after every move);
    # SIGTERM stays `serve`'s own.
    LeavingGuard(app.exit).install(terminate=False)
    await app.run_async()


Local = Callable[[dict[int, Link], Link], Awaitable[None]]


async def serve(table: TableHost, public_name: str | None = None, local: Local = play_here) -> int:
    """Serve until every seat has seen the result and left, or Ctrl+C / SIGTERM (the table is
    saved after every move). With seats at the host's keyboard, `local(links, table_link)` plays
    them; when it returns before the end, the host stops."""
    try:
        await table.start()
    except OSError as exc:
        raise CannotListen(exc) from exc
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await _serve_until_done(table, public_name, local, stop)
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        await table.stop()
    _print_end(table)
    return 0


def say(text: str, *, indent: str = "", file: TextIO | None = None) -> None:
    """Print `text` wrapped to the printout's width (a link is never broken)."""
    print(textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                        break_long_words=False, break_on_hyphens=False), file=file or sys.stdout, flush=True)


def print_links(table: TableHost, public_name: str | None = None) -> None:
    """The seats' links, each on a line of its own under its player's name (80 columns)."""
    shown = table.link_name(public_name)
    warning = exposure_warning(table.bind, table.port, None if (public_name or table.public_name) else shown)
    if warning:
        say(warning, file=sys.stderr)
    seats, public = table.links(public_name)
    match = table.match
    say(f"{match.game.title}: the table is open. Send each player their own link:")
    for seat, link in seats.items():
        print(f"  {match.seats[seat].name}:\n    {link}")
    print(f"  The public table (for a shared screen):\n    {public}")
    print("A player opens their link with `fishtable join LINK`.")
    if table.pages is not None:
        print("Each link opens in a web browser too.")
    print("The table is saved after every move. Ctrl+C stops it;")
    print("`fishtable host --resume` continues it on the same links.", flush=True)


def _terminal_line(text: str) -> None:
    """A line of the host's own on its terminal (no app there): joins, leaves, failures."""
    say(f"{time.strftime('%H:%M')} {text}", file=sys.stderr)


async def _serve_until_done(table: TableHost, public_name: str | None, local: Local, stop: asyncio.Event) -> None:
    print_links(table, public_name)
    # Any: futures of different results, of which only which one ended is read.
    waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(stop.wait()),
                                       asyncio.ensure_future(table.everyone_saw.wait())}
    here = table.local_links()
    playing: asyncio.Future[None] | None = None
    if here:  # the keyboard's players see the results there; the terminal is the app's meanwhile
        names = " and ".join(table.match.seats[seat].name for seat in here)
        say(f"  {names} {'play' if len(here) > 1 else 'plays'} at this keyboard.")
        playing = asyncio.ensure_future(local(here, table.local_link(None)))
        waits.add(playing)
    else:
        table.on_log.append(_terminal_line)
    try:
        while True:
            done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            if playing is None or playing not in done or stop.is_set() or table.everyone_saw.is_set():
                return  # Ctrl+C, or every seat has seen the result
            waits.discard(playing)
            playing.result()  # the keyboard's app failed: said, not swallowed
            if not table.match.is_over:
                return  # the keyboard's players left before the end: the host stops with them
            table.on_log.append(_terminal_line)
            waiting = [table.match.seats[s].name for s in sorted(table.seating.sent_result) if not table.is_away(s)]
            say(f"The game is over; the table stays open until every seat has seen the result"
                f"{' (' + ', '.join(waiting) + ' still there)' if waiting else ''}. Ctrl+C stops it.")
    finally:
        for task in waits:
            task.cancel()


def _print_end(table: TableHost) -> None:
    if table.save_error:
        say(f"Warning: {table.save_error}", file=sys.stderr)
    match = table.match  # the last game dealt, in a series
    result = match.result()
    series = table.record.series
    if result is not None:
        winners = " and ".join(match.seats[s].name for s in result.winners)
        say(f"The game is over: {winners} won.")
        for line in result.scores:
            print(f"  {line.name}: {line.total}")
        if series is not None:
            leaders = " and ".join(series.names[s] for s in series.leaders)
            state = "is over" if series.over else "stopped"
            say(f"The series {state} after {series.games} game{'s' * (series.games != 1)}: {leaders} leads.")
            for name, total in zip(series.names, series.totals, strict=True):
                print(f"  {name}: {total}")
    else:
        say("The table stopped; it is saved. Continue it with `fishtable host --resume` (the same links).")
