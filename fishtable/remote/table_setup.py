"""The table `fishtable host` serves: dealt from the command line (`--seat`, `--option`, `--seed`,
`--series`: `fishtable host --help`) or the setup form (the app's own, `setup_app`), or the saved
table (`--resume`: where it listened and the name its links gave, unless told otherwise)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, ValidationError

from fishtable.bots import bot_names
from fishtable.engine.errors import FishtableError
from fishtable.engine.files import validation_message
from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.protocol import SeatInfo, SomeGame
from fishtable.engine.registry import get_entry
from fishtable.engine.series import SeriesRules
from fishtable.remote.host import TableHost
from fishtable.remote.record import RECORD_NAME, SAVE_NAME, SeatKind
from fishtable.remote.setup_app import HostChoice, HostSetupApp, kinds_problem
from fishtable.tui.data_folder import default_data_dir
from fishtable.tui.leaving import LeavingGuard

DEFAULT_BIND = "127.0.0.1"
DEFAULT_PORT = 8765
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


def parse_options(game: SomeGame, specs: list[str]) -> BaseModel:
    """The game's options from `NAME=VALUE` pairs (VALUE as JSON, else as text)."""
    values: dict[str, object] = {}
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
    if args.port is not None and not 0 <= args.port <= 65535:
        raise SetupError(f"--port must be between 0 and 65535, not {args.port}.")
    # None: a resumed table listens where it did, under the same name (the same links).
    options: dict[str, object] = {"host": args.host, "port": args.port, "public_name": args.public_name}
    if args.resume:
        return TableHost.resume(save_dir, **options)
    options = {"host": args.host or DEFAULT_BIND, "port": DEFAULT_PORT if args.port is None else args.port,
               "public_name": args.public_name}
    if args.seat and args.game is None:
        raise SetupError("--game is needed for a new table (or --resume to continue the saved one).")
    if args.away_seconds is not None and not args.away_seconds > 0:
        raise SetupError("--away-seconds must be more than 0.")
    if (save_dir / RECORD_NAME).exists() and (save_dir / SAVE_NAME).exists():
        try:
            saved = TableHost.resume(save_dir)
        except FishtableError as exc:  # finished or damaged: said, then replaced by the new table
            print(f"{COMMAND}: the table saved in {save_dir} cannot be continued ({exc}) "
                  "The new table replaces it.", file=sys.stderr)
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


def deal_from_arguments(args: argparse.Namespace) -> tuple[SomeMatch, tuple[SeatKind, ...]]:
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
