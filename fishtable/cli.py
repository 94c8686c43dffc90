"""The `fishtable` command: the app with no arguments, and a few sub-commands.

Importing this module is cheap (no pydantic, no Textual): the engines, the
app and Rich load only when a command needs them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from fishtable import __version__
from fishtable.engine.registry import GAMES
from fishtable.remote.commands import HOST_HELP, JOIN_HELP, add_remote_parsers

GAME_NAMES = tuple(entry.name for entry in GAMES)

_SUBCOMMANDS = (
    ("simulate", "play whole games between computer players and measure the engine"),
    ("rules", "print the rules of a game"),
    ("tournament", "play computer players against each other, seats rotated, and compare their win rates"),
    ("host", HOST_HELP),
    ("join", JOIN_HELP),
)

_DESCRIPTION = """\
Hot-seat fishing card games for the terminal: Crazy Fishing, Fishing Party and Big Fish.

Run `fishtable` with no arguments to start the app."""


_EPILOG = "Run `fishtable COMMAND --help` for the options of a sub-command."


class _Parser(argparse.ArgumentParser):
    """A parser whose epilog may be computed only when help is shown (it may import engines)."""

    def __init__(self, *args, lazy_epilog=None, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.lazy_epilog = lazy_epilog

    def format_help(self) -> str:
        if self.lazy_epilog is not None:
            self.epilog = self.lazy_epilog()
            self.lazy_epilog = None
        return super().format_help()


def bots_epilog() -> str:
    """The computer players of every game, for `fishtable simulate --help`."""
    from fishtable.bots import bot_names

    lines = ["computer players (--bot NAME), by game:"]
    for entry in GAMES:
        if not entry.playable:
            names = "not playable yet"
        else:
            try:
                names = ", ".join(bot_names(entry.name))
            except Exception as exc:  # a broken bots module must not break --help
                names = f"random (its other players cannot be loaded: {type(exc).__name__})"
        lines.append(f"  {entry.name:<22}{names}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fishtable",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"fishtable {__version__}")
    parser.add_argument(
        "--card-file",
        metavar="PATH",
        type=Path,
        help="play Crazy Fishing with another card file (JSON, like assets/crazy_fishing/cards.json)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="PATH",
        type=Path,
        help="keep saved games in this folder instead of the usual user data folder",
    )
    sub = parser.add_subparsers(dest="command", title="sub-commands", metavar="COMMAND", parser_class=_Parser)

    sim = sub.add_parser(
        "simulate",
        help=_SUBCOMMANDS[0][1],
        description="Play whole games between computer seats and report speed and wins.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        lazy_epilog=bots_epilog,
    )
    sim.add_argument("--game", default="crazy-fishing", help="the game to play (default: crazy-fishing)")
    sim.add_argument("--players", type=int, default=4, help="number of seats (default: 4)")
    sim.add_argument("--games", type=int, default=100, help="number of games (default: 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default: 1)")
    sim.add_argument(
        "--bot",
        default="random",
        metavar="NAME[,NAME...]",
        help="computer player for every seat, or one per seat separated by commas (default: random; "
        "the names are listed below)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    sim.add_argument(
        "--advanced",
        choices=("all", "rods", "fish"),
        help="Crazy Fishing out-of-series cards: all (rods and 3 random fish), rods, or fish",
    )
    sim.add_argument("--card-file", dest="sim_card_file", metavar="PATH", type=Path,
                     help="play Crazy Fishing with another card file")

    tour = sub.add_parser(
        "tournament",
        help=_SUBCOMMANDS[2][1],
        description="Play named computer players against each other, seats rotated, and print each one's "
        "win rate with a 95% confidence interval and its mean decision time.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        lazy_epilog=bots_epilog,
    )
    tour.add_argument("--game", default="crazy-fishing", help="the game to play (default: crazy-fishing)")
    tour.add_argument(
        "--bots",
        default="hard,normal",
        metavar="NAME,NAME[,...]",
        help="one computer player per seat, separated by commas: hard,normal is heads-up, "
        "hard,normal,normal,normal one against three (default: hard,normal)",
    )
    tour.add_argument("--games", type=int, default=20, help="number of games (default: 20)")
    tour.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    tour.add_argument("--seconds", type=float, default=None,
                      help="search time per decision of the hard bot (default: 1 second, or none with --iterations)")
    tour.add_argument("--iterations", type=int, default=None,
                      help="search iterations per decision of the hard bot (with --seconds: whichever ends first)")
    tour.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    rules = sub.add_parser("rules", help=_SUBCOMMANDS[1][1], description="Print the rules of a game.")
    rules.add_argument("game", nargs="?", default="crazy-fishing",
                       help=f"one of {', '.join(GAME_NAMES)} (default: crazy-fishing)")
    add_remote_parsers(sub, GAME_NAMES)
    return parser


def _error(command: str, message: str) -> int:
    print(f"{command}: error: {message}", file=sys.stderr)
    return 2


def _check_card_file(path: Path, command: str = "fishtable") -> int | None:
    """Load and validate a card file up front; exit code 2 with the problem if it is malformed."""
    from fishtable.engine.errors import CardFileError
    from fishtable.games.crazy_fishing.cards import load_card_file

    try:
        load_card_file(path)
    except CardFileError as exc:
        return _error(command, str(exc))
    return None


def _check_data_dir(path: Path) -> int | None:
    """A data folder that exists must be a folder (it is made on the first save if missing)."""
    try:
        if path.exists() and not path.is_dir():
            return _error("fishtable", f"--data-dir {path} is a file, not a folder.")
    except OSError as exc:
        return _error("fishtable", f"--data-dir {path} cannot be used ({exc.strerror or exc}).")
    return None


def run_app_command(card_file: Path | None, data_dir: Path | None) -> int:
    if card_file is not None:
        code = _check_card_file(card_file)
        if code is not None:
            return code
    if data_dir is not None:
        code = _check_data_dir(data_dir)
        if code is not None:
            return code
    from fishtable.tui import run_app

    return run_app(card_files={"crazy-fishing": card_file} if card_file is not None else None, data_dir=data_dir)


def simulate_command(args: argparse.Namespace) -> int:
    from fishtable.engine.errors import FishtableError
    from fishtable.simulate import render, run_simulation

    card_file = args.sim_card_file or args.card_file
    if card_file is not None:
        code = _check_card_file(card_file, "fishtable simulate")
        if code is not None:
            return code
    if args.players < 1:
        return _error("fishtable simulate", "--players must be a positive number.")
    if args.games < 1:
        return _error("fishtable simulate", "--games must be at least 1.")
    try:
        report = run_simulation(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.bot,
            advanced=args.advanced,
            card_file=str(card_file) if card_file is not None else None,
        )
    except (LookupError, ValueError, FishtableError) as exc:
        return _error("fishtable simulate", str(exc))
    except RuntimeError as exc:  # a game that never ended, or a bot that broke the rules
        return _error("fishtable simulate", str(exc))
    except (RecursionError, MemoryError) as exc:
        return _error("fishtable simulate", f"the simulation could not finish ({type(exc).__name__}).")
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        from rich.console import Console

        Console().print(render(report))
    return 0


def tournament_command(args: argparse.Namespace) -> int:
    from fishtable.engine.errors import FishtableError
    from fishtable.tournament import render, run_tournament

    command = "fishtable tournament"
    names = [n.strip() for n in args.bots.split(",")]
    if len(names) < 2 or any(not n for n in names):
        return _error(command, "--bots needs one name per seat, at least two, separated by commas.")
    if args.games < 1:
        return _error(command, "--games must be at least 1.")
    if args.seconds is not None and not args.seconds > 0:
        return _error(command, "--seconds must be more than 0.")
    if args.iterations is not None and args.iterations < 1:
        return _error(command, "--iterations must be at least 1.")
    progress = None
    if not args.json and sys.stderr.isatty():
        def progress(done: int, total: int) -> None:
            print(f"\r  game {done} of {total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
    try:
        report = run_tournament(
            args.game, names, args.games, args.seed, seconds=args.seconds, iterations=args.iterations,
            progress=progress,
        )
    except (LookupError, ValueError, FishtableError, RuntimeError) as exc:
        return _error(command, str(exc))
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        from rich.console import Console

        Console().print(render(report))
    return 0


def rules_command(args: argparse.Namespace) -> int:
    from fishtable.assets import asset_path
    from fishtable.engine.errors import FishtableError
    from fishtable.engine.files import read_text
    from fishtable.engine.registry import get_entry

    game = args.game.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        entry = get_entry(game)
    except LookupError as exc:
        return _error("fishtable rules", str(exc))
    path = asset_path("rules", f"{game}.md")
    try:
        text = read_text(path, error=FishtableError, max_bytes=1024 * 1024)
    except FishtableError:
        if entry.playable:
            print(f"The rules of {entry.title} are not written yet ({path.name} is missing).", file=sys.stderr)
        else:
            print(f"{entry.title} is not playable yet, and its rules are not written yet.", file=sys.stderr)
        return 1
    if not entry.playable:
        print(f"{entry.title} is not playable yet; here are its rules.", file=sys.stderr)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    if args.command == "simulate":
        return simulate_command(args)
    if args.command == "rules":
        return rules_command(args)
    if args.command == "tournament":
        return tournament_command(args)
    if args.command == "host":
        from fishtable.remote.serve import host_command

        return host_command(args, args.data_dir)
    if args.command == "join":
        from fishtable.remote.join import join_command

        return join_command(args)
    return run_app_command(args.card_file, args.data_dir)


if __name__ == "__main__":
    raise SystemExit(main())
