"""The `fishtable` command: the app with no arguments, and a few sub-commands.

Importing this module is cheap (no pydantic, no Textual): the engines, the
app and Rich load only when a command needs them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, Protocol, TypeVar

from fishtable import __version__
from fishtable.arena import bounds
from fishtable.arena.bounds import range_words
from fishtable.engine.registry import GAMES, PROBLEMS
from fishtable.remote.arguments import HOST_HELP, JOIN_HELP, add_remote_parsers
from fishtable.web.addresses import is_loopback

if TYPE_CHECKING:  # loaded only for `--record`
    from fishtable.history.recorder import Recording

GAME_NAMES = tuple(entry.name for entry in GAMES)

_SUBCOMMANDS = (
    ("simulate", "play whole games between computer players and measure the engine"),
    ("rules", "print the rules of a game"),
    ("tournament", "play computer players against each other, seats rotated, and compare their win rates"),
    ("serve", "play in a web browser: serve the app on this machine (needs the web extra)"),
    ("host", HOST_HELP),
    ("join", JOIN_HELP),
    ("history", "print recent finished games and standings per player"),
    ("replay", "step through a finished game with every card face up"),
)

def _titles() -> str:
    """"A, B, C and D": every game of the catalogue, so the help never forgets one."""
    titles = [entry.title for entry in GAMES]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


_DESCRIPTION = f"""\
Hot-seat fishing card games for the terminal: {_titles()}.

