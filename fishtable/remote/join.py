"""`fishtable join LINK`: play one seat of a remote table (or watch its public table) here."""

from __future__ import annotations

import argparse
import sys

from fishtable.engine.errors import FishtableError
from fishtable.engine.files import read_text
from fishtable.remote.client import RemoteClient
from fishtable.remote.links import LinkError, parse_link
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.leaving import LeavingGuard


def read_link(args: argparse.Namespace) -> str:
    """The link from the command line, or from `--link-file` (how the host's browser pages pass it)."""
    if args.link_file is None:
        if args.link is None:
            raise LinkError("give the link the host printed (fishtable join http://HOST:PORT/join/…).")
        return str(args.link)
    try:
        return read_text(args.link_file, error=FishtableError, max_bytes=4096).strip()
    except FishtableError as exc:
        raise LinkError(str(exc)) from None


def join_command(args: argparse.Namespace) -> int:
    try:
        link = parse_link(read_link(args))
    except LinkError as exc:
        print(f"fishtable join: error: {exc}", file=sys.stderr)
        return 2
    app = SeatApp(RemoteClient(link))
    # A closed window ends the seat at once (the host keeps the game); never a process left behind.
    LeavingGuard(app.exit).install()
    code = app.run()
    if app.problem is not None:
        print(f"fishtable join: {app.problem}", file=sys.stderr)
    return code if isinstance(code, int) else 0
