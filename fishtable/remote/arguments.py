"""The `fishtable host` and `fishtable join` sub-commands' arguments. Cheap to import (argparse
only), like the command line itself; the commands run in `fishtable.remote.host_command` and `.join`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

HOST_HELP = "hold one table that players join from their own terminals or browsers (remote seats)"
JOIN_HELP = "join a table by the link its host printed (the link opens in a web browser too)"

_HOST_EPILOG = """\
seats (--seat NAME:KIND[:LEVEL], one per seat, in order):
  Elena:remote         a player who joins with a link of her own (a terminal or a web browser)
  Ana:local            a player at this keyboard (several pass it between them; the app opens here)
  Otto:computer:hard   a computer player (easy, normal, hard or a named bot; default normal)

examples:
  fishtable host                   the setup form (the app's own): seats, options, a series
  fishtable host --game big-fish --seat Elena:remote --seat Tomás:remote --seat Otto:computer
  fishtable host --game fishing-party-poker --seat A:remote --seat B:remote --option max_hands=3
  fishtable host --game crazy-fishing --seat A:remote --seat B:local --series target=60
  fishtable host --resume          continue the table saved by the last host (the same links)

The table listens on 127.0.0.1 (this machine only) unless --host says otherwise."""


def add_remote_parsers(sub: Any, game_names: tuple[str, ...]) -> None:  # Any: argparse's sub-parsers (a private type)
    """Add `host` and `join` to the command line's sub-command parsers."""
    host = sub.add_parser(
        "host", help=HOST_HELP, epilog=_HOST_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Deal a game and hold it: every remote seat gets a secret link to join with "
        "`fishtable join LINK`; a public table link shows what everyone may see.",
    )
    host.add_argument("--game", choices=game_names, help="the game to deal")
    host.add_argument("--seat", action="append", default=[], metavar="NAME:KIND[:LEVEL]",
                      help="one seat: a name and remote, local or computer (repeat, in seat order; "
                      "none: the setup form)")
    host.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="one of the game's options (repeat); VALUE is read as JSON, else as text")
    host.add_argument("--seed", type=int, default=None, help="seed of the deal (default: a random one)")
    host.add_argument("--series", default=None, metavar="target=POINTS|minutes=MINUTES",
                      help="play a series: to a target total, or for a time (default: a single game)")
    host.add_argument("--host", default=None,
                      help="the address to listen on (default: 127.0.0.1, this machine only; "
                      "with --resume, the saved table's)")
    host.add_argument("--port", type=int, default=None,
                      help="the port to listen on (default: 8765; with --resume, the saved table's)")
    host.add_argument("--public-name", default=None, metavar="NAME",
                      help="the name or address players reach this computer by, for the links")
    host.add_argument("--away-seconds", type=float, default=None, metavar="SECONDS",
                      help="a computer plays an away seat's turn after this long (default: the table waits)")
    host.add_argument("--save-dir", type=Path, default=None, metavar="PATH",
                      help="where the table is saved (default: the user data folder's table/)")
    host.add_argument("--resume", action="store_true", help="continue the table saved in the save folder")

    join = sub.add_parser("join", help=JOIN_HELP, description="Play your seat of a table on this terminal.")
    join.add_argument("link", nargs="?", default=None,
                      help="the link the host printed (http://HOST:PORT/join/… or …/table)")
    # The host's browser pages start the join app with the link in a file only its user can read.
    join.add_argument("--link-file", type=Path, default=None, help=argparse.SUPPRESS)