Run `fishtable` with no arguments to start the app."""


_EPILOG = "Run `fishtable COMMAND --help` for the options of a sub-command."


class _Parser(argparse.ArgumentParser):
    """A parser whose epilog may be computed only when help is shown (it may import engines)."""

    def __init__(self, *args: Any, lazy_epilog: Callable[[], str] | None = None, **kwargs: Any) -> None:
        # Any: argparse's own parameters, passed through (`add_parser` gives them by name).
        super().__init__(*args, **kwargs)
        self.lazy_epilog = lazy_epilog

    def error(self, message: str) -> NoReturn:
        """A usage mistake in one line (argparse's own would print the whole usage first)."""
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        if self.lazy_epilog is not None:
            self.epilog = self.lazy_epilog()
            self.lazy_epilog = None
        return super().format_help()


def _short(text: str) -> str:
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...") + f" ({len(text)} characters)"


def whole_number(text: str) -> int:
    """An argparse type: a whole number, short enough to read (never Python's own digit-limit words)."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not digits.isdecimal() or not digits.isascii():
        raise argparse.ArgumentTypeError(f"must be a whole number, not {_short(text)}")
    if len(digits) > 30:
        raise argparse.ArgumentTypeError(f"holds a number with {len(digits)} digits, far too many")
    return int(text)


def decimal_number(text: str) -> float:
    """An argparse type: a number such as 0.5 (the range is checked after parsing)."""
    if len(text) > 40:
        raise argparse.ArgumentTypeError(f"must be a number, not {_short(text)}")
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, not {_short(text)}") from None


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
    parser = _Parser(
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
        help="offer another card file (JSON, like assets/big_fish/cards.json) to the game it is for; "
        "its 'format' says which game",
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
    sim.add_argument("--players", type=whole_number, default=4,
                     help="number of seats, within the game's own range (2-8 at most; default: 4)")
    sim.add_argument("--games", type=whole_number, default=100,
                     help=f"number of games, {range_words(bounds.SIMULATE_GAMES)} (default: 100)")
    sim.add_argument("--seed", type=whole_number, default=1,
                     help="seed of the first game; game i uses seed+i (default: 1)")
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
                     help="play with another card file of the game chosen by --game")
    sim.add_argument("--record", action="store_true",
                     help="keep every game in the data folder's History (see `fishtable history`)")

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
    tour.add_argument("--games", type=whole_number, default=20,
                      help=f"number of games, {range_words(bounds.TOURNAMENT_GAMES)} (default: 20)")
    tour.add_argument("--seed", type=whole_number, default=1, help="seed of the first deal (default: 1)")
    tour.add_argument("--seconds", type=decimal_number, default=None,
                      help=f"search time per decision of the hard bot, {range_words(bounds.SECONDS)} seconds "
                      "(default: the app's budget, iterations calibrated to about 1 s)")
    tour.add_argument("--iterations", type=whole_number, default=None,
                      help=f"search iterations per decision of the hard bot, {range_words(bounds.ITERATIONS)} "
                      "(a costlier phase gets the game's share of them; with --seconds: whichever ends first)")
    tour.add_argument("--hand-limit", type=whole_number, default=None, metavar="N",
                      help=f"score a game played in hands (fishing-party-poker) by its chips after N hands, "
                      f"{range_words(bounds.HAND_LIMIT)}: a deal is then the first N hands of a session "
                      "in every seating (the players are not told) (default: whole sessions)")
    tour.add_argument("--jobs", type=whole_number, default=None, metavar="N",
                      help=f"processes playing games at once, {range_words(bounds.JOBS)} (default: this machine's "
                      "cores); the report is the same for any number, and Ctrl+C keeps the games finished")
    tour.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    tour.add_argument("--record", action="store_true",
                      help="keep every finished game in the data folder's History (see `fishtable history`)")

    serve = sub.add_parser(
        "serve",
        help=_SUBCOMMANDS[3][1],
        description="Serve the app to web browsers with textual-serve (pip install 'fishtable[web]'). "
        "Each browser tab runs its own app; one table per data folder, so a second tab is told "
        "that a table is already open in another window.",
    )
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (default: 8000)")

    rules = sub.add_parser("rules", help=_SUBCOMMANDS[1][1], description="Print the rules of a game.")
    rules.add_argument("game", nargs="?", default="crazy-fishing",
                       help=f"one of {', '.join(GAME_NAMES)} (default: crazy-fishing)")
    add_remote_parsers(sub, GAME_NAMES)

    hist = sub.add_parser("history", help=_SUBCOMMANDS[6][1],
                          description="Print the recent finished games of this data folder and each player's "
                          "standings per game (wins, shared wins, win rate, average and best score, streak). "
                          "--export and --import share a finished game as a file; an imported game is marked so "
                          "and counts in the standings only with --count.")
    hist.add_argument("--game", choices=GAME_NAMES, help="only this game")
    hist.add_argument("--player", metavar="NAME", help="only games this player sat in, and their standings")
    hist.add_argument("--against", metavar="NAME", help="with --player: head-to-head against this player")
    hist.add_argument("--limit", type=whole_number, default=20, help="how many recent games, 1-1000 (default: 20)")
    hist.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    share = hist.add_mutually_exclusive_group()
    share.add_argument("--export", nargs=2, metavar=("ID", "FILE"),
                       help="write the finished game ID to FILE, to share it (JSON: its save and its result)")
    share.add_argument("--import", dest="import_file", metavar="FILE",
                       help="add the finished game in FILE (written by --export) to History, marked imported; "
                       "checked as a save is, and replayed")
    hist.add_argument("--count", action="store_true",
                      help="with --import: count the imported game in the standings (it does not by default)")

    rep = sub.add_parser("replay", help=_SUBCOMMANDS[7][1],
                         description="Open the replay of a finished game: its number in `fishtable history`, "
                         "or a save file of a finished game.")
    rep.add_argument("game", metavar="ID|FILE", help="a game's number in the history, or a save file")
    return parser


def _error(command: str, message: str) -> int:
    print(f"{command}: error: {message}", file=sys.stderr)
    return 2


def _check_card_file(path: Path, game: str, command: str = "fishtable") -> int | None:
    """Load and validate `game`'s card file up front; exit code 2 with the problem if it is not one."""
    from fishtable.engine.errors import FishtableError
    from fishtable.engine.registry import get_entry

    try:
        engine = get_entry(game).load()
        engine.prepare_options(engine.options_model()(card_file=str(path)))
    except (FishtableError, LookupError) as exc:
        return _error(command, str(exc))
    return None


def _card_file_game(path: Path) -> tuple[str | None, int | None]:
    """The game whose card file `path` is (by its "format"), or the exit code of a plain refusal."""
    from fishtable.engine.cards import card_file_game
    from fishtable.engine.errors import FishtableError
    from fishtable.engine.text import shown

    try:
        game = card_file_game(path)
    except FishtableError as exc:
        return None, _error("fishtable", str(exc))
    if game is None:
        formats = ", ".join(f"'{e.card_format}' ({e.title})" for e in GAMES if e.card_format)
        return None, _error("fishtable", f"{shown(str(path))} is not a card file of any game: its 'format' "
                                         f"must be one of {formats}.")
    return game, None


def _check_data_dir(path: Path) -> int | None:
    """A data folder that exists must be a folder (it is made on the first save if missing)."""
    try:
        if path.exists() and not path.is_dir():
            return _error("fishtable", f"--data-dir {path} is a file, not a folder.")
    except OSError as exc:
        return _error("fishtable", f"--data-dir {path} cannot be used ({exc.strerror or exc}).")
    return None


def run_app_command(card_file: Path | None, data_dir: Path | None) -> int:
    game = None
    if card_file is not None:
        # The file says which game it is for; that game's setup then offers it first.
        game, code = _card_file_game(card_file)
        if code is None and game is not None:
            code = _check_card_file(card_file, game)
        if code is not None:
            return code
    if data_dir is not None:
        code = _check_data_dir(data_dir)
        if code is not None:
            return code
    from fishtable.tui.app import run_app

    return run_app(card_files={game: card_file} if card_file is not None and game else None, data_dir=data_dir)


def serve_command(args: argparse.Namespace) -> int:
    command = "fishtable serve"
    if not 1 <= args.port <= 65535:
        return _error(command, "--port must be between 1 and 65535.")
    app_args: list[str] = []
    if args.card_file is not None:
        code = _check_card_file(args.card_file, command)
        if code is not None:
            return code
        app_args += ["--card-file", str(args.card_file.resolve())]
    if args.data_dir is not None:
        code = _check_data_dir(args.data_dir)
        if code is not None:
            return code
        app_args += ["--data-dir", str(args.data_dir.resolve())]
    try:
        # Lazy: textual-serve and aiohttp are the optional `web` extra, and only this command needs them.
        from fishtable.web.app_server import serve
    except ImportError:
        return _error(command, "serving to a browser needs the web extra: pip install 'fishtable[web]'")
    if not is_loopback(args.host):
        print(f"Warning: serving on {args.host}, not only on this machine: anyone who can reach "
              f"this address can sit at the table, and see and play the games.", file=sys.stderr)
    return serve(args.host, args.port, app_args)


class _Report(Protocol):
    def to_json(self) -> object: ...


ReportT = TypeVar("ReportT", bound=_Report)


def _print_report(report: ReportT, render: Callable[[ReportT], object], as_json: bool) -> int:
    """Print a simulation's or a tournament's report: one line of JSON, or its tables in colour."""
    if as_json:
        print(json.dumps(report.to_json()))
    else:
        from rich.console import Console

        Console().print(render(report))
    return 0


def _recording(args: argparse.Namespace, source: Literal["simulate", "tournament"]) -> Recording | None:
    """The History recording of `--record` (None without it)."""
    if not args.record:
        return None
    from fishtable.history.recorder import Recording, history_path
    from fishtable.tui.data_folder import default_data_dir

    return Recording(history_path(args.data_dir or default_data_dir()), source)


def _recorded(recording: Recording | None) -> None:
    """Say on stderr what `--record` kept (stdout is the report, maybe JSON)."""
    if recording is None:
        return
    print(f"Recorded {recording.recorded} game{'s' * (recording.recorded != 1)} in {recording.path}.",
          file=sys.stderr)
    for note in recording.notes:
        print(note, file=sys.stderr)
    if recording.problem is not None:
        print(f"History: {recording.problem}", file=sys.stderr)


def simulate_command(args: argparse.Namespace) -> int:
    from fishtable.arena.simulate import render, run_simulation
    from fishtable.engine.errors import FishtableError

    card_file = args.sim_card_file or args.card_file
    if card_file is not None:  # the card file of the game played: --game decides which format is expected
        code = _check_card_file(card_file, args.game, "fishtable simulate")
        if code is not None:
            return code
    for problem in (
        bounds.out_of_range("--players", args.players, bounds.PLAYERS),
        bounds.out_of_range("--games", args.games, bounds.SIMULATE_GAMES),
        bounds.out_of_range("--seed", args.seed, bounds.SEED),
    ):
        if problem is not None:
            return _error("fishtable simulate", problem)
    recording = _recording(args, "simulate")
    try:
        report = run_simulation(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.bot,
            advanced=args.advanced,
            card_file=str(card_file) if card_file is not None else None,
            recording=recording,
        )
    except (LookupError, ValueError, FishtableError) as exc:
        return _error("fishtable simulate", str(exc))
    except RuntimeError as exc:  # a game that never ended, or a bot that broke the rules
        return _error("fishtable simulate", str(exc))
    except (RecursionError, MemoryError) as exc:
        return _error("fishtable simulate", f"the simulation could not finish ({type(exc).__name__}).")
    _recorded(recording)
    return _print_report(report, render, args.json)


def tournament_command(args: argparse.Namespace) -> int:
    from fishtable.arena.tournament import render, run_tournament
    from fishtable.engine.errors import FishtableError

    command = "fishtable tournament"
    names = [n.strip() for n in args.bots.split(",")]
    if len(names) < 2 or any(not n for n in names):
        return _error(command, "--bots needs one name per seat, at least two, separated by commas.")
    for problem in (
        bounds.out_of_range("--games", args.games, bounds.TOURNAMENT_GAMES),
        bounds.out_of_range("--seed", args.seed, bounds.SEED),
        None if args.seconds is None else bounds.out_of_range("--seconds", args.seconds, bounds.SECONDS),
        None if args.iterations is None else bounds.out_of_range("--iterations", args.iterations, bounds.ITERATIONS),
        None if args.hand_limit is None else bounds.out_of_range("--hand-limit", args.hand_limit, bounds.HAND_LIMIT),
        None if args.jobs is None else bounds.out_of_range("--jobs", args.jobs, bounds.JOBS),
    ):
        if problem is not None:
            return _error(command, problem)
    progress = None
    if not args.json and sys.stderr.isatty():
        def progress(done: int, total: int) -> None:
            print(f"\r  game {done} of {total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
    recording = _recording(args, "tournament")
    try:
        report = run_tournament(
            args.game, names, args.games, args.seed, seconds=args.seconds, iterations=args.iterations,
            progress=progress, hand_limit=args.hand_limit, recording=recording, jobs=args.jobs,
        )
    except (LookupError, ValueError, FishtableError, RuntimeError) as exc:
        return _error(command, str(exc))
    except KeyboardInterrupt:  # before the first game finished: nothing to report
        print(f"\n{command}: stopped before any game finished.", file=sys.stderr)
        return 130
    _recorded(recording)
    return _print_report(report, render, args.json)


def rules_command(args: argparse.Namespace) -> int:
    from fishtable.engine.assets import asset_path
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


def history_command(args: argparse.Namespace) -> int:
    from fishtable.history.recorder import history_path
    from fishtable.history.report import history_report, history_text
    from fishtable.history.schema import HistoryError, take_notices
    from fishtable.history.share import pending_files, write_pending
    from fishtable.tui.data_folder import default_data_dir

    command = "fishtable history"
    if not 1 <= args.limit <= 1000:
        return _error(command, "--limit must be between 1 and 1000.")
    if args.against is not None and args.player is None:
        return _error(command, "--against needs --player (the two names to compare).")
    if args.count and args.import_file is None:
        return _error(command, "--count goes with --import (it counts an imported game in the standings).")
    path = history_path(args.data_dir or default_data_dir())
    if args.export is not None or args.import_file is not None:
        code = _share_command(command, path, args)
        for notice in take_notices(path):  # a damaged history set aside on the way
            print(notice, file=sys.stderr)  # each begins "History:"
        return code
    if not path.exists() and not path.is_symlink() and not pending_files(path):
        report = None
    else:
        try:
            _, problems, _ = write_pending(path)  # games kept while the database was busy go in first
            report = history_report(path, args.game, args.player, args.against, args.limit)
        except HistoryError as exc:
            failed: str | None = str(exc)
        else:
            failed = None
        for line in take_notices(path) + ([] if failed else problems):
            print(line, file=sys.stderr)
        if failed is not None:
            return _error(command, failed)
    if report is None:
        if args.json:
            print(json.dumps({"games": [], "standings": [], "head_to_head": None}))
        else:
            print("No finished game is recorded yet (History is kept in the data folder).")
        return 0
    print(json.dumps(report.to_json()) if args.json else history_text(report))
    return 0


def _share_command(command: str, path: Path, args: argparse.Namespace) -> int:
    """`history --export ID FILE` and `history --import FILE [--count]`."""
    from fishtable.engine.text import shown
    from fishtable.history.schema import HistoryError
    from fishtable.history.share import import_game, write_game
    from fishtable.history.store import load_game

    try:
        if args.export is not None:
            which, target = args.export
            if not which.isdigit():
                return _error(command, f"--export needs a game's number (see `fishtable history`), not {shown(which)}.")
            if not path.exists() and not path.is_symlink():
                return _error(command, f"There is no game {which} in the history (none is recorded yet).")
            write_game(Path(target), load_game(path, int(which)))
            print(f"Game {which} was written to {shown(target)}.")
            return 0
        game_id, new = import_game(path, Path(args.import_file), counted=args.count)
    except HistoryError as exc:
        return _error(command, str(exc))
    if not new:
        print(f"That game is in History already, as game {game_id}; nothing was added.")
    else:
        counted = "it counts in the standings" if args.count else \
            "it does not count in the standings (--count counts it)"
        print(f"Imported as game {game_id}, marked imported; {counted}.")
    return 0


def replay_command(args: argparse.Namespace) -> int:
    from fishtable.history.recorder import history_path
    from fishtable.history.replay import open_replay
    from fishtable.history.schema import HistoryError
    from fishtable.tui.data_folder import default_data_dir

    try:
        replay = open_replay(history_path(args.data_dir or default_data_dir()), args.game)
    except HistoryError as exc:
        return _error("fishtable replay", str(exc))
    from fishtable.tui.replay_app import run_replay

    return run_replay(replay)


def main(argv: Sequence[str] | None = None) -> int:
    for problem in PROBLEMS:  # a game another package declares but that cannot be loaded
        print(f"fishtable: {problem}", file=sys.stderr)
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
    if args.command == "serve":
        return serve_command(args)
    if args.command == "host":
        from fishtable.remote.host_command import host_command

        return host_command(args, args.data_dir)
    if args.command == "history":
        return history_command(args)
    if args.command == "replay":
        return replay_command(args)
    if args.command == "join":
        from fishtable.remote.join import join_command

        return join_command(args)
    return run_app_command(args.card_file, args.data_dir)


if __name__ == "__main__":
    raise SystemExit(main())
