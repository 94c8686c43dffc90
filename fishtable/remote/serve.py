"""`fishtable host`: the seats and options, a deal (or the saved table), served until the game ends.

Seats and options come from the setup form (the app's own, `setup_app`), or
from the command line (`--seat`, `--option`: `fishtable host --help`). Seats
played at the host's own keyboard (`local`) are played by the join app here,
over loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from fishtable.bots import bot_names
from fishtable.engine.errors import FishtableError
from fishtable.engine.files import validation_message
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.engine.series import SeriesRules
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import Pages, TableHost
from fishtable.remote.links import Link, exposure_warning
from fishtable.remote.record import RECORD_NAME, SAVE_NAME, SeatKind
from fishtable.remote.seat_app import SeatApp
from fishtable.remote.setup_app import HostChoice, HostSetupApp, kinds_problem
from fishtable.tui.data_folder import default_data_dir
from fishtable.tui.leaving import LeavingGuard

COMMAND = "fishtable host"


class SetupError(ValueError):
    """A seat or an option the host cannot use, in words."""


def parse_seats(specs: list[str], game: str) -> tuple[list[SeatInfo], tuple[SeatKind, ...]]:
    """`NAME:remote`, `NAME:local` (played on the host's terminal; several pass the keyboard) or
    `NAME:computer[:LEVEL]` for each seat."""
    seats: list[SeatInfo] = []
    kinds: list[SeatKind] = []
    for spec in specs:
        name, _, rest = spec.partition(":")
        kind, _, level = rest.partition(":")
        name, kind, level = name.strip(), kind.strip().lower(), level.strip()
        if not name or len(name) > 24:
            raise SetupError(f"--seat {spec!r}: a name of 1 to 24 characters comes first.")
        if kind == "remote" and not level:
            seats.append(SeatInfo(name=name))
            kinds.append("remote")
        elif kind == "computer":
            bot = level or "normal"
            if bot not in bot_names(game):
                raise SetupError(f"--seat {spec!r}: no computer player {bot!r}; "
                                 f"choose from {', '.join(bot_names(game))}.")
            seats.append(SeatInfo(name=name, bot=bot))
            kinds.append("computer")
        elif kind == "local" and not level:
            seats.append(SeatInfo(name=name))
            kinds.append("local")
        else:
            raise SetupError(f"--seat {spec!r}: the kind is remote, local or computer "
                             "(NAME:remote, NAME:local, NAME:computer).")
    if len({s.name for s in seats}) != len(seats):
        raise SetupError("Every seat needs its own name.")
    return seats, tuple(kinds)


def parse_options(game: Any, specs: list[str]) -> BaseModel:
    """The game's options from `NAME=VALUE` pairs (VALUE as JSON, else as text)."""
    values: dict[str, Any] = {}
    for spec in specs:
        key, sep, text = spec.partition("=")
        if not sep or not key.strip():
            raise SetupError(f"--option {spec!r}: write NAME=VALUE.")
        try:
            values[key.strip()] = json.loads(text)
        except ValueError:
            values[key.strip()] = text
    try:
        return game.options_model().model_validate(values)
    except ValidationError as exc:
        raise SetupError(validation_message(exc, "The game's options")) from None


Chooser = Callable[[argparse.Namespace, Path], HostChoice | None]


def run_setup(args: argparse.Namespace, data_dir: Path) -> HostChoice | None:
    """The setup form on this terminal (None: left without dealing)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SetupError("the setup form needs a terminal; give the seats with --seat NAME:KIND instead.")
    card_file = str(args.card_file.resolve()) if getattr(args, "card_file", None) is not None else None
    app = HostSetupApp(args.game, data_dir, card_file=card_file, seed=args.seed)
    guard = LeavingGuard(app.exit)  # a closed window leaves the form at once, dealing nothing
    guard.install()
    try:
        return app.run()
    finally:
        guard.uninstall()  # the table that was dealt is served with `serve`'s own signals


def build_table(
    args: argparse.Namespace, save_dir: Path, data_dir: Path | None = None, choose: Chooser = run_setup,
) -> TableHost | None:
    """A new or resumed table (not started): from the seats on the command line, or, with none,
    from the setup form (`choose`; None: it was left without dealing). SetupError or
    FishtableError in words."""
    if not 0 <= args.port <= 65535:
        raise SetupError(f"--port must be between 0 and 65535, not {args.port}.")
    names = (args.public_name,) if args.public_name else ()
    options: dict[str, Any] = {"host": args.host, "port": args.port, "allowed_hosts": names}
    if args.resume:
        return TableHost.resume(save_dir, **options)
    if args.seat and args.game is None:
        raise SetupError("--game is needed for a new table (or --resume to continue the saved one).")
    if args.away_seconds is not None and not args.away_seconds > 0:
        raise SetupError("--away-seconds must be more than 0.")
    if (save_dir / RECORD_NAME).exists() and (save_dir / SAVE_NAME).exists():
        try:
            saved = TableHost.resume(save_dir)
        except FishtableError:
            saved = None
        if saved is not None:
            raise SetupError(f"A table is saved in {save_dir} ({saved.match.game.title}, not finished): "
                             "continue it with --resume, or choose another --save-dir.")
    if args.seat:
        match, kinds = deal_from_arguments(args)
        series = parse_series(args.series)
    else:
        choice = choose(args, data_dir or default_data_dir())
        if choice is None:
            return None
        match, kinds, series = choice.match, choice.kinds, choice.series
    return TableHost.new(match, kinds, save_dir=save_dir, away_seconds=args.away_seconds, series=series,
                         **options)


def parse_series(text: str | None) -> SeriesRules:
    """`--series target=POINTS` or `--series minutes=MINUTES` (None: a single game)."""
    if text is None:
        return SeriesRules()
    key, sep, number = text.partition("=")
    key, number = key.strip().lower(), number.strip()
    if not sep or key not in ("target", "minutes") or not number.isdigit() or len(number) > 6:
        raise SetupError(f"--series {text!r}: write target=POINTS or minutes=MINUTES.")
    try:
        if key == "target":
            return SeriesRules(end="target", target=int(number))
        return SeriesRules(end="time", minutes=int(number))
    except ValidationError as exc:
        raise SetupError(validation_message(exc, f"--series {text!r}")) from None


def deal_from_arguments(args: argparse.Namespace) -> tuple[Match, tuple[SeatKind, ...]]:
    """The match of `--game`, `--seat`, `--option` and `--seed`."""
    entry = get_entry(args.game)
    game = entry.load()
    seats, kinds = parse_seats(args.seat, args.game)
    if not game.min_players <= len(seats) <= game.max_players:
        raise SetupError(f"{game.title} needs {game.min_players} to {game.max_players} seats (--seat), "
                         f"not {len(seats)}.")
    problem = kinds_problem(kinds)
    if problem is not None:
        raise SetupError("At least one seat must be remote (NAME:remote).")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return Match.start(game, parse_options(game, args.option), seats, seed), kinds


def host_command(args: argparse.Namespace, data_dir: Path | None, pages: PageMaker | None = None) -> int:
    """`pages`, when the web extra is installed, makes the links' browser pages (the command line
    hands it over: this layer and the web's do not import each other)."""
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
    try:
        return asyncio.run(serve(table, args.public_name))
    except OSError as exc:
        print(f"{COMMAND}: error: the table cannot listen on {args.host}:{args.port} "
              f"({exc.strerror or exc}).", file=sys.stderr)
        return 1


PageMaker = Callable[..., Pages]


def browser_pages(table: TableHost, pages: PageMaker) -> Pages:
    """The links' browser pages for `table` (`fishtable.web.seats.SeatPages`, or a stand-in)."""
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


async def serve(
    table: TableHost, public_name: str | None = None,
    local: Callable[[dict[int, Link], Link], Awaitable[None]] = play_here,
) -> int:
    """Serve until the game is over or Ctrl+C / SIGTERM (the table is saved after every move).
    With seats at the host's keyboard, `local(links, table_link)` plays them; when it returns the
    host stops."""
    await table.start()
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
    return 0


async def _serve_until_done(
    table: TableHost, public_name: str | None, local: Callable[[dict[int, Link], Link], Awaitable[None]],
    stop: asyncio.Event,
) -> None:
    shown = table.link_name(public_name)
    warning = exposure_warning(table.bind, table.port, None if public_name else shown)
    if warning:
        print(warning, file=sys.stderr)
    seats, public = table.links(public_name)
    match = table.match
    print(f"{match.game.title}: the table is open. Send each player their own link:")
    for seat, link in seats.items():
        print(f"  {match.seats[seat].name}: fishtable join {link}")
    print(f"  the public table (for a shared screen): fishtable join {public}")
    if table.pages is not None:
        print("Each link opens in a web browser too.")
    print("The table is saved after every move; Ctrl+C stops it, `fishtable host --resume` continues it.",
          flush=True)
    waits: list[asyncio.Task[Any]] = [asyncio.create_task(stop.wait())]
    here = table.local_links()
    if here:  # the keyboard's players see the results too: the host stops when that app ends
        names = " and ".join(match.seats[seat].name for seat in here)
        print(f"  {names} {'play' if len(here) > 1 else 'plays'} at this keyboard.", flush=True)
        waits.append(asyncio.ensure_future(local(here, table.local_link(None))))
    else:
        # No app on this terminal: the host's own log lines (a failed computer player, a failed
        # save, a seat opened twice) are printed here as they happen.
        table.on_note.append(lambda text: print(f"fishtable host: {text}", file=sys.stderr, flush=True))
        waits.append(asyncio.create_task(table.finished.wait()))
    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in waits:
        task.cancel()
    if table.save_error:
        print(f"Warning: {table.save_error}", file=sys.stderr)
    match = table.match  # the last game dealt, in a series
    result = match.result()
    series = table.record.series
    if result is not None:
        winners = " and ".join(match.seats[s].name for s in result.winners)
        print(f"The game is over: {winners} won.")
        for line in result.scores:
            print(f"  {line.name}: {line.total}")
        if series is not None:
            leaders = " and ".join(series.names[s] for s in series.leaders)
            state = "is over" if series.over else "stopped"
            print(f"The series {state} after {series.games} game{'s' * (series.games != 1)}: {leaders} leads.")
            for name, total in zip(series.names, series.totals, strict=True):
                print(f"  {name}: {total}")
    else:
        print("The table stopped; it is saved. Continue it with `fishtable host --resume`.")
